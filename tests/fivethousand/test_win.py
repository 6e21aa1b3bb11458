"""The Fivethousand win policy against brute-force value iteration and Monte Carlo."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab.fivethousand import Engine, Rules, State, score
from dicelab.fivethousand.policy import final_turn_policy
from dicelab.fivethousand.win import CAP_ERROR, FivethousandWinPolicy, win_policy
from dicelab.setaside import Throw
from dicelab.simulate.win_values import WinThrowTables
from tests.setaside_helpers import self_play_wins, value_iteration


def _keeps(rules, throw):
    """Every distinct (points, dice set aside) of a throw."""
    found = set()
    for size in range(1, len(throw) + 1):
        for part in itertools.combinations(throw, size):
            points = score(part, rules)
            if points:
                found.add((points, size))
    return found


def brute_force(rules: Rules, lead: int) -> dict:
    """Chance to win of the player to move at the start of a turn, by (mine, theirs), by
    plain value iteration over every state (points, not units; leads capped at ``lead``).
    Without Zillions rules a bank needs ``min_bank`` turn points, and the first one (from 0)
    the opening."""
    dice, target, zillions = rules.dice, rules.target, rules.bust_keeps_completed_rounds

    def needs(banked):
        return max(rules.opening, rules.min_bank) if banked == 0 else rules.min_bank

    throws = {
        n: Counter(frozenset(_keeps(rules, t)) for t in itertools.product(range(1, 7), repeat=n))
        for n in range(1, dice + 1)
    }  # the choices of each throw, and how many throws give them
    unit = 50
    scores = range(0, target, unit)
    start = {(a, b): 0.5 for a in scores for b in scores}

    def result(total, to_beat):
        return 1.0 if total > to_beat else 0.5 if total == to_beat else 0.0

    final_memo = {}

    def final(safe, at_risk, left, to_beat):
        """Chance to win of a last turn throwing ``left`` dice."""
        key = (safe, at_risk, left, to_beat)
        if safe > to_beat:  # a farkle can no longer spoil it
            return 1.0
        if key not in final_memo:
            total = 0.0
            for keeps, count in throws[left].items():
                if not keeps:
                    total += count * result(safe, to_beat)
                    continue
                best = 0.0
                for points, size in keeps:
                    risk, rest = at_risk + points, left - size
                    if rest == 0 and zillions:
                        best = max(
                            best, result(safe + risk, to_beat), final(safe + risk, 0, dice, to_beat)
                        )
                    else:
                        banks = risk >= needs(safe)
                        best = max(
                            best,
                            result(safe + risk, to_beat) if banks else 0.0,
                            0.0
                            if safe + risk > to_beat and banks
                            else final(safe, risk, rest or dice, to_beat),
                        )
                total += count * best
            final_memo[key] = total / 6**left
        return final_memo[key]

    def ended(theirs, mine):
        mine = min(mine, theirs + lead)
        return 1 - (final(theirs, 0, dice, mine) if mine >= target else start[(theirs, mine)])

    def turn(mine, theirs, safe, at_risk, left, memo):
        key = (safe, at_risk, left)
        if key not in memo:
            total = 0.0
            for keeps, count in throws[left].items():
                if not keeps:
                    total += count * ended(theirs, mine + safe)
                    continue
                best = 0.0
                for points, size in keeps:
                    risk, rest = at_risk + points, left - size
                    if mine + safe + risk - theirs >= lead:
                        assert safe + risk >= needs(mine)
                        value = ended(theirs, theirs + lead)
                    elif rest == 0 and zillions:
                        value = max(
                            ended(theirs, mine + safe + risk),
                            turn(mine, theirs, safe + risk, 0, dice, memo),
                        )
                    else:
                        banks = safe + risk >= needs(mine)
                        value = max(
                            ended(theirs, mine + safe + risk) if banks else 0.0,
                            turn(mine, theirs, safe, risk, rest or dice, memo),
                        )
                    best = max(best, value)
                total += count * best
            memo[key] = total / 6**left
        return memo[key]

    return value_iteration(start, lambda pair: turn(*pair, 0, 0, dice, {}))


@pytest.mark.parametrize(
    "rules",
    [
        Rules(dice=2, target=300),
        Rules(dice=2, target=300, bust_keeps_completed_rounds=False),
        Rules(dice=3, target=400),
        Rules(dice=3, target=400, bust_keeps_completed_rounds=False),
        # a bank needs 100 turn points, and (or) the first 150
        Rules(dice=2, target=300, bust_keeps_completed_rounds=False, min_bank=100),
        Rules(dice=3, target=400, bust_keeps_completed_rounds=False, opening=150),
        Rules(dice=3, target=400, bust_keeps_completed_rounds=False, opening=150, min_bank=100),
        # a throw of both dice with no scoring die scores 50 and gives hot dice
        Rules(dice=2, target=300, all_dice_farkle=50),
        Rules(dice=2, target=300, all_dice_farkle=100, bust_keeps_completed_rounds=False),
    ],
)
@pytest.mark.slow
def test_win_policy_agrees_with_brute_force_value_iteration(rules):
    lead = rules.target + 100
    policy = win_policy(rules, lead_cap=lead, use_cache=False)
    expected = brute_force(rules, lead)
    engine = Engine(rules)
    for (mine, theirs), value in expected.items():
        state = engine.initial_state(2)
        state = type(state)(scores=(mine, theirs), dice_left=rules.dice)
        assert policy.chance_to_win(state) == pytest.approx(value, abs=1e-9)
    assert policy.first_player_wins == pytest.approx(expected[(0, 0)], abs=1e-9)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(dice=1, target=2000),
        Rules(dice=1, target=2000, bust_keeps_completed_rounds=False),
    ],
)
def test_a_target_past_the_lead_the_cap_needs_is_solved(rules):
    """With one die a last turn almost never makes up 1400 points, so the cap's error bound
    alone would cap leads below the target, in the middle of the game (this crashed)."""
    policy = win_policy(rules, use_cache=False)
    assert policy.lead * policy.unit >= rules.target and policy.cap_error <= CAP_ERROR
    wider = win_policy(rules, lead_cap=2 * rules.target, use_cache=False)
    goal = policy.goal  # every pair of scores below the target, at the start of a turn:
    assert abs(policy.start[:goal, :goal] - wider.start[:goal, :goal]).max() <= (
        policy.cap_error + 1e-12
    )
    engine = Engine(rules)  # which is what each policy answers for such a state
    for mine in range(0, rules.target, 250):
        for theirs in range(0, rules.target, 250):
            state = type(engine.initial_state(2))(scores=(mine, theirs), dice_left=rules.dice)
            for each in (policy, wider):
                assert each.chance_to_win(state) == pytest.approx(
                    each.start[mine // each.unit, theirs // each.unit], abs=1e-15
                )


def test_the_cap_changes_little_and_its_bound_holds():
    rules = Rules(dice=3, target=400)
    low, high = (
        win_policy(rules, lead_cap=400, use_cache=False),
        win_policy(rules, lead_cap=800, use_cache=False),
    )
    assert abs(low.first_player_wins - high.first_player_wins) <= low.cap_error
    chosen = win_policy(rules, use_cache=False)
    assert chosen.cap_error <= CAP_ERROR
    assert abs(chosen.first_player_wins - high.first_player_wins) <= high.cap_error + 1e-12


@pytest.mark.slow
def test_monte_carlo_of_the_policy_against_itself_agrees_with_first_player_wins():
    rules = Rules(dice=3, target=500)
    policy = win_policy(rules, use_cache=False)
    games = 3000
    p = policy.first_player_wins
    assert abs(self_play_wins(Engine(rules), policy, games, seed=15) - p) <= 3 * math.sqrt(
        p * (1 - p) / games
    )


def test_the_batch_robots_throw_tables_and_the_boundary_table_agree_with_the_policy():
    rules = Rules(dice=3, target=400)
    policy = win_policy(rules, use_cache=False)
    tables, u = WinThrowTables(policy), policy.unit
    for mine, theirs, points, dice in ((0, 0, 0, 3), (100, 250, 150, 2), (350, 0, 50, 1)):
        state = State(scores=(mine, theirs), dice_left=dice, turn_points=points, phase="decide")
        read = tables.look_up(*(np.array([v]) for v in (mine // u, theirs // u, points // u, dice)))
        assert read[0] == policy.throw_value(state)  # bit for bit
    table = policy.boundary([0, 200])
    assert [(row["you"], row["opponent"]) for row in table] == [
        (0, 0),
        (0, 200),
        (200, 0),
        (200, 200),
    ]
    for row in table:
        assert "3 dice" not in row  # a Zillions round with points at risk has fewer dice
        for dice in (1, 2):
            least = row[f"{dice} {'die' if dice == 1 else 'dice'}"]
            state = State(
                scores=(row["you"], row["opponent"]),
                dice_left=dice,
                turn_points=least,
                phase="decide",
            )
            assert policy.bank_value(state) >= policy.throw_value(state)
    assert "<table>" in table._repr_html_()


@st.composite
def small_rules(draw):
    """Small custom rules: few dice, a low target, scores on or off, either bust rule, hot
    dice optional or compulsory (and without Zillions rules an opening and a minimum
    bank)."""
    zillions = draw(st.booleans())
    dice = draw(st.integers(1, 4))
    return Rules(
        dice=dice,
        target=draw(st.sampled_from(range(100, 901, 50))),
        single_five=draw(st.sampled_from([0, 50, 100])),
        three_ones=draw(st.sampled_from([300, 1000])),
        three_pairs=draw(st.sampled_from([0, 500])),
        four_of_a_kind=draw(st.sampled_from([0, 2000])),
        bust_keeps_completed_rounds=zillions,
        opening=0 if zillions else draw(st.sampled_from([0, 150, 300])),
        min_bank=0 if zillions else draw(st.sampled_from([0, 100])),
        # (with one die and no Zillions rules compulsory hot dice would never let anyone bank)
        hot_dice=draw(
            st.sampled_from(["optional", "compulsory"] if zillions or dice > 1 else ["optional"])
        ),
    )


def reachable_states(engine, rng, games: int, push: float):
    """Every state of ``games`` random two-player games from random scores; the players
    throw on with chance ``push`` (so turns run far past the target), else at random."""
    target = engine.rules.target
    for _ in range(games):
        state = engine.initial_state(2)
        state = type(state)(
            scores=(rng.randrange(0, target, 50), rng.randrange(0, target, 50)),
            dice_left=engine.rules.dice,
            player=rng.randrange(2),
        )
        while not state.is_over:
            yield state
            if state.is_chance:
                state = engine.apply_chance(state, engine.sample_chance(state, rng))
                continue
            actions = engine.legal_actions(state)
            throws = [a for a in actions if isinstance(a, Throw)]
            state = engine.apply(
                state, throws[0] if throws and rng.random() < push else rng.choice(actions)
            )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=small_rules(), seed=st.integers(0, 2**32 - 1), push=st.sampled_from([0.5, 0.9]))
@pytest.mark.slow
def test_every_reachable_state_is_answered(rules, seed, push):
    policy = win_policy(rules, use_cache=False)
    engine = Engine(rules)
    for state in reachable_states(engine, random.Random(seed), 6, push):
        if state.is_chance:
            continue
        chance = policy.chance_to_win(state)
        assert 0.0 <= chance <= 1.0
        if state.phase in ("choose", "decide"):
            options = policy.options(state)
            assert policy.action(state) in engine.legal_actions(state)
            assert chance == options[0].value
            assert all(0.0 <= option.value <= 1.0 for option in options)


@pytest.mark.parametrize("opening,min_bank", [(0, 100), (200, 0), (200, 100)])
def test_last_turns_needing_a_bank_agree_with_the_final_turn_policy(opening, min_bank):
    """A chaser's last turn when a bank needs turn points: the win policy's (a level score
    the chaser may not bank is no tie) against the final-turn policy, code of its own."""
    rules = Rules(
        dice=3, target=500, bust_keeps_completed_rounds=False, opening=opening, min_bank=min_bank
    )
    policy = win_policy(rules, use_cache=False)
    for leader, chaser in ((550, 0), (600, 450), (500, 450), (500, 400), (700, 300)):
        final = final_turn_policy(rules, leader)
        for points in range(0, 400, 50):
            for dice in (1, 2, 3):
                state = State(
                    scores=(leader, chaser),
                    player=1,
                    dice_left=dice,
                    turn_points=points,
                    phase="throw",
                    final_turns=(1,),
                    on_board=(True, chaser > 0),
                )
                assert policy.chance_to_win(state) == pytest.approx(
                    final.throw_value(state), abs=1e-12
                ), (leader, chaser, points, dice)


@pytest.mark.parametrize("zillions", [True, False])
def test_a_policy_read_from_the_cache_answers_last_turns(zillions, tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = Rules(dice=3, target=400, bust_keeps_completed_rounds=zillions)
    solved = win_policy(rules, use_cache=False)
    FivethousandWinPolicy(rules)  # solves and saves
    loaded = FivethousandWinPolicy(rules)  # reads the saved arrays
    for points, dice in ((0, 3), (100, 2), (250, 1)):
        state = State(
            scores=(450, 200),
            player=1,
            dice_left=dice,
            turn_points=points,
            phase="decide",
            final_turns=(1,),
        )
        assert loaded.chance_to_win(state) == solved.chance_to_win(state)
