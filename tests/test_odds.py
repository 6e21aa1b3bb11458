"""Exact odds: hand-derived values, brute force over every ordered roll, and sums of exactly 1."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from dicelab import dice, fivethousand, odds, thousand, yahtzee
from dicelab.setaside.odds import throw_summary
from dicelab.yahtzee.scoring import box_points

# --- bust chances, derived by hand ------------------------------------------------------
# Fivethousand, n dice. A throw busts when it shows no 1, no 5 and no three of a kind.
# Without 1s and 5s each die shows one of 4 faces (2, 3, 4, 6): 4**n of the 6**n throws.
#  1 die: 4/6 = 2/3.
#  2 dice: 4**2/6**2 = 16/36 = 4/9.
#  3 dice: 64 throws, minus the 4 triples 222, 333, 444, 666: 60/216 = 5/18.
#  4 dice: 256, minus those with a face 3 or 4 times: 4 faces * (4 places * 3 others + 1) = 52:
#          204/1296 = 17/108.
#  5 dice: count the throws where every face shows at most twice: shape 2+2+1 has 4*3 face
#          choices * 5!/(2!2!) = 30 orders = 360, shape 2+1+1+1 has 4 * 5!/2! = 240: 600/7776 = 25/324.
#  6 dice: shape 2+2+2 has 4 face choices * 6!/(2!2!2!) = 90 orders = 360, shape 2+2+1+1 has
#          6 * 6!/(2!2!) = 180 orders = 1080: 1440/46656 = 5/162.
FIVETHOUSAND_BUST = {
    1: Fraction(2, 3),
    2: Fraction(4, 9),
    3: Fraction(5, 18),
    4: Fraction(17, 108),
    5: Fraction(25, 324),
    6: Fraction(5, 162),
}
# Thousand scores single 1s and 5s, triples and more of 2, 3, 4, 6 and the straights; with 1 to
# 5 dice the straight 2-3-4-5-6 needs a 5 and 1-2-3-4-5 a 1, so the counts are the same as above.
THOUSAND_BUST = {n: FIVETHOUSAND_BUST[n] for n in range(1, 6)}


@pytest.mark.parametrize("n, expected", FIVETHOUSAND_BUST.items())
def test_fivethousand_bust_probability_by_hand(n, expected):
    assert odds.bust_probability("fivethousand", n) == expected


@pytest.mark.parametrize("n, expected", THOUSAND_BUST.items())
def test_thousand_bust_probability_by_hand(n, expected):
    assert odds.bust_probability("thousand", n) == expected


def test_farkle_three_pairs_save_some_six_dice_throws():
    # Of the 1440 zillions busts with 6 dice, the 360 of shape 2+2+2 are three pairs in farkle.
    assert odds.bust_probability("fivethousand", 6, rules="farkle") == Fraction(1080, 46656)


def test_a_changed_rule_changes_the_odds():
    no_fives = fivethousand.Rules(single_five=0)
    assert odds.bust_probability(no_fives, 1) == Fraction(5, 6)
    assert odds.throw_odds(no_fives, 1).points == {0: Fraction(5, 6), 100: Fraction(1, 6)}


def test_game_or_rules_may_be_a_name_module_rules_engine_or_game():
    rules = thousand.Rules(casks=())
    for spelling in (
        "thousand",
        thousand,
        rules,
        thousand.Engine(rules),
        thousand.Game(rules=rules, seed=1),
    ):
        assert (
            odds.resolve(spelling, None if spelling in ("thousand", thousand) else None).name
            == "thousand"
        )
    assert odds.resolve(thousand.Game(rules=rules, seed=1)).rules == rules
    assert odds.resolve("fivethousand", "traditional").rules == fivethousand.Rules.preset(
        "traditional"
    )
    with pytest.raises(TypeError, match="once"):
        odds.resolve(rules, "classic")
    with pytest.raises(ValueError, match="not one of the games"):
        odds.resolve("poker")


def test_set_aside_odds_refuse_yahtzee_and_impossible_dice_counts():
    with pytest.raises(ValueError, match="Fivethousand and Thousand"):
        odds.bust_probability("yahtzee", 5)
    with pytest.raises(ValueError, match="1 to 5 dice"):
        odds.bust_probability("thousand", 6)
    with pytest.raises(ValueError, match="1 to 6 dice"):
        odds.throw_odds("fivethousand", 0)


# --- the whole distribution of a throw --------------------------------------------------
def test_two_dice_of_fivethousand_by_hand():
    # 36 ordered throws: 16 without 1 or 5 bust; one 5 and a junk die (8) = 50 with 1 die left,
    # one 1 and a junk die (8) = 100 with 1 left; 1+5 (2) = 150, 5+5 (1) = 100, 1+1 (1) = 200,
    # all three with both dice scored: hot dice, six dice back.
    throw = odds.throw_odds("fivethousand", 2)
    assert throw.joint == {
        (0, 0): Fraction(16, 36),
        (50, 1): Fraction(8, 36),
        (100, 1): Fraction(8, 36),
        (150, 6): Fraction(2, 36),
        (100, 6): Fraction(1, 36),
        (200, 6): Fraction(1, 36),
    }
    assert throw.points == {
        0: Fraction(4, 9),
        50: Fraction(2, 9),
        100: Fraction(1, 4),
        150: Fraction(1, 18),
        200: Fraction(1, 36),
    }
    assert throw.dice_left == {0: Fraction(4, 9), 1: Fraction(4, 9), 6: Fraction(1, 9)}
    assert throw.hot_dice == Fraction(1, 9)


def test_thousand_hot_dice_give_all_five_dice_back():
    throw = odds.throw_odds("thousand", 5)
    assert max(throw.dice_left) == 5 and throw.dice_left[5] == throw.hot_dice
    assert throw.joint[250, 5] == Fraction(120, 7776)  # 2-3-4-5-6 in any order


ALL_SET_ASIDE = [
    (rules, n)
    for module in (fivethousand, thousand)
    for rules in module.PRESETS.values()
    for n in range(1, rules.dice + 1)
]


@pytest.mark.parametrize("rules, n", ALL_SET_ASIDE)
def test_every_throw_distribution_sums_to_exactly_one(rules, n):
    throw = odds.throw_odds(rules, n)
    for distribution in (throw.joint, throw.points, throw.dice_left):
        assert sum(distribution.values()) == 1
    assert (
        throw.bust
        == throw.points.get(0, 0)
        == throw.dice_left.get(0, 0)
        == odds.bust_probability(rules, n)
    )
    assert throw.mean_points == throw_summary(rules.combinations(), n).mean_best_points


@pytest.mark.parametrize("rules, n", ALL_SET_ASIDE)
def test_throw_distribution_against_brute_force_over_ordered_throws(rules, n):
    # Every ordered throw, scored through the game's public score() by trying every part.
    module = fivethousand if isinstance(rules, fivethousand.Rules) else thousand
    ways = Counter(tuple(sorted(throw)) for throw in itertools.product(range(1, 7), repeat=n))
    counts = Counter()
    for throw, number in ways.items():
        scores = {}
        for size in range(1, n + 1):
            for part in set(itertools.combinations(throw, size)):
                points = module.score(part, rules)
                if points is not None:
                    scores[part] = points
        if scores:
            part, points = max(scores.items(), key=lambda item: (item[1], len(item[0])))
            counts[points, n - len(part) or rules.dice] += number
        else:
            counts[0, 0] += number
    assert odds.throw_odds(rules, n).joint == {key: Fraction(c, 6**n) for key, c in counts.items()}


def test_bust_table_rows_and_text():
    table = odds.bust_table("fivethousand")
    assert [row["dice"] for row in table] == [1, 2, 3, 4, 5, 6]
    assert [row["bust"] for row in table] == list(FIVETHOUSAND_BUST.values())
    assert "5/162" in str(table) and "<table>" in table._repr_html_()
    pandas = pytest.importorskip("pandas")
    frame = table.to_dataframe()
    assert isinstance(frame, pandas.DataFrame) and frame["bust"].iloc[-1] == pytest.approx(5 / 162)


def test_throw_table_lists_every_outcome():
    throw = odds.throw_odds("thousand", 2)
    rows = throw.table().rows
    assert {(r["points"], r["dice left"]): r["probability"] for r in rows} == throw.joint


# --- Yahtzee boxes ----------------------------------------------------------------------
def test_chance_of_a_yahtzee_within_three_rolls_is_the_published_value():
    # The classic result, keeping the most common face: 2 783 176 / 60 466 176 = 4.6029 %.
    assert odds.box_odds("yahtzee", rolls_left=3).chance == Fraction(2783176, 60466176)


def test_one_roll_chances_by_hand():
    one = odds.situation_odds(rolls_left=1)
    assert one["yahtzee"].chance == Fraction(6, 7776)
    assert one["large_straight"].chance == Fraction(2 * 120, 7776)  # 1-5 or 2-6, 5! orders each
    # Four in a row: 1200 of the 7776 ordered rolls (the large straights included).
    assert one["small_straight"].chance == Fraction(1200, 7776)
    # Three and two of different faces: 6*5 face pairs * 5!/(3!2!) = 300; scratch adds the 6 Yahtzees.
    assert one["full_house"].chance == Fraction(306, 7776)
    assert odds.box_odds("full_house", rolls_left=1, rules="hasbro").chance == Fraction(300, 7776)


def _ordered_rolls(held, rules, box, filled=None):
    """The box's score for every ordered reroll of the dice not held."""
    card = filled or {}
    for faces in itertools.product(range(1, 7), repeat=5 - len(held)):
        yield box_points(rules, box, tuple(sorted(held + faces)), card)


