"""The scorecard: a column per player in the player's colour, a row per box or total."""

from __future__ import annotations

from dicelab.widgets.parts import Part


class Scorecard(Part):
    """A table drawn from ``columns`` and ``rows``; a box sends ``{"type": "select", "column": c, "row": key}``.

    ``columns``: ``{"name", "colour", "ink", "current"}`` per player.
    ``rows``: ``{"key", "label", "total"}`` and ``cells``, one per column:
    ``{"text", "button", "enabled", "chosen", "label"}`` - ``button`` cells can be clicked
    (a disabled one still sends, so the refusal can say why), a ``chosen`` cell shows a
    preview, ``label`` is what a screen reader says.
    """

    component = "scorecard"
    INTENTS = {"select": {"column": int, "row": str}}
    title = "scorecard"

    FIELDS = {
        "caption": "Scorecard",
        "columns": [],
        "rows": [],
    }
