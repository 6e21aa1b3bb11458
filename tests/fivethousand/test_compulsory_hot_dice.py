"""Compulsory hot dice (every die scored: throw them all again, no bank) in the turn policy,
the final-turn policy and the two-player win policy, each checked against a brute force
written here on its own: every throw enumerated, plain backward induction over the points at
risk up to a far cap (past it the turn is banked), and value iteration where a state leads
back to itself (a last turn ahead on hot dice, the pairs of banked scores).

The win policy sweeps its turns in a compiled kernel (``dicelab.setaside.sweep_kernel``),
numba's, which can't call the rules' turn methods (``dicelab.setaside.turn``): these brute
forces hold its form of hot dice and of who may bank to the rules."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

from dicelab import fivethousand
from dicelab.fivethousand import Rules

TRADITIONAL = {"bust_keeps_completed_rounds": False, "hot_dice": "compulsory"}


@cache
def outcomes(dice: int) -> list[tuple[tuple[int, ...], float]]:
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=dice))
    return [(throw, count / 6**dice) for throw, count in sorted(counts.items())]


@cache
def parts(rules: Rules, throw: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(points, dice left) of each way to set scoring dice aside from ``throw``."""
    table = rules.combinations()
    return tuple(
        sorted(
            {(points, len(throw) - len(p)) for p, points in table.scoring_choices(throw).items()}
        )
    )


def brute_turn(rules: Rules, bank, farkle: float, top: int, fresh=None) -> dict:
    """The value of throwing ``n`` dice with ``r`` points at risk (a farkle loses them all),
    by (r, n), for r from 0 to ``top`` points: ``bank(r)`` what banking is worth, ``farkle``
    a farkle. Past ``top`` the turn banks, hot dice or not. ``fresh(r)``: under Zillions
    rules, what hot dice reaching ``r`` are worth (the round's points safe, a fresh round
    thrown)."""
    dice, needs = rules.dice, rules.bank_needs()
    throw: dict = {}

    def decided(r: int, left: int) -> float:
        if r > top:
            return bank(r)
        hot = left == 0
        if hot and fresh is not None:
            return fresh(r)
        value = throw[r, dice if hot else left]
        if (hot and rules.hot_dice == "compulsory") or r < needs:
            return value
        return max(bank(r), value)

    for r in range(top, -1, -50):
        for n in range(1, dice + 1):
            value = 0.0
            for t, p in outcomes(n):
                options = parts(rules, t)
                value += p * (
                    max(decided(r + points, left) for points, left in options)
                    if options
                    else farkle
                )
            throw[r, n] = value
    return throw


RULES = [
    Rules(dice=2, **TRADITIONAL),
    Rules(dice=3, **TRADITIONAL),
    Rules(dice=3, min_bank=200, **TRADITIONAL),
    Rules(dice=3, all_dice_farkle=300, **TRADITIONAL),  # a throw of all the dice can't farkle
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.dice}dice")
def test_the_turn_policy_is_the_brute_force_under_compulsory_hot_dice(rules):
    policy = fivethousand.turn_policy(rules)
    brute = brute_turn(rules, float, 0.0, top=30_000)
    assert policy.expected_score == pytest.approx(brute[0, rules.dice], rel=1e-11, abs=1e-11)
    # every state up to well past the bank limit, where the forced rethrow's line takes over
    for r in range(0, max(3 * policy.bank_from, 3000), 50):
        for n in range(1, rules.dice + 1):
            got = float(policy.throw_values(0, r, 0, n))
            assert got == pytest.approx(brute[r, n], rel=1e-11, abs=1e-9), (r, n)


def test_compulsory_hot_dice_cost_points_only_where_the_dice_are_hot():
    optional = fivethousand.turn_policy(Rules(dice=3, bust_keeps_completed_rounds=False))
    compulsory = fivethousand.turn_policy(RULES[1])
    assert compulsory.expected_score < optional.expected_score
    # past its bank limit the optional player banks hot dice; the compulsory one can't
    r = 2 * optional.bank_from
    assert float(compulsory.throw_values(0, r, 0, 3)) < r == float(optional.bank_values(0, r))


ZILLIONS = [Rules(dice=2, hot_dice="compulsory"), Rules(dice=3, hot_dice="compulsory")]


@pytest.mark.parametrize("rules", ZILLIONS, ids=["2dice", "3dice"])
def test_under_zillions_rules_the_turn_policy_is_the_brute_force(rules):
    # hot dice bank the round; the fresh round's worth f solves f = T(0, all dice; f)
    f, before = 0.0, -1.0
    while abs(f - before) > 1e-13:
        before = f
        f = brute_turn(rules, float, 0.0, top=4000, fresh=lambda r, f=f: r + f)[0, rules.dice]
    policy = fivethousand.turn_policy(rules)
    assert policy.expected_score == pytest.approx(f, rel=1e-11)
    assert (
        policy.expected_score
        == fivethousand.turn_policy(rules.replace(hot_dice="optional")).expected_score
    )


