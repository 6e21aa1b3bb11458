"""The games dicelab plays, each described once: the one place that maps a game's name to
its parts, so that nothing else dispatches on names, module paths or rules classes.

>>> [spec.title for spec in GAMES.values()]
['Fivethousand', 'Thousand', 'Yahtzee']
>>> game("thousand").Engine.__name__, game("thousand").set_aside
('Engine', True)
>>> from dicelab import yahtzee
>>> game(yahtzee.Rules()).name, game(yahtzee).name, game(yahtzee.Game()).name
('yahtzee', 'yahtzee', 'yahtzee')
"""

from __future__ import annotations

import importlib
import types
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameSpec:
    """One game: its name, title, kind and where its parts are. The parts are imported when
    first asked for, so ``import dicelab`` stays quick."""

    name: str
    title: str
    set_aside: bool  # Fivethousand and Thousand: set scoring dice aside, bank or throw on
    batch: str  # the batch simulator's module for this game

    @property
    def module(self) -> types.ModuleType:
        """The game's package, e.g. ``dicelab.fivethousand``."""
        return importlib.import_module(f"dicelab.{self.name}")

    @property
    def Rules(self) -> Any:
        return self.module.Rules

    @property
    def Engine(self) -> Any:
        return self.module.Engine

    @property
    def Game(self) -> Any:
        return self.module.Game

    @property
    def bots(self) -> dict[str, Any]:
        """The game's bot levels: name -> a class or factory making the bot."""
        bots: dict[str, Any] = self.module.BOTS
        return bots

    def win_policy(self, rules: Any) -> Any:
        """The exact two-player win policy of these rules (set-aside games only)."""
        if not self.set_aside:
            raise ValueError(f"{self.title} has no two-player win policy table")
        return importlib.import_module(f"dicelab.{self.name}.win").win_policy(rules)


GAMES: dict[str, GameSpec] = {
    "fivethousand": GameSpec(
        "fivethousand", "Fivethousand", True, "dicelab.simulate.setaside_batch"
    ),
    "thousand": GameSpec("thousand", "Thousand", True, "dicelab.simulate.setaside_batch"),
    "yahtzee": GameSpec("yahtzee", "Yahtzee", False, "dicelab.simulate.yahtzee_batch"),
}


def game(thing: Any) -> GameSpec:
    """The game ``thing`` belongs to: a game's name, its package, or any of its objects
    (rules, an engine, a game, a state's engine...), found by the package that defines it.

    >>> game("chess")
    Traceback (most recent call last):
    ...
    ValueError: 'chess' is not one of the games fivethousand, thousand, yahtzee
    """
    if isinstance(thing, str):
        path = thing
    elif isinstance(thing, types.ModuleType):
        path = thing.__name__
    else:
        owner = thing.rules if not isinstance(thing, type) and hasattr(thing, "rules") else thing
        path = (owner if isinstance(owner, type) else type(owner)).__module__
    parts = path.split(".")
    name = parts[1] if parts[0] == "dicelab" and len(parts) > 1 else parts[0]
    if name not in GAMES:
        raise ValueError(f"{thing!r} is not one of the games {', '.join(GAMES)}")
    return GAMES[name]
