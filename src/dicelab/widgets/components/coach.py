"""The coach's panel: the best options before a decision, the odds, the verdict after it,
and the report at the end of a game."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class CoachPanel(Part):
    """What the coach says, drawn as plain text; no intents.

    ``busy`` is shown alone while the coach computes; ``help`` says what the values mean;
    ``caption`` heads the ``options`` (``{"label", "value", "best"}``, best first) and
    ``odds`` (``{"label", "value"}``); ``why`` says in one line why the table's move worth
    the most points now is not the best, where they differ; ``verdict`` (``{"text", "serial"}``, a new serial
    re-announces) is read out politely; ``report`` (``{"heading", "lines", "costliest"}``,
    ``{}`` until the game ends) sums up the game. ``measures`` (``{"id", "label", "chosen",
    "reason"}``) are what the coach can rate by; choosing one sends ``{"type": "measure",
    "measure": id}``, and a ``reason`` says why a measure can't be chosen at this table.
    """

    component = "coach"
    title = "coach"
    INTENTS = {"measure": {"measure": str}}

    FIELDS = {
        "busy": "",
        "help": "",
        "caption": "",
        "options": [],
        "why": "",
        "odds_caption": "",
        "odds": [],
        "verdict": {},
        "report": {},
        "measures": [],
    }
