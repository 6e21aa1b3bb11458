"""Cask scales: one 0-to-target scale per player with the casks, the banked score and where a save would land."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class CaskScales(Component):
    """Horizontal scales, drawn as given; no intents.

    ``target`` is the right end of every scale and ``ticks`` the numbers under them;
    ``casks`` lists ``{"low", "high", "label"}`` (drawn hatched red with their label);
    ``rows`` has one ``{"name", "banked", "standing", "current", "label"}`` per player:
    the banked score is the yellow bar, ``standing`` (banked + the turn's points) the
    blue one, and ``label`` what a screen reader says. ``caption`` sits above the scales.
    The bars' values are in each row's ``data-banked`` and ``data-standing`` attributes.
    """

    _esm = static("cask_scales.js")
    _css = static("cask_scales.css")
    title = "cask scales"

    target = traitlets.Int(1000).tag(sync=True)
    ticks = traitlets.List([]).tag(sync=True)
    casks = traitlets.List([]).tag(sync=True)
    rows = traitlets.List([]).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
