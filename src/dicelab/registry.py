"""The games dicelab plays, each described once: the one place that maps a game's name to
its parts and says what the game has, so that nothing else dispatches on names, module
paths, rules classes or ``hasattr``.

As OpenSpiel's ``GameType`` does, each :class:`GameSpec` declares its game's capabilities
(a last turn, casks, the set-aside family, its exact policies, its class activities...)
and where the parts that live above the rules are (its batch simulator, its robots' batch
forms, its widget, its handout), by name, imported only when asked for.

>>> [spec.title for spec in GAMES.values()]
['Fivethousand', 'Thousand', 'Yahtzee']
>>> game("thousand").Engine.__name__, game("thousand").set_aside, game("thousand").casks
('Engine', True, True)
>>> [spec.name for spec in GAMES.values() if spec.final_turn]
['fivethousand']
>>> from dicelab import yahtzee
>>> game(yahtzee.Rules()).name, game(yahtzee).name, game(yahtzee.Game()).name
('yahtzee', 'yahtzee', 'yahtzee')
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple, TypeVar, cast

from dicelab import protocols
from dicelab.ruleset import RuleSet

T = TypeVar("T")


class LostTurn(NamedTuple):
    """What a game calls a turn that ends with its points lost."""

    name: str  # on a printed sheet: "a farkle", "a burn"
    called: str  # called out at the table when it happens: "farkle", "burned"


class Robot(NamedTuple):
    """A robot's seat at a table: its name (a key of :mod:`dicelab.messages`, said in the
    table's language) and its bot level."""

    name: str
    bot: str


def load(where: str, kind: type[T]) -> T:
    """The ``kind`` of object ``where`` names, as ``"package.module:name"`` (imported now).

    >>> load("dicelab.registry:GAMES", dict) is GAMES
    True
    """
    module, _, name = where.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not isinstance(found, kind):
        raise TypeError(f"{where} is a {type(found).__name__}, not a {kind.__name__}")
    return found


@dataclass(frozen=True)
class GameSpec:
    """One game: its name and title, what it has, and where its parts are. The parts are
    imported when first asked for, so ``import dicelab`` stays quick."""

    name: str
    title: str
    set_aside: bool  # the set-aside family: set scoring dice aside, bank or throw on
    final_turn: bool  # once a player reaches the target, every other player has a last turn
    casks: bool  # banked scores in a band may bank only by leaving it
    lost_turn: LostTurn | None  # the turn whose points are lost (None: a game without one)
    # the exact policies it has: "optimal" (points a turn), "win" (two players),
    # "fewest_turns" (a player alone reaching the target exactly)
    policies: tuple[str, ...]
    batch: str  # the batch simulator's module
    batch_forms: (
        str | None
    )  # its own robots' batch forms on the set-aside batch path, "module:name"
    widget: str  # its AnyWidget, "module:class"
    handout: str  # its printable class sheet, "module:name"
    figures: str  # what its rule lab works out (a tuple of rule_figures.Figure), "module:name"
    aec: str  # its PettingZoo AEC environment, "module:class"
    # its class activities: "against_robot" (a whole game against a robot), "duplicate"
    # (everyone alone on the same dice, beside the optimal robot)
    activities: tuple[str, ...]
    demo: tuple[Robot, ...]  # the robots of a demo game (``dicelab demo``)

    @property
    def module(self) -> types.ModuleType:
        """The game's package, e.g. ``dicelab.fivethousand``."""
        return importlib.import_module(f"dicelab.{self.name}")

    @property
    def Rules(self) -> type[RuleSet]:
        """The game's rules class."""
        return cast("type[RuleSet]", self.module.Rules)

    @property
    def Engine(self) -> Callable[[RuleSet], protocols.Engine[protocols.State]]:
        """The game's engine class: made from its rules."""
        return cast("Callable[[RuleSet], protocols.Engine[protocols.State]]", self.module.Engine)

    @property
    def Game(self) -> protocols.GameType:
        """The game's driver class (a :class:`dicelab.game.Game`)."""
        return cast("protocols.GameType", self.module.Game)

    @property
    def bots(self) -> Mapping[str, Callable[[], protocols.Bot]]:
        """The game's bot levels: name -> a class or factory making the bot."""
        return cast("Mapping[str, Callable[[], protocols.Bot]]", self.module.BOTS)

    def win_policy(self, rules: RuleSet) -> protocols.WinPolicy:
        """The exact two-player win policy of these rules (for a game with one)."""
        if "win" not in self.policies:
            raise ValueError(f"{self.title} has no two-player win policy table")
        module = importlib.import_module(f"dicelab.{self.name}.win")
        return cast("protocols.WinPolicy", module.win_policy(rules))


GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        GameSpec(
            "fivethousand",
            "Fivethousand",
            set_aside=True,
            final_turn=True,
            casks=False,
            lost_turn=LostTurn("a farkle", "farkle"),
            policies=("optimal", "win"),
            batch="dicelab.simulate.setaside_batch",
            batch_forms="dicelab.simulate.setaside_bots:FIVETHOUSAND",
            widget="dicelab.widgets:FivethousandGame",
            handout="dicelab.handout:FIVETHOUSAND",
            figures="dicelab.widgets.rule_figures:FIVETHOUSAND",
            aec="dicelab.rl.aec:FivethousandAEC",
            activities=("against_robot",),
            demo=(Robot("demo.robot_a", "intelligent"), Robot("demo.robot_b", "simple")),
        ),
        GameSpec(
            "thousand",
            "Thousand",
            set_aside=True,
            final_turn=False,
            casks=True,
            lost_turn=LostTurn("a burn", "burned"),
            policies=("optimal", "win", "fewest_turns"),
            batch="dicelab.simulate.setaside_batch",
            batch_forms="dicelab.simulate.setaside_bots:THOUSAND",
            widget="dicelab.widgets:ThousandGame",
            handout="dicelab.handout:THOUSAND",
            figures="dicelab.widgets.rule_figures:THOUSAND",
            aec="dicelab.rl.aec:ThousandAEC",
            activities=("against_robot",),
            demo=(Robot("demo.cask_aware", "cask_aware"), Robot("demo.simple", "simple")),
        ),
        GameSpec(
            "yahtzee",
            "Yahtzee",
            set_aside=False,
            final_turn=False,
            casks=False,
            lost_turn=None,
            policies=("optimal",),
            batch="dicelab.simulate.yahtzee_batch",
            batch_forms=None,
            widget="dicelab.widgets:YahtzeeGame",
            handout="dicelab.handout:YAHTZEE",
            figures="dicelab.widgets.rule_figures:YAHTZEE",
            aec="dicelab.rl.aec:YahtzeeAEC",
            activities=("against_robot", "duplicate"),
            demo=(Robot("demo.greedy", "greedy"), Robot("demo.random", "random")),
        ),
    )
}


def game(thing: object) -> GameSpec:
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
