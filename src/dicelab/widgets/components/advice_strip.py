"""The advice at a glance: one compact strip between the controls and the dice."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class AdviceStrip(Part):
    """The coach's best option and each seat's chance to win, in a line or two, so that
    the dice, the decision and the advice are on one screen (the full panels follow the
    table); no intents.

    ``best`` is the coach's best option in words ("" while the coach is off or has nothing
    to say); ``chances`` is a list of ``{"name", "colour", "value"}``, each seat's chance to
    win in words ([] while those are hidden).
    """

    component = "advice_strip"
    title = "advice strip"

    FIELDS = {"best": "", "chances": []}
