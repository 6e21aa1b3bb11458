"""The dice tray: real dice faces, a lock under held dice, a short roll animation."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class DiceTray(Part):
    """A row of dice; clicking a die (or Space/Enter on it) sends ``{"type": "toggle", "die": i}``.

    ``dice`` is a list of dicts drawn as they are:
    ``face`` (1-6, or None before a throw), ``held`` (lock and "Held" under it),
    ``kept`` (set aside for good), ``selectable`` (the click would be accepted; other dice
    still send it, so the refusal can say why), ``rolled`` (thrown by throw number ``throw``,
    so it tumbles), ``label`` (what a screen reader says), ``key`` (its shortcut) and
    optionally ``tag`` (the words shown under the die instead of "Held" or "Kept") and
    ``look``: how the die sits, so that each kind differs without colour - "out" (raised,
    framed), "shaker" (sunk, smaller, dashed: back in the shaker), "aside" (small, double
    frame: set aside earlier), "kept" (set aside now) or "farkle" (crossed out).
    """

    component = "dice"
    INTENTS = {"toggle": {"die": int}}
    title = "dice tray"

    FIELDS = {
        "dice": [],
        "throw": 0,
        "label": "",
    }
