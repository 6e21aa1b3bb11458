"""What the two-player win policies of Fivethousand and Thousand share: the policy's
contract (:class:`WinPolicy`) and the robot that plays it (:class:`SetAsideWinBot`).

The solving is in :mod:`dicelab.setaside.levels` (a level of pairs of scores at a time) and
:mod:`dicelab.setaside.sweep` (one turn of many pairs at once).
"""

from __future__ import annotations

import abc
from functools import lru_cache

import numpy as np

from dicelab.setaside.policy import SetAsidePolicy
from dicelab.setaside.sweep import PairTurns, throw_rows


class WinPolicy(SetAsidePolicy, abc.ABC):
    """A two-player policy that maximises the chance to win of the player to move.

    Subclasses give :meth:`chance_to_win` for every engine state; the options of a state
    (:meth:`options`, :meth:`action`) are then valued by that chance.
    """

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

    @property
    @abc.abstractmethod
    def longest_turn(self) -> int:
        """The most units at risk a sweep looks at."""

    def throw_tables(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The chance to win by throwing, (pairs, rows, dice + 1) by (units at risk, dice to
        throw), in the turns from banked (safe) ``mine`` against ``theirs`` units (arrays).
        Pair ``l``'s table is its first ``table_rows(mine, theirs)[l]`` rows; each is the same
        number, bit for bit, whichever pairs are asked together."""
        rows = int(self.table_rows(mine, theirs).max())
        x = self.bust_values(mine, theirs)
        throw_a, throw_c = throw_rows(
            self.throws, self.next_dice, self.level_turns(mine, theirs, rows), x, rows
        )
        return throw_a + throw_c * x[:, None, None]

    @lru_cache(maxsize=256)
    def turn_values(self, mine: int, theirs: int) -> np.ndarray:
        """The chance to win by throwing, by (units at risk, dice to throw), in a turn from
        banked (safe) ``mine`` against ``theirs`` units; past its last row, every row of
        the turn equals the last one."""
        return self.throw_tables(np.array([mine]), np.array([theirs]))[0]

    def decision_arrays(self) -> dict:
        """Every decision as look-up arrays, for a batch simulator (units of points):

        ``throw[m, b, r, n]`` (float32): the chance to win of throwing ``n`` dice now with
        ``m`` banked (safe) and ``r`` at risk against ``b``; ``bank[m, b, r]``: of banking
        ``r`` (``-inf`` where the rules forbid it). Throw iff ``throw > bank``; set aside
        the dice whose resulting state is worth most. Entries past the rows a turn can
        reach (:meth:`turn_values`) are 0.
        """
        size = (self.start.shape[0], self.start.shape[1], self.longest_turn + 1)
        throw = np.zeros(size + (self.rules.dice + 1,), dtype=np.float32)
        bank = np.zeros(size, dtype=np.float32)
        for mine, theirs in self.pairs_by_level():
            rows = np.minimum(self.table_rows(mine, theirs), size[2])
            top = int(rows.max())
            reached = np.arange(top) < rows[:, None]
            turns = self.level_turns(mine, theirs, top)
            tables = self.throw_tables(mine, theirs)[:, :top]
            throw[mine, theirs, :top] = np.where(reached[:, :, None], tables, 0.0)
            bank[mine, theirs, :top] = np.where(reached, turns.bank[:, :top], 0.0)
        return {"throw": throw, "bank": bank}

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

    from dicelab.setaside import combinations, levels, policy, sweep, sweep_arrays

    return (sys.modules[__name__], levels, sweep, sweep_arrays, policy, combinations)
