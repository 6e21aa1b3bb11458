"""The coach's panel: the best options before a decision, the odds, the verdict after it,
and the report at the end of a game."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class CoachPanel(Component):
    """What the coach says, drawn as plain text; no intents.

    ``busy`` is shown alone while the coach computes; ``help`` says what the values mean;
    ``caption`` heads the ``options`` (``{"label", "value", "best"}``, best first) and
    ``odds`` (``{"label", "value"}``); ``verdict`` (``{"text", "serial"}``, a new serial
    re-announces) is read out politely; ``report`` (``{"heading", "lines", "costliest"}``,
    ``{}`` until the game ends) sums up the game.
    """

    _esm = static("coach.js")
    _css = static("coach.css")
    title = "coach"

    busy = traitlets.Unicode("").tag(sync=True)
    help = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    options = traitlets.List([]).tag(sync=True)
    odds_caption = traitlets.Unicode("").tag(sync=True)
    odds = traitlets.List([]).tag(sync=True)
    verdict = traitlets.Dict({}).tag(sync=True)
    report = traitlets.Dict({}).tag(sync=True)
