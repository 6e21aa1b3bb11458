"""Checks of everything that comes into dicelab from outside, before anything happens.

Actions, the game verbs, ``score(...)``, rules, ``players=``, ``seed=``, saved games and
the widgets' requests from the browser all check their input here: exact types (a ``bool``
is not a face or a count, a float is not a whole number) and ranges, each refusal a
sentence a student understands.

Each check returns the value it accepted (normalised: dice as a sorted tuple) or raises.
By default a wrong type raises :class:`~dicelab.errors.WrongTypeError` (a ``TypeError``
and a ``ValueError``) and a bad value :class:`~dicelab.errors.InvalidInputError`; give
``error=IllegalMoveError`` where the input is a move, and both raise that.

>>> faces([5, 1, 5])
(1, 5, 5)
>>> faces([1, True])
Traceback (most recent call last):
...
dicelab.errors.WrongTypeError: True is not a die face (a whole number from 1 to 6)
>>> die_index(7, error=IllegalMoveError)
Traceback (most recent call last):
...
dicelab.errors.IllegalMoveError: there is no die number 7 (dice are numbered 0 to 4)
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import NoReturn

from dicelab.errors import IllegalMoveError, InvalidInputError, WrongTypeError

#: What a check raises instead of its default error: an error class taking the message.
Refusal = Callable[[str], Exception]

MAX_NAME_LENGTH = 40  # a player's name or colour, a bot level, a box name (typed or given)
MAX_SEED = 2**64 - 1
FACES = range(1, 7)
SHOWN = 40  # the most of a refused value a message repeats
SHOWN_FIELDS = 4  # the most field names a refused request's message repeats
_INVISIBLE = {"Cc", "Cf", "Cs", "Zl", "Zp"}  # control, format (bidi), surrogate, line breaks
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = SHOWN


def shown(value: object) -> str:
    r"""``value`` as a short text for an error message: at most 40 characters, control and
    bidi characters escaped, and a huge value never copied whole.

    >>> shown("x" * 5_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> shown("Ann\u202e")
    "'Ann\\u202e'"
    """
    try:
        if type(value) is str:
            text = repr(value[:SHOWN])
        elif isinstance(value, (list, tuple, dict, set, frozenset, bytes)) and len(value) > 8:
            text = _SHORT.repr(value)
        else:
            text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real problem
        text = f"a {type(value).__name__}"
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def names(values: Iterable[object], most: int = SHOWN_FIELDS) -> str:
    """Names (of fields, settings) for an error message, each :func:`shown`, at most
    ``most`` of them and then how many more: a message never repeats a flood of names.

    >>> names(["die", "x" * 1_000_000, *map(str, range(10))])
    "'die', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..., '0', '1' and 8 more"
    """
    listed_values = list(values)
    listed = ", ".join(map(shown, listed_values[:most]))
    if len(listed_values) <= most:
        return listed
    return f"{listed} and {len(listed_values) - most} more"


def clean_name(value: str) -> str:
    r"""A typed name without control or bidi characters, each run of spaces or line breaks
    as one space, cut to :data:`MAX_NAME_LENGTH` characters.

    >>> clean_name("  Ann\u202e \n\t Lee ")
    'Ann Lee'
    """
    kept = "".join(
        " " if c.isspace() else c
        for c in value
        if c.isspace() or unicodedata.category(c) not in _INVISIBLE
    )
    return " ".join(kept.split())[:MAX_NAME_LENGTH]


def _raise(
    error: Refusal | None, wrong_type: bool, message: str, setting: str | None = None
) -> NoReturn:
    if error is None:
        raise (WrongTypeError if wrong_type else InvalidInputError)(message, setting)
    raise error(message)


def whole_number(
    value: object,
    what: str,
    low: int | None = None,
    high: int | None = None,
    *,
    error: Refusal | None = None,
    setting: str | None = None,
) -> int:
    """``value`` when it is an ``int`` (not a bool) from ``low`` to ``high``.

    >>> whole_number(3, "the number of players", 1, 6)
    3
    >>> whole_number(2.0, "the target")
    Traceback (most recent call last):
    ...
    dicelab.errors.WrongTypeError: the target must be a whole number, not 2.0
    """
    if type(value) is not int:
        _raise(error, True, f"{what} must be a whole number, not {shown(value)}", setting)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            bounds = f"at least {low}"
        elif low is None:
            bounds = f"at most {high}"
        else:
            bounds = f"from {low} to {high}"
        _raise(error, False, f"{what} must be {bounds}, not {shown(value)}", setting)
    return value


def flag(
    value: object, what: str, *, error: Refusal | None = None, setting: str | None = None
) -> bool:
    """``value`` when it is True or False (not 0, 1 or "yes")."""
    if type(value) is not bool:
        _raise(error, True, f"{what} must be True or False, not {shown(value)}", setting)
    return value


def text(
    value: object,
    what: str,
    *,
    max_length: int = MAX_NAME_LENGTH,
    error: Refusal | None = None,
    setting: str | None = None,
) -> str:
    """``value`` when it is a non-empty string of at most ``max_length`` characters, without
    control or bidi characters."""
    if type(value) is not str:
        _raise(error, True, f"{what} must be a string, not {shown(value)}", setting)
    if not value.strip() or len(value) > max_length:
        _raise(
            error,
            False,
            f"{what} must have 1 to {max_length} characters, not {shown(value)}",
            setting,
        )
    if any(unicodedata.category(c) in _INVISIBLE for c in value):
        _raise(
            error,
            False,
            f"{what} must not hold control or direction characters, not {shown(value)}",
            setting,
        )
    return value


def one_of(
    value: object,
    choices: Collection[str],
    what: str,
    *,
    error: Refusal | None = None,
    setting: str | None = None,
) -> str:
    """``value`` when it is one of ``choices`` (strings)."""
    if type(value) is not str:
        _raise(
            error, True, f"{what} must be one of {', '.join(choices)}, not {shown(value)}", setting
        )
    if value not in choices:
        _raise(
            error, False, f"{what} must be one of {', '.join(choices)}, not {shown(value)}", setting
        )
    return value


def sequence(
    value: object,
    what: str,
    low: int = 0,
    high: int | None = None,
    *,
    error: Refusal | None = None,
    setting: str | None = None,
) -> tuple[object, ...]:
    """``value`` as a tuple, when it is a list or tuple of ``low`` to ``high`` items.

    Sets are refused (they forget repeated dice), and so are strings and iterators.
    The length is checked before any item is looked at.
    """
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple):
        hint = " (a set forgets repeated faces)" if isinstance(value, (set, frozenset)) else ""
        _raise(error, True, f"{what} must be a list or tuple, not {shown(value)}{hint}", setting)
    if len(value) < low or (high is not None and len(value) > high):
        count = f"{low} to {high}" if high is not None else f"at least {low}"
        _raise(error, False, f"{what} must have {count} items, not {len(value)}", setting)
    return tuple(value)


def face(value: object, *, error: Refusal | None = None) -> int:
    """``value`` when it is a die face: an int from 1 to 6."""
    if type(value) is not int or value not in FACES:
        _raise(
            error,
            type(value) is not int,
            f"{shown(value)} is not a die face (a whole number from 1 to 6)",
        )
    return value


def faces(
    value: object,
    low: int = 0,
    high: int = 6,
    *,
    what: str = "the dice",
    error: Refusal | None = None,
) -> tuple[int, ...]:
    """``value`` as a sorted tuple of faces, when it is a list or tuple of ``low`` to
    ``high`` faces."""
    dice = sequence(value, what, low, high, error=error)
    return tuple(sorted(face(item, error=error) for item in dice))


def die_index(
    value: object, dice: int = 5, *, error: Refusal | None = IllegalMoveError, counted_from: int = 0
) -> int:
    """``value`` when it names one of ``dice`` dice by position (0 to dice - 1).

    A refusal numbers the dice from ``counted_from``: 0 as the Python API does, 1 where the
    player sees them numbered from 1 (a widget), though ``value`` is a position from 0.

    >>> die_index(5, counted_from=1)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMoveError: there is no die number 6 (dice are numbered 1 to 5)
    """
    if type(value) is not int or not 0 <= value < dice:
        number = shown(value + counted_from if type(value) is int else value)
        _raise(
            error,
            type(value) is not int,
            f"there is no die number {number} "
            f"(dice are numbered {counted_from} to {dice - 1 + counted_from})",
        )
    return value


def die_indices(
    values: object, dice: int = 5, *, error: Refusal | None = IllegalMoveError
) -> tuple[int, ...]:
    """``values`` when each names a different die (0 to dice - 1); all are checked first.

    >>> die_indices([4, 0])
    (4, 0)
    >>> die_indices([1, 1])
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMoveError: name each die once
    """
    indices = tuple(
        die_index(index, dice, error=error)
        for index in sequence(values, "the dice", 0, dice, error=error)
    )
    if len(set(indices)) != len(indices):
        _raise(error, False, "name each die once")
    return indices


def box_name(
    value: object, boxes: Collection[str], *, error: Refusal | None = IllegalMoveError
) -> str:
    """``value`` when it is one of the Yahtzee ``boxes`` of the rules in play."""
    if type(value) is not str or value not in boxes:
        _raise(
            error,
            type(value) is not str,
            f"there is no box called {shown(value)}; the boxes are {', '.join(boxes)}",
        )
    return value


def seed(value: object) -> int | None:
    """``value`` when it is None (a fresh random game) or a whole number from 0 to 2**64 - 1."""
    if value is None:
        return None
    return whole_number(value, "the seed", 0, MAX_SEED)


def player_count(value: object, limit: int, game: str) -> int:
    """``value`` when it is a number of players from 1 to ``limit``."""
    return whole_number(value, f"the number of players of {game}", 1, limit)


def player_list(value: object, limit: int, game: str) -> tuple[object, ...]:
    """``value`` as a tuple when it is a list or tuple of 1 to ``limit`` seats (checked
    before any seat is looked at); a single string is refused, not split into letters."""
    if type(value) is str:
        raise WrongTypeError(
            f"players is a list of names, such as [{value[:20]!r}], "
            f"not the single string {shown(value)}"
        )
    return sequence(value, f"the players of {game}", 1, limit)


def intent(
    message: object,
    fields: Mapping[str, Mapping[str, type | Callable[[object], object]]],
    *,
    error: Refusal | None = IllegalMoveError,
    sender: str = "the front end",
) -> tuple[str, dict[str, object]]:
    """A request from the browser: its ``type`` and its fields, checked.

    ``fields`` maps each intent type to its fields, each checked by a Python type (the value
    must be exactly of it: a bool is not an int) or by a function from the sent value to the
    accepted one (raising when it is not acceptable). An intent must carry exactly those
    fields; every field missing, extra or of the wrong type is named at once. ``sender`` is
    who sent it, as a refusal names it.

    >>> intent({"type": "toggle", "die": 2}, {"toggle": {"die": die_index}})
    ('toggle', {'die': 2})
    >>> intent({"type": "toggle", "die": 2.0, "x": 1}, {"toggle": {"die": int}}, sender="the tray")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMoveError: the tray sent a 'toggle' request with bad 'x', 'die'

    A refusal repeats at most :data:`SHOWN_FIELDS` field names, each cut as :func:`shown` cuts it.
    """
    kind = message.get("type") if isinstance(message, dict) and type(message) is dict else None
    if not isinstance(message, dict) or type(kind) is not str or kind not in fields:
        _raise(error, type(message) is not dict, f"{sender} sent a request that is not understood")
    expected = fields[kind]
    wrong = sorted((set(message) - {"type"}) ^ set(expected), key=str)
    wrong += [
        name
        for name, check in expected.items()
        if name not in wrong and isinstance(check, type) and type(message[name]) is not check
    ]
    if wrong:
        _raise(error, False, f"{sender} sent a {kind!r} request with bad {names(wrong)}")
    return kind, {
        name: message[name] if isinstance(check, type) else check(message[name])
        for name, check in expected.items()
    }
