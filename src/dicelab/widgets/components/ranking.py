"""The game-over view: the players ranked by their final result."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class Ranking(Part):
    """A headline and ``rows`` of ``{"place", "name", "colour", "score", "winner"}``; no intents."""

    component = "ranking"
    title = "ranking"

    FIELDS = {
        "heading": "",
        "rows": [],
    }
