"""The exact judgement under a farkle penalty checked against a plain value iteration
written here (separate code: every throw of the dice, each seat's farkles in a row, scores
down to the floor), and the penalty rules it refuses, by name."""

import itertools
from collections import Counter
from functools import cache

import pytest

from dicelab.fivethousand import Rules
from dicelab.strategy import points_per_turn, threshold, win_chance
from dicelab.strategy.keeping import chosen_pair

LEAD = 3000  # points past the other's score counted as won by the last turn's leader


def value_iteration(rules: Rules, strategies) -> dict:
    """Each strategy's chance to win as the player to move at the start of a turn, by
    (mover, own farkles in a row, theirs, own score, theirs), plain value iteration."""
    dice, target, table = rules.dice, rules.target, rules.combinations()
    after, floor = rules.penalty_after, rules.score_floor
    throws = {
        n: Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=n))
        for n in range(1, dice + 1)
    }

    @cache
    def taken(throw, who):
        if not table.scoring_choices(throw):
            return None
        return chosen_pair(rules, throw, strategies[who].set_aside)

    @cache
    def decides(who, score, opponent, risk, left, final):
        return bool(strategies[who].banks(score, opponent, risk, left, final))

    def may_bank(risk, hot):
        return risk >= rules.min_bank and not (hot and rules.must_rethrow)

    def standing(mine, theirs):
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    @cache
    def last(who, risk, left, mine, to_beat):
        """The chaser's chance in its last turn (its score ``mine``), throwing ``left``."""
        if mine + risk - to_beat >= LEAD:
            return 1.0
        total = 0.0
        for throw, count in throws[left].items():
            part = taken(throw, who)
            if part is None:
                total += count * standing(mine, to_beat)
                continue
            at_risk, rest = risk + part[0], left - part[1]
            banks = may_bank(at_risk, rest == 0) and decides(
                who, mine, to_beat, at_risk, rest or dice, True
            )
            value = (
                standing(mine + at_risk, to_beat)
                if banks
                else last(who, at_risk, rest or dice, mine, to_beat)
            )
            total += count * value
        return total / 6**left

    scores = range(floor, target, 50)
    values = {
        (who, s, t, mine, theirs): 0.5
        for who in (0, 1)
        for s in range(after)
        for t in range(after)
        for mine in scores
        for theirs in scores
    }

    def banked(who, t, total, theirs):  # the mover banks ``total``; its streak ends
        if total < target:
            return 1 - values[(1 - who, t, 0, theirs, total)]
        return 1 - last(1 - who, 0, dice, theirs, total) if rules.last_turn else 1.0

    def farkled(who, s, t, mine, theirs):
        if s + 1 < after:
            return 1 - values[(1 - who, t, s + 1, theirs, mine)]
        return 1 - values[(1 - who, t, 0, theirs, min(mine, max(mine - rules.penalty, floor)))]

    def turn(who, s, t, mine, theirs, risk, left, memo):
        if (risk, left) in memo:
            return memo[(risk, left)]
        if mine + risk - theirs >= LEAD + target:
            return banked(who, t, mine + risk, theirs)
        total = 0.0
        for throw, count in throws[left].items():
            part = taken(throw, who)
            if part is None:
                total += count * farkled(who, s, t, mine, theirs)
                continue
            at_risk, rest = risk + part[0], left - part[1]
            banks = may_bank(at_risk, rest == 0) and decides(
                who, mine, theirs, at_risk, rest or dice, False
            )
            value = (
                banked(who, t, mine + at_risk, theirs)
                if banks
                else turn(who, s, t, mine, theirs, at_risk, rest or dice, memo)
            )
            total += count * value
        memo[(risk, left)] = total / 6**left
        return memo[(risk, left)]

    for _ in range(100_000):
        change = 0.0
        for key in sorted(values, key=lambda k: -(k[3] + k[4])):
            value = turn(*key, 0, dice, {})
            change = max(change, abs(value - values[key]))
            values[key] = value
        if change < 1e-13:
            return values
    raise AssertionError("value iteration did not converge")


