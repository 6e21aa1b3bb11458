"""The coach in the three game widgets, driven by intents without a browser."""

from __future__ import annotations

import asyncio
import threading

import pytest

from dicelab import fivethousand, thousand, yahtzee
from dicelab.coach import FivethousandCoach
from dicelab.coach.ledger import GAME_WIN_CHANCE
from dicelab.messages import catalogue
from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame
from tests.widgets.event_loop import run_on_fresh_loop
from tests.widgets.intents import forge, key, notice, press, shown, watch
from tests.widgets.test_fivethousand_widget import leave_out

THINKING = catalogue("en")("coaching.thinking")
SMALL_YAHTZEE = yahtzee.Rules(boxes=("ones", "twos", "yahtzee", "chance"))


def panel(widget):
    return widget.coaching.panel


def best_label(widget) -> str:
    options = panel(widget).options
    assert options and options[0]["best"] and not any(o["best"] for o in options[1:])
    return options[0]["label"]


def last_cost(widget) -> float:
    return widget.coaching.ledger.decisions[-1].cost


# --- Fivethousand ------------------------------------------------------------------------------


def play_fivethousand(widget, keep, bank):
    """Leave ``keep`` out of the throw on the table, then pass or throw the rest."""
    leave_out(widget, keep)
    if bank:
        press(widget, "pass")
    else:
        widget.send_intent(widget.shaker, {"type": "shake"})


def play_best_fivethousand(widget):
    state = widget.game.state
    if state.phase == "throw":
        widget.send_intent(widget.shaker, {"type": "shake"})
        return
    best = widget.coaching.coach().policy(state).best(state)
    if state.phase == "decide":
        press(widget, "pass") if best.bank else widget.send_intent(widget.shaker, {"type": "shake"})
    else:
        play_fivethousand(widget, best.keep, best.bank)


def test_one_voice_the_proposal_is_the_coachs_best_and_the_coach_says_why_it_differs():
    widget = FivethousandGame(players=["Red"], seed=164, pace=0)
    widget.send_intent(widget.shaker, {"type": "shake"})
    assert widget.game.state.throw == (1, 2, 3, 5, 6, 6) and widget.dice_out() == (1, 5)
    assert widget.controls.status.endswith(
        "Proposed (most points now): set aside 1, 5 for 150 points."
    )
    key(widget, "k")  # the coach on, no die clicked yet: the proposal follows the coach
    assert widget.dice_out() == (1,) and best_label(widget) == "set aside 1 and throw 5 dice"
    assert widget.controls.status.endswith(  # and the words follow the dice
        "Proposed (the coach's best): set aside 1 for 100 points."
    )
    assert panel(widget).why == (
        "Most points now, set aside 1, 5 and throw 4 dice, gives 303.2 points; the best, "
        "set aside 1 and throw 5 dice, 384.7 points: it keeps 5 dice to throw, not 4."
    )
    key(widget, "k")  # off again: most points now
    assert widget.dice_out() == (1, 5)
    assert widget.controls.status.endswith(
        "Proposed (most points now): set aside 1, 5 for 150 points."
    )
    key(widget, "2")  # a die clicked: switching the coach on leaves the player's dice alone
    key(widget, "k")
    assert widget.dice_out() == (1, 2, 5)
    key(widget, "u")
    widget.send_intent(widget.shaker, {"type": "shake"})  # sets aside 1, 5 and throws 4 dice
    state = widget.game.state
    assert state.kept == (1, 5) and state.throw == (1, 1, 5, 6)
    assert widget.controls.status.endswith(
        "Proposed (the coach's best): set aside 1, 1, 5 for 250 points."
    )
    assert widget.dice_out() == (1, 1, 5) and panel(widget).why == ""  # the same set-aside


