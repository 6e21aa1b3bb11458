"""The robots' pace at the table: named speeds a player cycles through (and ``pace=`` seconds).

>>> PACES["normal"], pace_name(0.6), pace_name(0.45), next_pace(0.6), next_pace(0)
(0.6, 'normal', '0.45 s', 0.3, 1.2)
"""

from __future__ import annotations

# Seconds between two robot steps. "fast" still shows each throw's dice long enough to read
# them; "instant" plays a robot's whole turn at once, drawn once at its end.
PACES = {"slow": 1.2, "normal": 0.6, "fast": 0.3, "instant": 0.0}


def pace_name(seconds: float) -> str:
    """The name of a pace ("fast"), or its seconds when it has none ("0.45 s")."""
    return next((name for name, value in PACES.items() if value == seconds), f"{seconds:g} s")


def next_pace(seconds: float) -> float:
    """The pace after ``seconds`` in the cycle slow, normal, fast, instant (a pace without a
    name goes to the next slower-to-faster step after it)."""
    values = list(PACES.values())
    if seconds in values:
        return values[(values.index(seconds) + 1) % len(values)]
    return next((value for value in values if value < seconds), values[0])
