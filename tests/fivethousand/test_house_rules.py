"""The house-rule settings of Fivethousand's scoring (more of a kind as multiples of the
triple, four of a kind and a pair, two triplets) against independent brute force: every
throw's points by trying every split, a turn's best expected points and a last turn's best
chance by plain recursion over the multisets of a throw."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import pytest

from dicelab import fivethousand
from dicelab.errors import InvalidInputError
from dicelab.fivethousand import Rules, final_turn_policy, turn_policy
from tests.setaside_partitions import best_split, every_throw

HOUSE = {
    "doubling": Rules(more_of_a_kind="doubling"),
    "adding": Rules(more_of_a_kind="adding", bust_keeps_completed_rounds=False),
    "six-dice": Rules(
        four_of_a_kind_and_pair=1500,
        two_triplets=2500,
        three_pairs=750,
        bust_keeps_completed_rounds=False,
    ),
    "all": Rules(
        more_of_a_kind="doubling", four_of_a_kind_and_pair=1500, two_triplets=2500, straight=1500
    ),
}


def triple(face: int) -> int:
    return 1000 if face == 1 else 100 * face


def block_points(block, rules: Rules):
    """One block's points under ``rules``, written out from the settings' descriptions."""
    n, tally = len(block), Counter(block)
    if n == 1:
        return {1: 100, 5: 50}.get(block[0])
    if len(tally) == 1 and n >= 3:
        times = {"doubling": 2 ** (n - 3), "adding": n - 2}.get(
            rules.more_of_a_kind, 1 if n == 3 else None
        )
        return None if times is None else times * triple(block[0])
    shape = sorted(tally.values())
    if shape == [2, 4] and rules.four_of_a_kind_and_pair:
        return rules.four_of_a_kind_and_pair
    if shape == [3, 3] and rules.two_triplets:
        return rules.two_triplets
    if shape == [2, 2, 2] and rules.three_pairs:
        return rules.three_pairs
    if block == (1, 2, 3, 4, 5, 6) and rules.straight:
        return rules.straight
    return None


@pytest.mark.parametrize("name", list(HOUSE))
def test_every_throw_scores_its_best_split(name):
    rules = HOUSE[name]
    for throw in every_throw(6):
        assert fivethousand.score(throw, rules) == best_split(
            throw, lambda b: block_points(b, rules)
        ), throw


def test_the_settings_score_as_described():
    doubling, adding, six = HOUSE["doubling"], HOUSE["adding"], HOUSE["six-dice"]
    assert [fivethousand.score([3] * n, doubling) for n in (3, 4, 5, 6)] == [300, 600, 1200, 2400]
    assert [fivethousand.score([3] * n, adding) for n in (3, 4, 5, 6)] == [300, 600, 900, 1200]
    assert fivethousand.score([1] * 4, doubling) == 2000  # beats a triple and a single (1100)
    assert fivethousand.score([2, 2, 2, 2, 6, 6], six) == 1500
    assert fivethousand.score([2, 2, 2, 6, 6, 6], six) == 2500
    assert fivethousand.score([2, 2, 2, 2, 6, 6], Rules()) is None


@pytest.mark.parametrize(
    "settings, words",
    [
        (
            {"more_of_a_kind": "doubling", "four_of_a_kind": 1000},
            ["four_of_a_kind", "more_of_a_kind"],
        ),
        (
            {"more_of_a_kind": "adding", "five_of_a_kind": 2000, "six_of_a_kind": 3000},
            ["five_of_a_kind and six_of_a_kind", "more_of_a_kind"],
        ),
        ({"dice": 5, "two_triplets": 2500}, ["two_triplets", "dice"]),
        ({"dice": 4, "four_of_a_kind_and_pair": 1500}, ["four_of_a_kind_and_pair", "dice"]),
        ({"more_of_a_kind": "tripling"}, ["more of a kind", "fixed, doubling, adding"]),
    ],
)
def test_settings_that_do_not_fit_together_are_refused_by_name(settings, words):
    with pytest.raises(InvalidInputError) as refused:
        Rules(**settings)
    assert all(word in str(refused.value) for word in words)


def outcomes(n: int):
    """Every multiset of ``n`` dice with its number of orderings (of 6 ** n)."""
    for throw in itertools.combinations_with_replacement(range(1, 7), n):
        yield (
            throw,
            math.factorial(n) // math.prod(math.factorial(c) for c in Counter(throw).values()),
        )


def choices_of(rules: Rules):
    @cache
    def choices(throw):
        """Every (points, dice set aside) of a throw, by the independent scorer."""
        found = set()
        for size in range(1, len(throw) + 1):
            for part in set(itertools.combinations(throw, size)):
                points = best_split(part, lambda b: block_points(b, rules))
                if points:
                    found.add((points, size))
        return found

    return choices


def brute_turn(rules: Rules, cap: int) -> float:
    """The best expected points of a traditional turn, banking at ``cap`` at the latest."""
    dice, choices = rules.dice, choices_of(rules)

    @cache
    def throw(at_risk, left):
        total = 0
        for outcome, ways in outcomes(left):
            options = [
                at_risk + p
                if at_risk + p >= cap
                else max(at_risk + p, throw(at_risk + p, left - k or dice))
                for p, k in choices(outcome)
            ]
            total += ways * max(options, default=0)
        return total / 6**left

    return throw(0, dice)


def brute_chance(rules: Rules, need: int) -> float:
    """The best chance to score at least ``need`` in one traditional turn."""
    dice, choices = rules.dice, choices_of(rules)

    @cache
    def throw(turn, left):
        total = 0
        for outcome, ways in outcomes(left):
            total += ways * max(
                (
                    1.0 if turn + p >= need else throw(turn + p, left - k or dice)
                    for p, k in choices(outcome)
                ),
                default=0.0,
            )
        return total / 6**left

    return throw(0, dice)


@pytest.mark.parametrize("more", ["doubling", "adding"])
def test_a_turn_with_more_of_a_kind_is_worth_what_brute_force_finds(more):
    rules = Rules(dice=4, more_of_a_kind=more, bust_keeps_completed_rounds=False)
    policy = turn_policy(rules)
    assert policy.bank_from < 3000
    assert policy.expected_score == pytest.approx(brute_turn(rules, 3000), rel=1e-12)


@pytest.mark.parametrize("need", [1500, 2500, 3000])
@pytest.mark.slow
def test_a_last_turn_with_the_six_dice_combinations_matches_brute_force(need):
    rules = HOUSE["six-dice"]
    policy = final_turn_policy(rules, to_beat=2000 + need - 1)
    assert policy.success_probability(2000) == pytest.approx(brute_chance(rules, need), rel=1e-12)
