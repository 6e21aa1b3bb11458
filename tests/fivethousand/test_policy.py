"""The optimal Fivethousand policies against independent brute force, and the optimal robot."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

from dicelab.fivethousand import Engine, Game, Rules, State, final_turn_policy, turn_policy
from dicelab.fivethousand.policy import OptimalBot
from tests.bot_matches import beats_a_coin, play_checking_legality, wins_of


def _points(faces) -> int | None:
    """Fivethousand points of dice set aside from one throw (up to five dice), by hand."""
    tally = {face: faces.count(face) for face in set(faces)}
    total = 0
    for face, n in tally.items():
        triples, singles = divmod(n, 3)
        total += triples * (1000 if face == 1 else 100 * face)
        if singles and face not in (1, 5):
            return None
        total += singles * (100 if face == 1 else 50 if face == 5 else 0)
    return total


def _choices(throw):
    """Every (points, dice set aside) a throw allows."""
    found = set()
    for size in range(1, len(throw) + 1):
        for part in itertools.combinations(throw, size):
            points = _points(part)
            if points:
                found.add((points, size))
    return found


def _throws(n):
    return list(itertools.product(range(1, 7), repeat=n))


def _brute_turn(dice: int, keeps_rounds: bool, fresh_round=Fraction(0), cap=5000):
    """Best expected points of a turn: (points at risk, dice left) -> value, banking at ``cap``."""

    @cache
    def value(at_risk, left):
        return at_risk if at_risk >= cap else max(at_risk, throw(at_risk, left))

    @cache
    def throw(at_risk, left):
        total = Fraction(0)
        for outcome in _throws(left):
            options = [
                (at_risk + p + fresh_round)
                if keeps_rounds and k == left
                else value(at_risk + p, left - k or dice)
                for p, k in _choices(outcome)
            ]
            total += max(options, default=0)
        return total / 6**left

    return throw(0, dice)


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_traditional_turn_value_matches_brute_force(dice):
    policy = turn_policy(Rules(dice=dice, bust_keeps_completed_rounds=False))
    assert policy.bank_from < 5000
    assert policy.expected_score == pytest.approx(float(_brute_turn(dice, False)), rel=1e-12)


def test_zillions_with_one_die_throws_until_it_farkles():
    # Every round is one die, so nothing is ever at risk: W = (100 + W) / 6 + (50 + W) / 6.
    assert turn_policy(Rules(dice=1)).expected_score == pytest.approx(37.5, rel=1e-12)


@pytest.mark.parametrize("dice", [2, 3])
def test_zillions_turn_value_is_the_fixed_point_of_brute_force(dice):
    fresh_round = Fraction(0)
    for _ in range(60):  # the fixed point of "a fresh round is worth W"
        fresh_round = Fraction(float(_brute_turn(dice, True, fresh_round)))
    assert turn_policy(Rules(dice=dice)).expected_score == pytest.approx(
        float(fresh_round), rel=1e-9
    )


def test_zillions_is_worth_more_than_traditional_and_values_are_cached():
    assert turn_policy("zillions").expected_score > turn_policy("traditional").expected_score > 400
    assert turn_policy() is turn_policy(Rules())


def test_options_are_ranked_and_agree_with_the_values():
    policy = turn_policy()
    state = State(scores=(0, 0), dice_left=6, phase="choose", throw=(1, 1, 2, 3, 5, 6))
    options = policy.options(state)
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    assert {o.keep for o in options} == {(1,), (5,), (1, 1), (1, 5), (1, 1, 5)}
    assert next(o for o in options if o.keep == (1, 1, 5) and o.bank).value == 250
    best = policy.best(state)
    assert best == options[0] and not best.bank
    after = Engine(Rules()).set_aside(state, best.keep)
    assert policy.best(after).value == pytest.approx(best.value)


def test_banking_is_best_from_the_bank_limit_whatever_the_dice():
    policy = turn_policy("traditional")
    for dice_left in range(1, 7):
        state = State(
            scores=(0, 0), dice_left=dice_left, phase="decide", turn_points=policy.bank_from
        )
        assert policy.best(state).bank
        assert policy.throw_value(state) < policy.bank_from


def _brute_chance(dice: int, need: int) -> Fraction:
    """Best chance to score at least ``need`` in one turn (traditional: a farkle loses all)."""

    @cache
    def throw(turn, left):
        total = Fraction(0)
        for outcome in _throws(left):
            total += max(
                (
                    Fraction(1) if turn + p >= need else throw(turn + p, left - k or dice)
                    for p, k in _choices(outcome)
                ),
                default=0,
            )
        return total / 6**left

    return throw(0, dice)


def test_final_turn_with_one_die():
    # 100 points: a 1 at once, or a 5 then any scoring die: 1/6 + 1/6 * 2/6 = 2/9.
    policy = final_turn_policy(Rules(dice=1), to_beat=99)
    assert policy.success_probability(0) == pytest.approx(2 / 9, rel=1e-12)


@pytest.mark.parametrize("keeps_rounds", [False, True])
def test_final_turn_matches_brute_force(keeps_rounds):
    rules = Rules(dice=3, bust_keeps_completed_rounds=keeps_rounds)
    for need in (50, 300, 750, 1200):
        policy = final_turn_policy(rules, to_beat=2000 + need - 1)
        assert policy.success_probability(2000) == pytest.approx(
            float(_brute_chance(3, need)), rel=1e-12
        )


def test_final_turn_chance_falls_as_the_score_to_beat_grows():
    chances = [
        final_turn_policy("zillions", to_beat).success_probability(3000)
        for to_beat in range(2950, 6000, 50)
    ]
    assert chances[0] == 1.0  # already above: the score cannot fall
    assert chances[1] == pytest.approx(
        1 - 5 / 162 / 2, rel=1e-12
    )  # level: any scoring throw, a farkle shares
    one_short = final_turn_policy("zillions", 3049).success_probability(3000)
    assert one_short == pytest.approx(
        1 - 5 / 162, rel=1e-12
    )  # no tie to be had: any scoring throw wins
    assert all(a >= b for a, b in zip(chances, chances[1:]))
    assert chances[-1] < 0.01


def _brute_last_turn(
    dice: int, keeps_rounds: bool, short: int, at_risk: int, left: int
) -> Fraction:
    """Best chance to win a last turn ``short`` points behind the leader (level counts 1/2),
    throwing ``left`` of ``dice`` dice with ``at_risk`` points in the current round, by hand."""

    def outcome(behind):
        return Fraction(1) if behind < 0 else Fraction(1, 2) if behind == 0 else Fraction(0)

    @cache
    def throw(short, at_risk, left):
        total = Fraction(0)
        for roll in _throws(left):
            options = []
            for p, k in _choices(roll):
                hot = k == left
                then = (
                    short - p,
                    0 if keeps_rounds and hot else at_risk + p,
                    dice if hot else left - k,
                )
                options.append(max(outcome(then[0]), throw(*then) if then[0] >= 0 else 0))
            total += (
                max(options) if options else outcome(short + at_risk)
            )  # a farkle keeps the safe points
        return total / 6**left

    return throw(short, at_risk, left)


@pytest.mark.parametrize("keeps_rounds", [False, True])
def test_final_turn_counts_a_shared_win_half_as_brute_force_does(keeps_rounds):
    rules = Rules(dice=2, bust_keeps_completed_rounds=keeps_rounds)
    policy = final_turn_policy(rules, to_beat=3000)
    for short in (0, 50, 100, 200, 350):
        for at_risk in (0, 100):
            for dice in (1, 2):
                state = State(
                    scores=(3000 - short - at_risk, 3000),
                    dice_left=dice,
                    phase="decide",
                    turn_points=at_risk,
                )
                assert policy.throw_value(state) == pytest.approx(
                    float(_brute_last_turn(2, keeps_rounds, short, at_risk, dice)), rel=1e-12
                )


@pytest.mark.parametrize("preset", ["zillions", "traditional"])
def test_final_turn_agrees_with_the_win_policys_last_turn(preset):
    # The two-player win solver values its last turn by its own code, ties counting half.
    from dicelab.fivethousand.win import FinalTurns

    rules = Rules.preset(preset)
    last = FinalTurns(rules)
    policy = final_turn_policy(rules, to_beat=5000)
    for short in (0, 1, 2, 7, 20, 60):
        for at_risk in (0, 1, 6, 14):
            if short == at_risk == 0 and preset == "traditional":
                continue  # level with nothing at risk: out of reach for two players, so not solved there
            for dice in (1, 3, 6):
                state = State(
                    scores=(5000 - 50 * (short + at_risk), 5000),
                    dice_left=dice,
                    phase="decide",
                    turn_points=50 * at_risk,
                    round_start=0,
                )
                assert policy.throw_value(state) == pytest.approx(
                    last.throw_value(short + at_risk, at_risk, dice), abs=1e-12
                )


def test_level_in_the_last_turn_with_one_die_the_robot_banks_the_shared_win():
    # Lesson 7: 4300 banked, 700 set aside, one die left, the leader at 5000. Banking shares
    # the win (1/2); throwing wins only with a 1 or a 5 (1/3).
    engine = Engine(Rules())
    level = State(
        scores=(4300, 5000), dice_left=1, phase="decide", turn_points=700, final_turns=(0,)
    )
    policy = OptimalBot.policy(engine, level)
    values = {option.bank: option.value for option in policy.options(level)}
    assert values[True] == 0.5 and values[False] == pytest.approx(1 / 3, rel=1e-12)
    assert policy.best(level).bank


def test_final_turn_banks_once_ahead_and_throws_while_behind():
    policy = final_turn_policy("zillions", to_beat=5000)
    ahead = State(scores=(4800, 5000), dice_left=2, phase="decide", turn_points=250)
    behind = State(scores=(4800, 5000), dice_left=2, phase="decide", turn_points=200)
    assert policy.best(ahead).bank and policy.best(ahead).value == 1.0
    assert not policy.best(behind).bank and 0 < policy.best(behind).value < 1


def test_the_robot_uses_the_final_turn_policy_in_its_last_turn():
    engine = Engine(Rules())
    last = State(scores=(5200, 4000), dice_left=6, player=1, final_turns=(1,))
    assert OptimalBot.policy(engine, last).to_beat == 5200
    assert OptimalBot.policy(engine, State(scores=(0, 0), dice_left=6)) is turn_policy()


def test_the_optimal_robot_only_plays_legal_moves():
    for seed in range(10):
        play_checking_legality(
            Game(
                players=[{"name": "A", "bot": "optimal"}, {"name": "B", "bot": "optimal"}],
                rules="traditional" if seed % 2 else "zillions",
                seed=seed,
            )
        )


@pytest.mark.slow
def test_the_optimal_robot_beats_the_intelligent_one():
    assert beats_a_coin(wins_of(Game, "optimal", "intelligent", 1200), 1200)
