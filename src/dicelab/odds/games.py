"""Which game a name, a module, a rules object, an engine or a game means.

The game comes from :mod:`dicelab.registry`; this adds the rules it is played by, for the
odds and the simulations.

>>> from dicelab import thousand
>>> resolve("fivethousand", "farkle").rules.target
10000
>>> resolve(thousand.Rules()).name
'thousand'
>>> resolve(thousand).rules == thousand.Rules()
True
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from dicelab import registry
from dicelab.ruleset import RuleSet
from dicelab.setaside.combinations import SetAsideRules

GAMES = tuple(registry.GAMES)
SET_ASIDE_GAMES = tuple(name for name, spec in registry.GAMES.items() if spec.set_aside)


RulesT = TypeVar("RulesT", covariant=True)


@dataclass(frozen=True)
class GameRules(Generic[RulesT]):
    """A game's name and the rules it is played by."""

    name: str
    rules: RulesT

    @property
    def module(self) -> types.ModuleType:
        """The game's package, e.g. ``dicelab.fivethousand``."""
        return registry.GAMES[self.name].module


def resolve(game_or_rules, rules=None) -> GameRules[RuleSet]:
    """The game and rules meant by ``game_or_rules``.

    ``game_or_rules`` is a game name ("fivethousand", "thousand", "yahtzee"), a game module,
    a ``Rules`` object, or an engine or game (anything with a ``rules`` attribute).
    ``rules`` (a preset name, a dict or a ``Rules``) picks the rules when only the game is
    named; by default the game's default preset.
    """
    spec = registry.game(game_or_rules)
    thing = game_or_rules
    if not isinstance(thing, (str, type, types.ModuleType)) and hasattr(thing, "rules"):
        thing = thing.rules
    if isinstance(thing, spec.Rules):
        if rules is not None:
            raise TypeError("give the rules once: either a Rules object or rules=")
        return GameRules(spec.name, thing)
    return GameRules(spec.name, spec.Rules.coerce(rules))


def resolve_set_aside(game_or_rules, rules=None) -> GameRules[SetAsideRules]:
    """Like :func:`resolve`, for Fivethousand or Thousand only."""
    game = resolve(game_or_rules, rules)
    if not registry.GAMES[game.name].set_aside:
        raise ValueError(f"this is about Fivethousand and Thousand, not {game.name}")
    return GameRules(game.name, cast(SetAsideRules, game.rules))  # a set-aside game's
