"""Controls and status: the buttons, whose turn it is, what just happened, what was refused."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class Controls(Part):
    """Buttons from specs, a turn banner, an ``aria-live`` status line and a refusal notice.

    ``buttons`` is a list of ``{"id", "label", "aria_label", "enabled", "reason", "key",
    "tone"}`` (``tone``: "" or a colour of its own, "roll" yellow, "confirm" green);
    every button sends ``{"type": "press", "button": id}``, a disabled one too (so the
    refusal can give its ``reason``). ``moment`` is shown briefly before the status, in its
    live region: a farkle, a burn, hot dice, a Yahtzee, a bonus or a win; with ``sound`` it
    also plays a few notes of its own, made by the browser (no sound file). The table sends the keys pressed in the game as the
    controls' ``{"type": "key", "key": k}``.
    """

    component = "controls"
    INTENTS = {"press": {"button": str}, "key": {"key": str}}
    title = "controls"

    FIELDS = {
        "heading": "",
        "turn": {},  # {"text", "colour", "ink"}; {} when no one plays
        "buttons": [],
        "status": "",
        "notice": {},  # {"text", "serial"}; a new serial re-announces
        "moment": {},  # {"kind", "text", "serial"}: the last action's moment, played once per serial
        "sound": False,  # whether a new moment also sounds (a few notes made in the browser)
        "help": "",
    }