def test_the_advice_at_a_glance_sits_above_the_dice_while_the_coach_or_the_chances_are_on():
    widget = FivethousandGame(seed=34, pace=0)
    widget.send_intent(widget.shaker, {"type": "shake"})
    assert "advice_strip" not in shown(widget)  # nothing to say at a glance
    key(widget, "k")
    assert shown(widget)[:3] == ("controls", "advice_strip", "scoreboard")
    assert (
        widget.advice_strip.best == ("Coach's best: set aside 1 and throw 5 dice (384.7 points).")
        and widget.advice_strip.chances == []
    )
    key(widget, "w")
    assert [(seat["name"], seat["value"]) for seat in widget.advice_strip.chances] == [
        ("Red", "53%"),
        ("Robot", "47%"),
    ]
    key(widget, "k")
    assert widget.advice_strip.best == "" and "advice_strip" in shown(widget)


def test_fivethousand_coach_names_the_best_option_rates_a_poor_move_and_reports():
    widget = FivethousandGame(
        players=["Red"], rules=fivethousand.Rules().replace(target=1000), seed=164, pace=0
    )
    assert not widget.coach and "coach" not in shown(widget)
    key(widget, "k")
    assert widget.coach and shown(widget)[-2:] == ("coach", "history")
    assert panel(widget).caption.startswith(
        "Red, 0 points this turn, 6 dice to throw: throw 6 dice"
    )
    assert panel(widget).odds == [{"label": "Farkle chance with 6 dice", "value": "5/162 ≈ 3.1%"}]
    assert "as if alone at the table" in panel(widget).help
    widget.send_intent(widget.shaker, {"type": "shake"})
    assert widget.game.state.throw == (1, 2, 3, 5, 6, 6)
    assert widget.coaching.ledger.decisions == []  # the first throw is no decision
    assert best_label(widget) == "set aside 1 and throw 5 dice"
    assert panel(widget).options[0]["value"] == "384.7 points"

    play_fivethousand(widget, (1, 5), bank=True)  # deliberately poor: bank 150 at once
    assert widget.game.state.scores == (150,)
    assert last_cost(widget) == pytest.approx(384.74 - 150, abs=0.01)
    assert panel(widget).verdict["text"] == (
        "Your move cost 234.7 points of expected turn score against the best: "
        "set aside 1 and throw 5 dice (384.7 points)."
    )

    while not widget.game.is_over:
        play_best_fivethousand(widget)
    decisions = widget.coaching.ledger.decisions
    assert [d.cost for d in decisions[1:]] == [0] * (len(decisions) - 1)
    report = panel(widget).report
    assert report["heading"] == "Coach's report, by points"
    assert report["lines"] == [
        f"Red: {len(decisions) - 1} best of {len(decisions)} decisions; "
        f"total expected loss 234.7 points of expected turn score."
    ]
    assert report["costliest"] == [
        "Red, throw 1, 2, 3, 5, 6, 6 (0 points this turn): set aside 1, 5 "
        "and pass (150 points) cost 234.7 points of expected turn score; "
        "best was set aside 1 and throw 5 dice."
    ]
    assert panel(widget).options == [] and shown(widget)[-2:] == ("coach", "history")


def test_coach_off_hides_the_panel_and_rates_nothing():
    widget = FivethousandGame(players=["Red"], seed=34, pace=0, coach=True)
    assert "coach" in shown(widget)
    press(widget, "coach")
    assert not widget.coach and "coach" not in shown(widget)
    assert next(b for b in widget.controls.buttons if b["id"] == "coach")["label"] == "Coach: off"
    widget.send_intent(widget.shaker, {"type": "shake"})
    play_fivethousand(widget, (1, 5), bank=True)
    assert widget.coaching.ledger.decisions == []
    key(widget, "k")
    assert "coach" in shown(widget)
    assert next(b for b in widget.controls.buttons if b["id"] == "coach")["aria_label"] == (
        "Coach: on, switch it off"
    )
    assert "K switches the coach on or off" in widget.controls.help


def test_a_front_end_writing_the_coach_changes_nothing(monkeypatch):
    widget = FivethousandGame(players=["Red"], seed=34, pace=0, coach=True)
    widget.send_intent(widget.shaker, {"type": "shake"})
    play_fivethousand(widget, (1, 5), bank=True)
    drawn = {
        name: getattr(panel(widget), name) for name in ("options", "verdict", "caption", "report")
    }
    ledger = list(widget.coaching.ledger.decisions)
    sent = forge(widget, monkeypatch, panel(widget), verdict={"text": "Best move!"}, options=[])
    assert {name: getattr(panel(widget), name) for name in drawn} == drawn
    assert widget.coaching.ledger.decisions == ledger
    assert sent[0]["state"]["view"]["parts"]["coach"]["verdict"] == drawn["verdict"]


