"""The scoreboard: one card per player, the player to move highlighted, labelled numbers."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class Scoreboard(Component):
    """Players side by side; no intents.

    ``players`` is a list of ``{"name", "colour", "ink", "current", "note", "numbers"}``
    where ``numbers`` is a list of ``{"label", "value"}`` drawn top to bottom (e.g. the
    points of this turn above the banked score), ``current`` marks the player to move
    (shown by a frame and the words "to play", not by colour alone) and ``note`` is a short
    remark such as "last turn" or "winner".
    """

    _esm = static("scoreboard.js")
    _css = static("scoreboard.css")
    title = "scoreboard"

    caption = traitlets.Unicode("").tag(sync=True)
    players = traitlets.List([]).tag(sync=True)
