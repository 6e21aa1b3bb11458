"""Fivethousand: six dice, set aside scoring dice, pass before you farkle; first to 5000.

Presets: zillions (the default, the source rules), traditional, farkle.

>>> score([1, 5, 5])
200
"""

from dicelab.fivethousand.engine import Bank, Engine, SetAside, State, Throw
from dicelab.fivethousand.game import Game
from dicelab.fivethousand.rules import PRESETS, Rules
from dicelab.fivethousand.strategy import BOTS

_POLICIES = ("turn_policy", "final_turn_policy")  # in dicelab.fivethousand.policy, imported on first use (numpy)


def __getattr__(name: str):
    """The optimal policies, imported on first use so this module stays fast to import."""
    if name in _POLICIES:
        from dicelab.fivethousand import policy

        return getattr(policy, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def score(dice, rules=None) -> int | None:
    """Points for setting these dice aside from one throw; None when a die would not score."""
    return Rules.coerce(rules).combinations().score(tuple(sorted(dice)))


__all__ = ["BOTS", "Bank", "Engine", "Game", "PRESETS", "Rules", "SetAside", "State", "Throw", "score", *_POLICIES]
