"""What the two-player win policies of Fivethousand and Thousand share: the policy's
contract (:class:`WinPolicy`) and the robot that plays it (:class:`SetAsideWinBot`).

The solving is in :mod:`dicelab.setaside.levels` (a level of pairs of scores at a time) and
:mod:`dicelab.setaside.sweep` (one turn of many pairs at once); the batch robot's tables of
every pair at once in :mod:`dicelab.setaside.win_tables`.
"""

from __future__ import annotations

import abc
from functools import cached_property
from typing import Any

import numpy as np

from dicelab.memo import cached_method
from dicelab.setaside.policy import SetAsidePolicy, ThrowTable
from dicelab.setaside.sweep import PairTurns, throw_rows
from dicelab.setaside.win_tables import WinThrowTables


def standing_value(units_needed):
    """What a finished game is worth to the player who needed ``units_needed`` more to
    draw level (array or number): 1 when ahead, 0.5 level (a shared win counts half), 0
    behind.

    >>> standing_value(np.array([-1, 0, 2])).tolist()
    [1.0, 0.5, 0.0]
    """
    return np.where(units_needed < 0, 1.0, np.where(units_needed == 0, 0.5, 0.0))


class WinPolicy(SetAsidePolicy, abc.ABC):
    """A two-player policy that maximises the chance to win of the player to move.

    Subclasses give :meth:`chance_to_win` for every engine state; the options of a state
    (:meth:`options`, :meth:`action`) are then valued by that chance.
    """

    # What a subclass sets when it is built: its rules, the throw table its turns are swept
    # with and the dice each choice leaves to throw, and the solved chances to win about to
    # throw, start[mine, theirs] (units of points).
    rules: Any
    throws: ThrowTable
    next_dice: np.ndarray
    start: np.ndarray
    # What the disk cache keeps the solved policy by (None when it was solved without the
    # cache), and its kind of file; the batch robot's tables are kept beside it.
    cache_key: dict | None = None
    cache_kind: str

    @property
    @abc.abstractmethod
    def first_player_wins(self) -> float:
        """The chance that the first player wins from 0–0, before anyone has thrown."""

    @abc.abstractmethod
    def chance_to_win(self, state) -> float:
        """The chance that the player to move in ``state`` wins (a shared win counts half)."""

    # What a subclass gives to read its turns once solved, in units of points:

    @abc.abstractmethod
    def pairs_by_level(self):
        """The ``(mine, theirs)`` arrays of banked scores of each level, in solving order."""

    @abc.abstractmethod
    def level_turns(self, mine: np.ndarray, theirs: np.ndarray, rows: int = 0) -> PairTurns:
        """The turns of these pairs, wide enough for ``rows`` rows of throw values."""

    @abc.abstractmethod
    def bust_values(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The exact bust value of each pair: the chance to win once the opponent moves."""

    @abc.abstractmethod
    def table_rows(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The rows of throw values each pair's turn can reach (past the last one, every row
        equals it)."""

    def table_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """Every pair of scores (``mine``, ``theirs`` arrays of units) whose turns the batch
        robot may throw in: by default those solved."""
        mine, theirs = zip(*self.pairs_by_level())
        return np.concatenate(mine), np.concatenate(theirs)

    @property
    @abc.abstractmethod
    def longest_turn(self) -> int:
        """The most units at risk a sweep looks at."""

    def throw_tables(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The chance to win by throwing, (pairs, rows, dice + 1) by (units at risk, dice to
        throw), in the turns from banked (safe) ``mine`` against ``theirs`` units (arrays).
        Pair ``l``'s table is its first ``table_rows(mine, theirs)[l]`` rows; each is the same
        number, bit for bit, whichever pairs are asked together."""
        a, c, x = self.throw_parts(mine, theirs)
        return a + c * x[:, None, None]

    def throw_parts(self, mine: np.ndarray, theirs: np.ndarray) -> tuple:
        """:meth:`throw_tables` as ``a + c * x``: the arrays ``a`` and ``c`` (pairs, rows,
        dice + 1) and the pairs' bust values ``x``."""
        rows = int(self.table_rows(mine, theirs).max())
        x = self.bust_values(mine, theirs)
        throw_a, throw_c = throw_rows(
            self.throws, self.next_dice, self.level_turns(mine, theirs, rows), x, rows
        )
        return throw_a, throw_c, x

    @cached_property
    def batch_tables(self) -> WinThrowTables:
        """Every pair's throw table at once, for the batch robot: one per policy, read from
        the disk cache beside it (or computed) at its first look-up."""
        return WinThrowTables(self)

    @cached_method(maxsize=256)
    def turn_values(self, mine: int, theirs: int) -> np.ndarray:
        """The chance to win by throwing, by (units at risk, dice to throw), in a turn from
        banked (safe) ``mine`` against ``theirs`` units; past its last row, every row of
        the turn equals the last one."""
        return self.throw_tables(np.array([mine]), np.array([theirs]))[0]

    def chances(self, state) -> tuple[float, float]:
        """Each seat's chance to win in ``state``, in seat order."""
        mine = self.chance_to_win(state)
        return (mine, 1 - mine) if state.player == 0 else (1 - mine, mine)

    def check_two_players(self, state) -> None:
        if len(state.scores) != 2:
            raise ValueError(f"the win policy is for two players, not {len(state.scores)}")


class SetAsideWinBot:
    """Plays a two-player game for the best chance to win (``policy_for(rules)`` gives the
    game's win policy); with more players it plays like ``fallback``."""

    level = "win"

    def __init__(self, policy_for, fallback):
        self.policy_for = policy_for
        self.fallback = fallback

    def prepare(self, engine, players: int | None = None) -> None:
        """Solve the game now (or read it from the disk cache) rather than at the first move.
        At a table of ``players`` other than two the robot plays like ``fallback`` all game,
        so only the fallback is prepared."""
        if players is None or players == 2:
            self.policy_for(engine.rules)
        elif hasattr(self.fallback, "prepare"):
            self.fallback.prepare(engine, players=players)

    def choose(self, engine, state, rng):
        if len(state.scores) != 2:
            return self.fallback.choose(engine, state, rng)
        return self.policy_for(engine.rules).action(state)


def solver_sources() -> tuple:
    """The shared modules whose code a saved win policy's numbers depend on (with the
    game's own module, they make the policy's cache key)."""
    import sys

    from dicelab.setaside import combinations, levels, policy, sweep, sweep_kernel

    return (sys.modules[__name__], levels, sweep, sweep_kernel, policy, combinations)
