"""Reading saved games strictly: exactly the documents ``Game.to_json`` writes, nothing else.

A save is read in bounded steps, so that no input can hang the reader or exhaust it: the
text's length, then its nesting depth (counted without parsing), then JSON parsing (no
duplicate keys), then a schema of the whole document (exact types, no unknown fields, sizes
bounded). Each refusal is a :class:`~dicelab.errors.CorruptGameError` that names the JSON
path of the first problem.

>>> from dicelab import fivethousand
>>> check_document({"format": "dicelab-game", "version": True}, schema(fivethousand.Game))
Traceback (most recent call last):
...
dicelab.errors.CorruptGameError: $.version: must be 2, not true
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, Protocol

from dicelab import protocols, validation
from dicelab.actions import Action
from dicelab.dice import Dice
from dicelab.errors import CorruptGameError
from dicelab.ruleset import MAX_ITEMS, MAX_POINTS, RuleSet

FORMAT = "dicelab-game"
VERSION = 2  # 2: dice seeded by the moment they are thrown (duplicate dice)
MAX_CHARS = 4_000_000  # a save of the longest real games is a few hundred kilobytes
MAX_DEPTH = 6  # $.events[i].action.dice[j] is the deepest a save goes
MAX_EVENTS = 20_000  # real games take a few thousand at most

_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


class SavedGame(Protocol):
    """What a save's schema reads of a game's class (a :class:`dicelab.game.Game` subclass)."""

    name: str
    MAX_PLAYERS: int
    Rules: type[RuleSet]
    Engine: type[protocols.Engine[Any]]

    def __hash__(self) -> int: ...


#: A schema: checks a JSON value at its path, raising CorruptGameError where it is wrong.
Check = Callable[[object, str], None]


def parse(text: object) -> Any:
    """The JSON value of ``text`` (a str, or UTF-8 bytes), bounded in size and depth."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise CorruptGameError("a saved game is UTF-8 text, and this is not") from None
    if type(text) is not str:
        raise CorruptGameError(
            f"a saved game is the JSON text that to_json() wrote, not {validation.shown(text)}"
        )
    if len(text) > MAX_CHARS:
        raise CorruptGameError(
            f"this is {len(text)} characters long: no saved game is longer than {MAX_CHARS}"
        )
    if not _shallow(text):
        raise CorruptGameError(
            f"lists and objects are nested more than {MAX_DEPTH} deep "
            "(or their brackets do not match): this is not a saved game"
        )
    try:
        return json.loads(text, object_pairs_hook=_object)
    except CorruptGameError:
        raise
    except ValueError as error:
        raise CorruptGameError(f"this is not JSON text ({error})") from None


def _shallow(text: str) -> bool:
    """Whether the brackets outside strings nest at most MAX_DEPTH deep (and match), or
    at most twice that where lists and objects alternate.

    The escapes that matter go first (backslash pairs, then escaped quotes), then what
    is inside strings (every other piece between quotes), then everything but brackets;
    each pass of the last step removes the innermost pairs ("[]", then "{}"), so
    MAX_DEPTH passes remove every bracket of a document that deep. Each step is a linear
    scan in C.
    """
    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(data.split(b'"')[::2]).translate(None, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):
        inner = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if len(inner) == len(brackets):  # nothing left, or only brackets that don't match
            break
        brackets = inner
    return not brackets


def _object(pairs: Iterable[tuple[str, object]]) -> dict[str, object]:
    document: dict[str, object] = {}
    for key, value in pairs:
        if key in document:
            raise CorruptGameError(f"the key {validation.shown(key)} appears twice in one object")
        document[key] = value
    return document


# --- the schema ------------------------------------------------------------------------


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {validation.shown(value)}"
    if isinstance(value, (int, float)):
        return validation.shown(value)
    return "a list" if isinstance(value, list) else "an object"


def const(expected: object) -> Check:
    def check(value: object, path: str) -> None:
        if type(value) is not type(expected) or value != expected:
            raise CorruptGameError(f"must be {json.dumps(expected)}, not {_json_type(value)}", path)

    return check


def whole(low: int, high: int) -> Check:
    def check(value: object, path: str) -> None:
        if type(value) is not int or not low <= value <= high:
            raise CorruptGameError(
                f"must be a whole number from {low} to {high}, not {_json_type(value)}", path
            )

    return check


def boolean(value: object, path: str) -> None:
    if type(value) is not bool:
        raise CorruptGameError(f"must be true or false, not {_json_type(value)}", path)


