"""The table rules of the set-aside games (opening and minimum bank, compulsory hot dice,
no last turn, an exact finish, a random first player, the penalty for scoreless turns in a row, Thousand's
bolts and dump truck, Zilch's scoring six-dice farkle): the engines step by step, the
turn policy against independent brute force in Fractions, Busche's Zilch figure, the
policies' refusals, and the batch simulator against the engine path."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from dicelab import fivethousand, simulate, thousand
from dicelab.errors import IllegalMoveError, InvalidInputError
from dicelab.fivethousand import Bank, Rules, SetAside, Throw
from dicelab.fivethousand.engine import Engine
from dicelab.fivethousand.policy import TurnPolicy
from tests.setaside_partitions import best_split
from tests.test_simulate_batch import engine_form, two_sample_p

ALPHA = 1e-4


def outcomes(n: int):
    for throw in itertools.combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n) // math.prod(math.factorial(c) for c in Counter(throw).values())
        yield throw, Fraction(ways, 6**n)


def singles_and_triples(block):
    """Points of one block under singles and triples (three 1s = 1000), written out."""
    if len(block) == 1:
        return {1: 100, 5: 50}.get(block[0])
    if len(block) == 3 and len(set(block)) == 1:
        return 1000 if block[0] == 1 else 100 * block[0]
    return None


def brute_turn(dice: int, needs: int, bust: Fraction, cap: int) -> Fraction:
    """The best expected points of a traditional turn: banking allowed from ``needs``
    points, a farkle worth ``bust``, banking at ``cap`` points at the latest."""

    @cache
    def choices(throw):
        found = set()
        for size in range(1, len(throw) + 1):
            for part in set(itertools.combinations(throw, size)):
                points = best_split(part, singles_and_triples)
                if points:
                    found.add((points, size))
        return found

    @cache
    def throw(at_risk, left):
        total = Fraction(0)
        for outcome, p in outcomes(left):
            options = []
            for points, kept in choices(outcome):
                now, rest = at_risk + points, left - kept or dice
                if now >= cap:
                    options.append(Fraction(now))
                else:
                    on = throw(now, rest)
                    options.append(max(on, Fraction(now)) if now >= needs else on)
            total += p * (max(options) if options else bust)
        return total

    return throw(0, dice)


@pytest.mark.parametrize(
    "dice, needs, bust",
    [(2, 150, 0), (2, 0, -100), (3, 300, -250), (3, 200, 0), (3, 0, -2000)],
)
def test_the_turn_policy_is_brute_force_with_a_minimum_bank_and_a_penalty(dice, needs, bust):
    rules = Rules(dice=dice, bust_keeps_completed_rounds=False, min_bank=needs)
    policy = TurnPolicy(rules, needs, bust)
    exact = brute_turn(dice, needs, Fraction(bust), policy.bank_from)
    assert abs(policy.expected_score - float(exact)) < 1e-9
    # the cap is the policy's own claim: banking later never pays
    assert brute_turn(dice, needs, Fraction(bust), policy.bank_from + 500) == exact


def brute_last_turn(dice: int, needs: int, short: int) -> Fraction:
    """The best chance of a traditional last turn ``short`` points behind: banking (from
    ``needs`` points) above wins, level shares the win (1/2)."""

    @cache
    def choices(throw):
        return {
            (best_split(part, singles_and_triples), size)
            for size in range(1, len(throw) + 1)
            for part in set(itertools.combinations(throw, size))
            if best_split(part, singles_and_triples)
        }

    def outcome(points):
        return Fraction(1) if points > short else Fraction(1, 2) if points == short else Fraction(0)

    @cache
    def throw(at_risk, left):
        total = Fraction(0)
        for roll, p in outcomes(left):
            options = []
            for points, kept in choices(roll):
                now = at_risk + points
                bank = outcome(now) if now >= needs else Fraction(0)
                options.append(bank if bank == 1 else max(bank, throw(now, left - kept or dice)))
            total += p * max(options, default=Fraction(0))
        return total

    return throw(0, dice)


@pytest.mark.parametrize("needs, short", [(300, 120), (300, 400), (300, 420), (250, 250), (0, 150)])
def test_a_last_turn_with_a_minimum_bank_is_brute_force(needs, short):
    rules = Rules(dice=3, bust_keeps_completed_rounds=False, min_bank=needs, target=1000)
    policy = fivethousand.final_turn_policy(rules, 1000 + short)
    exact = brute_last_turn(3, needs, short)
    assert abs(policy.success_probability(1000) - float(exact)) < 1e-12


def test_zilch_scores_busches_620_855_points_per_turn():
    assert round(fivethousand.points_per_turn("zilch"), 3) == 620.855
    zilch = Rules.preset("zilch")
    assert fivethousand.score([2, 2, 3, 3, 4, 6], zilch) == 500  # a six-dice zilch: 500, free roll
    assert fivethousand.score([2, 2, 2, 2, 3, 3], zilch) == 1500  # three pairs, not unique
    assert fivethousand.score([2, 2, 2, 2], zilch) == 400  # four of a kind doubles the triple


def test_the_points_per_turn_without_a_penalty_are_one_turns_best():
    assert (
        fivethousand.points_per_turn("traditional")
        == fivethousand.turn_policy("traditional").expected_score
    )


# --- the engine ---------------------------------------------------------------------------
def play(engine, state, *steps):
    for step in steps:
        state = (
            engine.apply_chance(engine.apply(state, Throw()), step)
            if isinstance(step, tuple)
            else engine.apply(state, step)
        )
    return state


def test_the_opening_and_the_minimum_bank():
    engine = Engine(Rules(opening=500, min_bank=300))
    state = play(engine, engine.initial_state(2), (1, 1, 2, 3, 4, 6), SetAside((1, 1)))
    assert engine.bank_refusal(state) == "you need 500 points in one turn to get on the board"
    with pytest.raises(IllegalMoveError, match="get on the board"):
        engine.apply(state, Bank())
    state = play(engine, state, (5, 5, 5, 2), SetAside((5, 5, 5)), Bank())
    assert state.on_board == (True, False) and state.scores == (700, 0)
    state = play(engine, state, (1, 1, 5, 6, 3, 2), SetAside((1, 5)))  # not on the board
    state = play(engine, state, (1, 2, 3, 4), SetAside((1,)))
    assert engine.bank_refusal(state) == "you need 500 points in one turn to get on the board"
    state = play(engine, state, (5, 5, 6), SetAside((5, 5)))
    assert state.turn_points == 350 and engine.bank_refusal(state) is not None
    state = play(engine, state, (3,))  # a farkle: seat 0, on the board, needs only 300
    state = play(engine, state, (1, 5, 5, 2, 3, 4), SetAside((1, 5, 5)))
    assert engine.bank_refusal(state) == "you need at least 300 points in the turn to bank"


def test_a_zillions_farkle_keeps_completed_rounds_only_when_they_could_be_banked():
    engine = Engine(Rules(opening=2000))
    state = play(engine, engine.initial_state(2), (1, 1, 1, 5, 5, 5), SetAside((1, 1, 1, 5, 5, 5)))
    state = play(engine, state, (2, 3, 4, 6, 6, 2))  # a farkle in the bonus round
    assert state.scores == (0, 0) and state.on_board == (False, False)
    engine = Engine(Rules(opening=1500))
    state = play(engine, engine.initial_state(2), (1, 1, 1, 5, 5, 5), SetAside((1, 1, 1, 5, 5, 5)))
    state = play(engine, state, (2, 3, 4, 6, 6, 2))
    assert state.scores == (1500, 0) and state.on_board == (True, False)


def test_compulsory_hot_dice_must_be_thrown():
    engine = Engine(Rules(hot_dice="compulsory"))
    state = play(engine, engine.initial_state(2), (1, 1, 1, 5, 5, 5), SetAside((1, 1, 1, 5, 5, 5)))
    assert Bank() not in engine.legal_actions(state)
    with pytest.raises(IllegalMoveError, match="hot dice must be thrown"):
        engine.apply(state, Bank())
    state = play(engine, state, (1, 2, 3, 4, 6, 6), SetAside((1,)), Bank())
    assert state.scores == (1600, 0)


def test_an_exact_finish_burns_past_the_target_and_wins_on_it():
    engine = Engine(Rules(target=300, exact_finish=True))
    state = play(engine, engine.initial_state(2), (1, 1, 1, 2, 3, 4), SetAside((1, 1, 1)))
    assert state.news == ("burned",) and state.scores == (0, 0) and state.player == 1
    state = play(engine, state, (2, 2, 2, 3, 4, 6), SetAside((2, 2, 2)), Bank())
    assert state.scores == (0, 200) and not state.is_over  # no last turn is due
    state = play(engine, state, (5, 2, 3, 4, 6, 6), SetAside((5,)), Bank())
    state = play(engine, state, (1, 2, 3, 4, 6, 6), SetAside((1,)))
    assert state.is_over and state.news == ("exact_win", "game_over")
    assert state.scores == (50, 300) and engine.winners(state) == [1]


def test_without_a_last_turn_the_first_to_bank_the_target_wins():
    engine = Engine(Rules(target=300, last_turn=False))
    state = play(engine, engine.initial_state(3), (1, 1, 1, 2, 3, 4), SetAside((1, 1, 1)), Bank())
    assert state.is_over and engine.winners(state) == [0]
    engine = Engine(Rules(target=300))
    state = play(engine, engine.initial_state(3), (1, 1, 1, 2, 3, 4), SetAside((1, 1, 1)), Bank())
    assert not state.is_over and state.final_turns == (1, 2)


def test_three_farkles_in_a_row_cost_the_penalty_down_to_the_floor():
    engine = Engine(Rules(penalty=500, penalty_after=3, score_floor=-600))
    farkle = (2, 2, 3, 3, 4, 6)
    state = engine.initial_state(1)
    state = play(engine, state, (1, 2, 3, 4, 6, 6), SetAside((1,)), Bank())
    assert state.streaks == (0,)
    state = play(engine, state, farkle, farkle)
    assert state.streaks == (2,) and state.scores == (100,)
    state = play(engine, state, farkle)
    assert state.scores == (-400,) and state.streaks == (0,) and "penalty" in state.news
    state = play(engine, state, farkle, farkle, farkle)
    assert state.scores == (-600,)  # the floor
    state = play(engine, state, farkle, farkle, farkle)
    assert state.scores == (-600,)
    state = play(engine, state, farkle, farkle, (5, 2, 2, 3, 3, 4), SetAside((5,)), Bank())
    assert state.scores == (-550,) and state.streaks == (0,)  # a scoring turn ends the run


def test_thousand_bolts_and_the_dump_truck():
    engine = thousand.Engine(thousand.Rules(penalty=50, penalty_after=3, dump_truck=555, casks=()))
    state = engine.initial_state(1)
    state = play(engine, state, (2, 2, 3, 3, 4))
    assert state.streaks == (1,)
    state = play(engine, state, (2, 2, 3, 3, 4), (1, 1, 1, 5, 2), Bank())
    assert state.scores == (105,) and state.streaks == (0,)
    state = play(engine, state, (2, 2, 3, 3, 4), (2, 2, 3, 3, 4), (2, 2, 3, 3, 4))
    assert state.scores == (55,) and "penalty" in state.news
    state = play(engine, state, (5, 5, 5, 5, 5), Bank())  # 55 + 500 lands on 555
    assert state.scores == (0,) and "dump_truck" in state.news


def test_a_random_first_player_is_chance_seeded_by_the_game():
    rules = Rules(first_player="random")
    starts = {
        fivethousand.Game(players=3, rules=rules, seed=seed).state.player for seed in range(40)
    }
    assert starts == {0, 1, 2}
    for seed in range(5):
        game = fivethousand.Game(players=3, rules=rules, seed=seed)
        assert fivethousand.Game.from_json(game.to_json()).state.player == game.state.player
    assert {fivethousand.Game(players=3, seed=seed).state.player for seed in range(10)} == {0}
    thousand_starts = {
        thousand.Game(
            players=3, rules=thousand.Rules(first_player="random"), seed=seed
        ).state.player
        for seed in range(40)
    }
    assert thousand_starts == {0, 1, 2}


@pytest.mark.parametrize(
    "module, settings, words",
    [
        (fivethousand, {"penalty": 500, "penalty_after": 0}, ["penalty_after", "at least 1"]),
        (fivethousand, {"score_floor": 100}, ["score_floor", "0 or below"]),
        (fivethousand, {"hot_dice": "sometimes"}, ["hot dice", "optional, compulsory"]),
        (
            fivethousand,
            {"dice": 1, "all_dice_farkle": 500, "hot_dice": "compulsory"},
            ["hot_dice", "never let a turn end"],
        ),
        (fivethousand, {"first_player": "last"}, ["first player", "fixed, random"]),
        (fivethousand, {"exact_finish": True, "target": 1020}, ["multiple of 50", "1020"]),
        (thousand, {"dump_truck": 1000}, ["dump truck", "below the target"]),
        (thousand, {"penalty": 50, "penalty_after": 0}, ["penalty_after"]),
    ],
)
def test_table_rules_that_do_not_fit_are_refused_by_name(module, settings, words):
    with pytest.raises(InvalidInputError) as refused:
        module.Rules(**settings)
    assert all(word in str(refused.value) for word in words)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: fivethousand.win_policy("zilch"), ["win policy", "score_floor=-1000000"]),
        (
            lambda: fivethousand.win_policy(Rules(penalty=500)),
            ["win policy", "penalty=500", "bust_keeps_completed_rounds"],
        ),
        (
            lambda: fivethousand.win_policy(Rules(min_bank=300)),
            ["win policy", "minimum bank", "bust_keeps_completed_rounds"],
        ),
        (
            lambda: fivethousand.final_turn_policy(Rules(last_turn=False), 3000),
            ["final-turn policy", "last_turn=False"],
        ),
        (  # refused before the game, not at the first turn off the board
            lambda: fivethousand.turn_policy(Rules(opening=350)),
            ["turn policy", "opening=350", "bust_keeps_completed_rounds"],
        ),
        (
            lambda: fivethousand.final_turn_policy(Rules(opening=500), 3000),
            ["final-turn policy", "opening score", "bust_keeps_completed_rounds"],
        ),
        (lambda: thousand.win_policy(thousand.Rules(penalty=50)), ["win policy", "penalty=50"]),
        (
            lambda: fivethousand.turn_policy(Rules(exact_finish=True)),
            ["turn policy", "exact_finish=True"],
        ),
        (
            lambda: fivethousand.win_policy(Rules(exact_finish=True)),
            ["win policy", "exact_finish=True"],
        ),
    ],
)
def test_policies_refuse_the_table_rules_they_cannot_honour_by_name(make, words):
    with pytest.raises(ValueError) as refused:
        make()
    assert all(word in str(refused.value) for word in words)


def test_the_optimal_robot_plays_the_minimum_bank_and_the_penalty():
    rules = Rules(target=1500, min_bank=300, penalty=300, bust_keeps_completed_rounds=False)
    game = fivethousand.Game(
        players=[{"name": "A", "bot": "optimal"}, {"name": "B", "bot": "simple"}],
        rules=rules,
        seed=4,
    )
    game.play_bots()
    assert game.is_over
    banks = [
        (before, event)
        for before, event in zip(game._states, game.history)
        if event.action == Bank()
    ]
    assert banks and all(before.turn_points >= 300 for before, _ in banks)


# --- the batch simulator plays the engine's game ---------------------------------------------
BATCH_CASES = [
    (
        "fivethousand",
        Rules(
            target=1500,
            opening=500,
            min_bank=300,
            penalty=500,
            score_floor=-1000,
            last_turn=False,
            first_player="random",
            hot_dice="compulsory",
        ),
        ["simple", "intelligent", "random"],
    ),
    (
        "fivethousand",
        Rules(target=1500, opening=350, penalty=300, penalty_after=2, all_dice_farkle=500),
        ["simple", "intelligent"],
    ),
    ("fivethousand", Rules(target=1000, exact_finish=True), ["simple", "intelligent", "random"]),
    (
        "thousand",
        thousand.Rules(
            target=300,
            casks=((0, 50),),
            penalty=50,
            penalty_after=2,
            dump_truck=150,
            first_player="random",
        ),
        ["cask_aware", "random", "simple"],
    ),
]


@pytest.mark.parametrize("game, rules, players", BATCH_CASES)
@pytest.mark.slow
def test_batch_games_follow_the_table_rules_as_the_engine_path_does(game, rules, players):
    batch = simulate.games(rules, players, n=20_000, seed=1, progress=False)
    engine = simulate.games(
        rules, [engine_form(game, p) for p in players], n=400, seed=2, progress=False
    )
    for seat in range(len(players)):
        assert two_sample_p(batch.wins[:, seat], engine.wins[:, seat]) > ALPHA
        assert two_sample_p(batch.busts[:, seat], engine.busts[:, seat]) > ALPHA
    assert two_sample_p(batch.turns, engine.turns) > ALPHA
    if game == "fivethousand" and rules.score_floor < 0:
        assert batch.scores.min() >= rules.score_floor


@pytest.mark.parametrize(
    "rules",
    [
        Rules(min_bank=300, bust_keeps_completed_rounds=False),
        Rules(all_dice_farkle=500, min_bank=200, bust_keeps_completed_rounds=False),
    ],
)
def test_batch_optimal_turns_average_the_exact_expected_score(rules):
    turns = simulate.turns("fivethousand", "optimal", n=20_000, seed=1, rules=rules, progress=False)
    error = turns.points.std() / math.sqrt(len(turns.points))
    assert abs(turns.points.mean() - fivethousand.turn_policy(rules).expected_score) < 4 * error
    assert (turns.points[turns.points > 0] >= rules.min_bank).all()


def test_the_optimal_robot_plays_a_last_turn_with_a_minimum_bank():
    rules = Rules(target=1000, min_bank=300, bust_keeps_completed_rounds=False)
    engine = Engine(rules)
    state = engine.initial_state(2)
    state = play(engine, state, (1, 1, 1, 2, 3, 4), SetAside((1, 1, 1)), Bank())
    assert state.final_turns == (1,)
    state = engine.apply(state, Throw())
    state = engine.apply_chance(state, (5, 2, 3, 4, 6, 6))
    robot = fivethousand.BOTS["optimal"]()
    assert robot.choose(engine, state, None) == SetAside((5,))


def brute_no_last_turn(rules: Rules) -> dict:
    """Chance to win of the player to move at the start of a turn, by (mine, theirs), when
    the first to bank the target wins: plain value iteration over every state (points)."""
    dice, target, unit = rules.dice, rules.target, 50
    zillions = rules.bust_keeps_completed_rounds
    keeps = choices_of_singles_and_triples()
    scores = range(0, target, unit)
    start = {(a, b): 0.5 for a in scores for b in scores}

    def ended(mine, theirs):  # my turn ended at ``mine``: the other moves, or I have won
        return 1.0 if mine >= target else 1 - start[(theirs, mine)]

    def turn(mine, theirs, safe, at_risk, left, memo):
        key = (safe, at_risk, left)
        if key not in memo:
            total = 0.0
            for roll, p in outcomes(left):
                options = keeps(roll)
                if not options:
                    total += float(p) * ended(mine + safe, theirs)
                    continue
                best = 0.0
                for points, size in options:
                    risk, rest = at_risk + points, left - size
                    if mine + safe + risk >= target:
                        value = 1.0
                    elif rest == 0 and zillions:
                        value = max(
                            ended(mine + safe + risk, theirs),
                            turn(mine, theirs, safe + risk, 0, dice, memo),
                        )
                    else:
                        value = max(
                            ended(mine + safe + risk, theirs),
                            turn(mine, theirs, safe, risk, rest or dice, memo),
                        )
                    best = max(best, value)
                total += float(p) * best
            memo[key] = total
        return memo[key]

    for _ in range(10_000):
        new = {pair: turn(*pair, 0, 0, dice, {}) for pair in start}
        change = max(abs(new[pair] - start[pair]) for pair in start)
        start = new
        if change < 1e-13:
            return start
    raise AssertionError("no convergence")


def choices_of_singles_and_triples():
    @cache
    def keeps(throw):
        return {
            (best_split(part, singles_and_triples), size)
            for size in range(1, len(throw) + 1)
            for part in set(itertools.combinations(throw, size))
            if best_split(part, singles_and_triples)
        }

    return keeps


@pytest.mark.parametrize(
    "rules",
    [
        Rules(dice=2, target=300, last_turn=False),
        Rules(dice=2, target=300, last_turn=False, bust_keeps_completed_rounds=False),
        Rules(dice=3, target=400, last_turn=False, bust_keeps_completed_rounds=False),
    ],
)
@pytest.mark.slow
def test_the_win_policy_without_a_last_turn_is_brute_force(rules):
    policy = fivethousand.win_policy(rules, use_cache=False)
    expected = brute_no_last_turn(rules)
    for (mine, theirs), value in expected.items():
        state = fivethousand.State(scores=(mine, theirs), dice_left=rules.dice)
        assert policy.chance_to_win(state) == pytest.approx(value, abs=1e-9)
    assert policy.first_player_wins == pytest.approx(expected[(0, 0)], abs=1e-9)


@pytest.mark.slow
def test_busche_neller_a_200_point_start_makes_the_game_fairest():
    policy = fivethousand.win_policy("busche_neller")
    assert round(policy.first_player_wins, 5) == 0.53695

    def first_wins(start: int) -> float:
        return policy.chance_to_win(fivethousand.State(scores=(0, start), dice_left=6))

    fairest = min(range(0, 501, 50), key=lambda start: abs(first_wins(start) - 0.5))
    assert fairest == 200 and abs(first_wins(200) - 0.5) < 0.005


@pytest.mark.parametrize(
    "dice, points",
    [
        ([1], 100),
        ([5], 50),
        ([1, 1, 1], 300),
        ([2, 2, 2], 200),
        ([3, 3, 3], 300),
        ([4, 4, 4], 400),
        ([5, 5, 5], 500),
        ([6, 6, 6], 600),
        ([4, 4, 4, 4], 1000),
        ([4, 4, 4, 4, 4], 2000),
        ([4, 4, 4, 4, 4, 4], 3000),
        ([1, 2, 3, 4, 5, 6], 1500),
        ([2, 2, 3, 3, 6, 6], 1500),
        ([3, 3, 3, 3, 2, 2], 1500),
        ([2, 2, 2, 6, 6, 6], 2500),
        ([1, 1, 5], 250),
        ([2, 2], None),
    ],
)
def test_playmonster_scores_the_boxed_games_cases(dice, points):
    assert fivethousand.score(dice, "playmonster") == points
