"""What every game's ``Rules`` shares: named presets, coercion and checked settings.

A game's ``Rules`` is a frozen dataclass that subclasses :class:`RuleSet` and sets
``PRESETS`` (name -> Rules, the first one is the default). However rules are made (the
constructor, :meth:`RuleSet.replace`, :meth:`RuleSet.from_dict`), every setting is checked
against the type of its default (a float is not a whole number, 1 is not True) and then
the game's :meth:`RuleSet.check` sees that the settings make a playable game together.
Lists are taken as tuples.

>>> from dicelab import yahtzee
>>> yahtzee.Rules(rolls=2.5)
Traceback (most recent call last):
...
dicelab.errors.WrongTypeError: the rule setting rolls must be a whole number, not 2.5
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, NoReturn, TypeVar

from dicelab import validation
from dicelab.errors import InvalidInputError, WrongTypeError

MAX_POINTS = 1_000_000  # any number of points or target in any rules
MAX_ITEMS = 20  # items of a listed setting (boxes, casks)

R = TypeVar("R", bound="RuleSet")


def _tuples(value: Any) -> Any:
    """Lists (from JSON) back into tuples, all the way down."""
    if isinstance(value, (list, tuple)):
        return tuple(_tuples(item) for item in value)
    return value


def check_setting(
    name: str, value: object, default: object, what: str | None = None, signed: bool = False
) -> None:
    """Refuse ``value`` for the setting ``name`` unless it has the shape of ``default``
    (a ``signed`` whole number may be negative)."""
    what = what or f"the rule setting {name}"
    if isinstance(default, bool):
        validation.flag(value, what, setting=name)
    elif isinstance(default, int):
        validation.whole_number(value, what, -MAX_POINTS if signed else 0, MAX_POINTS, setting=name)
    elif isinstance(default, str):
        validation.text(value, what, setting=name)
    elif isinstance(default, tuple):
        items = validation.sequence(value, what, 0, MAX_ITEMS, setting=name)
        for item in items:
            check_setting(name, item, default[0], f"each item of {what}")


class RuleSet:
    """Mixin for a game's frozen ``Rules`` dataclass."""

    PRESETS: ClassVar[dict[str, Any]] = {}
    #: setting -> the words it takes, where presets do not use them all
    WORDS: ClassVar[dict[str, tuple[str, ...]]] = {}
    SIGNED: ClassVar[frozenset[str]] = frozenset()  # whole-number settings that may be negative
    # set by @dataclass on each game's Rules; declared so that type checkers see a dataclass
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if type(value) is list or type(value) is tuple:
                value = _tuples(value)
                object.__setattr__(self, field.name, value)
            check_setting(field.name, value, field.default, signed=field.name in self.SIGNED)
        self.check()

    def check(self) -> None:
        """Refuse (InvalidInputError) settings that do not make a playable game together."""

    @staticmethod
    def refuse(setting: str, message: str) -> NoReturn:
        """Raise the error of a bad ``setting``."""
        raise InvalidInputError(message, setting)

    @classmethod
    def preset(cls: type[R], name: str) -> R:
        """The rules of the preset called ``name``."""
        if type(name) is not str or name not in cls.PRESETS:
            raise InvalidInputError(
                f"unknown preset {validation.shown(name)}; choose one of {', '.join(cls.PRESETS)}"
            )
        preset: R = cls.PRESETS[name]
        return preset

    @classmethod
    def coerce(cls: type[R], rules: object) -> R:
        """Rules from None (the default preset), a preset name, a dict or a Rules."""
        if rules is None:
            default: R = next(iter(cls.PRESETS.values()))
            return default
        if type(rules) is cls:
            return rules
        if type(rules) is str:
            return cls.preset(rules)
        if type(rules) is dict:
            return cls.from_dict(rules)
        raise WrongTypeError(
            f"rules are a preset name or a {cls.__name__}, not {validation.shown(rules)}"
        )

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, or None for custom rules."""
        return next((name for name, rules in self.PRESETS.items() if rules == self), None)

    def replace(self: R, **changes: Any) -> R:
        """These rules with some settings changed (checked like any rules)."""
        self._check_names(changes)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[R], document: object) -> R:
        """Rules from :meth:`to_dict`'s output (or some of its settings; the others keep
        their defaults); the error names the first bad setting."""
        if type(document) is not dict:
            raise WrongTypeError(f"rules are a JSON object, not {validation.shown(document)}")
        cls._check_names(document)
        return cls(**document)

    @classmethod
    def _check_names(cls, settings: dict[str, Any]) -> None:
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(str(name) for name in settings if name not in known)
        if unknown:
            raise InvalidInputError(
                f"unknown rule settings: {validation.names(unknown)}; "
                f"{cls.__module__.split('.')[1]} has {', '.join(sorted(known))}"
            )
