"""Each seat's chance to win Thousand under solitaire-optimal play, against a brute-force
solve of the whole table's game through the engine, and against self-play."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from dicelab.thousand import Engine, Rules
from dicelab.thousand.finishing import finishing_chances
from dicelab.thousand.policy import solitaire_policy

TINY = [
    Rules(dice=2, target=20, casks=()),
    Rules(dice=2, target=20, casks=((0, 10),)),
    Rules(dice=2, target=15, casks=(), choose_keep=True),
    Rules(dice=2, target=20, casks=(), dump_truck=10),  # a save on 10 leaves 0
    # the bolts: the 2nd (3rd) scoreless turn in a row costs 10 (5) points, never below 0
    Rules(dice=2, target=20, casks=(), penalty=10, penalty_after=2),
    Rules(dice=2, target=15, casks=((0, 10),), penalty=5, penalty_after=3),
    Rules(dice=1, target=20, casks=(), penalty=5, penalty_after=2, dump_truck=10),
]
#: the most seats whose whole table the brute force solves densely (the bolts' streaks of
#: three seats of two dice make tens of thousands of engine states)
MOST_SEATS = {rules: 2 if rules.penalty and rules.dice > 1 else 3 for rules in TINY}


def brute_force(rules, state) -> dict:
    """Each seat's chance to win from every state reachable from ``state``, every seat
    playing the solitaire policy: the reachable engine states of the whole table, and the
    linear equations of their chances solved at once (independent of the turn-count maths)."""
    engine, policy = Engine(rules), solitaire_policy(rules)
    index, order, stack = {state: 0}, [state], [state]
    moves = []
    while stack:
        at = stack.pop()
        if at.is_over:
            nexts = []
        elif at.is_chance:
            nexts = [
                (engine.apply_chance(at, throw), float(p))
                for throw, p in engine.chance_outcomes(at).items()
            ]
        else:
            nexts = [(engine.apply(at, policy.action(at)), 1.0)]
        moves.append((at, nexts))
        for after, _ in nexts:
            if after not in index:
                index[after] = len(order)
                order.append(after)
                stack.append(after)
    n, seats = len(order), len(state.scores)
    matrix, won = np.eye(n), np.zeros((n, seats))
    for at, nexts in moves:
        i = index[at]
        if at.is_over:
            won[i] = [score == rules.target for score in at.scores]
        for after, p in nexts:
            matrix[i, index[after]] -= p
    solution = np.linalg.solve(matrix, won)
    return {at: solution[i] for at, i in index.items()}


@pytest.mark.parametrize(
    "rules,seats", [(rules, seats) for rules in TINY for seats in range(1, MOST_SEATS[rules] + 1)]
)
def test_the_chances_at_the_start_are_the_brute_force_ones(rules, seats):
    state = Engine(rules).initial_state(seats)
    exact = finishing_chances(rules).chances(state)
    assert np.allclose(exact, brute_force(rules, state)[state], atol=1e-10)
    assert sum(exact) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("rules", TINY)
def test_mid_turn_and_mid_round_the_chances_are_the_brute_force_ones(rules):
    engine = Engine(rules)
    chances = finishing_chances(rules)
    rng = random.Random(3)
    seats = MOST_SEATS[rules]
    start = replace(engine.initial_state(seats), scores=(10, 0, 5)[:seats], player=1)
    solved = brute_force(rules, start)
    state, checked = start, 0
    while checked < 12:  # along games played from the start, again when one ends
        if state.is_over:
            state = start
        if state.is_chance:
            outcomes = engine.chance_outcomes(state)
            throw = rng.choices(list(outcomes), weights=[float(p) for p in outcomes.values()])[0]
            state = engine.apply_chance(state, throw)
            continue
        assert np.allclose(chances.chances(state), solved[state], atol=1e-10), state
        checked += 1
        state = engine.apply(state, solitaire_policy(rules).action(state))


def test_the_later_seats_of_a_round_have_less_chance_and_the_sums_are_one():
    rules = Rules()
    chances = finishing_chances(rules).chances(Engine(rules).initial_state(3))
    assert chances[0] > chances[1] > chances[2] > 0.3
    assert sum(chances) == pytest.approx(1, abs=1e-10)


def test_the_coach_values_saving_and_throwing_by_the_chance_to_win():
    rules = TINY[0]
    engine, chances = Engine(rules), finishing_chances(rules)
    state = engine.apply_chance(
        engine.apply(engine.initial_state(3), engine.legal_actions(engine.initial_state(3))[0]),
        (1, 2),
    )
    assert state.phase == "decide"
    options = {option.bank: option.value for option in chances.options(state)}
    saved, thrown = engine.bank(state), replace(state, phase="rolling")
    assert options[True] == pytest.approx(brute_force(rules, saved)[saved][0], abs=1e-10)
    assert options[False] == pytest.approx(brute_force(rules, thrown)[thrown][0], abs=1e-10)
