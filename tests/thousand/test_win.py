"""The Thousand win policy against brute-force value iteration and Monte Carlo."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from dicelab.simulate.win_values import WinThrowTables
from dicelab.thousand import Engine, Rules, State
from dicelab.thousand.win import win_policy
from tests.setaside_helpers import self_play_wins, value_iteration


def _keeps(rules, throw):
    """The (points, dice set aside) a throw allows: the best part only, unless the player
    chooses (then every scoring part)."""
    table = rules.combinations()
    if not rules.choose_keep:
        best = table.best_choice(tuple(sorted(throw)))
        return {(best[1], len(best[0]))} if best else set()
    found = set()
    for size in range(1, len(throw) + 1):
        for part in itertools.combinations(sorted(throw), size):
            points = table.score(part)
            if points:
                found.add((points, size))
    return found


def brute_force(rules: Rules) -> dict:
    """Chance to win of the player about to throw, by (mine, theirs), by plain value
    iteration over every state."""
    dice, target = rules.dice, rules.target
    throws = {
        n: Counter(frozenset(_keeps(rules, t)) for t in itertools.product(range(1, 7), repeat=n))
        for n in range(1, dice + 1)
    }  # the choices of each throw, and how many throws give them
    start = {(a, b): 0.5 for a in range(0, target, 5) for b in range(0, target, 5)}

    def may_save(mine, points):
        cask = next((c for c in rules.casks if c[0] <= mine < c[1]), None)
        return cask is None or mine + points >= cask[1]

    def turn(mine, theirs, points, left, memo):
        if (points, left) not in memo:
            total = 0.0
            for keeps, count in throws[left].items():
                best = None
                for gained, size in keeps:
                    now = points + gained
                    if mine + now == target:
                        value = 1.0
                    elif mine + now > target:
                        value = 1 - start[(theirs, mine)]
                    else:
                        value = turn(mine, theirs, now, left - size or dice, memo)
                        if may_save(mine, now):
                            saved = 0 if mine + now == rules.dump_truck else mine + now
                            value = max(value, 1 - start[(theirs, saved)])
                    best = value if best is None else max(best, value)
                total += count * (1 - start[(theirs, mine)] if best is None else best)
            memo[(points, left)] = total / 6**left
        return memo[(points, left)]

    return value_iteration(start, lambda pair: turn(*pair, 0, dice, {}))


@pytest.mark.parametrize(
    "rules",
    [
        Rules(dice=2, target=100, casks=((0, 20), (50, 60))),
        Rules(dice=3, target=60, casks=((0, 15), (30, 40))),
        Rules(dice=3, target=60, casks=((0, 15),), choose_keep=True),
        # the dump truck: a save landing on it leaves 0 banked
        Rules(dice=2, target=100, casks=((0, 20),), dump_truck=55),
        Rules(dice=3, target=60, casks=(), dump_truck=35, choose_keep=True),
        Rules(dice=1, target=40, casks=(), dump_truck=10),
    ],
)
@pytest.mark.slow
def test_win_policy_agrees_with_brute_force_value_iteration(rules):
    policy = win_policy(rules, use_cache=False)
    expected = brute_force(rules)
    for (mine, theirs), value in expected.items():
        state = State(scores=(mine, theirs), dice_left=rules.dice)
        assert policy.chance_to_win(state) == pytest.approx(value, abs=1e-9)
    assert policy.first_player_wins == pytest.approx(expected[(0, 0)], abs=1e-9)


@pytest.mark.slow
def test_monte_carlo_of_the_policy_against_itself_agrees_with_first_player_wins():
    rules = Rules(dice=3, target=100, casks=((0, 20), (50, 60)))
    policy = win_policy(rules, use_cache=False)
    games = 3000
    wins = self_play_wins(Engine(rules), policy, games, seed=15) * games
    p = policy.first_player_wins
    assert abs(wins / games - p) <= 3 * math.sqrt(p * (1 - p) / games)


def test_the_policy_is_for_two_players():
    policy = win_policy(Rules(dice=2, target=100, casks=()), use_cache=False)
    with pytest.raises(ValueError, match="two players"):
        policy.chance_to_win(Engine(policy.rules).initial_state(3))


def test_the_batch_robots_throw_tables_are_the_policys_own_values():
    rules = Rules(dice=3, target=60, casks=((0, 15),))
    policy = win_policy(rules, use_cache=False)
    tables, u = WinThrowTables(policy), policy.unit
    for mine, theirs, points, dice in ((0, 0, 0, 3), (20, 35, 10, 2), (45, 50, 10, 3)):
        state = State(scores=(mine, theirs), dice_left=dice, turn_points=points, phase="decide")
        read = tables.look_up(*(np.array([v]) for v in (mine // u, theirs // u, points // u, dice)))
        assert read[0] == policy.throw_value(state)  # bit for bit
