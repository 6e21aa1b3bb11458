"""Yahtzee in forced order (boxes filled top to bottom): the engine offers only the first
open box, the batch simulator plays it as the engine path does, the optimal solver is exact
(against an expectimax written here), the robots, odds and rule lab that read it follow the
order, and a setting that can't go with it is refused by name."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, product

import numpy
import pytest

from dicelab import simulate, yahtzee
from dicelab.errors import IllegalMoveError, InvalidInputError
from dicelab.yahtzee.engine import Card, Score
from dicelab.yahtzee.solver import cache_path
from tests.test_simulate_batch import two_sample_p

FORCED = yahtzee.Rules(forced_order=True)


def test_only_the_first_open_box_may_be_scored():
    game = yahtzee.Game(players=1, rules=FORCED, seed=3)
    for box in FORCED.boxes:
        game.roll()
        assert game.engine.scorable_boxes(game.state) == (box,)
        assert [a for a in game.legal_actions() if isinstance(a, Score)] == [Score(box)]
        if box != FORCED.boxes[-1]:
            with pytest.raises(IllegalMoveError):
                game.play(Score(FORCED.boxes[-1]))
        game.play(Score(box))
    assert game.is_over
    assert [box for box, _ in game.state.cards[0].filled] == list(FORCED.boxes)


def test_the_batch_simulator_plays_forced_order_as_the_engine_path():
    batch = simulate.games(FORCED, ["greedy", "random"], n=4000, seed=1, progress=False)
    engine = simulate.games(
        FORCED,
        [engine_form_yahtzee("greedy"), engine_form_yahtzee("random")],
        n=300,
        seed=2,
        progress=False,
    )
    for seat in range(2):
        assert two_sample_p(batch.scores[:, seat] // 20, engine.scores[:, seat] // 20) > 1e-4
    free = simulate.games(yahtzee.Rules(), ["greedy"], n=2000, seed=1, progress=False)
    assert batch.scores[:, 0].mean() < free.scores[:, 0].mean() - 40  # forced order costs


def engine_form_yahtzee(level):
    class OnTheEngine:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, engine, state, rng):
            return self.bot.choose(engine, state, rng)

    return OnTheEngine(yahtzee.BOTS[level]())


def test_the_forced_joker_is_refused_by_name():
    with pytest.raises(InvalidInputError, match="forced_order.*joker|joker.*forced_order"):
        yahtzee.Rules(forced_order=True, joker="forced")


# --- the optimal solver, against a plain expectimax of small forced-order games ---------------
# Each small game's boxes and their points are written out again here, apart from the package.
JOKER_GAME = yahtzee.Rules(
    boxes=("threes", "yahtzee", "full_house", "ones", "chance"),
    upper_bonus_threshold=8,
    upper_bonus=35,
    five_of_a_kind_is_full_house=False,
    joker="free",
    forced_order=True,
)
TWO_ROLLS = yahtzee.Rules(
    boxes=("chance", "sixes", "yahtzee", "fives"),
    rolls=2,
    upper_bonus_threshold=20,
    upper_bonus=50,
    forced_order=True,
)
UPPER_FACES = {"ones": 1, "threes": 3, "fives": 5, "sixes": 6}


@cache
def throws(n: int) -> tuple:
    """Each sorted outcome of throwing ``n`` dice, with its probability."""
    tally = Counter(tuple(sorted(faces)) for faces in product(range(1, 7), repeat=n))
    return tuple((faces, count / 6**n) for faces, count in tally.items())


@cache
def holds_of(roll: tuple) -> frozenset:
    """Every multiset of dice that can be held from ``roll`` (all five too)."""
    return frozenset(tuple(sorted(c)) for n in range(6) for c in combinations(roll, n))


def points(rules, box: str, roll: tuple, filled: tuple, yahtzee_box) -> tuple:
    """The box's points and the Yahtzee bonus of ``roll`` on a card with the boxes ``filled``
    and the Yahtzee box holding ``yahtzee_box`` (None: open)."""
    alike = len(set(roll)) == 1
    bonus = 100 if alike and yahtzee_box == 50 else 0
    if box in UPPER_FACES:
        return UPPER_FACES[box] * roll.count(UPPER_FACES[box]), bonus
    if box == "chance":
        return sum(roll), bonus
    if box == "yahtzee":
        return (50 if alike else 0), bonus
    assert box == "full_house"
    joker = (
        rules.joker == "free"
        and alike
        and yahtzee_box is not None
        and {1: "ones", 3: "threes"}.get(roll[0]) in filled
    )
    return (25 if joker or sorted(Counter(roll).values()) == [2, 3] else 0), bonus


def expectimax(rules):
    """The turns of a forced-order game worked out from the last: ``turn(k, upper, yahtzee)``
    is, for each number of rolls left, the expected points still to come (bonuses included)
    from each roll of the turn filling box ``k``, the upper total (capped at the threshold)
    and the Yahtzee box's points (None: open) before it."""
    boxes, threshold = rules.boxes, rules.upper_bonus_threshold

    @cache
    def card(k: int, upper: int, yahtzee_box) -> float:
        if k == len(boxes):
            return 0.0
        return sum(p * turn(k, upper, yahtzee_box)[-1][roll] for roll, p in throws(5))

    @cache
    def turn(k: int, upper: int, yahtzee_box) -> list:
        box = boxes[k]

        def scored(roll):
            got, bonus = points(rules, box, roll, boxes[:k], yahtzee_box)
            after = min(upper + got, threshold) if box in UPPER_FACES else upper
            earned = rules.upper_bonus if upper < threshold <= after else 0
            later = card(k + 1, after, got if box == "yahtzee" else yahtzee_box)
            return got + bonus + earned + later

        values = [{roll: scored(roll) for roll, _ in throws(5)}]
        for _ in range(rules.rolls - 1):
            last = values[-1]
            held = {
                keep: sum(p * last[tuple(sorted(keep + rest))] for rest, p in throws(5 - len(keep)))
                for keep in frozenset().union(*map(holds_of, last))
            }
            values.append({roll: max(held[keep] for keep in holds_of(roll)) for roll in last})
        return values

    return card, turn


