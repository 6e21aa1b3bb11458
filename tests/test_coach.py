"""The coach without widgets: advice from the optimal policies, rated decisions, the ledger."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicelab import fivethousand, thousand, yahtzee
from dicelab.coach import (
    FINAL_SCORE,
    TURN_POINTS,
    TURNS_TO_FINISH,
    WIN_CHANCE,
    Choice,
    Decision,
    FivethousandCoach,
    Ledger,
    ThousandCoach,
    YahtzeeCoach,
    chance,
)

SMALL_YAHTZEE = yahtzee.Rules(boxes=("ones", "twos", "yahtzee", "chance"))


def thrown(engine, state, dice):
    """``state`` after throwing ``dice``."""
    return engine.apply_chance(engine.apply(state, fivethousand.Throw()), dice)


def value_of(options, keep, bank):
    return next(option.value for option in options if option.keep == keep and option.bank == bank)


def test_fivethousand_a_poor_move_costs_the_difference_of_the_policy_values():
    coach = FivethousandCoach(fivethousand.Rules())
    engine = coach.engine
    state = thrown(engine, engine.initial_state(1), (1, 2, 3, 5, 6, 6))
    options = fivethousand.turn_policy().options(state)
    advice = coach.advise(state)
    assert advice.measure == TURN_POINTS
    assert [c.value for c in advice.choices] == [o.value for o in options]
    assert advice.choices[0].label == "set aside 1 and throw 5 dice"
    assert advice.odds == (
        ("Farkle chance with 5 dice", "25/324 ≈ 7.7%"),
        ("Farkle chance with 4 dice", "17/108 ≈ 15.7%"),
    )

    poor = coach.rate(state, [fivethousand.SetAside((1, 5)), fivethousand.Bank()], "Red")
    assert poor.taken.label == "set aside 1, 5 and pass (150 points)"
    assert poor.taken.value == 150
    assert poor.cost == pytest.approx(options[0].value - 150) and poor.cost > 200
    assert poor.best == advice.choices[0]
    assert poor.sentence == (
        "Your move cost 234.7 points of expected turn score against the best: "
        "set aside 1 and throw 5 dice (384.7 points)."
    )

    best = coach.rate(state, [fivethousand.SetAside((1,)), fivethousand.Throw()], "Red")
    assert best.cost == 0 and best.sentence.startswith("Best move: set aside 1 and throw 5 dice")


def test_where_most_points_now_is_not_the_best_the_coach_says_why_in_one_line():
    coach = FivethousandCoach(fivethousand.Rules())
    engine = coach.engine
    state = thrown(engine, engine.initial_state(1), (2, 2, 2, 3, 4, 5))
    choices = coach.choices(state)
    assert coach.why_not_most_points(state, choices) == (
        "Most points now, set aside 2, 2, 2, 5 and pass (250 points), gives 250.0 points; the "
        "best, set aside 5 and throw 5 dice, 347.8 points: throwing 5 dice on beats stopping now."
    )
    agreed = thrown(engine, engine.initial_state(1), (1, 1, 1, 2, 3, 4))
    assert coach.choices(agreed)[0].move[0] == (1, 1, 1)
    assert coach.why_not_most_points(agreed, coach.choices(agreed)) == ""
    opening = engine.initial_state(1)  # nothing thrown: nothing proposed
    assert coach.why_not_most_points(opening, coach.choices(opening)) == ""


def test_a_decision_made_in_two_steps_costs_what_it_costs_in_one():
    coach = FivethousandCoach(fivethousand.Rules())
    engine = coach.engine
    state = thrown(engine, engine.initial_state(1), (1, 2, 3, 5, 6, 6))
    whole = coach.rate(state, [fivethousand.SetAside((1, 5)), fivethousand.Throw()], "Red")
    first = coach.rate(state, [fivethousand.SetAside((1, 5))], "Red")  # the throw still open
    then = coach.rate(engine.set_aside(state, (1, 5)), [fivethousand.Throw()], "Red")
    assert first.taken.label == "set aside 1, 5"
    assert first.cost + then.cost == pytest.approx(whole.cost) and whole.cost > 0


def test_moves_that_are_no_decision_are_not_rated():
    coach = FivethousandCoach(fivethousand.Rules())
    start = coach.engine.initial_state(2)
    assert coach.rate(start, [fivethousand.Throw()], "Red") is None  # the only move
    assert len(coach.advise(start).choices) == 1
    yahtzee_coach = YahtzeeCoach(SMALL_YAHTZEE)
    engine = yahtzee_coach.engine
    state = engine.apply_chance(
        engine.apply(engine.initial_state(1), yahtzee.Roll()), (1, 2, 2, 5, 6)
    )
    assert yahtzee_coach.rate(state, [yahtzee.Hold(0)], "Ann") is None
    assert yahtzee_coach.rate(engine.initial_state(1), [yahtzee.Roll()], "Ann") is None


def test_fivethousand_last_turn_is_rated_by_the_chance_to_win():
    coach = FivethousandCoach(fivethousand.Rules())
    engine = coach.engine
    last = fivethousand.State(scores=(5200, 4800), dice_left=6, player=1, final_turns=(1,))
    state = thrown(engine, last, (1, 1, 5, 2, 3, 4))
    advice = coach.advise(state)
    assert advice.measure == WIN_CHANCE
    options = fivethousand.final_turn_policy(None, 5200).options(state)
    poor = coach.rate(state, [fivethousand.SetAside((1, 1, 5)), fivethousand.Bank()], "Ben")
    assert poor.taken.value == 0.0  # 4800 + 250 does not overtake 5200
    assert poor.cost == pytest.approx(100 * options[0].value)
    assert "percentage points of win chance" in poor.sentence


@pytest.mark.slow
def test_thousand_fewer_expected_turns_are_better():
    coach = ThousandCoach(thousand.Rules(choose_keep=True))
    engine = coach.engine
    state = engine.apply_chance(
        engine.apply(engine.initial_state(1), thousand.Throw()), (1, 5, 5, 3, 3)
    )
    options = thousand.solitaire_policy(coach.rules).options(state)
    advice = coach.advise(state)
    assert advice.measure == TURNS_TO_FINISH
    assert advice.choices[0].value == min(o.value for o in options)
    worst = max(options, key=lambda o: o.value)
    actions = [thousand.SetAside(worst.keep), thousand.Bank() if worst.bank else thousand.Throw()]
    rated = coach.rate(state, actions, "Ann")
    assert rated.cost == pytest.approx(worst.value - options[0].value) and rated.cost > 0
    assert "expected turns more" in rated.sentence


def test_yahtzee_holds_and_boxes_are_rated_by_the_expected_final_score():
    coach = YahtzeeCoach(SMALL_YAHTZEE)
    engine = coach.engine
    state = engine.apply_chance(
        engine.apply(engine.initial_state(1), yahtzee.Roll()), (1, 2, 2, 5, 6)
    )
    options = yahtzee.solve(SMALL_YAHTZEE).options(state)
    advice = coach.advise(state)
    assert advice.measure == FINAL_SCORE and advice.choices[0].label == "hold 2, 2 and roll 3"
    assert [label for label, _ in advice.odds] == ["Ones", "Twos", "Yahtzee", "Chance"]
    held = engine.apply(engine.apply(state, yahtzee.Hold(4)), yahtzee.Hold(3))  # the 5 and the 6
    rated = coach.rate(held, [yahtzee.Roll()], "Ann")
    hold_5_6 = next(o.value for o in options if o.kind == "hold" and o.keep == (5, 6))
    assert rated.taken.label == "hold 5, 6 and roll 3"
    assert rated.cost == pytest.approx(options[0].value - hold_5_6) and rated.cost > 0
    scored = coach.rate(state, [yahtzee.Score("chance")], "Ann")
    assert scored.taken.label == "score Chance (16)"
    assert scored.cost == pytest.approx(
        options[0].value - next(o.value for o in options if o.box == "chance")
    )


def test_the_ledger_sums_up_each_player_and_lists_the_costliest_decisions():
    def decision(player, cost, measure=TURN_POINTS):
        best = Choice(("best",), "best", 100.0)
        return Decision(
            player, f"cost {cost}", Choice((cost,), f"move {cost}", 100.0 - cost), best, measure
        )

    ledger = Ledger()
    for player, cost in [
        ("Ann", 0),
        ("Ann", 5),
        ("Ben", 1),
        ("Ann", 20),
        ("Ann", 0),
        ("Ann", 2),
        ("Ann", 7),
    ]:
        ledger.add(decision(player, cost))
    ledger.add(decision("Ann", 0.5, WIN_CHANCE))
    assert ledger.total == pytest.approx(35 + 100 * 0.5)
    ann, ben, ann_last_turn = ledger.summaries()
    assert (ann.player, ann.decisions, ann.best_moves, ann.total) == ("Ann", 6, 2, 34)
    assert [d.cost for d in ann.costliest] == [20, 7, 5]
    assert (ben.player, ben.total, ben.best_moves) == ("Ben", 1, 0)
    assert ann_last_turn.measure == WIN_CHANCE and ann_last_turn.total == pytest.approx(50)


def test_measures_and_chances_in_words():
    assert TURN_POINTS.say(384.74) == "384.7 points" and WIN_CHANCE.say(0.625) == "62.5%"
    assert TURNS_TO_FINISH.say(28.4123) == "28.41 turns"
    assert TURNS_TO_FINISH.cost(30.0, 29.5) == 0.5 and TURNS_TO_FINISH.cost(29.0, 29.5) == 0
    assert (
        WIN_CHANCE.say_cost(WIN_CHANCE.cost(0.5, 0.625)) == "12.5 percentage points of win chance"
    )
    assert chance(Fraction(5, 18)) == "5/18 ≈ 27.8%"
    assert chance(Fraction(1)) == "100%" and chance(Fraction(1, 3**12)) == "≈ 0.0%"


def test_a_coach_rates_by_points_or_by_the_chance_to_win_and_refuses_anything_else():
    coach = YahtzeeCoach(SMALL_YAHTZEE)
    assert coach.rating == "points"
    assert YahtzeeCoach(SMALL_YAHTZEE, rating="win").rating == "win"
    with pytest.raises(ValueError, match="'points' or 'win'"):
        coach.rating = "style"
    assert coach.rating == "points"  # unchanged


def test_yahtzee_rated_by_the_chance_to_win_against_the_table():
    from dicelab.coach.yahtzee import WIN_ESTIMATE
    from dicelab.yahtzee.winning import option_chances

    coach = YahtzeeCoach(SMALL_YAHTZEE, rating="win")
    engine = coach.engine
    rival = yahtzee.Card((("ones", 3), ("twos", 6), ("yahtzee", 0)))  # Ben has only Chance left
    state = yahtzee.State(cards=(yahtzee.Card(), rival), dice=(1, 2, 2, 5, 6), rolls_used=1)
    advice = coach.advise(state)
    assert advice.measure == WIN_ESTIMATE
    chances = {
        (o.kind, o.keep if o.kind == "hold" else o.box): c
        for o, c in option_chances(coach.solution, state)
    }
    assert [c.value for c in advice.choices] == sorted(chances.values(), reverse=True)
    assert all(chances[c.move] == c.value for c in advice.choices)
    scored = coach.rate(state, [yahtzee.Score("chance")], "Ann")
    assert scored.measure == WIN_ESTIMATE and scored.cost == pytest.approx(
        100 * (advice.choices[0].value - chances[("box", "chance")])
    )
    assert "percentage points of win chance" in scored.sentence
    # the end report sums the decisions in the measure they were rated by
    ledger = Ledger()
    ledger.add(scored)
    (summary,) = ledger.summaries()
    assert summary.measure == WIN_ESTIMATE and summary.total == pytest.approx(scored.cost)
    # alone at the table there is nobody to beat: points it is
    alone = engine.apply_chance(
        engine.apply(engine.initial_state(1), yahtzee.Roll()), (1, 2, 2, 5, 6)
    )
    assert coach.advise(alone).measure == FINAL_SCORE
    coach.rating = "points"
    assert coach.advise(state).measure == FINAL_SCORE
