"""What every game provides, as ``typing.Protocol``s: its rules, its engine and its bots.

Algorithms that work for any game (the odds, the engine-path simulator, the RL adapters,
the command line) are written against these, never against one game's classes, and find a
game's parts through :mod:`dicelab.registry`. Each game's classes meet them structurally:

>>> from dicelab import fivethousand, yahtzee
>>> isinstance(fivethousand.Engine(fivethousand.Rules()), Engine)
True
>>> isinstance(yahtzee.Rules(), Rules) and isinstance(yahtzee.BOTS["greedy"](), Bot)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Protocol, runtime_checkable

from dicelab.actions import Action


@runtime_checkable
class Rules(Protocol):
    """A game's frozen settings: presets by name, checked on creation, JSON as a dict."""

    def replace(self, **changes: Any) -> Rules: ...

    def to_dict(self) -> dict[str, Any]: ...

    @property
    def preset_name(self) -> str | None: ...


@runtime_checkable
class State(Protocol):
    """An immutable game state. A chance state waits for dice; otherwise ``player`` moves."""

    @property
    def player(self) -> int: ...

    @property
    def is_chance(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...


@runtime_checkable
class Engine(Protocol):
    """A game's pure transition function, with chance explicit and exact; ``actions`` are
    the classes of its actions."""

    actions: ClassVar[tuple[type[Action], ...]]
    rules: Any

    def __init__(self, rules: Any) -> None: ...

    def initial_state(self, players: int) -> Any: ...

    def action_from_json(self, document: object) -> Action:
        """The action a saved game's JSON describes (IllegalMoveError if it is none)."""
        ...

    def throw_positions(self, state: Any) -> tuple[int, ...]:
        """The places of the dice the throw being made throws."""
        ...

    def throw_number(self, state: Any) -> int:
        """How many throws the turn has had before this one (0 for its first)."""
        ...

    def legal_actions(self, state: Any) -> Sequence[Action]: ...

    def apply(self, state: Any, action: Action) -> Any: ...

    def chance_outcomes(self, state: Any) -> Mapping[tuple[int, ...], Fraction]: ...

    def sample_chance(self, state: Any, rng: random.Random) -> tuple[int, ...]: ...

    def apply_chance(self, state: Any, outcome: tuple[int, ...]) -> Any: ...

    def scores(self, state: Any) -> list[int]:
        """Each seat's score now: the banked points, or the Yahtzee card's total."""
        ...

    def winners(self, state: Any) -> list[int]: ...


@runtime_checkable
class Bot(Protocol):
    """A player: given the engine and a state where it is to move, one legal action.

    The built-in bots also name their level (``level``); a bot that needs slow set-up
    before its first move (solving the game) may have ``prepare(engine, players)``, which
    :meth:`dicelab.game.Game.prepare_bots` calls.
    """

    def choose(self, engine: Any, state: Any, rng: random.Random) -> Action: ...
