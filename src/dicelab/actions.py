"""Actions: small frozen records of what a player does, with a JSON form.

Each game declares its actions as subclasses of :class:`Action` with a ``type`` name;
:func:`action_from_json` turns a JSON document back into one, checking its shape.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Keep(Action):
...     type = "keep"
...     dice: tuple
>>> Keep(dice=(1, 5)).to_json()
{'type': 'keep', 'dice': [1, 5]}
>>> action_from_json({"type": "keep", "dice": [1, 5]}, [Keep])
Keep(dice=(1, 5))
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from dicelab.dice import as_dice


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's actions; ``type`` names the action in JSON and intents."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict:
        document = {"type": self.type}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            document[field.name] = list(value) if isinstance(value, tuple) else value
        return document


def action_from_json(document, kinds) -> Action:
    """The action that ``document`` describes; ValueError when it is not one of ``kinds``."""
    if not isinstance(document, dict):
        raise ValueError(f"an action is a JSON object, not {document!r}")
    by_type = {kind.type: kind for kind in kinds}
    kind = by_type.get(document.get("type"))
    if kind is None:
        raise ValueError(f"unknown action type {document.get('type')!r}")
    fields = {field.name: field for field in dataclasses.fields(kind)}
    given = set(document) - {"type"}
    if given != set(fields):
        raise ValueError(f"a {kind.type!r} action has the fields {sorted(fields)}, not {sorted(given)}")
    values = {}
    for name, value in document.items():
        if name == "type":
            continue
        if name == "dice":
            if not isinstance(value, list):
                raise ValueError("'dice' must be a list of faces")
            value = as_dice(value)
        elif fields[name].type in ("int", int) and (type(value) is not int):
            raise ValueError(f"{name!r} must be a whole number")
        elif fields[name].type in ("str", str) and not isinstance(value, str):
            raise ValueError(f"{name!r} must be a string")
        values[name] = value
    return kind(**values)