# --- Thousand ----------------------------------------------------------------------------------


def test_thousand_coach_counts_expected_turns_and_skips_the_bots():
    rules = thousand.Rules().replace(target=200, casks=())
    widget = ThousandGame(
        players=["Ann", {"name": "Bot", "bot": "simple"}], rules=rules, seed=3, pace=0, coach=True
    )
    policy = thousand.solitaire_policy(rules)
    poor_moves = 0
    while not widget.game.is_over:
        state = widget.game.state
        if state.phase == "throw":
            press(widget, "throw")
            continue
        options = policy.options(state)
        assert best_label(widget) == widget.coaching.coach().label(
            state, (options[0].keep, options[0].bank)
        )
        assert panel(widget).options[0]["value"].endswith(" turns")
        worst = options[-1] if poor_moves == 0 and len(options) > 1 else options[0]
        press(widget, "save" if worst.bank else "throw")
        if worst is not options[0]:
            poor_moves += 1
            assert last_cost(widget) == pytest.approx(worst.value - options[0].value)
            assert last_cost(widget) > 0
            assert panel(widget).verdict["text"].startswith("Ann: Your move cost ")
            assert "expected turns more against the best" in panel(widget).verdict["text"]
    assert poor_moves == 1
    assert {d.player for d in widget.coaching.ledger.decisions} == {"Ann"}
    report = panel(widget).report
    assert report["lines"][0].startswith("Ann: ") and len(report["costliest"]) == 1


# --- Yahtzee -----------------------------------------------------------------------------------


def test_yahtzee_coach_thinks_first_then_rates_a_hold_and_a_box_and_reports():
    widget = YahtzeeGame(
        players=["Ann", {"name": "Robo", "bot": "greedy"}], rules=SMALL_YAHTZEE, seed=3, pace=0
    )
    busy = watch(widget, panel(widget), "busy")
    key(widget, "k")
    assert busy == [THINKING, ""]
    assert panel(widget).caption == "Ann, before the first roll: nothing to choose yet."
    assert [o["label"] for o in panel(widget).odds] == ["Ones", "Twos", "Yahtzee", "Chance"]
    key(widget, "r")
    solution = yahtzee.solve(SMALL_YAHTZEE)
    options = solution.options(widget.game.state)
    assert best_label(widget) == widget.coaching.coach().label(
        widget.game.state, ("hold", options[0].keep)
    )
    worst = min((o for o in options if o.kind == "hold"), key=lambda o: o.value)
    wanted = list(worst.keep)
    for die, face in enumerate(widget.game.state.dice):
        if face in wanted:
            wanted.remove(face)
            key(widget, str(die + 1))
    assert widget.coaching.ledger.decisions == []  # holding a die is part of the decision
    key(widget, "r")
    assert (
        last_cost(widget) == pytest.approx(options[0].value - worst.value) and last_cost(widget) > 0
    )
    assert "points of expected score against the best" in panel(widget).verdict["text"]

    while not widget.game.is_over:
        state = widget.game.state
        best = solution.best(state) if state.rolls_used else None
        if best is None or best.kind == "hold":
            for die in range(5):  # hold exactly the best faces (none before the first roll)
                if state.held[die]:
                    key(widget, str(die + 1))
            wanted = list(best.keep) if best else []
            for die, face in enumerate(widget.game.state.dice):
                if face in wanted:
                    wanted.remove(face)
                    key(widget, str(die + 1))
            key(widget, "r")
        else:
            widget.send_intent(widget.scorecard, {"type": "select", "column": 0, "row": best.box})
            key(widget, "c")
    decisions = widget.coaching.ledger.decisions
    assert {d.player for d in decisions} == {"Ann"} and sum(d.cost > 0 for d in decisions) == 1
    report = panel(widget).report
    assert report["lines"][0].startswith(
        f"Ann: {len(decisions) - 1} best of {len(decisions)} decisions"
    )
    assert report["costliest"][0].startswith(f"Ann, {decisions[0].situation}: hold")


