"""The published scoring katas, as cases written from their descriptions, against ``greed``.

Both katas count a throw's best points with the dice that score nothing left out
(:func:`fivethousand.best_score`); :func:`fivethousand.score` stays strict.
"""

from __future__ import annotations

import itertools

import pytest

from dicelab import fivethousand, thousand

GREED = fivethousand.Rules.preset("greed")

# Ruby Koans, about_scoring_project: "Greed", up to five dice.
KOANS = [
    ([], 0),
    ([5], 50),
    ([1], 100),
    ([1, 5, 5, 1], 300),
    ([2, 3, 4, 6], 0),
    ([1, 1, 1], 1000),
    ([2, 2, 2], 200),
    ([3, 3, 3], 300),
    ([4, 4, 4], 400),
    ([5, 5, 5], 500),
    ([6, 6, 6], 600),
    ([2, 5, 2, 2, 3], 250),
    ([5, 5, 5, 5], 550),
    ([1, 1, 1, 1], 1100),
    ([1, 1, 1, 1, 1], 1200),
    ([1, 1, 1, 5, 1], 1150),
]

# Codewars "Greed is Good": always five dice; each die counts once.
CODEWARS = [
    ([5, 1, 3, 4, 1], 250),
    ([1, 1, 1, 3, 1], 1100),
    ([2, 4, 4, 5, 4], 450),
    ([2, 3, 4, 6, 2], 0),
    ([4, 4, 4, 3, 3], 400),
    ([2, 2, 2, 3, 3], 200),
    ([3, 3, 3, 2, 2], 300),
    ([5, 5, 5, 2, 3], 500),
    ([6, 6, 6, 2, 3], 600),
    ([1, 1, 1, 2, 3], 1000),
    ([1, 5, 2, 3, 4], 150),
    ([1, 1, 5, 5, 2], 300),
    ([3, 4, 5, 3, 3], 350),
    ([1, 5, 1, 2, 4], 250),
    ([5, 5, 5, 4, 5], 550),
]


@pytest.mark.parametrize("dice, points", KOANS + CODEWARS)
def test_the_katas_score_each_throw_so(dice, points):
    assert fivethousand.best_score(dice, GREED) == points
    assert fivethousand.best_score(dice, "greed") == points


def brute_best(dice, rules) -> int:
    """The best strict score of any part of the throw (0 when none scores), by trying all."""
    parts = (
        part for size in range(1, len(dice) + 1) for part in itertools.combinations(dice, size)
    )
    return max(
        (points for part in parts if (points := rules.combinations().score(part))), default=0
    )


@pytest.mark.parametrize(
    "module, rules",
    [(fivethousand, fivethousand.Rules.preset(name)) for name in fivethousand.PRESETS]
    + [(thousand, thousand.Rules())],
)
def test_best_score_is_the_best_strict_score_of_any_part(module, rules):
    for size in range(rules.dice + 1):
        for dice in itertools.combinations_with_replacement(range(1, 7), size):
            best = module.best_score(dice, rules)
            assert best == brute_best(dice, rules), dice
            strict = module.score(dice, rules)
            # every die scores: at most the best part's points (four 1s doubled, 2000, beat
            # four 1s and a pair of 2s, 1500, under zilch)
            assert strict is None or strict <= best, dice
    if module is fivethousand and rules.more_of_a_kind == "fixed":
        for dice in itertools.combinations_with_replacement(range(1, 7), rules.dice):
            strict = module.score(dice, rules)
            assert strict is None or strict == module.best_score(dice, rules), dice


def test_score_stays_strict_and_bad_dice_are_refused():
    assert fivethousand.score([2, 5, 2, 2, 3], GREED) is None
    assert thousand.score([1, 2, 3, 4, 6]) is None and thousand.best_score([1, 2, 3, 4, 6]) == 10
    for bad in ([0], [7], [True], [1.0], [1] * 6):
        with pytest.raises((ValueError, TypeError)):
            fivethousand.best_score(bad, GREED)
