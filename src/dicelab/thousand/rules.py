"""Thousand's rules as settings, and its preset (``classic``).

>>> Rules().casks
((0, 100), (300, 400), (700, 800))
>>> Rules().combinations().score([2, 3, 4, 5, 6])
250
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dicelab.ruleset import RuleSet
from dicelab.setaside import CombinationTable


@dataclass(frozen=True)
class Rules(RuleSet):
    """Every number of the Thousand section of the rules, as a setting.

    ``ones`` and ``fives`` are the points of one to five 1s (or 5s) from one throw; three,
    four and five of another face N score N times the ``*_per_pip`` values. A banked score
    inside a cask [low, high) may only be saved from once it reaches ``high``.
    """

    dice: int = 5
    target: int = 1000
    ones: tuple = (10, 20, 100, 200, 1000)
    fives: tuple = (5, 10, 50, 100, 500)
    three_per_pip: int = 10
    four_per_pip: int = 20
    five_per_pip: int = 100
    low_straight: int = 150  # 1-2-3-4-5
    high_straight: int = 250  # 2-3-4-5-6
    casks: tuple = ((0, 100), (300, 400), (700, 800))
    choose_keep: bool = False

    def __post_init__(self):
        if not 1 <= self.dice <= 6:
            raise ValueError("Thousand is played with 1 to 6 dice")
        if self.target <= 0:
            raise ValueError("the target must be positive")
        for name in ("ones", "fives"):
            points = getattr(self, name)
            if len(points) != 5 or any(type(p) is not int or p < 0 for p in points):
                raise ValueError(f"{name} lists the points of one to five of them")
        for cask in self.casks:
            if (not isinstance(cask, tuple) or len(cask) != 2
                    or not all(type(x) is int for x in cask) or not 0 <= cask[0] < cask[1]):
                raise ValueError(f"a cask is a (low, high) pair with low < high, not {cask!r}")

    @lru_cache(maxsize=None)
    def combinations(self) -> CombinationTable:
        """The scoring combinations of these rules."""
        rows = [((1,) * n, points) for n, points in enumerate(self.ones, start=1)]
        rows += [((5,) * n, points) for n, points in enumerate(self.fives, start=1)]
        for face in (2, 3, 4, 6):
            rows += [((face,) * n, per_pip * face) for n, per_pip in
                     ((3, self.three_per_pip), (4, self.four_per_pip), (5, self.five_per_pip))]
        rows += [((1, 2, 3, 4, 5), self.low_straight), ((2, 3, 4, 5, 6), self.high_straight)]
        return CombinationTable.from_rows(row for row in rows if row[1] > 0 and len(row[0]) <= self.dice)

    def cask_at(self, score: int) -> tuple | None:
        """The cask a banked ``score`` lies in, or None."""
        return next((cask for cask in self.casks if cask[0] <= score < cask[1]), None)


Rules.PRESETS = {"classic": Rules()}
PRESETS = Rules.PRESETS
