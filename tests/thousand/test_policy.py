"""The optimal Thousand solitaire policy against independent brute force, and the optimal bot."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from dicelab.thousand import Game, Rules, State, solitaire_policy
from tests.bot_matches import beats_a_coin, play_checking_legality, wins_of

ONE_DIE = {1: 2, 5: 1}  # a lone die scores 10 (a 1) or 5 (a 5): in units of 5 points


def _solve(matrix, rhs):
    """Exact Gaussian elimination; None when the system is singular."""
    n = len(rhs)
    rows = [row[:] + [value] for row, value in zip(matrix, rhs)]
    for i in range(n):
        pivot = next((k for k in range(i, n) if rows[k][i] != 0), None)
        if pivot is None:
            return None
        rows[i], rows[pivot] = rows[pivot], rows[i]
        for k in range(n):
            if k != i and rows[k][i] != 0:
                factor = rows[k][i] / rows[i][i]
                rows[k] = [a - factor * b for a, b in zip(rows[k], rows[i])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _brute_expected_turns(size: int, casks, dump_truck: int | None = None) -> list[Fraction]:
    """Least expected turns from each banked score (in units of 5) to ``size`` with one die,
    over every save-or-throw policy, each solved exactly; a turn ending on ``dump_truck`` (a
    save landing there, or a farkle or a burn from there) leaves 0 banked."""

    def may_save(banked, standing):
        return all(standing >= high for low, high in casks if low <= banked < high)

    decisions = [(b, s) for b in range(size) for s in range(b + 1, size) if may_save(b, s)]
    best = [None] * size
    for saves in itertools.product((False, True), repeat=len(decisions)):
        save = dict(zip(decisions, saves))
        # Unknowns: E[b] (turns from banked b) then T[b, s] (turns after this one, throwing at s).
        index = {("E", b): b for b in range(size)}
        for b in range(size):
            for s in range(b, size):
                index["T", b, s] = len(index)
        matrix = [[Fraction(0)] * len(index) for _ in index]
        rhs = [Fraction(0)] * len(index)
        for b in range(size):
            row = index["E", b]
            matrix[row][row] += 1
            matrix[row][index["T", b, b]] -= 1
            rhs[row] = Fraction(1)
            fallen = 0 if b == dump_truck else b  # a turn ending on the truck leaves 0
            for s in range(b, size):
                row = index["T", b, s]
                matrix[row][row] += 1
                matrix[row][index["E", fallen]] -= Fraction(4, 6)  # a farkle
                for points in ONE_DIE.values():
                    after = s + points
                    if after > size:  # burned
                        matrix[row][index["E", fallen]] -= Fraction(1, 6)
                    elif after < size:
                        landing = 0 if after == dump_truck else after
                        target = (
                            index["E", landing] if save.get((b, after)) else index["T", b, after]
                        )
                        matrix[row][target] -= Fraction(1, 6)
        values = _solve(matrix, rhs)
        if values is not None and all(v > 0 for v in values[:size]):
            best = [v if old is None else min(old, v) for old, v in zip(best, values[:size])]
    return best


@pytest.mark.parametrize("casks", [(), ((0, 10),), ((5, 15),)])
def test_one_die_to_twenty_matches_brute_force(casks):
    rules = Rules(dice=1, target=20, casks=casks)
    brute = _brute_expected_turns(4, [(low // 5, high // 5) for low, high in casks])
    policy = solitaire_policy(rules)
    assert [policy.expected_turns(b) for b in range(0, 20, 5)] == pytest.approx(
        [float(v) for v in brute], rel=1e-12
    )
    assert policy.expected_turns(20) == 0.0


@pytest.mark.parametrize("dump_truck", [5, 10, 15])
def test_the_dump_truck_matches_brute_force(dump_truck):
    """A save landing on the dump truck leaves 0 banked: the policy's values are the least
    over every policy, each solved exactly with the truck, and differ from the values
    without it wherever saving there was best."""
    rules = Rules(dice=1, target=20, casks=(), dump_truck=dump_truck)
    brute = _brute_expected_turns(4, (), dump_truck // 5)
    policy = solitaire_policy(rules)
    assert [policy.expected_turns(b) for b in range(0, 20, 5)] == pytest.approx(
        [float(v) for v in brute], rel=1e-12
    )
    without = solitaire_policy(rules.replace(dump_truck=0))
    truck = dump_truck // 5
    saved_there = without.saves(np.arange(truck), np.full(truck, truck), 1).any()
    if saved_there:  # the truck takes that save away: the start is further from the target
        assert policy.expected_turns(0) > without.expected_turns(0)
    else:
        assert policy.expected_turns(0) == pytest.approx(without.expected_turns(0), rel=1e-12)
    landing = State(scores=(0,), dice_left=1, phase="decide", turn_points=dump_truck)
    assert policy.bank_value(landing) == pytest.approx(1 + policy.expected_turns(0), rel=1e-12)


def test_expected_turns_of_the_classic_rules():
    policy = solitaire_policy()
    assert policy is solitaire_policy("classic")
    assert policy.expected_turns(1000) == 0.0
    assert 30 < policy.expected_turns(0) < 45
    # Choosing which scoring dice to keep can only help.
    assert solitaire_policy(Rules(choose_keep=True)).expected_turns(0) < policy.expected_turns(0)
    # Casks only forbid saves: without them the target is nearer.
    assert solitaire_policy(Rules(casks=())).expected_turns(0) < policy.expected_turns(0)
    with pytest.raises(ValueError):
        policy.expected_turns(3)


def test_the_casks_and_the_target_in_the_options():
    policy = solitaire_policy()
    in_cask = State(scores=(0,), dice_left=3, phase="decide", turn_points=50)
    assert [o.bank for o in policy.options(in_cask)] == [False]  # must reach 100 first
    # 950 banked, 45 in the turn: two 5s would burn, one 5 wins; the policy keeps one.
    chooser = solitaire_policy(Rules(choose_keep=True))
    state = State(scores=(950,), dice_left=2, phase="choose", throw=(5, 5), turn_points=45)
    best = chooser.best(state)
    assert best.keep == (5,) and best.value == 1.0
    burned = next(o for o in chooser.options(state) if o.keep == (5, 5))
    assert burned.value == pytest.approx(1 + chooser.expected_turns(950))


def test_should_save_agrees_with_the_values():
    policy = solitaire_policy()
    for turn_points in (20, 100, 300):
        state = State(scores=(500,), dice_left=2, phase="decide", turn_points=turn_points)
        assert policy.should_save(state) == (policy.bank_value(state) <= policy.throw_value(state))


def test_the_optimal_bot_only_plays_legal_moves():
    for seed in range(6):
        rules = Rules(choose_keep=bool(seed % 2), dump_truck=555 if seed < 3 else 0)
        play_checking_legality(
            Game(
                players=[{"name": "A", "bot": "optimal"}, {"name": "B", "bot": "optimal"}],
                rules=rules,
                seed=seed,
            )
        )


@pytest.mark.slow
def test_the_optimal_bot_beats_the_cask_aware_one():
    assert beats_a_coin(wins_of(Game, "optimal", "cask_aware", 500), 500)


def _brute_expected_turns_with_bolts(size: int, penalty: int, after: int) -> np.ndarray:
    """Least expected turns from each (banked, scoreless turns in a row) to ``size`` with one
    die (units of 5), over every save-or-throw policy, each solved as a linear system: the
    ``after``-th scoreless turn in a row costs ``penalty`` units (never below 0) and starts
    the count again; a save starts it again."""

    def fall(banked, streak):
        return (max(banked - penalty, 0), 0) if streak + 1 == after else (banked, streak + 1)

    decisions = [(b, k, s) for k in range(after) for b in range(size) for s in range(b + 1, size)]
    index: dict[tuple, int] = {}
    for b in range(size):
        for k in range(after):
            index["E", b, k] = len(index)
    for b in range(size):
        for k in range(after):
            for s in range(b, size):
                index["T", b, k, s] = len(index)
    best = np.full((size, after), np.inf)
    for saves in itertools.product((False, True), repeat=len(decisions)):
        save = dict(zip(decisions, saves))
        matrix, rhs = np.eye(len(index)), np.zeros(len(index))
        for b in range(size):
            for k in range(after):
                row = index["E", b, k]
                matrix[row, index["T", b, k, b]] -= 1
                rhs[row] = 1.0
                fallen = index[("E", *fall(b, k))]
                for s in range(b, size):
                    row = index["T", b, k, s]
                    matrix[row, fallen] -= 4 / 6  # a farkle
                    for points in ONE_DIE.values():
                        landing = s + points
                        if landing > size:  # burned
                            matrix[row, fallen] -= 1 / 6
                        elif landing < size:
                            goes = (
                                index["E", landing, 0]
                                if save.get((b, k, landing))
                                else index["T", b, k, landing]
                            )
                            matrix[row, goes] -= 1 / 6
        try:
            values = np.linalg.solve(matrix, rhs)[: size * after].reshape(size, after)
        except np.linalg.LinAlgError:
            continue
        if np.all(np.isfinite(values)) and np.all(values > 0):
            best = np.minimum(best, values)
    return best


@pytest.mark.parametrize("penalty,after,size", [(5, 2, 4), (10, 2, 4), (5, 3, 3)])
def test_the_bolts_match_brute_force(penalty, after, size):
    """The bolts: the policy's expected turns from every banked score and streak are the
    least over every policy (each solved as a linear system)."""
    rules = Rules(dice=1, target=5 * size, casks=(), penalty=penalty, penalty_after=after)
    brute = _brute_expected_turns_with_bolts(size, penalty // 5, after)
    policy = solitaire_policy(rules)
    solved = [[policy.expected_turns(5 * b, k) for k in range(after)] for b in range(size)]
    assert np.allclose(solved, brute, rtol=1e-9, atol=0)
    # a streak closer to the penalty is never better, and strictly worse above the penalty
    assert all(
        solved[b][k] <= solved[b][k + 1] * (1 + 1e-12)  # (equal at 0, which no penalty lowers)
        for b in range(size)
        for k in range(after - 1)
    )
    assert solved[size - 1][after - 1] > solved[size - 1][0]


def test_without_the_bolts_a_scoreless_run_plays_alike():
    """The engine counts scoreless turns in a row even without the bolts (a batch of games
    passes them on): they change no value then."""
    policy = solitaire_policy(Rules(casks=()))
    streaks = np.array([0, 1, 2, 5])
    throws = policy.throw_values(np.full(4, 100), np.full(4, 50), 0, np.full(4, 3), streaks)
    assert (throws == throws[0]).all()
    burned = policy.ended_values(np.full(4, 100), np.zeros(4, dtype=bool), streaks)
    assert (burned == burned[0]).all()