@pytest.mark.parametrize("preset", list(yahtzee.PRESETS))
def test_last_roll_against_brute_force(preset):
    rules = yahtzee.Rules.preset(preset)
    situations = [
        ((), None),
        ((1, 2, 3, 4, 6), (1, 2, 3, 4)),
        ((2, 2, 5, 5, 6), (2, 2, 5, 5)),
        ((3, 3, 3, 4, 6), (3, 3, 3)),
        ((6, 6, 6, 6, 6), (6, 6, 6, 6, 6)),
    ]
    for hand, held in situations:
        for box in rules.boxes:
            scores = list(_ordered_rolls(held or (), rules, box))
            expected = {v: Fraction(scores.count(v), len(scores)) for v in set(scores)}
            result = odds.box_odds(box, hand, held, rolls_left=1, rules=rules)
            assert result.distribution == expected, (hand, held, box)
            assert result.chance == sum(p for v, p in expected.items() if v > 0)
            assert result.expected == sum(v * p for v, p in expected.items())


def test_two_rolls_best_chance_against_a_plain_recursion():
    # An independent recursion over multisets, counting in whole numbers of 6**5 per roll:
    # the best chance of scoring the box with 1, then 2 rolls left.
    rules = yahtzee.Rules()
    weights = {n: {faces: int(p * 6**5) for faces, p in dice.outcomes(n).items()} for n in range(6)}

    def best(box, hand, rolls, memo):
        if (hand, rolls) not in memo and rolls == 0:
            memo[hand, 0] = int(box_points(rules, box, hand, {}) > 0)
        if (hand, rolls) not in memo:
            memo[hand, rolls] = max(
                sum(
                    w * best(box, tuple(sorted(keep + faces)), rolls - 1, memo)
                    for faces, w in weights[5 - len(keep)].items()
                )
                for keep in dice.sub_multisets(hand)
            )
        return memo[hand, rolls]

    for box in ("large_straight", "four_of_a_kind", "full_house"):
        memo = {}
        for hand in [(1, 1, 3, 4, 6), (2, 3, 3, 5, 6), (1, 2, 4, 4, 4)]:
            expected = Fraction(best(box, hand, 2, memo), 6**10)
            assert odds.box_odds(box, hand, rolls_left=2).chance == expected, (box, hand)


