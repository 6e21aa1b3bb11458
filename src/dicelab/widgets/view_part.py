"""A part of a widget's view document: plain JSON fields drawn by one component module.

A part never decides anything. Its controller sets its fields with :meth:`Part.draw`;
the widget puts ``part.to_json()`` into its one synced view document, and the component
of the same name in ``static/`` draws it. A part that can be clicked declares its intents
(see :mod:`dicelab.widgets.intents`).

>>> from dicelab.widgets.components import DiceTray
>>> tray = DiceTray(label="Ann's dice")
>>> tray.label, tray.to_json()["component"]
("Ann's dice", 'dice')
"""

from __future__ import annotations

import copy
import pickle

from dicelab.widgets.intents import parse


class Part:
    """Base of the parts: ``component`` (its static file), ``FIELDS`` (name: default),
    ``INTENTS`` (type: {field: Python type}) and ``title`` (how a refusal names it)."""

    component = ""
    title = "part"
    FIELDS: dict = {}
    INTENTS: dict = {}

    def __init__(self, name: str | None = None, **fields):
        self.name = name or self.component
        self._fields = copy.deepcopy(self.FIELDS)
        self.draw(**fields)

    def __getattr__(self, name):
        fields = self.__dict__.get("_fields", {})
        if name in fields:
            return fields[name]
        raise AttributeError(f"{type(self).__name__} has no field {name!r}")

    def draw(self, **fields) -> None:
        """Set these fields (TypeError for a field the part does not have)."""
        unknown = set(fields) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        self._fields.update(fields)

    def to_json(self) -> dict:
        """What the component draws: its name and the fields (a copy the caller may keep)."""
        return {"component": self.component, **_copied(self._fields)}

    def parse(self, message) -> tuple[str, dict]:
        """The intent's type and fields; MalformedIntent unless it is one of ``INTENTS``."""
        return parse(self.INTENTS, message, self.title)


def _copied(fields: dict) -> dict:
    """A deep copy of plain data (dicts, lists, tuples of numbers and text), as
    :func:`copy.deepcopy` makes it but several times faster: a view is copied at every click."""
    return pickle.loads(pickle.dumps(fields, pickle.HIGHEST_PROTOCOL))
