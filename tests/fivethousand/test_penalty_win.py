"""The two-player win policy under a penalty for farkles in a row, against a brute-force
value iteration written here on its own (its own scoring of singles and triples, its own
turns and last turns), on tiny rules."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from functools import cache
from math import factorial

import numpy as np
import pytest

from dicelab.fivethousand import Rules, win_policy
from dicelab.fivethousand.engine import Engine
from dicelab.fivethousand.penalty_win import TOLERANCE, PenaltyWinPolicy
from dicelab.fivethousand.win_solver import CAP_ERROR

UNIT = 50
# The lead at which both sides call a game won: small, so the brute force's turns stay short
# (the cap is the same rule on both sides; the default cap's error is a test of its own).
LEAD_CAP = 1000


def _keeps(throw: tuple) -> list[tuple[int, int]]:
    """(points, dice used) of every scoring part of a throw: ones, fives, a triple."""
    counts = Counter(throw)
    parts = set()
    for ones in range(counts[1] + 1):
        for fives in range(counts[5] + 1):
            parts.add((ones * 100 + fives * 50, ones + fives))
            for face in range(1, 7):
                left = counts[face] - (ones if face == 1 else fives if face == 5 else 0)
                if left >= 3:
                    triple = 1000 if face == 1 else 100 * face
                    parts.add((ones * 100 + fives * 50 + triple, ones + fives + 3))
    return sorted(part for part in parts if part[1])


@cache
def _rolls(n: int) -> list[tuple[float, list[tuple[int, int]]]]:
    """(chance, scoring parts in units) of each multiset of ``n`` dice."""
    rolls = []
    for throw in itertools.combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for count in Counter(throw).values():
            ways //= factorial(count)
        parts = [(points // UNIT, used) for points, used in _keeps(throw)]
        rolls.append((ways / 6**n, parts))
    return rolls


def brute_force(rules: Rules, lead: int) -> dict:
    """Every chance to win at the start of a turn, (mine, theirs, my streak, theirs) in
    units, by value iteration over the pairs (each turn solved by recursion)."""
    goal, low = -(-rules.target // UNIT), rules.score_floor // UNIT
    k, drop, dice = rules.penalty_after, rules.penalty // UNIT, rules.dice
    needs = -(-rules.min_bank // UNIT)
    compulsory = rules.hot_dice == "compulsory"

    @cache
    def last(deficit: int, r: int, n: int, hot: bool) -> float:
        """The chaser's chance with r at risk and n dice to throw (ties half)."""
        bank = -1.0
        if r >= needs and r > 0 and not (compulsory and hot):
            bank = 1.0 if r > deficit else 0.5 if r == deficit else 0.0
        if bank == 1.0:
            return 1.0
        if hot and r >= max(deficit + 1, needs):  # ahead on hot dice: banks at a throw that
            rolls = _rolls(dice)  # leaves dice, unless it farkles first
            leaves = sum(c for c, parts in rolls if any(used < dice for _, used in parts))
            only_hot = sum(c for c, parts in rolls if parts and all(u == dice for _, u in parts))
            return leaves / (1 - only_hot)
        value = 0.0
        for chance, parts in _rolls(n):
            best = 0.0
            for points, used in parts:
                left = n - used
                top = min(r + points, max(deficit + 1, needs))
                best = max(best, last(deficit, top, left or dice, left == 0))
            value += chance * best
        return max(bank, value)

    def finals(deficit: int) -> float:
        return last(min(deficit, lead), 0, dice, False)

    scores = range(low, goal)
    values = {key: 0.5 for key in itertools.product(scores, scores, range(k), range(k))}

    def turn(m, b, s, t):
        more = s + 1 < k
        dropped = m if not more else m
        if not more:
            dropped = min(m, max(m - drop, low))
        farkle = 1 - values[b, dropped, t, s + 1 if more else 0]

        @cache
        def state(r: int, n: int, hot: bool) -> float:
            standing = m + r
            if standing - b >= lead:
                return 1 - finals(lead)
            bank = -1.0
            if r >= max(needs, 1) and not (compulsory and hot):
                bank = 1 - (finals(standing - b) if standing >= goal else values[b, standing, t, 0])
            value = 0.0
            for chance, parts in _rolls(n):
                if not parts:
                    value += chance * farkle
                    continue
                value += chance * max(
                    state(r + points, n - used or dice, n == used) for points, used in parts
                )
            return max(bank, value)

        return state(0, dice, False)

    while True:
        change = 0.0
        for key in sorted(values, key=lambda key: -(key[0] + key[1])):
            new = turn(*key)
            change = max(change, abs(new - values[key]))
            values[key] = new
        if change < 1e-15:
            return values


