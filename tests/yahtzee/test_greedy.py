"""The greedy Yahtzee bot scores the box worth most now and holds toward it."""

import pytest

from dicelab.dice import multisets
from dicelab.yahtzee import Card, Engine, Hold, Roll, Rules, Score, State
from dicelab.yahtzee.strategy import GreedyBot, box_maximum, greedy_keep


def card_with_open(rules, *open_boxes, **points):
    return Card(tuple((box, points.get(box, 0)) for box in rules.boxes if box not in open_boxes))


def choose(rules, card, dice, rolls_used, held=(False,) * 5):
    state = State(cards=(card,), dice=dice, held=held, rolls_used=rolls_used)
    return GreedyBot().choose(Engine(rules), state, None)


def test_reported_case_scores_chance_not_ones():
    """Issue 13: with 1,3,5,6,6 and Ones, Sixes and Chance open it scored 1 in Ones."""
    rules = Rules()
    card = card_with_open(rules, "ones", "sixes", "chance")
    assert choose(rules, card, (1, 3, 5, 6, 6), 3) == Score("chance")
    # with a roll left it keeps the dice that help Chance (4 or more) and rolls the rest
    assert choose(rules, card, (1, 3, 5, 6, 6), 2) == Hold(2)
    held = (False, False, True, True, True)
    assert choose(rules, card, (1, 3, 5, 6, 6), 2, held) == Roll()


def test_every_last_roll_takes_the_most_points_now():
    """After the last roll the box chosen adds the most to the total (no other box adds more)."""
    rules, engine = Rules(), Engine(Rules())
    card = card_with_open(rules, "ones", "fours", "full_house", "yahtzee", "chance")
    for dice in multisets(5):
        state = State(cards=(card,), dice=dice, rolls_used=3)
        box = choose(rules, card, dice, 3).box
        assert engine.preview(state, box) == max(
            engine.preview(state, b) for b in engine.scorable_boxes(state)
        )


def test_upper_bonus_counts_as_points_now():
    rules = Rules()
    card = card_with_open(
        rules, "threes", "chance", sixes=30, fives=25
    )  # upper 55: threes 9 completes 63
    assert choose(rules, card, (1, 2, 3, 3, 3), 3) == Score("threes")  # 9 + 35 beats Chance 12


def test_ties_keep_the_richer_box():
    rules = Rules()
    card = card_with_open(rules, "three_of_a_kind", "chance")
    assert choose(rules, card, (3, 3, 3, 4, 5), 3) == Score("three_of_a_kind")  # both 18
    card = card_with_open(rules, "yahtzee", "large_straight", "fives")
    assert choose(rules, card, (2, 2, 3, 4, 6), 3) == Score(
        "yahtzee"
    )  # all 0: scratch the lowest par


def test_a_made_box_is_scored_at_once():
    rules = Rules()
    card = card_with_open(rules, "large_straight", "chance")
    assert choose(rules, card, (2, 3, 4, 5, 6), 1) == Score("large_straight")
    assert box_maximum(rules, "large_straight") == 40


@pytest.mark.parametrize(
    "box, dice, keep",
    [
        ("sixes", (1, 6, 6, 2, 6), (6, 6, 6)),
        ("small_straight", (1, 3, 4, 4, 6), (3, 4, 6)),
        ("full_house", (2, 2, 5, 5, 6), (2, 2, 5, 5)),
        ("yahtzee", (2, 2, 5, 5, 6), (5, 5)),
        ("three_of_a_kind", (2, 4, 4, 4, 6), (4, 4, 4, 6)),
    ],
)
def test_holds_build_the_box(box, dice, keep):
    assert greedy_keep(Rules(), box, tuple(sorted(dice))) == keep


def test_yatzy_pairs_and_straights():
    rules = Rules.preset("yatzy")
    assert greedy_keep(rules, "two_pairs", (2, 2, 3, 6, 6)) == (2, 2, 6, 6)
    assert greedy_keep(rules, "one_pair", (2, 2, 3, 6, 6)) == (6, 6)
    assert greedy_keep(rules, "small_straight", (1, 2, 2, 4, 6)) == (1, 2, 4)
    assert greedy_keep(rules, "three_of_a_kind", (2, 4, 4, 4, 6)) == (4, 4, 4)


def test_the_level_line_says_what_the_bot_does():
    """LEVELS: it aims at the box worth most now, not at the commonest face."""
    from dicelab.yahtzee import LEVELS

    rules = Rules()
    assert "the most points now" in LEVELS["greedy"] and "commonest" not in LEVELS["greedy"]
    card = card_with_open(rules, "ones", "fours")
    # 1, 1, 2, 3, 4: the commonest face is 1 (two of them, 2 points), but Fours is worth 4 now.
    assert choose(rules, card, (1, 1, 2, 3, 4), 1) == Hold(4)
    # at a box's most it scores at once, rolls left or not
    assert choose(rules, card_with_open(rules, "fours", "yahtzee"), (4, 4, 4, 4, 4), 1) == Score(
        "yahtzee"
    )
