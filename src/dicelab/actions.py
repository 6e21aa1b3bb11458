"""Actions: small frozen records of what a player does, with a JSON form.

Each game declares its actions as subclasses of :class:`Action` with a ``type`` name; an
action checks its fields when it is made (IllegalMoveError for a field no move could
have), and :func:`action_from_json` turns a JSON document back into one, checking its shape.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Keep(Action):
...     type = "keep"
...     dice: tuple
...     def __post_init__(self):
...         self.normalise("dice", dice_field(self.dice))
>>> Keep(dice=[5, 1]).to_json()
{'type': 'keep', 'dice': [1, 5]}
>>> action_from_json({"type": "keep", "dice": [1, 5]}, [Keep])
Keep(dice=(1, 5))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, ClassVar

from dicelab.errors import IllegalMoveError
from dicelab.validation import faces, names, shown


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's actions; ``type`` names the action in JSON and intents."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"type": self.type}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            document[field.name] = list(value) if isinstance(value, tuple) else value
        return document

    def normalise(self, name: str, value: object) -> None:
        """Store the checked ``value`` of the field ``name`` (for ``__post_init__``)."""
        object.__setattr__(self, name, value)


def dice_field(value: object) -> tuple[int, ...]:
    """The faces of an action's ``dice`` field as a sorted tuple (at most 6 faces)."""
    return faces(value, 0, 6, what="the dice to set aside", error=IllegalMoveError)


def action_from_json(document: object, kinds: Iterable[type[Action]]) -> Action:
    """The action that ``document`` describes; IllegalMoveError when it is not one of
    ``kinds`` with exactly its fields (each action checks its own fields' values)."""
    if type(document) is not dict:
        raise IllegalMoveError(f"an action is a JSON object, not {shown(document)}")
    by_type = {kind.type: kind for kind in kinds}
    kind_name = document.get("type")
    if type(kind_name) is not str or kind_name not in by_type:
        raise IllegalMoveError(
            f"{shown(kind_name)} is not an action type; the types are {', '.join(by_type)}"
        )
    kind = by_type[kind_name]
    fields = sorted(field.name for field in dataclasses.fields(kind))
    given = set(document) - {"type"}
    if given != set(fields):
        raise IllegalMoveError(
            f"a {kind.type!r} action has the fields {', '.join(fields)}, "
            f"not {names(sorted(map(str, given))) or 'none'}"
        )
    return kind(**{name: document[name] for name in fields})
