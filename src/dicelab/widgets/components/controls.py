"""Controls and status: the buttons, whose turn it is, what just happened, what was refused."""

from __future__ import annotations

import traitlets

from dicelab.widgets.components.base import Component, static


class Controls(Component):
    """Buttons from specs, a turn banner, an ``aria-live`` status line and a refusal notice.

    ``buttons`` is a list of ``{"id", "label", "aria_label", "enabled", "reason", "key"}``;
    every button sends ``{"type": "press", "button": id}``, a disabled one too (so the
    refusal can give its ``reason``). The controls also catch the keyboard for the whole
    game (the element with class ``dicelab-game`` around them): plain keys are sent as
    ``{"type": "key", "key": k}`` and no key reaches JupyterLab's notebook shortcuts.
    """

    _esm = static("controls.js")
    _css = static("controls.css")
    INTENTS = {"press": {"button": str}, "key": {"key": str}}
    title = "controls"

    heading = traitlets.Unicode("").tag(sync=True)
    turn = traitlets.Dict({}).tag(sync=True)  # {"text", "colour", "ink"}; {} when no one plays
    buttons = traitlets.List([]).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Dict({}).tag(sync=True)  # {"text", "serial"}; a new serial re-announces
    help = traitlets.Unicode("").tag(sync=True)
