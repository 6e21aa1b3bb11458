"""Intents from the browser: what a part may ask for, and the check that a message is one.

Every request a front end sends (``model.send({part, type, ...fields})``) is checked here,
in one place, before any handler sees it: a part declares its intents as
``{"toggle": {"die": int}}`` and :func:`parse` refuses anything else.

>>> parse({"toggle": {"die": int}}, {"type": "toggle", "die": 2}, "dice tray")
('toggle', {'die': 2})
"""

from __future__ import annotations

from dicelab.errors import IllegalMoveError


class MalformedIntent(IllegalMoveError):
    """An intent that is not one a part sends: unknown type, missing or odd fields."""


def parse(intents: dict, message, title: str) -> tuple[str, dict]:
    """The intent's type and fields; MalformedIntent unless ``message`` matches ``intents``.

    ``title`` names the part in the refusal ("the dice tray sent ...").
    """
    kind = message.get("type") if isinstance(message, dict) else None
    fields = intents.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise MalformedIntent(f"The {title} sent a request that is not understood.")
    values = {name: message.get(name) for name in fields}
    wrong = sorted((set(message) - {"type"}) ^ set(fields))
    wrong += [name for name, kind_ in fields.items()
              if type(values[name]) is not kind_ and name not in wrong]
    if wrong:
        raise MalformedIntent(f"The {title} sent a {kind!r} request with bad "
                              f"{', '.join(map(repr, wrong))}.")
    return kind, values