def cards_of(rules, k: int) -> list:
    """Some cards with the first ``k`` boxes filled (points each box can score)."""
    choices = {
        "threes": (0, 9, 15),
        "ones": (1, 4),
        "fives": (5, 20),
        "sixes": (0, 18),
        "yahtzee": (50, 0),
        "full_house": (0, 25),
        "chance": (17,),
    }
    return [
        tuple(zip(rules.boxes[:k], pts)) for pts in product(*(choices[b] for b in rules.boxes[:k]))
    ]


@pytest.mark.parametrize("rules", [JOKER_GAME, TWO_ROLLS], ids=["free_joker", "two_rolls"])
def test_the_solver_is_the_expectimax_of_a_small_forced_order_game(rules):
    card_value, turn = expectimax(rules)
    solution = yahtzee.solve(rules, progress=False, cache=False)
    assert solution.expected_score == pytest.approx(card_value(0, 0, None), abs=1e-9)
    rng = random.Random(5)
    for k in range(len(rules.boxes)):
        for filled in cards_of(rules, k):
            card = Card(filled)
            boxes = dict(filled)
            upper = min(card.upper_total(), rules.upper_bonus_threshold)
            key = (k, upper, boxes.get("yahtzee"))
            outlook = solution.outlook(yahtzee.State(cards=(card,)))
            assert outlook.mean - card.total(rules) == pytest.approx(card_value(*key), abs=1e-9)
            values = turn(*key)
            for roll, _ in rng.sample(throws(5), 12) + [((3,) * 5, 0), ((1,) * 5, 0)]:
                for left in range(rules.rolls):
                    options = solution.options(dice=roll, rolls_left=left, filled=boxes)
                    assert [o.box for o in options if o.kind == "box"] == [rules.boxes[k]]
                    assert options[0].value - card.total(rules) == pytest.approx(
                        values[left][roll], abs=1e-9
                    )