@pytest.mark.parametrize("rules", ZILLIONS, ids=["2dice", "3dice"])
def test_under_zillions_rules_the_final_turn_chances_are_the_brute_force(rules):
    to_beat = 400
    start: dict = {}  # a fresh round's chance by its safe points, from the highest down

    def fresh_from(safe):
        return lambda r: 1.0 if safe + r > to_beat else start[safe + r]

    for safe in range(to_beat, -1, -50):
        start[safe] = brute_turn(
            rules,
            lambda r, safe=safe: _outcome(safe + r, to_beat),
            _outcome(safe, to_beat),
            top=3000,
            fresh=fresh_from(safe),
        )[0, rules.dice]
    policy = fivethousand.final_turn_policy(rules, to_beat)
    for banked in (0, 150, 350, 400):
        assert policy.success_probability(banked) == pytest.approx(start[banked], abs=1e-12)


def _outcome(score: int, to_beat: int) -> float:
    return 1.0 if score > to_beat else 0.5 if score == to_beat else 0.0


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.dice}dice")
@pytest.mark.parametrize("to_beat", [400, 425])
def test_the_final_turn_chances_are_the_brute_force_under_compulsory_hot_dice(rules, to_beat):
    policy = fivethousand.final_turn_policy(rules, to_beat)
    for banked in (0, 150, 350):  # a last turn is behind the leader
        brute = brute_turn(
            rules,
            lambda r, banked=banked: _outcome(banked + r, to_beat),
            _outcome(banked, to_beat),
            top=6500,
        )
        assert policy.success_probability(banked) == pytest.approx(
            brute[0, rules.dice], abs=1e-12
        ), banked
        for r in range(50, 700, 50):
            for n in range(1, rules.dice + 1):
                got = float(policy.throw_values(banked, r, 0, n))
                assert got == pytest.approx(brute[r, n], abs=1e-12), (banked, r, n)


def last_turns(rules: Rules, most: int) -> dict:
    """A last turn's chance to make up ``d`` points (``d`` = 50 .. ``most``; a shared win
    counting half), its bank needing the minimum bank: backward induction over (points still
    needed, -50 once ahead; turn points up to the minimum bank; dice), hot dice ahead with
    the bank reached being a fixed point (value iteration)."""
    dice, needs = rules.dice, rules.bank_needs()
    compulsory = rules.hot_dice == "compulsory"
    again = 0.0  # ahead, the bank reached, hot dice to throw again
    for _ in range(500):
        again = sum(
            p * max(again if left == 0 else 1.0 for _, left in parts(rules, t))
            for t, p in outcomes(dice)
            if parts(rules, t)
        )
    throws: dict = {}

    def decided(need: int, got: int, left: int) -> float:
        forced = left == 0 and compulsory
        if need < 0 and got >= needs:
            return again if forced else 1.0
        value = throw(need, got, dice if left == 0 else left)
        return value if forced or got < needs else max(0.5 if need == 0 else 0.0, value)

    def throw(need: int, got: int, n: int) -> float:
        if (need, got, n) not in throws:
            throws[need, got, n] = sum(
                p
                * max(
                    decided(max(need - points, -50), min(got + points, needs), left)
                    for points, left in parts(rules, t)
                )
                for t, p in outcomes(n)
                if parts(rules, t)
            )
        return throws[need, got, n]

    return {d: throw(d, 0, dice) for d in range(50, most + 1, 50)}


def brute_win(rules: Rules, top: int) -> float:
    """The first player's chance to win a two-player game from 0 to 0 (a shared win counting
    half), by value iteration over the pairs of banked scores."""
    dice, goal = rules.dice, rules.target
    last = last_turns(rules, top)

    def chased(deficit: int) -> float:
        return last.get(deficit, 0.0)

    scores = range(0, goal, 50)
    win = {(a, b): 0.5 for a in scores for b in scores}
    for _ in range(200):
        change = 0.0
        for a, b in sorted(win, key=lambda pair: -sum(pair)):

            def bank(r, a=a, b=b):
                return 1 - chased(a + r - b) if a + r >= goal else 1 - win[b, a + r]

            value = brute_turn(rules, bank, 1 - win[b, a], top=goal + top)[0, dice]
            change = max(change, abs(value - win[a, b]))
            win[a, b] = value
        if change < 1e-13:
            return win[0, 0]
    raise AssertionError("the brute force did not settle")


@pytest.mark.parametrize(
    "rules",
    [
        Rules(dice=2, target=200, **TRADITIONAL),
        Rules(dice=3, target=200, **TRADITIONAL),
        Rules(dice=2, target=250, min_bank=150, **TRADITIONAL),
    ],
    ids=["2dice", "3dice", "2dice-min_bank"],
)
@pytest.mark.slow
def test_the_win_policy_is_the_brute_force_under_compulsory_hot_dice(rules):
    policy = fivethousand.win_policy(rules, use_cache=False)
    assert policy.first_player_wins == pytest.approx(brute_win(rules, top=3000), abs=1e-8)
    optional = fivethousand.win_policy(rules.replace(hot_dice="optional"), use_cache=False)
    assert abs(policy.first_player_wins - optional.first_player_wins) > 1e-6  # it tells them apart


