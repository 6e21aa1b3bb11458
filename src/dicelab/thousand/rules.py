"""Thousand's rules as settings, and its preset (``classic``).

>>> Rules().casks
((0, 100), (300, 400), (700, 800))
>>> Rules().combinations().score([2, 3, 4, 5, 6])
250
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, overload

import numpy as np
from numpy.typing import ArrayLike

from dicelab import validation
from dicelab.ruleset import RuleSet
from dicelab.setaside import CombinationTable
from dicelab.setaside.house import FIRST_PLAYERS, check_ends, check_exact_target, check_penalty
from dicelab.setaside.turn import TurnRules, as_given


@dataclass(frozen=True)
class Rules(TurnRules, RuleSet):
    """Every number of the Thousand section of the rules, as a setting.

    ``ones`` and ``fives`` are the points of one to five 1s (or 5s) from one throw; three,
    four and five of another face N score N times the ``*_per_pip`` values. A banked score
    inside a cask [low, high) may only be saved from once it reaches ``high`` (the first
    cask, from 0, is the opening: a player gets on the board with a turn reaching its end).

    Russian table rules: "bolts", the ``penalty_after``-th scoreless turn in a row (a
    farkle or a burn) costs ``penalty`` points (never below 0); the "dump truck": a banked
    score landing exactly on ``dump_truck`` (when not 0) goes back to 0. ``first_player``
    "random" lets chance pick who starts, as the original app does.
    """

    score_floor = 0  # a penalty never takes a Thousand score below 0
    exact_finish = True  # a turn reaching the target exactly wins; one beyond it burns
    opening = 0  # no bank minimum to get on the board: the casks (from 0) play that part

    dice: int = 5
    target: int = 1000
    ones: tuple[int, ...] = (10, 20, 100, 200, 1000)
    fives: tuple[int, ...] = (5, 10, 50, 100, 500)
    three_per_pip: int = 10
    four_per_pip: int = 20
    five_per_pip: int = 100
    low_straight: int = 150  # 1-2-3-4-5
    high_straight: int = 250  # 2-3-4-5-6
    casks: tuple[tuple[int, int], ...] = ((0, 100), (300, 400), (700, 800))
    choose_keep: bool = False
    first_player: str = "fixed"
    penalty: int = 0
    penalty_after: int = 3
    dump_truck: int = 0

    def check(self) -> None:
        if not 1 <= self.dice <= 6:
            self.refuse("dice", f"Thousand is played with 1 to 6 dice, not {self.dice}")
        if self.target < 1:
            self.refuse("target", "the target must be at least 1 point")
        validation.one_of(self.first_player, FIRST_PLAYERS, "first player", setting="first_player")
        check_penalty(self)
        if self.dump_truck >= self.target:
            self.refuse(
                "dump_truck",
                f"the dump truck ({self.dump_truck}) must be below the target ({self.target}), or 0 for none",
            )
        for name in ("ones", "fives"):
            if len(getattr(self, name)) != 5:
                self.refuse(name, f"{name} lists the points of one to five of them: five numbers")
        if not self._rows():
            self.refuse("dice", f"no combination that scores fits in {self.dice} dice")
        check_exact_target(self, CombinationTable.from_rows(self._rows()))
        previous_high = 0
        for cask in self.casks:
            if len(cask) != 2 or not previous_high <= cask[0] < cask[1] <= self.target:
                self.refuse(
                    "casks",
                    "casks are (low, high) pairs with low < high, in increasing "
                    f"order, not overlapping and inside the target, not {cask!r}",
                )
            previous_high = cask[1]
        check_ends(self, CombinationTable.from_rows(self._rows()))

    def combinations(self) -> CombinationTable:
        """The scoring combinations of these rules (worked out once for equal rules)."""
        return _combinations(self)

    def _rows(self) -> list[tuple[tuple[int, ...], int]]:
        """Each combination that scores and fits in the dice, as (faces, points)."""
        rows = [((1,) * n, points) for n, points in enumerate(self.ones, start=1)]
        rows += [((5,) * n, points) for n, points in enumerate(self.fives, start=1)]
        for face in (2, 3, 4, 6):
            rows += [
                ((face,) * n, per_pip * face)
                for n, per_pip in (
                    (3, self.three_per_pip),
                    (4, self.four_per_pip),
                    (5, self.five_per_pip),
                )
            ]
        rows += [((1, 2, 3, 4, 5), self.low_straight), ((2, 3, 4, 5, 6), self.high_straight)]
        return [row for row in rows if row[1] > 0 and len(row[0]) <= self.dice]

    # --- the cask rule: every engine, policy, batch bot and widget asks these ------------
    def cask_at(self, score: int) -> tuple[int, int] | None:
        """The cask a banked ``score`` lies in, or None.

        >>> Rules().cask_at(350), Rules().cask_at(400)
        ((300, 400), None)
        """
        return next((cask for cask in self.casks if cask[0] <= score < cask[1]), None)

    def cask_blocking(self, banked: int, turn_points: int) -> tuple[int, int] | None:
        """The cask that forbids saving ``turn_points`` on a banked score of ``banked``, or
        None when the save is allowed: inside a cask, a player saves only once the turn
        reaches its upper end.

        >>> Rules().cask_blocking(300, 60), Rules().cask_blocking(300, 100)
        ((300, 400), None)
        """
        cask = self.cask_at(banked)
        return cask if cask and banked + turn_points < cask[1] else None

    def casks_at(self, scores: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`cask_at` for an array of scores: the low and high ends of each score's
        cask, both -1 where a score lies in none.

        >>> [ends.tolist() for ends in Rules().casks_at([50, 100, 350])]
        [[0, -1, 300], [100, -1, 400]]
        """
        lows, highs, _ = _cask_ends(self.casks)
        at = np.asarray(scores) + 1
        return lows.take(at, mode="clip"), highs.take(at, mode="clip")

    def casks_allow_saving(self, banked: ArrayLike, turn_points: ArrayLike) -> np.ndarray:
        """:meth:`cask_blocking` for arrays (the batch simulator's form): True where the
        save is allowed.

        >>> Rules().casks_allow_saving([300, 300, 500], [60, 100, 5]).tolist()
        [False, True, True]
        """
        scores = np.asarray(banked)
        allowed: np.ndarray = scores + np.asarray(turn_points) >= self.save_needs(scores)
        return allowed

    def save_needs(self, banked: ArrayLike) -> np.ndarray:
        """The standing a save from each banked score needs (:meth:`casks_allow_saving`):
        its cask's upper end, -2**62 where it lies in none.

        >>> Rules().save_needs([50, 100, 350]).tolist()[::2]
        [100, 400]
        """
        needs: np.ndarray = _cask_ends(self.casks)[2].take(np.asarray(banked) + 1, mode="clip")
        return needs

    # --- the turn's transitions (setaside.turn.TurnRules) that Thousand changes -------------
    def turn_needs(self, banked: ArrayLike, on_board: object = True) -> Any:
        """The turn points a save from ``banked`` needs (:meth:`save_needs`): to its cask's
        upper end; none (a number below any turn's points) where it lies in no cask.

        >>> Rules().turn_needs(350), Rules().turn_needs(150) <= 0
        (50, True)
        """
        return as_given(self.save_needs(banked) - banked)

    @overload
    def landed(self, score: int) -> int: ...

    @overload
    def landed(self, score: np.ndarray) -> np.ndarray: ...

    def landed(self, score: Any) -> Any:
        """A banked score after the dump truck (numbers or numpy arrays): landing exactly
        on ``dump_truck`` sends it back to 0.

        >>> Rules(dump_truck=555).landed(np.array([555, 560])).tolist(), Rules(dump_truck=555).landed(555)
        ([0, 560], 0)
        """
        if not self.dump_truck:
            return score
        return as_given(np.where(np.asarray(score) == self.dump_truck, 0, score))


Rules.PRESETS = {"classic": Rules()}
Rules.WORDS = {"first_player": FIRST_PLAYERS}
PRESETS = Rules.PRESETS


@cache
def _combinations(rules: Rules) -> CombinationTable:
    return CombinationTable.from_rows(rules._rows())


@cache
def _cask_ends(casks: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The low and high ends of the cask holding each score (-1 where none), and the
    standing a save from it needs (the high end; -2**62 where none), by score + 1
    from -1 (for every score below 0) to the last cask's top (for every score from there);
    casks lie between 0 and the target, in order, apart."""
    scores = np.arange(-1, max((high for _, high in casks), default=0) + 1)
    lows, highs = np.full(len(scores), -1, dtype=np.int64), np.full(len(scores), -1, dtype=np.int64)
    for low, high in casks:
        inside = (low <= scores) & (scores < high)
        lows[inside], highs[inside] = low, high
    needs = np.where(highs < 0, -(2**62), highs)  # (far below, and no overflow less a score)
    for table in (lows, highs, needs):
        table.flags.writeable = False  # shared by every caller
    return lows, highs, needs
