"""What every game's ``Rules`` shares: named presets, coercion and a checked JSON form.

A game's ``Rules`` is a frozen dataclass that subclasses :class:`RuleSet` and sets
``PRESETS`` (name -> Rules, the first one is the default). ``from_dict`` checks every
value against the type of its default, so a tampered document gives a clear error.
"""

from __future__ import annotations

import dataclasses


def _tuples(value):
    """Lists (from JSON) back into tuples, all the way down."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def _same_shape(value, default) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return type(value) is type(default)
    if isinstance(default, tuple):
        return isinstance(value, tuple)
    if default is None:
        return value is None or type(value) in (int, str)
    return type(value) is type(default)


class RuleSet:
    """Mixin for a game's frozen ``Rules`` dataclass."""

    PRESETS: dict = {}

    @classmethod
    def preset(cls, name: str):
        """The rules of the preset called ``name``."""
        try:
            return cls.PRESETS[name]
        except (KeyError, TypeError):
            raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(cls.PRESETS)}") from None

    @classmethod
    def coerce(cls, rules):
        """Rules from None (the default preset), a preset name, a dict or a Rules."""
        if rules is None:
            return next(iter(cls.PRESETS.values()))
        if isinstance(rules, cls):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        if isinstance(rules, dict):
            return cls.from_dict(rules)
        raise TypeError(f"rules are a preset name or a {cls.__name__}, not {rules!r}")

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, or None for custom rules."""
        return next((name for name, rules in self.PRESETS.items() if rules == self), None)

    def replace(self, **changes):
        """These rules with some settings changed (checked like any rules)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, document):
        """Rules from :meth:`to_dict`'s output; ValueError names the first bad setting."""
        if not isinstance(document, dict):
            raise ValueError(f"rules are a JSON object, not {document!r}")
        fields = {field.name: field for field in dataclasses.fields(cls)}
        unknown = set(document) - set(fields)
        if unknown:
            raise ValueError(f"unknown rule settings: {', '.join(sorted(unknown))}")
        defaults = cls()
        values = {}
        for name, value in document.items():
            value = _tuples(value)
            if not _same_shape(value, getattr(defaults, name)):
                raise ValueError(f"rule setting {name!r} cannot be {value!r}")
            values[name] = value
        return cls(**values)
