"""The scorecard: a column per player in the player's colour, a row per box or total."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class Scorecard(Component):
    """A table drawn from ``columns`` and ``rows``; a box sends ``{"type": "select", "column": c, "row": key}``.

    ``columns``: ``{"name", "colour", "ink", "current"}`` per player.
    ``rows``: ``{"key", "label", "total"}`` and ``cells``, one per column:
    ``{"text", "button", "enabled", "chosen", "label"}`` - ``button`` cells can be clicked
    (a disabled one still sends, so the refusal can say why), a ``chosen`` cell shows a
    preview, ``label`` is what a screen reader says.
    """

    _esm = static("scorecard.js")
    _css = static("scorecard.css")
    INTENTS = {"select": {"column": int, "row": str}}
    title = "scorecard"

    caption = traitlets.Unicode("Scorecard").tag(sync=True)
    columns = traitlets.List([]).tag(sync=True)
    rows = traitlets.List([]).tag(sync=True)
