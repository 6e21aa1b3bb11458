"""Exact odds of one throw in a set-aside game, read from its combination table.

>>> from dicelab.fivethousand import Rules
>>> summary = throw_summary(Rules().combinations(), 6)
>>> summary.bust
Fraction(5, 162)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from dicelab import dice as _dice
from dicelab.setaside.combinations import CombinationTable


@dataclass(frozen=True)
class ThrowSummary:
    """The chance that ``n`` dice score nothing, and the mean of the best points they score."""

    dice: int
    bust: Fraction
    mean_best_points: Fraction  # over all outcomes, a bust counting 0


@cache
def throw_summary(table: CombinationTable, n: int) -> ThrowSummary:
    bust = Fraction(0)
    mean = Fraction(0)
    for throw, p in _dice.outcomes(n).items():
        best = table.best_choice(throw)
        if best is None:
            bust += p
        else:
            mean += p * best[1]
    return ThrowSummary(n, bust, mean)