@pytest.mark.parametrize("preset", list(yahtzee.PRESETS))
def test_every_box_distribution_sums_to_exactly_one(preset):
    for dice_showing, rolls_left in (
        ((), 3),
        ((1, 1, 3, 4, 6), 2),
        ((2, 2, 2, 5, 6), 1),
        ((1, 2, 3, 4, 5), 0),
    ):
        situation = odds.situation_odds(dice_showing, rolls_left=rolls_left, rules=preset)
        assert list(situation.boxes) == list(yahtzee.Rules.preset(preset).boxes)
        for _box, result in situation.boxes.items():
            assert sum(result.distribution.values()) == 1
            assert result.chance == sum(p for v, p in result.distribution.items() if v > 0)
            assert result.expected == sum(v * p for v, p in result.distribution.items())


def test_the_policy_never_does_worse_than_any_fixed_hold():
    hand = (1, 1, 3, 4, 6)
    for box in ("ones", "small_straight", "yahtzee", "chance"):
        best = odds.box_odds(box, hand, rolls_left=2)
        for held in dice.sub_multisets(hand):
            other = odds.box_odds(box, hand, held, rolls_left=2)
            assert (other.chance, other.expected) <= (best.chance, best.expected)


def test_chance_box_follows_the_best_expected_score():
    # Every hand scores Chance, so the policy is the one maximising the expected sum: 23.33...
    assert round(float(odds.box_odds("chance", rolls_left=3).expected), 2) == 23.33


