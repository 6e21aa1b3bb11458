import itertools

import pytest

from dicelab import yahtzee
from dicelab.yahtzee.scoring import box_points, legal_boxes, yahtzee_bonus

HANDS = list(itertools.combinations_with_replacement(range(1, 7), 5))
PRESETS = ["scratch", "hasbro", "free_joker", "no_bonus", "yatzy"]
UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]


def expected(box, hand, preset):
    """docs/rules.md's boxes, written out by hand for one preset."""
    tally = {f: hand.count(f) for f in range(1, 7)}
    most = max(tally.values())
    total = sum(hand)
    distinct = sorted(set(hand))
    full = sorted(c for c in tally.values() if c) == [2, 3]
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * tally[face]
    if box == "chance":
        return total
    if box == "yahtzee":
        return 50 if most == 5 else 0
    if preset == "yatzy":
        pairs = sorted((f for f in range(1, 7) if tally[f] >= 2), reverse=True)
        return {
            "one_pair": 2 * pairs[0] if pairs else 0,
            "two_pairs": 2 * (pairs[0] + pairs[1]) if len(pairs) > 1 else 0,
            "three_of_a_kind": next((3 * f for f in range(1, 7) if tally[f] >= 3), 0),
            "four_of_a_kind": next((4 * f for f in range(1, 7) if tally[f] >= 4), 0),
            "small_straight": 15 if distinct == [1, 2, 3, 4, 5] else 0,
            "large_straight": 20 if distinct == [2, 3, 4, 5, 6] else 0,
            "full_house": total if full else 0,
        }[box]
    runs = ["".join(map(str, range(s, s + 4))) for s in (1, 2, 3)]
    text = "".join(map(str, distinct))
    return {
        "three_of_a_kind": total if most >= 3 else 0,
        "four_of_a_kind": total if most >= 4 else 0,
        "full_house": 25 if full or (most == 5 and preset == "scratch") else 0,
        "small_straight": 30 if any(run in text for run in runs) else 0,
        "large_straight": 40 if text in ("12345", "23456") else 0,
    }[box]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_hand_in_every_box(preset):
    rules = yahtzee.Rules.preset(preset)
    assert len(rules.boxes) == (15 if preset == "yatzy" else 13)
    for box in rules.boxes:
        for hand in HANDS:
            assert yahtzee.score(box, hand, rules) == expected(box, hand, preset), (box, hand)


def test_design_examples():
    assert yahtzee.score("full_house", [3, 3, 3, 3, 3]) == 25
    assert yahtzee.score("small_straight", [1, 2, 3, 4, 4]) == 30
    assert yahtzee.score("large_straight", [6, 2, 3, 4, 5]) == 40


@pytest.mark.parametrize("preset", ["hasbro", "free_joker"])
def test_joker_values_need_yahtzee_and_matching_upper_filled(preset):
    rules = yahtzee.Rules.preset(preset)
    sixes = (6,) * 5
    assert box_points(rules, "large_straight", sixes, {"yahtzee": 50}) == 0
    assert box_points(rules, "large_straight", sixes, {"yahtzee": 50, "sixes": 18}) == 40
    assert box_points(rules, "full_house", sixes, {"yahtzee": 0, "sixes": 18}) == 25
    assert box_points(rules, "small_straight", sixes, {"sixes": 18}) == 0  # Yahtzee box open


def test_forced_joker_narrows_the_boxes():
    rules = yahtzee.Rules.preset("hasbro")
    fours = (4,) * 5
    assert legal_boxes(rules, fours, {"yahtzee": 50}) == ("fours",)
    lower_open = legal_boxes(rules, fours, {"yahtzee": 0, "fours": 12})
    assert "ones" not in lower_open and "full_house" in lower_open
    every_lower = {b: 0 for b in rules.boxes if b not in UPPER}
    assert legal_boxes(rules, fours, {**every_lower, "fours": 12}) == (
        "ones",
        "twos",
        "threes",
        "fives",
        "sixes",
    )
    free = yahtzee.Rules.preset("free_joker")
    assert "ones" in legal_boxes(free, fours, {"yahtzee": 50})


@pytest.mark.parametrize(
    "preset, bonus",
    [("scratch", 100), ("hasbro", 100), ("free_joker", 100), ("no_bonus", 0), ("yatzy", 0)],
)
def test_yahtzee_bonus_only_while_the_box_holds_50(preset, bonus):
    rules = yahtzee.Rules.preset(preset)
    assert yahtzee_bonus(rules, (2,) * 5, {"yahtzee": 50}) == bonus
    assert yahtzee_bonus(rules, (2,) * 5, {"yahtzee": 0}) == 0
    assert yahtzee_bonus(rules, (2,) * 5, {}) == 0
    assert yahtzee_bonus(rules, (2, 2, 2, 2, 3), {"yahtzee": 50}) == 0


@pytest.mark.parametrize(
    "style, boxes, value",
    [("yahtzee", yahtzee.rules.YAHTZEE_BOXES, 25), ("yatzy", yahtzee.rules.YATZY_BOXES, 15)],
)
def test_five_of_a_kind_is_full_house_holds_in_every_style(style, boxes, value):
    counted = yahtzee.Rules(style=style, boxes=boxes, five_of_a_kind_is_full_house=True)
    not_counted = counted.replace(five_of_a_kind_is_full_house=False)
    assert yahtzee.score("full_house", [3, 3, 3, 3, 3], counted) == value
    assert yahtzee.score("full_house", [3, 3, 3, 3, 3], not_counted) == 0
    for rules in (counted, not_counted):  # a real full house scores either way
        assert yahtzee.score("full_house", [3, 3, 3, 5, 5], rules) == (
            25 if style == "yahtzee" else 19
        )
