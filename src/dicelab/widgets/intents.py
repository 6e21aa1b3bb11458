"""Intents from the browser: what a part may ask for, and the check that a message is one.

Every request a front end sends (``model.send({part, type, ...fields})``) is checked here,
in one place, before any handler sees it: a part declares its intents as
``{"toggle": {"die": int}}`` and :func:`parse` refuses anything else.

>>> parse({"toggle": {"die": int}}, {"type": "toggle", "die": 2}, "dice tray")
('toggle', {'die': 2})
"""

from __future__ import annotations

from dicelab import validation
from dicelab.errors import IllegalMoveError


class MalformedIntent(IllegalMoveError):
    """An intent that is not one a part sends: unknown type, missing or odd fields."""


def parse(intents: dict, message, title: str) -> tuple[str, dict]:
    """The intent's type and fields; MalformedIntent unless ``message`` matches ``intents``
    (checked by :func:`dicelab.validation.intent`).

    ``title`` names the part in the refusal ("the dice tray sent ...").
    """
    return validation.intent(message, intents, error=MalformedIntent, sender=f"the {title}")