TINY = [
    Rules(
        dice=2,
        target=200,
        bust_keeps_completed_rounds=False,
        penalty=100,
        penalty_after=2,
        score_floor=-100,
    ),
    Rules(
        dice=1,
        target=150,
        bust_keeps_completed_rounds=False,
        penalty=50,
        penalty_after=3,
        score_floor=-100,
    ),
    Rules(
        dice=2,
        target=200,
        bust_keeps_completed_rounds=False,
        penalty=150,
        penalty_after=1,
        score_floor=-50,
        min_bank=100,
    ),
    Rules(
        dice=2,
        target=150,
        bust_keeps_completed_rounds=False,
        penalty=100,
        penalty_after=2,
        score_floor=-100,
        hot_dice="compulsory",
    ),
    Rules(
        dice=3,
        target=100,
        bust_keeps_completed_rounds=False,
        penalty=50,
        penalty_after=2,
        score_floor=-50,
    ),
]


@pytest.mark.parametrize("rules", TINY, ids=lambda rules: rules.to_dict().__repr__()[:0] or None)
@pytest.mark.slow
def test_matches_brute_force(rules):
    policy = win_policy(rules, lead_cap=LEAD_CAP, use_cache=False)
    assert policy.iteration_error < TOLERANCE
    expected = brute_force(rules, policy.lead)
    low = policy.low
    worst = max(
        abs(policy.start[s, t, m - low, b - low] - value)
        for (m, b, s, t), value in expected.items()
    )
    assert worst < 1e-12 + policy.iteration_error
    assert policy.first_player_wins == pytest.approx(
        expected[0, 0, 0, 0], abs=1e-12 + policy.iteration_error
    )


# Chances to win (s, t, mine - low, theirs - low) solved by the solver before its sweep was
# compiled and its first guess and stopping rule changed (every value of these games agreed
# with it to 8e-13).
BEFORE = [
    (
        Rules.preset("facebook").replace(target=600, score_floor=-300),
        {
            (0, 0, 6, 6): 0.6682166413510657,
            (2, 2, 0, 17): 0.3567853189287291,
            (1, 0, 10, 5): 0.8276276554999993,
            (0, 2, 17, 0): 0.9917926689675436,
            (0, 1, 6, 6): 0.6725564287960887,
        },
    ),
    (
        Rules.preset("traditional").replace(target=800, penalty=300, score_floor=-300),
        {
            (0, 0, 6, 6): 0.5776865815861782,
            (2, 2, 0, 21): 0.23941879795241577,
            (1, 0, 10, 5): 0.6621751791154867,
            (0, 2, 21, 0): 0.8976330087178302,
        },
    ),
]


@pytest.mark.parametrize("rules, chances", BEFORE, ids=["facebook", "traditional"])
@pytest.mark.slow
def test_agrees_with_the_solver_before(rules, chances):
    policy = win_policy(rules, use_cache=False)
    for where, chance in chances.items():
        assert policy.start[where] == pytest.approx(chance, abs=1e-9)


@pytest.mark.slow
def test_is_the_same_bit_for_bit_on_one_core_or_shared_out(monkeypatch):
    from dicelab.setaside import sweep_kernel

    rules = BEFORE[0][0]
    solved = []
    for shared in (10**12, 0):  # every walk on one thread, then every walk shared out
        monkeypatch.setattr(sweep_kernel, "SHARED_WORK", shared)
        policy = PenaltyWinPolicy(rules, use_cache=False)
        solved.append((policy.start, policy.after, policy.passes))
    assert np.array_equal(solved[0][0], solved[1][0])
    assert np.array_equal(solved[0][1], solved[1][1])
    assert solved[0][2] == solved[1][2]