def test_a_card_filled_out_of_order_is_refused_by_name():
    solution = yahtzee.solve(FORCED, progress=False)
    with pytest.raises(ValueError, match="forced_order=True"):
        solution.options(dice=(1, 2, 3, 4, 5), rolls_left=0, filled={"twos": 4})
    with pytest.raises(ValueError, match="forced_order=True"):
        solution.outlook(yahtzee.State(cards=(Card((("chance", 20),)),)))


def test_the_forced_order_solution_is_cached_apart_and_costs_points():
    free = yahtzee.solve(yahtzee.Rules(), progress=False)
    forced = yahtzee.solve(FORCED, progress=False)
    assert cache_path(FORCED) != cache_path(yahtzee.Rules())
    assert forced.expected_score < free.expected_score - 100
    again = yahtzee.solve(FORCED, progress=False, cache=False)
    assert numpy.array_equal(again.values, forced.values)  # the cached ones
    # slots for the cards a forced-order game reaches only: the first boxes filled in order
    assert len(forced.values) < len(free.values) / 100 and not numpy.isnan(forced.values).any()


# --- the robots that read the solver -----------------------------------------------------------
@pytest.mark.parametrize("bot", ["optimal", "win"])
def test_the_robots_play_whole_forced_order_games_legally(bot):
    game = yahtzee.Game(
        players=[{"name": "A", "bot": bot}, {"name": "B", "bot": "optimal"}], rules=FORCED, seed=4
    )
    game.play_bots()  # every action goes through the engine's checks
    assert game.is_over
    for card in game.state.cards:
        assert [box for box, _ in card.filled] == list(FORCED.boxes)


def test_the_optimal_robot_scores_what_the_solver_expects_in_forced_order():
    """The batch robot (the one-game robot's decisions: tests/test_yahtzee_batch_optimal.py)
    over many games: the mean and spread the solution gives."""
    solution = yahtzee.solve(FORCED, progress=False)
    games = 20_000
    scores = simulate.games(FORCED, ["optimal"], n=games, seed=8, progress=False).scores[:, 0]
    assert abs(scores.mean() - solution.expected_score) < 3 * scores.std(ddof=1) / games**0.5
    assert scores.std(ddof=1) == pytest.approx(solution.std_score, rel=0.03)


@pytest.mark.parametrize("rating", ["points", "win"])
def test_the_coach_weighs_only_the_first_open_box(rating):
    from dicelab.coach.yahtzee import YahtzeeCoach

    coach = YahtzeeCoach(FORCED, rating=rating)
    game = yahtzee.Game(players=2, rules=FORCED, seed=2)
    for _ in range(2):  # Ones for each player, then the first player's roll
        game.roll()
        game.play(Score("ones"))
    game.roll()
    state = game.state
    assert state.player == 0 and state.rolls_used == 1
    choices = coach.choices(state)
    assert [c.move[1] for c in choices if c.move[0] == "box"] == ["twos"]
    assert [title for title, _ in coach.odds(state, choices)] == ["Twos"]
    if rating == "points":
        assert [c.value for c in choices] == [
            o.value for o in yahtzee.solve(FORCED, progress=False).options(state)
        ]


# --- the odds ----------------------------------------------------------------------------------
def test_the_odds_give_only_the_box_the_turn_fills_as_in_free_order():
    from dicelab import odds

    filled = {"ones": 2, "twos": 6}
    forced = odds.situation_odds([3, 3, 4, 5, 6], rolls_left=2, rules=FORCED, filled=filled)
    free = odds.situation_odds([3, 3, 4, 5, 6], rolls_left=2, filled=filled)
    assert list(forced.boxes) == ["threes"]
    assert forced["threes"] == free["threes"] and forced["threes"].chance == 1
    with pytest.raises(ValueError, match="forced_order=True.*'threes'"):
        odds.box_odds("chance", [3, 3, 4, 5, 6], rolls_left=2, rules=FORCED, filled=filled)
    # the chase-a-box robot holds for its box in that box's turn, as in free order
    bot, engine = simulate.ChaseBox("threes"), yahtzee.Engine(FORCED)
    card = Card(tuple(filled.items()))
    state = yahtzee.State(cards=(card,), dice=(3, 4, 3, 5, 6), rolls_used=1)
    assert bot.choose(engine, state, None) == yahtzee.Hold(0)
