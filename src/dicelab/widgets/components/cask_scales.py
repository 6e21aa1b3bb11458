"""Cask scales: one 0-to-target scale per player with the casks, the banked score and where a save would land."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class CaskScales(Part):
    """Horizontal scales, drawn as given; no intents.

    ``target`` is the right end of every scale and ``ticks`` the numbers under them;
    ``casks`` lists ``{"low", "high", "label"}`` (drawn hatched red with their label);
    ``rows`` has one ``{"name", "colour", "banked", "standing", "current", "label"}`` per player:
    the banked score is the yellow bar, ``standing`` (banked + the turn's points) the
    blue one, and ``label`` what a screen reader says. ``caption`` sits above the scales.
    The bars' values are in each row's ``data-banked`` and ``data-standing`` attributes.
    """

    component = "cask_scales"
    title = "cask scales"

    FIELDS = {
        "target": 1000,
        "ticks": [],
        "casks": [],
        "rows": [],
        "caption": "",
        "legend": [],  # [class, words] of each key shown
    }
