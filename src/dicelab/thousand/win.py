"""Two-player Thousand played to win: the exact policy with the best chance to win.

``win_policy(rules)`` solves the game for the player to move at every pair of banked scores
(see :mod:`dicelab.setaside.levels`) with the exact finish (reaching the target wins at once),
the burn (more than the target loses the turn's points, like a throw with no combination)
and the casks (no saving inside one until its upper end is reached). Scores never pass the
target, so nothing is capped. With ``choose_keep`` the player also picks the dice to set
aside, and the policy picks them to win.

The dump truck (a save landing exactly on ``dump_truck`` leaves 0 banked) is the one move
that lowers a score, so the levels can't be solved from the top alone: the value of saving
onto the truck, the opponent's chance at (their score, 0), is taken from the solve before
(at first: worth nothing), and the levels are solved again until it no longer changes
(policy iteration over it; two passes when saving onto the truck is never best).

>>> policy = win_policy(Rules(dice=3, target=60, casks=()))
>>> 0.5 < policy.first_player_wins < 1
True
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from dicelab import cache
from dicelab.memo import KEPT, once_per_key
from dicelab.setaside.levels import guess_values, one_unit_up, solve_level
from dicelab.setaside.policy import refuse_unsolved, throw_table
from dicelab.setaside.sweep import PairTurns
from dicelab.setaside.win import WinPolicy, solver_sources
from dicelab.setaside.win_tables import WinBankBits
from dicelab.thousand.engine import Engine, State
from dicelab.thousand.policy import UNSOLVED
from dicelab.thousand.rules import Rules

FORMAT = 2  # bump when the saved arrays change meaning
MAX_PASSES = 50  # solves of every level, with the dump truck; two or three settle it
SETTLED = 1e-15  # the value of saving onto the truck moved no more than this: it is settled


def win_policy(rules=None, *, use_cache: bool = True) -> ThousandWinPolicy:
    """The two-player policy with the best chance to win (solved once per rules, then read
    from memory or the disk cache)."""
    rules = Rules.coerce(rules)
    refuse_unsolved(rules, "win policy", UNSOLVED)
    return _win_policy(rules, use_cache)


@once_per_key(maxsize=KEPT)  # built once, even when two threads ask at once
def _win_policy(rules: Rules, use_cache: bool) -> ThousandWinPolicy:
    return ThousandWinPolicy(rules, use_cache=use_cache)


class ThousandWinPolicy(WinPolicy):
    """The play with the best chance to win a two-player game of Thousand.

    ``start[a, b]`` (units of ``unit`` points, both below ``goal``, the target in units):
    the chance to win of the player about to throw with ``a`` banked against ``b``.
    """

    def __init__(self, rules: Rules, use_cache: bool = True):
        super().__init__(Engine(rules))
        self.rules = rules
        self.throws = throw_table(
            rules.combinations(), rules.dice, "all" if rules.choose_keep else "best"
        )
        self.next_dice = self.throws.next_dice
        self.unit = self.throws.unit
        if rules.target % self.unit:
            raise ValueError(
                f"turns score multiples of {self.unit}: {rules.target} cannot be reached exactly"
            )
        self.goal = rules.target // self.unit
        self._may_bank = np.array(
            [[self._bank_allowed(a, s) for s in range(self.goal + 1)] for a in range(self.goal)]
        )
        identity = {
            "rules": rules.to_dict(),
            "format": FORMAT,
            "code": cache.source_digest(*solver_sources(), _this_module()),
        }
        self.cache_key, self.cache_kind = (identity if use_cache else None), "thousand-win"
        #: after_truck[b]: the opponent's chance at (b, 0), a save onto the truck's value
        self._after_truck: np.ndarray | None = None
        arrays = (
            cache.load_or_compute(identity, self._solve, self.cache_kind)
            if use_cache
            else self._solve()
        )
        self.start = arrays["start"]
        self._after_truck = arrays.get("after_truck")

    def _bank_allowed(self, banked: int, standing: int) -> bool:
        return (
            banked < standing
            and self.rules.cask_blocking(banked * self.unit, (standing - banked) * self.unit)
            is None
        )

    # --- solving ----------------------------------------------------------------------
    @property
    def truck(self) -> int | None:
        """The standing (units) a save can't stay on, the dump truck's, or None."""
        return self.rules.dump_truck // self.unit if self.rules.dump_truck else None

    def _solve(self) -> dict:
        """Every level solved; with the dump truck again, until the value of saving onto it
        (``after_truck[b]``, the opponent's chance at (b, 0)) is the one the solve used, to
        within ``SETTLED``; the values kept are those of the solve with the value it used."""
        if self.truck is None:
            return {"start": self._solve_levels()}
        self._after_truck = np.ones(self.goal)  # at first, saving onto the truck never wins
        for _ in range(MAX_PASSES):
            start = self._solve_levels()
            if np.allclose(start[:, 0], self._after_truck, rtol=0, atol=SETTLED):
                return {"start": start, "after_truck": self._after_truck}
            self._after_truck = start[:, 0]
        raise RuntimeError("the win policy with the dump truck did not settle")

    def _solve_levels(self) -> np.ndarray:
        """Each pair's chance to win, the levels solved from the highest total down."""
        goal = self.goal
        start = np.zeros((goal, goal))
        # A turn depends on the banked score only through its cask: the pair one unit up
        # has the same turn (see ``solve_level``) when its cask is the same (or none).
        casks = [self.rules.cask_at(units * self.unit) for units in range(goal + 1)]
        same_cask = np.array([casks[units] == casks[units + 1] for units in range(goal)])
        above = None  # the level above: its banked scores and how it was solved
        for a, b in self.pairs_by_level():
            guess = 1 - guess_values(start, b, a)
            donors = above and (np.where(same_cask[a], one_unit_up(a, above[0]), -1), above[1])
            level = solve_level(
                self.throws,
                self.next_dice,
                lambda _x, a=a, b=b: self._turns(a, b, start),
                b - a[0],
                np.zeros(len(a)),
                guess,
                donors,
            )
            start[a, b] = level.start
            above = (a, level)
        return start

    def _turns(self, a, b, start, rows: int = 0) -> PairTurns:
        """The turns from banked scores ``a`` against ``b`` (arrays): at ``ends`` the target
        is reached exactly (a win), beyond it the turn burns (worth the bust value); wide
        enough for ``rows`` rows of throw values."""
        ends = self.goal - a
        width = max(int(ends.max()), rows) + int(self.throws.points.max()) + 1
        standing = a[:, None] + np.arange(width)
        inside = standing < self.goal
        bank = np.where(inside, self._saved(b[:, None], standing, start), -np.inf)
        bank = np.where(self._may_bank[a[:, None], np.minimum(standing, self.goal)], bank, -np.inf)
        dice = self.rules.dice + 1
        value_a = np.where(standing == self.goal, 1.0, np.where(inside, bank, 0.0))
        value_a = np.broadcast_to(value_a[:, :, None], value_a.shape + (dice,)).copy()
        value_c = np.broadcast_to((standing > self.goal)[:, :, None] * 1.0, value_a.shape).copy()
        return PairTurns(value_a, value_c, bank, ends)

    def _saved(self, theirs, standing, start=None) -> np.ndarray:
        """The chance to win of saving at ``standing`` against ``theirs`` (units, arrays,
        standings below the target): the opponent's chance at (theirs, the banked score the
        save leaves), onto the dump truck the value the solve used."""
        start = self.start if start is None else start
        standing = np.minimum(standing, self.goal - 1)
        value: np.ndarray = 1 - start[theirs, standing]
        if self._after_truck is None:
            return value
        return np.where(standing == self.truck, 1 - self._after_truck[theirs], value)

    # --- reading ----------------------------------------------------------------------
    @property
    def first_player_wins(self) -> float:
        return float(self.start[0, 0])

    def _scores(self, state: State) -> tuple[int, int]:
        return state.scores[state.player] // self.unit, state.scores[1 - state.player] // self.unit

    def bank_value(self, state: State) -> float:
        mine, theirs = self._scores(state)
        return float(self.bank_values(theirs, mine + state.turn_points // self.unit))

    @cached_property
    def batch_banks(self) -> WinBankBits | None:
        """Whether to bank in every state, one bit each, for the batch robot when the dice
        set themselves aside (None with ``choose_keep``: then it reads the throw tables)."""
        return None if self.rules.choose_keep else WinBankBits(self)

    def bank_values(self, theirs, standing) -> np.ndarray:
        """The chance to win of saving at ``standing`` against ``theirs`` (units, arrays)."""
        return self._saved(np.asarray(theirs), np.asarray(standing))

    def throw_value(self, state: State) -> float:
        """The chance to win when the player throws the dice left now."""
        self.check_two_players(state)
        mine, theirs = self._scores(state)
        return float(
            self.turn_values(mine, theirs)[state.turn_points // self.unit, state.dice_left]
        )

    def ended_value(self, before: State, after: State) -> float:
        if after.is_over:  # exactly the target
            return 1.0
        mine, theirs = self._scores(before)
        return 1.0 - float(self.start[theirs, mine])  # burned

    def pairs_by_level(self):
        """The pairs (a, b) of each total score, highest total first."""
        goal = self.goal
        for total in range(2 * goal - 2, -1, -1):
            a = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
            yield a, total - a

    def level_turns(self, a, b, rows: int = 0) -> PairTurns:
        return self._turns(a, b, self.start, rows)

    def table_rows(self, a, b) -> np.ndarray:
        """Every score below the target: a turn that reaches it has ended."""
        return self.goal - a

    def bust_values(self, a, b) -> np.ndarray:
        return 1.0 - self.start[b, a]

    @property
    def longest_turn(self) -> int:
        return self.goal

    def chance_to_win(self, state: State) -> float:
        self.check_two_players(state)
        if state.is_over:
            return float(state.player in self.engine.winners(state))
        if state.phase in ("throw", "rolling"):
            return self.throw_value(state)
        return self.best(state).value


def _this_module():
    import sys

    return sys.modules[__name__]