def test_moves_played_from_a_cell_are_rated_one_by_one():
    widget = YahtzeeGame(players=["Ann"], rules=SMALL_YAHTZEE, seed=3, pace=0, coach=True)
    widget.roll()
    widget.play(yahtzee.Hold(0))
    widget.roll()
    widget.play(yahtzee.Score("chance"))
    first_die = widget.game.history[0].dice[0]
    assert [d.taken.move for d in widget.coaching.ledger.decisions] == [
        ("hold", (first_die,)),
        ("box", "chance"),
    ]


# --- the measure the player chooses ------------------------------------------------------------

SMALL_FIVETHOUSAND = fivethousand.Rules(dice=2, target=300)


def measures(widget) -> list:
    return [(m["id"], m["label"], m["chosen"], m["reason"]) for m in panel(widget).measures]


def choose(widget, measure):
    widget.send_intent(panel(widget), {"type": "measure", "measure": measure})


def test_the_coach_rates_by_the_chance_to_win_when_chosen_and_reports_in_the_measure_chosen():
    widget = FivethousandGame(
        players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=9, pace=0, coach=True
    )
    assert measures(widget) == [("points", "Points", True, ""), ("win", "Chance to win", False, "")]
    choose(widget, "win")
    assert notice(widget) == "" and widget.coaching.rating == "win"
    assert measures(widget) == [("points", "Points", False, ""), ("win", "Chance to win", True, "")]
    assert panel(widget).help.startswith(
        "Values: chance to win the game for Ann. Exact chances if both players play to win"
    )
    policy = fivethousand.win_policy(SMALL_FIVETHOUSAND)
    while widget.game.state.phase == "throw" or len(policy.options(widget.game.state)) < 2:
        play_best_fivethousand(widget)
    state = widget.game.state
    options = policy.options(state)
    assert [o["value"] for o in panel(widget).options] == [f"{o.value:.1%}" for o in options[:3]]
    worst = options[-1]
    play_fivethousand(widget, worst.keep, worst.bank)
    assert (
        last_cost(widget) == pytest.approx(100 * (options[0].value - worst.value))
        and last_cost(widget) > 0
    )
    assert panel(widget).verdict["text"].startswith("Ann: Your move cost ")
    assert (
        "percentage points of chance to win the game against the best"
        in panel(widget).verdict["text"]
    )

    choose(widget, "points")  # the whole game so far is rated again, by points
    assert [d.measure.percent for d in widget.coaching.ledger.decisions] in ([False], [True])
    assert widget.coaching.ledger.decisions[0].taken.label == widget.coaching.coach().label(
        state, (worst.keep, worst.bank)
    )
    choose(widget, "win")
    while not widget.game.is_over:
        play_best_fivethousand(widget)
    report = panel(widget).report
    assert report["heading"] == "Coach's report, by chance to win"
    assert all("percentage points of chance to win the game" in line for line in report["lines"])
    best_then = widget.coaching.coach().label(state, (options[0].keep, options[0].bank))
    assert report["costliest"][0].endswith(f"best was {best_then}.")
    choose(widget, "points")
    assert panel(widget).report["heading"] == "Coach's report, by points"


def test_at_a_thousand_table_of_three_the_coach_rates_by_the_chance_to_win():
    from dicelab.thousand.finishing import finishing_chances

    rules = thousand.Rules(dice=3, target=60, casks=())
    widget = ThousandGame(players=["Ann", "Ben", "Cy"], rules=rules, seed=1, pace=0, coach=True)
    # Thousand's own measure is the turns to reach the target, and "Rate by" says so.
    assert measures(widget) == [
        ("points", "Fewest turns", True, ""),
        ("win", "Chance to win", False, ""),
    ]
    assert panel(widget).help.startswith("Values: expected turns to reach the target")
    choose(widget, "win")
    assert widget.coaching.rating == "win" and notice(widget) == ""
    press(widget, "throw")
    while widget.game.state.phase != "decide":
        press(widget, "throw")
    options = finishing_chances(rules).options(widget.game.state)
    assert len(options) == 2 and len(panel(widget).options) == 2
    assert [option["value"] for option in panel(widget).options] == [
        GAME_WIN_CHANCE.say(option.value) for option in options
    ]
    assert "every player plays for the fewest turns" in panel(widget).help