def string(value: object, path: str) -> None:
    if type(value) is not str or len(value) > validation.MAX_NAME_LENGTH:
        raise CorruptGameError(
            f"must be a string of at most {validation.MAX_NAME_LENGTH} "
            f"characters, not {_json_type(value)}",
            path,
        )


def string_or_null(value: object, path: str) -> None:
    if value is not None:
        string(value, path)


def array(item: Check, low: int, high: int) -> Check:
    def check(value: object, path: str) -> None:
        if not isinstance(value, list) or type(value) is not list or not low <= len(value) <= high:
            size = f"{len(value)} items" if type(value) is list else _json_type(value)
            raise CorruptGameError(f"must be a list of {low} to {high} items, not {size}", path)
        for index, element in enumerate(value):
            item(element, f"{path}[{index}]")

    return check


def member(path: str, key: str) -> str:
    """The JSON path of ``key`` in the object at ``path``: ``$.seed``, ``$["odd key"]``
    (a long key cut short)."""
    if len(key) > validation.SHOWN:
        return f"{path}[{json.dumps(key[: validation.SHOWN])}...]"
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"


def obj(fields: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> Check:
    """An object with exactly ``fields`` (and maybe some of ``optional``), checked in order."""
    optional = optional or {}
    everything = {**fields, **optional}

    def check(value: object, path: str) -> None:
        if not isinstance(value, dict) or type(value) is not dict:
            raise CorruptGameError(f"must be an object, not {_json_type(value)}", path)
        for key in value:
            if key not in everything:
                raise CorruptGameError(
                    f"unknown field (the fields are {', '.join(everything)})", member(path, key)
                )
        for key, item in everything.items():
            if key in value:
                item(value[key], member(path, key))
            elif key in fields:
                raise CorruptGameError("this field is missing", member(path, key))

    return check


def tagged(kinds: Mapping[str, Check]) -> Check:
    """An object whose ``type`` picks its schema from ``kinds``."""

    def check(value: object, path: str) -> None:
        if not isinstance(value, dict) or type(value) is not dict:
            raise CorruptGameError(f"must be an object, not {_json_type(value)}", path)
        kind = value.get("type")
        if type(kind) is not str or kind not in kinds:
            raise CorruptGameError(
                f"must be one of {', '.join(map(json.dumps, kinds))}, not {_json_type(kind)}",
                f"{path}.type",
            )
        kinds[kind](value, path)

    return check


def _setting(default: object, signed: bool = False) -> Check:
    """The schema of a rule setting from its default value (``signed``: may be negative)."""
    if isinstance(default, bool):
        return boolean
    if isinstance(default, int):
        return whole(-MAX_POINTS if signed else 0, MAX_POINTS)
    if isinstance(default, str):
        return string
    assert isinstance(default, tuple), "a setting is a flag, a number, a word or a tuple"
    return array(_setting(default[0]), 0, MAX_ITEMS)


#: The schema of an action's field, by the field's type (resolved, not as the text written).
_FIELDS: dict[object, Check] = {
    Dice: array(whole(1, 6), 0, 6),
    int: whole(0, MAX_ITEMS),
    str: string,
}


def _action(kind: type[Action]) -> Check:
    types = typing.get_type_hints(kind)
    fields = {field.name: _FIELDS[types[field.name]] for field in dataclasses.fields(kind)}
    return obj({"type": const(kind.type), **fields})


def rules_schema(rules_class: type[RuleSet]) -> Check:
    """The schema of a game's rules as ``to_dict`` writes them (every setting)."""
    return obj(
        {
            field.name: _setting(field.default, field.name in rules_class.SIGNED)
            for field in dataclasses.fields(rules_class)
        }
    )


@cache
def schema(game_class: SavedGame) -> Check:
    """The schema of a save of ``game_class`` (a :class:`dicelab.game.Game` subclass)."""
    player = obj({"name": string, "bot": string_or_null, "colour": string_or_null})
    actions = tagged({kind.type: _action(kind) for kind in game_class.Engine.actions})
    event = obj(
        {"player": whole(0, game_class.MAX_PLAYERS - 1), "action": actions},
        {"dice": array(whole(1, 6), 1, 6)},
    )
    return obj(
        {
            "format": const(FORMAT),
            "version": const(VERSION),
            "game": const(game_class.name),
            "rules": rules_schema(game_class.Rules),
            "players": array(player, 1, game_class.MAX_PLAYERS),
            "seed": whole(0, validation.MAX_SEED),
            "events": array(event, 0, MAX_EVENTS),
        }
    )


def check_document(document: object, checker: Check) -> None:
    """CorruptGameError at the first place where ``document`` breaks the schema ``checker``."""
    checker(document, "$")
