"""Fivethousand's rules as settings, and its presets (``zillions`` is the default).

>>> Rules().preset_name
'zillions'
>>> Rules.preset("farkle").target
10000
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from dicelab.ruleset import RuleSet
from dicelab.setaside import CombinationTable


@dataclass(frozen=True)
class Rules(RuleSet):
    """Every number of the Fivethousand section of the rules, as a setting.

    A combination worth 0 is not used. ``bust_keeps_completed_rounds`` is the Zillions
    rule: a farkle in a bonus round loses only that round's points.
    """

    dice: int = 6
    target: int = 5000
    single_one: int = 100
    single_five: int = 50
    three_ones: int = 1000
    three_of_a_kind_per_pip: int = 100  # three N (N = 2..6) score 100·N
    straight: int = 0  # 1-2-3-4-5-6
    three_pairs: int = 0
    four_of_a_kind: int = 0
    five_of_a_kind: int = 0
    six_of_a_kind: int = 0
    bust_keeps_completed_rounds: bool = True

    def check(self) -> None:
        if not 1 <= self.dice <= 6:
            self.refuse("dice", f"Fivethousand is played with 1 to 6 dice, not {self.dice}")
        if self.target < 1:
            self.refuse("target", "the target must be at least 1 point")
        if not any(len(faces) <= self.dice for faces, _ in self._rows()):
            self.refuse("dice", f"no combination that scores fits in {self.dice} dice: "
                                "every throw would be a farkle")

    @lru_cache(maxsize=None)
    def combinations(self) -> CombinationTable:
        """The scoring combinations of these rules."""
        return CombinationTable.from_rows(self._rows())

    def _rows(self) -> list:
        """Each combination that scores, as (faces, points)."""
        rows = [((1,), self.single_one), ((5,), self.single_five), ((1, 1, 1), self.three_ones)]
        rows += [((face,) * 3, self.three_of_a_kind_per_pip * face) for face in range(2, 7)]
        for size, points in ((4, self.four_of_a_kind), (5, self.five_of_a_kind),
                             (6, self.six_of_a_kind)):
            rows += [((face,) * size, points) for face in range(1, 7)]
        rows.append(((1, 2, 3, 4, 5, 6), self.straight))
        rows += [(tuple(sorted(pairs * 2)), self.three_pairs)
                 for pairs in itertools.combinations(range(1, 7), 3)]
        return [row for row in rows if row[1] > 0]


Rules.PRESETS = {
    "zillions": Rules(),
    "traditional": Rules(bust_keeps_completed_rounds=False),
    "farkle": Rules(target=10000, straight=1500, three_pairs=1500, four_of_a_kind=1000,
                    five_of_a_kind=2000, six_of_a_kind=3000, bust_keeps_completed_rounds=False),
    # the Ruby Koans' Greed (GREED_RULES.txt), as the scoring katas play it; docs/rules.md
    "greed": Rules(dice=5, target=3000, bust_keeps_completed_rounds=False),
}
PRESETS = Rules.PRESETS
