"""The shaker: a dice cup to click for a throw, showing how many dice are in it."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class Shaker(Component):
    """A dice cup button; clicking it (or Space/Enter on it) sends ``{"type": "shake"}``.

    ``dice`` is how many dice are in the cup, ``caption`` the words beside it, ``label``
    what a screen reader says, ``enabled``/``reason`` whether a click would be accepted
    and why not (a disabled cup still sends, so the refusal can say why), ``key`` its
    shortcut, and a new ``throw`` number makes the cup shake once.
    """

    _esm = static("shaker.js")
    _css = static("shaker.css")
    INTENTS = {"shake": {}}
    title = "shaker"

    dice = traitlets.Int(0).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Shaker").tag(sync=True)
    enabled = traitlets.Bool(False).tag(sync=True)
    reason = traitlets.Unicode("").tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)
    throw = traitlets.Int(0).tag(sync=True)
