"""Which game a name, a module, a rules object, an engine or a game means.

This is the one place that decides it, for the odds and for the simulations.

>>> from dicelab import thousand
>>> resolve("fivethousand", "farkle").rules.target
10000
>>> resolve(thousand.Rules()).name
'thousand'
>>> resolve(thousand).rules == thousand.Rules()
True
"""

from __future__ import annotations

import importlib
import types
from dataclasses import dataclass

GAMES = ("fivethousand", "thousand", "yahtzee")
SET_ASIDE_GAMES = ("fivethousand", "thousand")


@dataclass(frozen=True)
class GameRules:
    """A game's name and the rules it is played by."""

    name: str
    rules: object

    @property
    def module(self) -> types.ModuleType:
        """The game's package, e.g. ``dicelab.fivethousand``."""
        return importlib.import_module(f"dicelab.{self.name}")


def resolve(game_or_rules, rules=None) -> GameRules:
    """The game and rules meant by ``game_or_rules``.

    ``game_or_rules`` is a game name ("fivethousand", "thousand", "yahtzee"), a game module,
    a ``Rules`` object, or an engine or game (anything with a ``rules`` attribute).
    ``rules`` (a preset name, a dict or a ``Rules``) picks the rules when only the game is
    named; by default the game's default preset.
    """
    thing = game_or_rules
    if isinstance(thing, str):
        path = thing
    elif isinstance(thing, types.ModuleType):
        path = thing.__name__
    else:
        if not isinstance(thing, type) and hasattr(thing, "rules"):
            thing = thing.rules
        path = (thing if isinstance(thing, type) else type(thing)).__module__
    parts = path.split(".")
    name = parts[1] if parts[0] == "dicelab" and len(parts) > 1 else parts[0]
    if name not in GAMES:
        raise ValueError(f"{game_or_rules!r} is not one of the games {', '.join(GAMES)}")
    module = importlib.import_module(f"dicelab.{name}")
    if isinstance(thing, module.Rules):
        if rules is not None:
            raise TypeError("give the rules once: either a Rules object or rules=")
        return GameRules(name, thing)
    return GameRules(name, module.Rules.coerce(rules))


def resolve_set_aside(game_or_rules, rules=None) -> GameRules:
    """Like :func:`resolve`, for Fivethousand or Thousand only."""
    game = resolve(game_or_rules, rules)
    if game.name not in SET_ASIDE_GAMES:
        raise ValueError(f"this is about Fivethousand and Thousand, not {game.name}")
    return game