def test_rules_where_a_turn_can_go_on_for_ever_are_refused():
    # one die, every throw scoring with it: with optional hot dice the points have no bound
    # (the policy said 3.2e18) and robots never bank, with compulsory ones no turn could end
    for keeps_rounds in (True, False):
        with pytest.raises(ValueError, match="again and again without ever risking a farkle"):
            Rules(dice=1, all_dice_farkle=500, bust_keeps_completed_rounds=keeps_rounds)
    with pytest.raises(ValueError, match="never let a turn end"):
        Rules(dice=1, all_dice_farkle=500, hot_dice="compulsory")
    # one die, every scoring throw hot dice: no bank ever, no game would end
    with pytest.raises(ValueError, match="never let a player bank"):
        Rules(dice=1, **TRADITIONAL)
    assert Rules(dice=1, hot_dice="compulsory").must_rethrow  # Zillions rules keep the rounds


def _standing(need: int) -> float:
    return 1.0 if need < 0 else 0.5 if need == 0 else 0.0


def brute_zillions_win(rules: Rules, top: int) -> float:
    """:func:`brute_win` under Zillions rules: a farkle banks the completed rounds, hot dice
    (compulsory) start a fresh round from the safe points. A fresh round's value is worked
    out from the highest safe points down, a last turn's from the fewest points needed up."""
    dice, goal = rules.dice, rules.target
    last: dict = {}  # a fresh last-turn round needing d points to draw level, from below up
    for d in range(-300, top + 1, 50):
        last[d] = brute_turn(
            rules,
            lambda r, d=d: _standing(d - r),
            _standing(d),
            top=max(d, 0) + 300,
            fresh=lambda r, d=d: last.get(d - r, 1.0),
        )[0, dice]

    scores = range(0, goal, 50)
    win = {(a, b): 0.5 for a in scores for b in scores}

    def banked(s: int, b: int) -> float:  # my safe points s banked against b
        return (1 - last.get(s - b, 0.0)) if s >= goal else 1 - win[b, s]

    for _ in range(200):
        change = 0.0
        for b in scores:
            fresh: dict = {}  # a fresh round from s safe points, against b, from the top down
            highest = goal + top
            for s in range(highest, -1, -50):
                fresh[s] = brute_turn(
                    rules,
                    lambda r, s=s, b=b: banked(s + r, b),
                    banked(s, b),
                    top=highest - s,
                    fresh=lambda r, s=s, b=b, known=fresh: known.get(s + r, banked(s + r, b)),
                )[0, dice]
            for a in scores:
                change = max(change, abs(fresh[a] - win[a, b]))
                win[a, b] = fresh[a]
        if change < 1e-13:
            return win[0, 0]
    raise AssertionError("the brute force did not settle")


@pytest.mark.slow
def test_under_zillions_rules_the_win_policy_is_the_brute_force():
    rules = Rules(dice=2, target=150, hot_dice="compulsory")
    policy = fivethousand.win_policy(rules, use_cache=False)
    assert policy.first_player_wins == pytest.approx(brute_zillions_win(rules, 1500), abs=1e-8)


@pytest.mark.parametrize("rating", ["points", "win"])
def test_the_coach_and_the_chance_panel_play_compulsory_hot_dice(rating):
    from dicelab.coach import FivethousandCoach
    from dicelab.fivethousand import Engine, SetAside, Throw
    from dicelab.widgets.fivethousand import FivethousandGame

    rules = Rules(target=1000, **TRADITIONAL)
    engine = Engine(rules)
    state = engine.apply_chance(engine.apply(engine.initial_state(2), Throw()), (1, 1, 1, 5, 5, 5))
    hot = engine.apply(state, SetAside((1, 1, 1, 5, 5, 5)))
    assert hot.dice_left == 6 and hot.turn_points == 1500  # hot dice past the target
    coach = FivethousandCoach(rules, rating=rating, seats=2)
    coach.prepare()
    (throw,) = coach.advise(hot).choices  # no bank on hot dice
    policy = fivethousand.win_policy(rules) if rating == "win" else fivethousand.turn_policy(rules)
    assert throw.value == pytest.approx(policy.throw_value(hot), abs=1e-12)
    assert rating == "points" or throw.value < 1 - 1e-3  # ahead, but the rethrow can farkle
    source = FivethousandGame.CHANCES.at(2)
    assert not source.unavailable(rules, 2)
    chances = source.chances(source.prepare(rules), hot)
    assert chances[0] == pytest.approx(fivethousand.win_policy(rules).chance_to_win(hot))