def test_jokers_use_the_filled_boxes():
    five_sixes = (6, 6, 6, 6, 6)
    filled = {"yahtzee": 50, "sixes": 30}
    assert (
        odds.box_odds(
            "full_house", five_sixes, rolls_left=0, rules="hasbro", filled=filled
        ).expected
        == 25
    )
    assert odds.box_odds("full_house", five_sixes, rolls_left=0, rules="hasbro").expected == 0
    with pytest.raises(ValueError, match="already filled"):
        odds.box_odds("sixes", five_sixes, rolls_left=0, filled=filled)


def test_state_odds_reads_a_game_state():
    game = yahtzee.Game(players=["Ann"], seed=7)
    before = odds.state_odds(game.engine, game.state)
    assert before.rolls_left == 3 and before["yahtzee"].chance == Fraction(2783176, 60466176)
    game.roll()
    game.hold(0, 1)
    now = odds.state_odds(game.engine, game.state)
    held = tuple(sorted(game.state.dice[:2]))
    assert now.rolls_left == 2 and all(result.hold == held for result in now.boxes.values())
    best = odds.state_odds(game.engine, game.state, best_hold=True)
    assert all(best[box].chance >= now[box].chance for box in now.boxes)


def test_bad_situations_are_refused():
    with pytest.raises(ValueError, match="five dice"):
        odds.box_odds("ones", (1, 2, 3))
    with pytest.raises(ValueError, match="there is no 6"):
        odds.box_odds("ones", (1, 2, 3, 4, 5), held=(6,))
    with pytest.raises(ValueError, match="0 to 2 rolls"):
        odds.box_odds("ones", (1, 2, 3, 4, 5), rolls_left=3)
    with pytest.raises(ValueError, match="before the first roll"):
        odds.box_odds("ones", (), held=(1,))
    with pytest.raises(ValueError, match="not a box"):
        odds.box_odds("one_pair", rolls_left=3)


def test_situation_table():
    table = odds.situation_odds((1, 1, 3, 4, 6), rolls_left=2).table()
    assert [row["box"] for row in table][:2] == ["Ones", "Twos"]
    assert table.rows[-1]["chance"] == 1  # Chance always scores
    assert "Small Straight" in str(table)