def test_the_default_cap_and_the_passes_leave_an_error_within_their_bounds():
    policy = win_policy(TINY[-1], use_cache=False)
    assert policy.iteration_error < TOLERANCE
    assert policy.cap_error < CAP_ERROR + TOLERANCE


def test_reads_the_streaks_of_a_state():
    rules = TINY[0]
    policy = win_policy(rules, lead_cap=LEAD_CAP, use_cache=False)
    engine = Engine(rules)
    state = engine.initial_state(2)
    for streaks in ((0, 0), (1, 0), (0, 1), (1, 1)):
        here = state.__class__(**{**state.__dict__, "streaks": streaks})
        s, t = streaks
        assert policy.chance_to_win(here) == pytest.approx(  # a turn read at the last targets
            policy.start[s, t, -policy.low, -policy.low], abs=1e-14 + policy.iteration_error
        )
    assert (
        policy.start[1, 0, -policy.low, -policy.low] < policy.start[0, 0, -policy.low, -policy.low]
    )


@pytest.mark.parametrize(
    "change, setting",
    [
        ({"opening": 100}, "opening"),
        ({"bust_keeps_completed_rounds": True}, "bust_keeps_completed_rounds"),
        ({"penalty": 120}, "penalty"),
    ],
)
def test_refuses_what_it_cannot_honour(change, setting):
    rules = TINY[0].replace(**change)
    with pytest.raises(ValueError, match=setting):
        win_policy(rules, use_cache=False)


def test_pairwise_reads_each_pairs_streaks():
    from dataclasses import replace

    from dicelab.fivethousand.pairwise import pair_chance

    rules = TINY[0]
    policy = win_policy(rules, lead_cap=LEAD_CAP, use_cache=False)
    state = replace(Engine(rules).initial_state(3), streaks=(0, 1, 0))
    low = policy.low
    # seat 2 is not to move: seat 0 moves first in the pair (0, 2), and seat 1 in (1, 2)
    assert pair_chance(policy, state, 0, 2) == pytest.approx(policy.start[0, 0, -low, -low])
    assert pair_chance(policy, state, 1, 2) == pytest.approx(policy.start[1, 0, -low, -low])


def test_win_robot_plays_on_the_engine_path_under_a_penalty():
    from dicelab import simulate
    from dicelab.simulate.setaside_bots import batch_bot

    rules = TINY[0]
    assert batch_bot(rules, "win") is None
    assert batch_bot(rules.replace(penalty=0, score_floor=0), "win") is not None
    with pytest.warns(Warning, match="engine path"):
        share = simulate.head_to_head("fivethousand", "win", "random", n=20, seed=1, rules=rules)
    assert share.value > 0.5


def test_a_solve_says_its_passes_and_levels_on_stderr_unless_asked_not_to_or_in_the_background(
    capsys,
):
    rules = TINY[0].replace(target=TINY[0].target + 50)  # solved here, not read from memory
    policy = win_policy(rules, lead_cap=LEAD_CAP, use_cache=False)
    said = capsys.readouterr().err.splitlines()
    done = [line for line in said if " done" in line]
    assert len(done) == policy.passes
    assert done[0].startswith("win policy: pass 1 done: the first player wins ")
    assert done[-2].startswith(f"win policy: pass {policy.passes - 1} done, about ")
    assert any(line.startswith("win policy: pass 1: level 1 of ") for line in said)
    win_policy(
        rules.replace(target=rules.target + 50), lead_cap=LEAD_CAP, use_cache=False, progress=False
    )
    assert capsys.readouterr().err == ""
    in_background = threading.Thread(
        target=win_policy,
        args=(rules.replace(target=rules.target + 100),),
        kwargs={"lead_cap": LEAD_CAP, "use_cache": False},
    )
    in_background.start()
    in_background.join()
    assert capsys.readouterr().err == ""  # (a widget's background work: the table says it)
