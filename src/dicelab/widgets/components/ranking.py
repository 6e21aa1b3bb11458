"""The game-over view: the players ranked by their final result."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class Ranking(Component):
    """A headline and ``rows`` of ``{"place", "name", "colour", "score", "winner"}``; no intents."""

    _esm = static("ranking.js")
    _css = static("ranking.css")
    title = "ranking"

    heading = traitlets.Unicode("").tag(sync=True)
    rows = traitlets.List([]).tag(sync=True)
