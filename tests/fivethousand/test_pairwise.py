"""The estimate of each seat's chance to win Fivethousand at a larger table, from every
pair's exact two-player chances, against simulated games."""

from __future__ import annotations

import pytest

from dicelab import fivethousand, simulate
from dicelab.fivethousand.pairwise import pairwise_chances

SMALL = [fivethousand.Rules(dice=2, target=300), fivethousand.Rules(dice=3, target=500)]


@pytest.mark.parametrize("rules", SMALL)
def test_for_two_players_it_is_the_exact_chance(rules):
    engine = fivethousand.Engine(rules)
    state = engine.apply(engine.initial_state(2), fivethousand.Throw())
    state = engine.apply_chance(state, (1, 5, 2)[: rules.dice])
    exact = fivethousand.win_policy(rules).chances(state)
    assert pairwise_chances(rules, state) == pytest.approx(list(exact), abs=1e-12)


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("rules", SMALL)
def test_at_three_and_four_seats_it_is_close_to_simulated_games(rules, seats):
    estimate = pairwise_chances(rules, fivethousand.Engine(rules).initial_state(seats))
    games = simulate.games(
        "fivethousand", ["win"] * seats, n=40_000, seed=3, rules=rules, progress=False
    )
    wins = games.wins.astype(float)
    shares = (wins / wins.sum(axis=1, keepdims=True)).mean(axis=0)  # a shared win split
    print(f"{seats} seats, {rules}: estimate {estimate}, simulated {shares.tolist()}")
    assert sum(estimate) == pytest.approx(1)
    assert max(abs(e - s) for e, s in zip(estimate, shares)) < 0.03
    assert estimate == sorted(estimate, reverse=True)  # the earlier seats have the edge


def test_a_seat_with_no_turn_left_behind_the_leader_has_no_chance():
    rules = SMALL[1]
    state = fivethousand.State(scores=(600, 200, 100), dice_left=3, player=2, final_turns=(2,))
    chances = pairwise_chances(rules, state)
    assert chances[1] == 0 and chances[0] > chances[2] > 0
