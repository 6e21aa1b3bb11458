"""A form for a game's ``Rules``, read from the dataclass itself: one field per setting.

Each setting's kind comes from its default (on/off, a whole number, a word, a list of
numbers or words, a list of pairs), so a setting added to a ``Rules`` class appears in the
form without code. A field is edited as text (a list as ``10, 20, 100``, pairs as
``(0, 100), (300, 400)``); :func:`edit` reads the text and makes the new rules with
``Rules.replace``, so every value is checked by the same validation as everywhere else,
and a refused value raises with the rules' own sentence.

>>> from dicelab import thousand
>>> [(f["name"], f["kind"], f["text"]) for f in fields(thousand.Rules())][:2]
[('dice', 'number', '5'), ('target', 'number', '1000')]
>>> edit(thousand.Rules(), "casks", "(0, 100)").casks
((0, 100),)
>>> edit(thousand.Rules(), "dice", "7")
Traceback (most recent call last):
...
dicelab.errors.InvalidInputError: Thousand is played with 1 to 6 dice, not 7
"""

from __future__ import annotations

import ast
import dataclasses

from dicelab.errors import InvalidInputError
from dicelab.validation import shown

KINDS = {bool: "flag", int: "number", str: "word"}
MAX_TYPED = 400  # characters typed into one field
HINTS = {
    "flag": "on or off",
    "number": "a whole number",
    "word": "a word",
    "numbers": "whole numbers, separated by commas",
    "words": "names, separated by commas",
    "pairs": "pairs in brackets, such as (0, 100), (300, 400)",
}


def kind(default) -> str:
    """How a setting with this default is edited: flag, number, word, numbers, words, pairs."""
    if type(default) is tuple:
        item = default[0] if default else ()
        return (
            "pairs"
            if type(item) is tuple
            else {int: "numbers", str: "words"}.get(type(item), "pairs")
        )
    return KINDS[type(default)]


def text(value) -> str:
    """A setting's value as the form shows it.

    >>> text((10, 20)), text(((0, 100), (300, 400))), text(("ones", "twos")), text(True)
    ('10, 20', '(0, 100), (300, 400)', 'ones, twos', 'on')
    """
    if type(value) is bool:
        return "on" if value else "off"
    if type(value) is tuple:
        return ", ".join(f"({text(item)})" if type(item) is tuple else str(item) for item in value)
    return str(value)


def label(name: str) -> str:
    """A setting's name as words: ``single_five`` -> "single five"."""
    return name.replace("_", " ")


def fields(rules) -> list[dict]:
    """One field per setting of ``rules``, in the dataclass's order: its name, label, kind,
    the text shown, whether it is on (flags), a hint of what to write, the words the presets
    use and the rules' ``WORDS`` list (word settings: suggestions; the rules say what they
    take) and no error yet."""
    shown = []
    for field in dataclasses.fields(rules):
        value = getattr(rules, field.name)
        field_kind = kind(field.default)
        used = {getattr(preset, field.name, None) for preset in type(rules).PRESETS.values()}
        used |= set(type(rules).WORDS.get(field.name, ()))
        choices = sorted(str(word) for word in used - {None}) if field_kind == "word" else []

        shown.append(
            {
                "name": field.name,
                "label": label(field.name),
                "kind": field_kind,
                "text": text(value),
                "on": value if type(value) is bool else False,
                "hint": HINTS[field_kind],
                "choices": choices,
                "error": "",
            }
        )
    return shown


def edit(rules, name: str, typed):
    """``rules`` with setting ``name`` set from what was typed (a bool for a flag).

    Raises the rules' own InvalidInputError (or WrongTypeError) when the value is refused;
    ``rules`` is unchanged either way (it is frozen).
    """
    settings = {field.name: field for field in dataclasses.fields(rules)}
    if name not in settings:
        raise InvalidInputError(f"there is no rule setting called {shown(name)}")
    return rules.replace(**{name: parse(kind(settings[name].default), typed, label(name))})


def parse(field_kind: str, typed, what: str):
    """The value typed into a field of ``field_kind``, as the Rules take it. Text that is
    not a number is passed on as it is, for the rules to refuse with their own sentence.

    >>> parse("numbers", "10, 20,100", "ones"), parse("number", "2.5", "rolls")
    ((10, 20, 100), 2.5)
    """
    if field_kind == "flag" or type(typed) is not str:
        return typed
    if len(typed) > MAX_TYPED:
        raise InvalidInputError(
            f"{what} is at most {MAX_TYPED} characters long", what.replace(" ", "_")
        )
    typed = typed.strip()
    if field_kind == "number":
        return _number(typed)
    if field_kind == "word":
        return typed
    if field_kind == "pairs":
        return _pairs(typed, what)
    items = [item.strip() for item in typed.split(",")] if typed else []
    return tuple(_number(item) for item in items) if field_kind == "numbers" else tuple(items)


def _number(typed: str):
    for convert in (int, float):
        try:
            return convert(typed)
        except ValueError:
            pass
    return typed


def _pairs(typed: str, what: str) -> tuple:
    try:
        value = ast.literal_eval(f"[{typed}]")
    except (SyntaxError, ValueError):
        value = None
    if not isinstance(value, list) or not all(isinstance(item, tuple) for item in value):
        raise InvalidInputError(
            f"write {what} as {HINTS['pairs']}, not {shown(typed)}", what.replace(" ", "_")
        )
    return tuple(value)
