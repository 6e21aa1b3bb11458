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
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

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


StateT = TypeVar("StateT", bound=State)


@runtime_checkable
class Engine(Protocol[StateT]):
    """A game's pure transition function over its states ``StateT``, with chance explicit
    and exact; ``actions`` are the classes of its actions."""

    actions: ClassVar[tuple[type[Action], ...]]

    def __init__(self, rules: Any) -> None: ...

    @property
    def rules(self) -> Rules: ...

    def initial_state(self, players: int) -> StateT: ...

    def action_from_json(self, document: object) -> Action:
        """The action a saved game's JSON describes (IllegalMoveError if it is none)."""
        ...

    def throw_positions(self, state: StateT) -> tuple[int, ...]:
        """The places of the dice the throw being made throws."""
        ...

    def throw_number(self, state: StateT) -> int:
        """How many throws the turn has had before this one (0 for its first)."""
        ...

    def legal_actions(self, state: StateT) -> Sequence[Action]: ...

    def apply(self, state: StateT, action: Action) -> StateT: ...

    def chance_outcomes(self, state: StateT) -> Mapping[tuple[int, ...], Fraction]: ...

    def sample_chance(self, state: StateT, rng: random.Random) -> tuple[int, ...]: ...

    def apply_chance(self, state: StateT, outcome: tuple[int, ...]) -> StateT: ...

    def scores(self, state: StateT) -> list[int]:
        """Each seat's score now: the banked points, or the Yahtzee card's total."""
        ...

    def winners(self, state: StateT) -> list[int]: ...


@runtime_checkable
class Bot(Protocol):
    """A player: given the engine and a state where it is to move, one legal action.

    The built-in bots also name their level (``level``); a bot that needs slow set-up
    before its first move (solving the game) may have ``prepare(engine, players)``, which
    :meth:`dicelab.game.Game.prepare_bots` calls.
    """

    def choose(self, engine: Any, state: Any, rng: random.Random) -> Action: ...


@runtime_checkable
class PreparingBot(Bot, Protocol):
    """A bot with slow set-up to do before its first move (solving the game), done by
    :meth:`dicelab.game.Game.prepare_bots` when asked for."""

    def prepare(self, engine: Any, players: int) -> None: ...


class Player(Protocol):
    """A seat at a game: a name, and the level of the bot playing it (None: a person)."""

    @property
    def name(self) -> str: ...

    @property
    def bot(self) -> str | None: ...


class Event(Protocol):
    """What happened: who played which action, and the dice it threw (None: it threw none)."""

    @property
    def player(self) -> int: ...

    @property
    def action(self) -> Action: ...

    @property
    def dice(self) -> tuple[int, ...] | None: ...


class Game(Protocol):
    """A game in progress (:class:`dicelab.game.Game`): seeded dice, history, undo, saves."""

    @property
    def rules(self) -> Rules: ...

    @property
    def engine(self) -> Engine[State]: ...

    @property
    def state(self) -> State: ...

    @property
    def players(self) -> tuple[Player, ...]: ...

    @property
    def seed(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> Sequence[Player]: ...

    def legal_actions(self) -> list[Action]: ...

    def play(self, action: Action) -> Event: ...

    def play_bot(self) -> Event: ...

    def play_bots(self) -> Sequence[Event]: ...

    def bots_to_prepare(self) -> list[str]: ...

    def prepare_bots(self) -> None: ...

    def to_json(self) -> str: ...


class GameType(Protocol):
    """A game's driver class: made from ``players=``, ``rules=`` and ``seed=``, or read
    from a save; ``BOTS`` maps each bot level to what makes its bot."""

    BOTS: Mapping[str, Callable[[], Bot]]

    def __call__(self, players: Any = None, rules: Any = None, seed: int | None = None) -> Game: ...

    def from_json(self, text: str) -> Game: ...


class WinPolicy(Protocol):
    """An exact two-player policy playing for the win: the first player's chance to win
    when both play it, and the chance to win of the player to move in any state."""

    @property
    def first_player_wins(self) -> float: ...

    def chance_to_win(self, state: Any) -> float: ...
