"""What every component shares: its static files, intents from the browser, read-only traits.

A component draws the plain-JSON traits its controller sets and sends *intents*
(``model.send({type: ..., ...})``) back. It never decides anything: the controller checks
each intent against the engine. The front end cannot write a trait either: whatever it
sends as state is answered with the values the controller last rendered.
"""

from __future__ import annotations

from pathlib import Path

import anywidget

from dicelab.errors import IllegalMoveError

STATIC = Path(__file__).resolve().parent.parent / "static"


class MalformedIntent(IllegalMoveError):
    """An intent that is not one a component sends: unknown type, missing or odd fields."""


class Component(anywidget.AnyWidget):
    """Base of the dicelab components.

    Subclasses set ``_esm``/``_css`` (see :func:`static`) and ``INTENTS``: for each intent
    type, the names and Python types of its fields, e.g. ``{"toggle": {"die": int}}``.
    """

    INTENTS: dict = {}
    title = "component"  # how a refusal names it: "the dice tray did not understand ..."

    def __init__(self, **traits):
        super().__init__(**traits)
        self._listener = None
        self.on_msg(self._receive)

    def listen(self, listener) -> None:
        """Have ``listener(component, message)`` called for each intent from the browser."""
        self._listener = listener

    def _receive(self, _widget, message, _buffers) -> None:
        if self._listener is not None:
            self._listener(self, message)

    def parse(self, message) -> tuple[str, dict]:
        """The intent's type and fields; MalformedIntent unless it matches ``INTENTS``."""
        kind = message.get("type") if isinstance(message, dict) else None
        fields = self.INTENTS.get(kind) if isinstance(kind, str) else None
        if fields is None:
            raise MalformedIntent(f"The {self.title} sent a request that is not understood.")
        values = {name: message.get(name) for name in fields}
        wrong = sorted((set(message) - {"type"}) ^ set(fields))
        wrong += [name for name, kind_ in fields.items()
                  if type(values[name]) is not kind_ and name not in wrong]
        if wrong:
            raise MalformedIntent(f"The {self.title} sent a {kind!r} request with bad "
                                  f"{', '.join(map(repr, wrong))}.")
        return kind, values

    def draw(self, **traits) -> None:
        """Set these traits and send the changed ones to the browser in one message."""
        with self.hold_sync():
            for name, value in traits.items():
                setattr(self, name, value)

    def set_state(self, sync_data) -> None:
        """State written by a front end is refused: the rendered values are sent back."""
        self.send_state([name for name in sync_data if name in self.keys])


def static(name: str) -> Path:
    """The path of a file in ``widgets/static``."""
    return STATIC / name
