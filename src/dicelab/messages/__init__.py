"""Every word a player, student or teacher reads, in each language dicelab speaks.

One catalogue per language (``dicelab/messages/<code>.py``): a ``MESSAGES`` dict from a
message's key ("thousand.saves") to its text, a ``NAME`` (the language's own name), a
``plural(n)`` rule and ``ordinal(n)`` (a place: "1st"). A text is a ``str.format`` pattern whose fields the caller names; where a
language needs more than one form, the text is a dict of forms:

- **plural forms**, chosen by the field ``n``: English has "one" and "other", Russian "one",
  "few" and "many" (1 очко, 2 очка, 5 очков), each language's ``plural`` says which;
- **person forms**, chosen by the field ``who`` (a player's name): "you" when the player is
  spoken to ("You" in English, "Вы" in Russian, see :func:`is_you`), else "other".

>>> say = catalogue("ru")
>>> say.count(1, "point"), say.count(3, "point"), say.count(25, "point"), say.count(11, "point")
('1 очко', '3 очка', '25 очков', '11 очков')
>>> catalogue("en").count(2, "die"), catalogue("en")("table.turn_of", who="You")
('2 dice', 'Your turn')
>>> say("table.turn_of", who="Аня")
'Ход: Аня'

Adding a language is adding one module beside ``en.py`` with every key of ``en.MESSAGES``
(the tests check that every catalogue has every key, with the same fields), and its code to
:data:`LANGUAGES`. The widgets' front end gets its words from the same catalogue (the keys
under ``js.``), so nothing is written twice.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from types import ModuleType

from dicelab.errors import InvalidInputError, WrongTypeError

LANGUAGES = ("en", "ru")  # the catalogues, by language code; the first is the default
DEFAULT = LANGUAGES[0]
FRONT_END = "js."  # the keys of the words the browser draws by itself (see Catalogue.front_end)


class UnknownLanguageError(InvalidInputError):
    """A language dicelab has no catalogue for."""


def language(lang: object) -> str:
    """``lang`` as a known language code ("ru", "ru-RU" and "RU" are "ru"), or
    :class:`UnknownLanguageError` naming the ones there are."""
    if type(lang) is not str:
        raise WrongTypeError(
            f"lang is a language code such as 'en' or 'ru', not {type(lang).__name__}"
        )
    code = lang.strip().lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        raise UnknownLanguageError(
            f"dicelab speaks {', '.join(LANGUAGES)}, not {lang!r}: see the docs to add a language"
        )
    return code


def preferred(accept: str) -> str:
    """The language to speak to a browser whose ``Accept-Language`` (or ``navigator.languages``
    joined by commas) is ``accept``: the first it lists that dicelab speaks, by quality, else
    the default.

    >>> preferred("ru-RU,ru;q=0.9,en-US;q=0.8"), preferred("de, en;q=0.5"), preferred("")
    ('ru', 'en', 'en')
    """
    ranked = []
    for index, item in enumerate(accept.split(",")[:32]):
        tag, _, params = item.strip().partition(";")
        match = re.fullmatch(r"\s*q=([01](?:\.\d{0,3})?)\s*", params) if params else None
        quality = float(match.group(1)) if match else (0.0 if params else 1.0)
        ranked.append((-quality, index, tag.strip()))
    for quality, _, tag in sorted(ranked):
        try:
            if quality < 0:
                return language(tag)
        except UnknownLanguageError:
            continue
    return DEFAULT


def colour_key(name: str) -> str:
    """The key of a player colour's name ("Light Gray"): "colour.light_gray"."""
    return "colour." + name.lower().replace(" ", "_")


def is_you(name: str) -> bool:
    """Whether a player called ``name`` is spoken to rather than about: "You" in any of the
    languages ("Вы" in Russian)."""
    return name.strip().lower() in _you_names()


@cache
def _you_names() -> frozenset[str]:
    return frozenset(catalogue(code)("name.you").lower() for code in LANGUAGES)


class Catalogue:
    """The messages of one language: ``say(key, **fields)`` is the text of ``key`` with its
    fields filled in (its form chosen by ``n`` or ``who``, see the module's docs; a field
    that is a :class:`Said` message is said in this language too)."""

    def __init__(self, module: ModuleType):
        self.lang: str = module.__name__.rsplit(".", 1)[1]
        self.name: str = module.NAME
        self.messages: dict = module.MESSAGES
        self.plural = module.plural
        self.ordinal = module.ordinal  # a place in words: "1st", "1-е"

    def __repr__(self) -> str:
        return f"<dicelab catalogue {self.lang!r} ({self.name}), {len(self.messages)} messages>"

    def __call__(self, key: str, **fields) -> str:
        said = {
            name: in_language(value, self)
            for name, value in fields.items()
            if isinstance(value, Said)
        }
        return self.pattern(key, **fields).format(**{**fields, **said})

    def pattern(self, key: str, **fields) -> str:
        """The pattern of ``key`` in the form ``fields`` ask for, not yet filled in."""
        text = self.messages[key]
        if isinstance(text, dict):
            if "you" in text:
                text = text["you" if is_you(fields["who"]) else "other"]
            else:
                text = text[self.plural(fields["n"])]
        return text

    def count(self, n: int, noun: str) -> str:
        """``n`` and the noun ``count.<noun>`` in the right form: "1 point", "5 очков"."""
        return self(f"count.{noun}", n=n)

    def sentence(self, text: str) -> str:
        """``text`` as a sentence: a capital first letter and a full stop."""
        text = text[:1].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."

    def names(self, names) -> str:
        """Names as a phrase: "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
        names = list(names)
        if len(names) < 2:
            return "".join(names)
        return self("list.and", first=", ".join(names[:-1]), last=names[-1])

    def front_end(self) -> dict[str, str]:
        """The words the browser draws by itself, by key without the ``js.`` (the front end
        fills in their ``{fields}``)."""
        return {
            key[len(FRONT_END) :]: text
            for key, text in self.messages.items()
            if key.startswith(FRONT_END)
        }


class Said(str):
    """A message in English (it is the ``str``) that keeps its ``key`` and ``fields``, so that
    a table can say it in its own language: what the rules give as a refusal's reason, what
    the coach says of a choice. A field may be a ``Said`` too ("throw {dice}" with
    ``dice=Said("count.die", n=3)``); it is said in the same language.

    >>> throw = Said("button.throw", dice=Said("count.die", n=3))
    >>> throw, throw.in_language(catalogue("ru"))
    ('Throw 3 dice', 'Бросить 3 кубика')
    """

    key: str
    fields: dict

    def __new__(cls, key: str, **fields) -> Said:
        said = super().__new__(cls, catalogue(DEFAULT)(key, **fields))
        said.key, said.fields = key, fields
        return said

    def in_language(self, say: Catalogue) -> str:
        """The message as ``say`` says it (its ``Said`` fields too)."""
        return say(self.key, **self.fields)


def in_language(text: object, say: Catalogue) -> str:
    """``text`` (a refusal's reason, an error) in the language of ``say``: a :class:`Said`
    message in its words, anything else as it is."""
    if isinstance(text, BaseException) and text.args:
        text = text.args[0]
    return text.in_language(say) if isinstance(text, Said) else str(text)


@cache
def catalogue(lang: object = DEFAULT) -> Catalogue:
    """The catalogue of ``lang`` (a code, see :func:`language`)."""
    module = importlib.import_module(f"{__name__}.{language(lang)}")
    return Catalogue(module)
