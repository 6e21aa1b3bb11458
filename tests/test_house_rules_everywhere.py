"""Every house rule reaches the coach and the chance to win: under each setting a seeded game
is played, and at its decisions the coach (rating by points and by the chance to win) and the
table's chance-to-win source either answer consistently or refuse the rules naming a setting
that differs from the default (never a crash, never a silent wrong answer)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from dicelab import fivethousand, thousand, yahtzee
from dicelab.coach import FivethousandCoach, ThousandCoach, YahtzeeCoach
from dicelab.widgets.fivethousand import FivethousandGame
from dicelab.widgets.thousand import ThousandGame
from dicelab.widgets.yahtzee import YahtzeeGame

FIVETHOUSAND = fivethousand.Rules(target=1000)
THOUSAND = thousand.Rules(target=300, casks=((0, 50),))
CASES = (
    [
        (fivethousand, FivethousandCoach, FivethousandGame, FIVETHOUSAND.replace(**changes))
        for changes in (
            {"opening": 300, "bust_keeps_completed_rounds": False},
            {"min_bank": 200, "bust_keeps_completed_rounds": False},
            {"opening": 300},  # with Zillions rules: the win policy refuses it
            {"hot_dice": "compulsory"},
            {"hot_dice": "compulsory", "bust_keeps_completed_rounds": False},
            {"last_turn": False},
            {"exact_finish": True},
            # (to 300: the win policy's passes under a penalty cost a third of those to 500)
            {
                "target": 300,
                "penalty": 100,
                "score_floor": -100,
                "bust_keeps_completed_rounds": False,
            },
            {"all_dice_farkle": 500},
            {"first_player": "random"},
            {"more_of_a_kind": "doubling", "four_of_a_kind_and_pair": 1500, "two_triplets": 2500},
        )
    ]
    + [
        (thousand, ThousandCoach, ThousandGame, THOUSAND.replace(**changes))
        for changes in (
            {"dump_truck": 150},
            {"penalty": 50, "penalty_after": 2},
            {"first_player": "random"},
        )
    ]
    + [
        (yahtzee, YahtzeeCoach, YahtzeeGame, yahtzee.Rules(forced_order=True)),
    ]
)


BASES = (FIVETHOUSAND, THOUSAND, yahtzee.Rules())


def changed_settings(rules) -> set[str]:
    """The settings under test: those that differ from the small rules the cases start from."""
    base = next(base for base in BASES if type(base) is type(rules))
    return {
        field.name
        for field in dataclasses.fields(rules)
        if getattr(rules, field.name) != getattr(base, field.name)
    }


def refused_by_name(refusal: ValueError, rules) -> bool:
    return any(name in str(refusal) for name in changed_settings(rules))


def decisions(module, rules, seats: int, most: int = 12) -> list:
    """Up to ``most`` states of a seeded robots' game where the player to move decides."""
    bot = "greedy" if module is yahtzee else "simple"
    game = module.Game(
        players=[{"name": f"P{i}", "bot": bot} for i in range(seats)], rules=rules, seed=3
    )
    found = []
    while not game.is_over and len(found) < most:
        if game.legal_actions() and len(game.legal_actions()) > 1:
            found.append(game.state)
        game.play_bot()
    return found


@pytest.mark.parametrize("module,Coach,Widget,rules", CASES)
@pytest.mark.parametrize("rating", ["points", "win"])
def test_the_coach_follows_or_refuses_every_house_rule(module, Coach, Widget, rules, rating):
    engine = module.Engine(rules)
    coach = Coach(rules, rating=rating, seats=2)
    try:
        coach.prepare()
        for state in decisions(module, rules, 2):
            advice = coach.advise(state)
            assert advice.choices and all(math.isfinite(c.value) for c in advice.choices)
            for action in engine.legal_actions(state):
                decision = coach.rate(state, [action], "P")
                if decision is not None:
                    assert decision.cost >= -1e-12, (state, action)
    except ValueError as refusal:
        assert refused_by_name(refusal, rules), refusal


@pytest.mark.parametrize("module,Coach,Widget,rules", CASES)
@pytest.mark.parametrize("seats", [2, 3])
def test_the_chance_to_win_follows_or_refuses_every_house_rule(module, Coach, Widget, rules, seats):
    source = Widget.CHANCES.at(seats)
    why = source.unavailable(rules, seats)
    if why:
        assert any(
            name.replace("_", " ") in why or name in why for name in changed_settings(rules)
        ), why
        return
    try:
        prepared = source.prepare(rules)
    except ValueError as refusal:
        assert refused_by_name(refusal, rules), refusal
        return
    for state in decisions(module, rules, seats, most=6):
        chances = source.chances(prepared, state)
        assert len(chances) == seats and all(-1e-12 <= c <= 1 + 1e-12 for c in chances)
        assert sum(chances) == pytest.approx(1, abs=1e-9)