PENALTY_GAMES = [
    Rules(
        dice=2,
        target=300,
        bust_keeps_completed_rounds=False,
        penalty=100,
        penalty_after=2,
        score_floor=-100,
    ),
    Rules(
        dice=2,
        target=200,
        bust_keeps_completed_rounds=False,
        last_turn=False,
        penalty=100,
        penalty_after=2,
        score_floor=-100,
        hot_dice="compulsory",
        min_bank=100,
    ),
]
EVERY_FARKLE = PENALTY_GAMES[1].replace(penalty=150, penalty_after=1, score_floor=-150)


@pytest.mark.slow
@pytest.mark.parametrize("rules", PENALTY_GAMES, ids=["last turn", "first to bank"])
def test_win_chance_under_a_penalty_agrees_with_a_hand_written_value_iteration(rules):
    a = threshold(rules, bank_at=100, name="careful")
    b = threshold(
        rules,
        bank_at={1: 50},
        otherwise=200,
        when_behind_by=100,
        behind_bank_at=150,
        set_aside="keep_most_dice",
        name="bold",
    )
    values = value_iteration(rules, (a, b))
    judged = win_chance(a, b)
    assert judged.first == pytest.approx(values[(0, 0, 0, 0, 0)], abs=1e-9)
    assert judged.second == pytest.approx(1 - values[(1, 0, 0, 0, 0)], abs=1e-9)
    without = win_chance(
        *(
            threshold(rules.replace(penalty=0), **k)
            for k in (
                {"bank_at": 100, "name": "careful"},
                {
                    "bank_at": {1: 50},
                    "otherwise": 200,
                    "when_behind_by": 100,
                    "behind_bank_at": 150,
                    "set_aside": "keep_most_dice",
                    "name": "bold",
                },
            )
        )
    )
    assert abs(judged.first - without.first) > 1e-3  # the penalty changes the chances


def test_points_per_turn_counts_a_penalty_that_every_farkle_costs():
    rules = EVERY_FARKLE  # down to -150
    strategy = threshold(rules, bank_at=100)
    free = points_per_turn(threshold(rules.replace(penalty=0), bank_at=100))
    assert points_per_turn(strategy, score=0) == pytest.approx(free - 150 * bust_chance(rules))
    assert points_per_turn(strategy, score=100) == pytest.approx(free - 150 * bust_chance(rules))
    first = PENALTY_GAMES[0]  # the second farkle in a row costs: the first is free
    assert points_per_turn(threshold(first, bank_at=100), score=100) == pytest.approx(
        points_per_turn(threshold(first.replace(penalty=0), bank_at=100), score=100)
    )


def bust_chance(rules) -> float:
    """The chance that a turn of two dice, banking from 100 turn points, ends in a farkle
    (hot dice are thrown again: the rules make them), by iterating over every throw here
    (past 100 turn points every state is alike: counted as 100)."""
    states = [(risk, left) for risk in (0, 50, 100) for left in (1, 2)]
    busts = dict.fromkeys(states, 0.0)
    for _ in range(200):
        for risk, left in states:
            total = 0.0
            for throw in itertools.product(range(1, 7), repeat=left):
                if not any(face in (1, 5) for face in throw):
                    total += 1
                    continue
                points, kept = chosen_pair(rules, tuple(sorted(throw)), "most_points")
                reached = min(risk + points, 100)
                if kept == left:
                    total += busts[(reached, rules.dice)]
                elif reached < 100:
                    total += busts[(reached, left - kept)]
            busts[(risk, left)] = total / 6**left
    return busts[(0, rules.dice)]


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"bust_keeps_completed_rounds": True}, "under Zillions rules"),
        ({"opening": 150}, "opening score (opening=150)"),
        ({"penalty": 120}, "penalty (120) to be a multiple of 50"),
        ({"score_floor": -130}, "score_floor (-130) to be a multiple of 50"),
        ({"score_floor": -1_000_000}, "score floor (score_floor=-1000000) further below 0"),
    ],
)
def test_a_penalty_the_judgement_cant_honour_is_refused_by_name(settings, named):
    rules = PENALTY_GAMES[0].replace(**settings)
    with pytest.raises(ValueError, match=named.replace("(", r"\(").replace(")", r"\)")):
        win_chance(threshold(rules, name="a"), threshold(rules, name="b"))
