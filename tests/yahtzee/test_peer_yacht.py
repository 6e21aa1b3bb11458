"""Exercism's "yacht" exercise, as cases written from its description, against the yatzy
style set up as Yacht: Full House and Four of a Kind score their dice, both straights 30,
and five of a kind is no Full House."""

from __future__ import annotations

import pytest

from dicelab import yahtzee

YACHT = yahtzee.Rules(
    style="yatzy",
    boxes=(
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "full_house",
        "four_of_a_kind",
        "small_straight",
        "large_straight",
        "chance",
        "yahtzee",
    ),
    small_straight=30,
    large_straight=30,
    five_of_a_kind_is_full_house=False,
)

CASES = [
    ("yahtzee", [5, 5, 5, 5, 5], 50),
    ("yahtzee", [1, 3, 3, 2, 5], 0),
    ("ones", [1, 1, 1, 3, 5], 3),
    ("ones", [3, 1, 1, 5, 1], 3),
    ("ones", [4, 3, 6, 5, 5], 0),
    ("twos", [2, 3, 4, 5, 6], 2),
    ("fours", [1, 4, 1, 4, 1], 8),
    ("threes", [3, 3, 3, 3, 3], 15),
    ("fives", [3, 3, 3, 3, 3], 0),
    ("sixes", [2, 3, 4, 5, 6], 6),
    ("full_house", [2, 2, 4, 4, 4], 16),
    ("full_house", [5, 3, 3, 5, 3], 19),
    ("full_house", [2, 2, 4, 4, 5], 0),
    ("full_house", [1, 4, 4, 4, 4], 0),
    ("full_house", [2, 2, 2, 2, 2], 0),
    ("four_of_a_kind", [6, 6, 4, 6, 6], 24),
    ("four_of_a_kind", [3, 3, 3, 3, 3], 12),
    ("four_of_a_kind", [3, 3, 3, 5, 5], 0),
    ("small_straight", [3, 5, 4, 1, 2], 30),
    ("large_straight", [1, 2, 3, 4, 5], 0),
    ("small_straight", [1, 1, 2, 3, 4], 0),
    ("small_straight", [1, 2, 3, 4, 6], 0),
    ("small_straight", [1, 1, 3, 4, 5], 0),
    ("large_straight", [4, 6, 2, 5, 3], 30),
    ("small_straight", [6, 5, 4, 3, 2], 0),
    ("chance", [3, 3, 5, 6, 6], 23),
    ("yahtzee", [4, 4, 4, 4, 4], 50),
    ("four_of_a_kind", [4, 4, 4, 4, 6], 16),
]


@pytest.mark.parametrize("box, dice, points", CASES)
def test_yacht_scores_each_throw_so(box, dice, points):
    assert yahtzee.score(box, dice, YACHT) == points