def test_the_yahtzee_coach_rates_by_the_estimated_chance_to_win_when_chosen():
    widget = YahtzeeGame(players=["Ann", "Ben"], rules=SMALL_YAHTZEE, seed=3, pace=0, coach=True)
    choose(widget, "win")
    key(widget, "r")
    assert all(o["value"].endswith("%") for o in panel(widget).options)
    assert panel(widget).help.startswith(
        "Values: estimated chance to win the game for Ann. Estimates "
    )
    alone = YahtzeeGame(players=["Ann"], rules=SMALL_YAHTZEE, seed=3, pace=0, coach=True)
    assert measures(alone)[1][3] == (
        "Rating by chance to win is not offered: playing alone, there is no one to beat."
    )


def test_while_the_coach_thinks_the_game_goes_on_and_its_moves_are_rated_once_it_is_ready():
    gate = threading.Event()

    class SlowCoach(FivethousandCoach):
        def prepare(self):
            gate.wait(10)
            super().prepare()

    class Game(FivethousandGame):
        Coach = SlowCoach

    async def scenario():
        widget = Game(players=["Red"], seed=164, pace=0)
        key(widget, "k")
        thinking = (panel(widget).busy, measures(widget)[0][2])
        widget.send_intent(widget.shaker, {"type": "shake"})
        play_fivethousand(widget, (1, 5), bank=True)  # played while the coach thinks
        meanwhile = (
            widget.game.state.scores,
            panel(widget).busy,
            list(widget.coaching.ledger.decisions),
        )
        gate.set()
        for _ in range(500):
            await asyncio.sleep(0.01)
            if not panel(widget).busy:
                break
        return widget, thinking, meanwhile

    widget, thinking, meanwhile = run_on_fresh_loop(scenario())
    assert thinking == (THINKING, True)
    assert meanwhile == ((150,), THINKING, [])
    assert [d.taken.label for d in widget.coaching.ledger.decisions] == [
        "set aside 1, 5 and pass (150 points)"
    ]
    assert panel(widget).verdict["text"].startswith("Your move cost 234.7 points")


def test_the_measure_can_be_chosen_from_the_start_at_a_table_of_two_or_three():
    duel = FivethousandGame(
        players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=9, pace=0, coach=True, rating="win"
    )
    assert duel.coaching.rating == "win" and measures(duel)[1][2]
    trio = FivethousandGame(
        players=["Ann", "Ben", "Cy"],
        rules=SMALL_FIVETHOUSAND,
        seed=9,
        pace=0,
        coach=True,
        rating="win",
    )
    assert trio.coaching.rating == "win" and measures(trio)[1][2] and not measures(trio)[1][3]
    assert "Estimates from the exact chances of each pair" in panel(trio).help
    with pytest.raises(ValueError, match="the coach rates by 'points' or 'win', not 'luck'"):
        FivethousandGame(players=["Ann"], rating="luck")


def test_the_verdict_and_report_read_right_for_you_and_for_one_decision():
    widget = FivethousandGame(
        players=["You", "Ben"], rules=SMALL_FIVETHOUSAND, seed=9, pace=0, coach=True
    )
    coach = widget.coaching.coach()
    while widget.game.state.phase == "throw" or len(coach.choices(widget.game.state)) < 2:
        play_best_fivethousand(widget)
    play_best_fivethousand(widget)
    assert panel(widget).verdict["text"].startswith("Best move: ")  # not "You: Best move"
    assert widget.coaching._report()["lines"] == [  # the report the game's end shows
        "You: 1 best of 1 decision; total expected loss 0.0 points of expected turn score."
    ]
