"""The scoreboard: one card per player, the player to move highlighted, labelled numbers."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class Scoreboard(Part):
    """Players side by side; no intents.

    ``players`` is a list of ``{"name", "colour", "ink", "current", "note", "numbers"}``
    where ``numbers`` is a list of ``{"label", "value"}`` drawn top to bottom (e.g. the
    points of this turn above the banked score), ``current`` marks the player to move
    (shown by a frame and the words "to play", not by colour alone) and ``note`` is a short
    remark such as "last turn" or "winner".
    """

    component = "scoreboard"
    title = "scoreboard"

    FIELDS = {
        "caption": "",
        "players": [],
    }
