"""The scorecard: a column per player in the player's colour, a row per box or total."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class Scorecard(Part):
    """A table drawn from ``columns`` and ``rows``; a box sends ``{"type": "select", "column": c, "row": key}``.

    ``columns``: ``{"name", "colour", "ink", "current"}`` per player.
    ``rows``: ``{"key", "label", "total"}`` and ``cells``, one per column:
    ``{"text", "button", "enabled", "chosen", "preview", "label"}`` - ``button`` cells can be
    clicked (a disabled one still sends, so the refusal can say why), a ``preview`` cell's text
    is what the box would score now (drawn in light red), a ``chosen`` cell is the box chosen,
    ``label`` is what a screen reader says. A double click on a box sends ``{"type": "score",
    "column": c, "row": key}``: choose it and score it.
    """

    component = "scorecard"
    INTENTS = {"select": {"column": int, "row": str}, "score": {"column": int, "row": str}}
    title = "scorecard"

    FIELDS = {
        "caption": "Scorecard",
        "columns": [],
        "rows": [],
    }
