"""The set-aside coaches rating by the chance to win the game (without widgets)."""

from __future__ import annotations

import pytest

from dicelab import fivethousand, thousand
from dicelab.coach import (
    GAME_WIN_CHANCE,
    TURN_POINTS,
    TURNS_TO_FINISH,
    FivethousandCoach,
    Ledger,
    ThousandCoach,
)

SMALL_FIVETHOUSAND = fivethousand.Rules(dice=3, target=400)
SMALL_THOUSAND = thousand.Rules(dice=3, target=60, casks=((0, 15),))


def thrown(engine, state, dice):
    return engine.apply_chance(engine.apply(state, fivethousand.Throw()), dice)


def test_fivethousand_coach_by_win_uses_the_win_policy_and_its_measure():
    coach = FivethousandCoach(SMALL_FIVETHOUSAND, rating="win")
    engine = coach.engine
    state = thrown(engine, fivethousand.State(scores=(250, 300), dice_left=3), (1, 5, 6))
    options = fivethousand.win_policy(SMALL_FIVETHOUSAND).options(state)
    advice = coach.advise(state)
    assert advice.measure == GAME_WIN_CHANCE
    assert [c.value for c in advice.choices] == [o.value for o in options]
    worst = advice.choices[-1]
    decision = coach.rate(
        state,
        [
            fivethousand.SetAside(worst.move[0]),
            fivethousand.Bank() if worst.move[1] else fivethousand.Throw(),
        ],
        "Red",
    )
    assert decision.measure == GAME_WIN_CHANCE
    assert decision.cost == pytest.approx(100 * (options[0].value - options[-1].value))
    assert "percentage points of chance to win the game" in decision.sentence or decision.cost == 0


def test_the_end_report_uses_the_measure_the_player_chose():
    by_win, by_points = (
        FivethousandCoach(SMALL_FIVETHOUSAND, rating=rating) for rating in ("win", "points")
    )
    state = thrown(by_win.engine, fivethousand.State(scores=(0, 0), dice_left=3), (1, 1, 5))
    for coach, measure in ((by_win, GAME_WIN_CHANCE), (by_points, TURN_POINTS)):
        ledger = Ledger()
        for actions in (
            [fivethousand.SetAside((1,)), fivethousand.Bank()],
            [fivethousand.SetAside((1, 1, 5)), fivethousand.Throw()],
        ):
            ledger.add(coach.rate(state, actions, "Red"))
        [summary] = ledger.summaries()
        assert summary.measure == measure and summary.decisions == 2


def test_thousand_coach_by_win_and_by_turns():
    engine = thousand.Engine(SMALL_THOUSAND)
    state = engine.apply_chance(
        engine.apply(thousand.State(scores=(20, 35), dice_left=3), thousand.Throw()), (1, 2, 3)
    )
    by_win = ThousandCoach(SMALL_THOUSAND, rating="win")
    advice = by_win.advise(state)
    assert advice.measure == GAME_WIN_CHANCE
    policy = thousand.win_policy(SMALL_THOUSAND)
    assert advice.choices[0].value == pytest.approx(policy.chance_to_win(state))
    assert ThousandCoach(SMALL_THOUSAND).advise(state).measure == TURNS_TO_FINISH


def test_with_more_players_a_coach_by_win_rates_by_the_table_chances():
    from dataclasses import replace

    from dicelab.fivethousand.pairwise import pairwise_chances
    from dicelab.thousand.finishing import finishing_chances

    coach = FivethousandCoach(SMALL_FIVETHOUSAND, rating="win", seats=3)
    state = thrown(coach.engine, coach.engine.initial_state(3), (1, 5, 6))
    advice = coach.advise(state)
    assert advice.measure == GAME_WIN_CHANCE
    best = advice.choices[0]
    after = coach.engine.set_aside(state, best.move[0])
    after = coach.engine.bank(after) if best.move[1] else replace(after, phase="rolling")
    assert best.value == pytest.approx(pairwise_chances(SMALL_FIVETHOUSAND, after)[0])
    assert FivethousandCoach(SMALL_FIVETHOUSAND, seats=3).advise(state).measure == TURN_POINTS
    trio = ThousandCoach(SMALL_THOUSAND, rating="win", seats=3)
    start = trio.engine.initial_state(3)
    assert trio.advise(start).choices[0].value == pytest.approx(
        finishing_chances(SMALL_THOUSAND).chances(start)[0]
    )


def test_a_coach_rates_by_points_or_win_only():
    with pytest.raises(ValueError, match="rates by 'points' or 'win'"):
        ThousandCoach(SMALL_THOUSAND, rating="luck")
