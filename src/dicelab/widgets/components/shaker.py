"""The shaker: a dice cup to click for a throw, showing how many dice are in it."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class Shaker(Part):
    """A dice cup button; clicking it (or Space/Enter on it) sends ``{"type": "shake"}``.

    ``dice`` is how many dice are in the cup, ``text`` the words on it, ``caption`` the
    words beside it, ``label`` what a screen reader says (it begins with ``text``), ``enabled``/``reason`` whether a click would be accepted
    and why not (a disabled cup still sends, so the refusal can say why), ``key`` its
    shortcut, and a new ``throw`` number makes the cup shake once.
    """

    component = "shaker"
    INTENTS = {"shake": {}}
    title = "shaker"

    FIELDS = {
        "dice": 0,
        "text": "",
        "caption": "",
        "label": "Shaker",
        "enabled": False,
        "reason": "",
        "key": "",
        "throw": 0,
    }
