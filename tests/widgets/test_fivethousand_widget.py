"""FivethousandGame driven by intents, as the browser would send them, without a browser."""

from __future__ import annotations

import pytest

from dicelab import fivethousand
from dicelab.widgets import FivethousandGame
from dicelab.widgets.colours import CSS_COLOURS
from tests.widgets.event_loop import bot_turn, run_on_fresh_loop
from tests.widgets.intents import (
    button,
    forge,
    key,
    notice,
    press,
    shown,
    toggle,
    watch,
)
from tests.widgets.intents import (
    snapshot as drawn_state,
)


def shake(widget):
    widget.send_intent(widget.shaker, {"type": "shake"})


def leave_out(widget, dice):
    """Click the thrown dice whose place must change for ``dice`` (a part of the throw) alone
    to be out, the leftmost of equal faces first."""
    wanted = list(dice)
    for position, face in enumerate(widget.game.state.throw):
        out = face in wanted
        if out:
            wanted.remove(face)
        if out == (position in widget.back):
            toggle(widget, position)


def best(widget):
    return widget.game.engine.table.best_choice(widget.game.state.throw)[0]


def fewest(widget):
    choices = widget.game.engine.table.scoring_choices(widget.game.state.throw)
    return min(choices.items(), key=lambda item: (len(item[0]), -item[1]))[0]


def board_numbers(widget):
    return [[n["value"] for n in p["numbers"]] for p in widget.scoreboard.players]


def snapshot(widget):
    return drawn_state(widget, widget.back)


def said(widget) -> list:
    """Every status line the widget announces from now on."""
    return watch(widget, widget.controls, "status")


@pytest.fixture
def duel():
    return FivethousandGame(players=["Ann", "Ben"], seed=164, pace=0)


def test_a_whole_game_played_by_intents_has_a_final_turn_and_a_winner():
    widget = FivethousandGame(players=["Ann", "Ben"], seed=5, pace=0)
    game, lines = widget.game, said(widget)
    while not game.is_over:
        shake(widget)
        while game.state.phase in ("choose", "decide") and not game.is_over:
            if game.state.phase == "choose":
                leave_out(widget, best(widget))
            if (
                game.state.turn_points + (widget.game.engine.table.score(widget.dice_out()) or 0)
                >= 350
            ):
                key(widget, "p")
            else:
                shake(widget)
            assert notice(widget) == "", notice(widget)
    assert max(game.scores) >= 5000
    reached = next(line for line in lines if "one last turn" in line)
    assert "has reached 5000" in reached
    assert any("Final turn:" in line for line in lines)
    assert widget.phase == "over" and "ranking" in shown(widget)
    winner = game.winners[0]
    assert widget.controls.status.endswith(
        f"Game over: {winner.name} wins with {max(game.scores)} points."
    )
    assert [p["note"] for p in widget.scoreboard.players if p["note"]] == ["winner"]
    assert [numbers[1] for numbers in board_numbers(widget)] == list(game.scores)
    assert all(numbers[0] == numbers[2] == "–" for numbers in board_numbers(widget))
    assert [b["id"] for b in widget.controls.buttons] == [
        "rematch",
        "new",
        "coach",
        "chances",
        "sound",
    ]
    press(widget, "new")
    assert widget.phase == "setup" and [s["name"] for s in widget.setup.seats] == ["Ann", "Ben"]


def test_words_fit_the_numbers_a_farkle_on_a_first_throw_and_the_target_reached_exactly():
    robots = [{"name": "Ann", "bot": "simple"}, {"name": "Ben", "bot": "simple"}]
    widget = FivethousandGame(players=robots, seed=12, pace=0)  # the robots play it all
    said = [entry["text"] for entry in widget._entries]
    assert "Ben throws 6, 3, 4, 6, 2, 3. Farkle! No die scores: the turn ends. Ann's turn." in said
    assert (
        "Ben passes and banks 350: 5000 in all. Ben has reached 5000: Ann gets one last turn. "
        "Final turn: Ann needs more than 5000 to win." in said
    )
    assert not [line for line in said if " 0 points" in line or "with 5000:" in line]


def test_an_exact_finish_is_told_a_burn_past_the_target_and_the_exact_win():
    robots = [{"name": "Ann", "bot": "simple"}, {"name": "Ben", "bot": "simple"}]
    rules = fivethousand.Rules(target=1000, exact_finish=True)
    widget = FivethousandGame(players=robots, rules=rules, seed=3, pace=0)
    said = [entry["text"] for entry in widget._entries]
    assert (
        "Ben sets aside 1, 1, 1 (1000 points; 1100 this turn). That would pass 1000: the "
        "turn's 1100 points burn. Ann's turn." in said
    )
    assert said[-1] == (
        "Ann sets aside 1, 5 (150 points; 150 this turn). Exactly 1000: Ann wins! "
        "Game over: Ann wins with 1000 points."
    )


def test_after_a_throw_the_best_set_aside_is_proposed_and_one_click_throws_on(duel):
    shake(duel)
    throw = duel.game.state.throw
    assert throw == (1, 2, 3, 5, 6, 6) and duel.dice_out() == (1, 5) and duel.shaker.dice == 4
    assert [d["tag"] for d in duel.tray.dice] == [
        "Out",
        "In shaker",
        "In shaker",
        "Out",
        "In shaker",
        "In shaker",
    ]
    assert duel.tray.dice[1] | {} == {
        "face": 2,
        "held": False,
        "kept": True,
        "rolled": True,
        "selectable": True,
        "tag": "In shaker",
        "look": "shaker",
        "key": "2",
        "label": "die 2 showing 2, back in the shaker",
    }
    assert (
        duel.controls.status
        == "Ann throws 1, 2, 3, 5, 6, 6. Proposed (most points now): set aside 1, 5 for 150 points."
    )
    assert duel.shaker.caption == "Set aside 150, throw 4 dice" and duel.shaker.enabled
    assert button(duel, "pass")["aria_label"] == "PASS: bank 150 points"
    assert not button(duel, "take_back")["enabled"]
    shake(duel)  # one click: the 1 and the 5 are set aside, the other four dice thrown
    state = duel.game.state
    assert state.kept == (1, 5) and state.turn_points == 150 and len(state.throw) == 4
    assert [d["face"] for d in duel.kept_tray.dice] == [1, 5]
    assert all(d["tag"] == "Set aside" and not d["selectable"] for d in duel.kept_tray.dice)
    assert board_numbers(duel)[1] == ["–", 0, "–"]
    assert duel.controls.status.startswith(
        "Ann sets aside 1, 5 (150 points; 150 this turn). Ann throws "
    )


def test_a_click_changes_the_proposal_says_why_it_is_refused_and_can_be_taken_back(duel):
    shake(duel)
    toggle(duel, 2)  # the 3 comes out: it can't be set aside
    assert duel.dice_out() == (1, 3, 5) and duel.shaker.caption == "Leave out scoring dice only"
    assert duel.controls.status == (
        "Ann leaves 1, 3, 5 out and sends 2, 6, 6 back to the shaker: a 3 doesn't score on its own."
    )
    assert not duel.shaker.enabled and not button(duel, "pass")["enabled"]
    assert board_numbers(duel)[0] == [0, 0, "–"]
    key(duel, "u")  # takes the misclick back
    assert duel.dice_out() == (1, 5) and duel.shaker.enabled
    assert duel.controls.status == (
        "Ann leaves 1, 5 out and sends 2, 3, 6, 6 back to the shaker: 150 points."
    )
    toggle(duel, 3), toggle(duel, 0)  # both back: nothing is out
    assert duel.controls.status.endswith("back to the shaker: leave out at least one scoring die.")
    press(duel, "take_back"), press(duel, "take_back")
    assert duel.dice_out() == (1, 5) and not button(duel, "take_back")["enabled"]
    before = snapshot(duel)
    press(duel, "take_back")
    assert notice(duel) == "No die was clicked since the throw."
    assert snapshot(duel) == before
    toggle(duel, 0)  # only the 5 out
    shake(duel)
    assert duel.game.state.kept == (5,) and not button(duel, "take_back")["enabled"]


def test_pass_banks_the_dice_set_aside_and_those_left_out(duel):
    shake(duel)
    leave_out(duel, (1, 5))
    shake(duel)
    leave_out(duel, fewest(duel))
    points = duel.game.state.turn_points + duel.game.engine.table.score(duel.dice_out())
    key(duel, "p")
    assert duel.game.scores == (points, 0) and duel.game.state.player == 1
    assert board_numbers(duel) == [["–", points, "–"], [0, 0, "–"]]
    assert duel.scoreboard.players[1]["current"] and not duel.scoreboard.players[0]["current"]
    assert duel.controls.status.endswith(
        f"Ann passes and banks {points}: {points} in all. Ben's turn."
    )
    assert duel.tray.dice == [] and duel.kept_tray.dice == [] and duel.shaker.dice == 6


def test_a_farkle_loses_the_turn_and_is_announced(duel):
    shake(duel)
    while duel.game.state.player == 0:
        leave_out(duel, fewest(duel))
        at_stake = duel.game.state.turn_points + duel.game.engine.table.score(duel.dice_out())
        shake(duel)
    last = duel.game.history[-1]
    assert duel.game.scores == (0, 0) and "bust" in duel.game.state.news
    assert (
        f"Farkle! No die scores: Ann loses the turn's {at_stake} points. Ben's turn."
        in duel.controls.status
    )
    assert [d["face"] for d in duel.tray.dice] == list(last.dice)  # the farkled dice stay on show
    assert all(d["tag"] == "Farkle" and not d["selectable"] for d in duel.tray.dice)
    toggle(duel, 0)
    assert notice(duel) == "No dice are on the table: click the shaker to throw."


def bonus_round_then_farkle(rules):
    """Seed 37: Ann sets aside every scoring die until all six count, then farkles in the bonus round."""
    widget = FivethousandGame(players=["Ann", "Ben"], rules=rules, seed=37, pace=0)
    game = widget.game
    shake(widget)
    while "hot_dice" not in game.state.news:
        leave_out(widget, best(widget))
        shake(widget)
    return widget


@pytest.mark.parametrize("rules, banked", [("zillions", 450), ("traditional", 0)])
def test_a_bonus_round_is_announced_and_a_farkle_in_it_follows_the_preset(rules, banked):
    widget = bonus_round_then_farkle(rules)
    game = widget.game
    assert game.state.phase == "decide" and game.state.turn_points == 450
    assert widget.controls.status.endswith(
        "All 6 dice count: bonus round! Throw all 6 again or pass."
    )
    assert (
        widget.shaker.dice == 6
        and widget.shaker.caption == "Throw 6 dice"
        and widget.shaker.enabled
    )
    assert widget.kept_tray.dice == [] and widget.tray.dice == []
    assert (
        widget.controls.buttons[0]["enabled"] and "450" in widget.controls.buttons[0]["aria_label"]
    )
    key(widget, "t")
    while game.state.player == 0:
        leave_out(widget, fewest(widget))
        shake(widget)
    assert game.scores == (banked, 0)
    if banked:
        assert (
            "Farkle in the bonus round: Ann loses this round's 450 points but banks the 450 "
            "points of the completed rounds." in widget.controls.status
        )
    else:
        assert "Farkle! No die scores: Ann loses the turn's 900 points." in widget.controls.status


def test_pass_in_a_bonus_round_banks_the_turn():
    widget = bonus_round_then_farkle("traditional")
    press(widget, "pass")
    assert widget.game.scores == (450, 0) and widget.game.state.player == 1


def test_the_final_turn_is_announced_and_the_robot_plays_it_to_catch_up():
    rules = fivethousand.Rules(target=300)
    widget = FivethousandGame(
        players=["Red", {"name": "Robot", "bot": "intelligent"}], rules=rules, seed=1, pace=0
    )
    game, lines = widget.game, said(widget)
    while not game.is_over:
        shake(widget)
        if game.state.player == 0:
            leave_out(widget, best(widget))
            press(widget, "pass")
    mine, robot = game.scores
    reached = next(line for line in lines if "one last turn" in line)
    assert "Red has reached 300" in reached and "Robot gets one last turn" in reached
    assert f"Final turn: Robot needs more than {mine} to win." in reached
    last_turn = game.history[[e.player for e in game.history].index(1) :]
    if robot > mine:  # it banked only once ahead
        assert widget.controls.status.endswith(f"Game over: Robot wins with {robot} points.")
    else:
        assert "bust" in game.state.news or robot == mine
    assert all(e.player == 1 for e in last_turn) and game.state.is_over


def take_out_a_6(widget):
    toggle(widget, 4)  # of 1, 2, 3, 5, 6, 6 proposed as 1, 5: leaves 1, 5, 6 out


REFUSED = [
    (
        "junk die left out",
        take_out_a_6,
        "shaker",
        {"type": "shake"},
        "A 6 doesn't score on its own.",
    ),
    (
        "junk dice left out",
        lambda w: [toggle(w, i) for i in (1, 2, 4, 5)],
        "shaker",
        {"type": "shake"},
        "2, 3, 6, 6 don't score together with the rest.",
    ),
    (
        "junk die on pass",
        take_out_a_6,
        "controls",
        {"type": "press", "button": "pass"},
        "A 6 doesn't score on its own.",
    ),
    (
        "nothing left out",
        lambda w: [toggle(w, i) for i in (0, 3)],
        "shaker",
        {"type": "shake"},
        "Leave out at least one scoring die.",
    ),
    (
        "junk on the t key",
        take_out_a_6,
        "controls",
        {"type": "key", "key": "t"},
        "A 6 doesn't score on its own.",
    ),
    (
        "nothing to take back",
        lambda w: None,
        "controls",
        {"type": "key", "key": "u"},
        "No die was clicked since the throw.",
    ),
    (
        "die 7",
        lambda w: None,
        "tray",
        {"type": "toggle", "die": 6},
        "There is no thrown die number 7.",
    ),
    ("die as text", lambda w: None, "tray", {"type": "toggle", "die": "1"}, "bad 'die'"),
    ("shake with a field", lambda w: None, "shaker", {"type": "shake", "dice": 6}, "bad 'dice'"),
    (
        "unknown button",
        lambda w: None,
        "controls",
        {"type": "press", "button": "roll"},
        "There is no 'roll' button now.",
    ),
    (
        "setup while playing",
        lambda w: None,
        "setup",
        {"type": "seats", "delta": 1},
        "game has started",
    ),
]


@pytest.mark.parametrize(
    "case, prepare, component, message, says", REFUSED, ids=[c[0] for c in REFUSED]
)
def test_a_refused_intent_shows_why_and_changes_nothing(
    duel, case, prepare, component, message, says
):
    shake(duel)  # 1, 2, 3, 5, 6, 6: the 2, 3 and 6s don't score
    prepare(duel)
    before = snapshot(duel)
    duel.send_intent(getattr(duel, component), message)
    assert says in notice(duel)
    assert snapshot(duel) == before


def test_a_die_set_aside_earlier_cannot_go_back(duel):
    shake(duel)
    leave_out(duel, (1, 5))
    shake(duel)
    before = snapshot(duel)
    toggle(duel, 0, duel.kept_tray)
    assert notice(duel) == (
        "Dice set aside in an earlier throw stay out: they can't go back into the shaker."
    )
    assert snapshot(duel) == before


def test_pass_before_a_throw_is_refused(duel):
    assert duel.controls.buttons[0] | {} == {
        "id": "pass",
        "label": "PASS",
        "aria_label": "PASS",
        "enabled": False,
        "reason": "throw the dice first",
        "key": "p",
        "tone": "",
    }
    before = snapshot(duel)
    key(duel, "p")
    assert notice(duel) == "Throw the dice first." and snapshot(duel) == before


def test_humans_cannot_act_while_the_robot_plays():
    async def scenario():
        widget = FivethousandGame(
            players=[{"name": "Robot", "bot": "simple"}, "Ann"], seed=2, pace=30
        )
        assert widget.game.current_player.name == "Robot" and widget.game.history == []
        before = snapshot(widget)
        for component, message in (
            (widget.shaker, {"type": "shake"}),
            (widget.controls, {"type": "press", "button": "pass"}),
            (widget.controls, {"type": "key", "key": "1"}),
            (widget.tray, {"type": "toggle", "die": 0}),
            (widget.kept_tray, {"type": "toggle", "die": 0}),
        ):
            widget.send_intent(component, message)
            assert notice(widget) == "Wait: Robot is playing."
            assert snapshot(widget) == before
        assert widget.shaker.reason == "wait: Robot is playing" and not widget.shaker.enabled
        widget._cancel_bots()

    run_on_fresh_loop(scenario())


def test_the_robot_plays_visibly_step_by_step_without_blocking():
    async def scenario():
        widget = FivethousandGame(
            players=[{"name": "Robot", "bot": "intelligent"}, "Ann"], seed=4, pace=0.01
        )
        lines = said(widget)
        assert widget.game.history == []  # nothing played yet: the kernel is free
        await bot_turn(widget, "Robot")
        return widget, lines

    widget, lines = run_on_fresh_loop(scenario())
    steps = [line.split(":")[0].split(" (")[0] for line in lines]
    assert lines[0].startswith("Robot throws ")
    assert any(line.startswith("Robot leaves ") for line in lines)  # the choice is shown first
    assert any(line.startswith("Robot sets aside ") for line in lines)
    assert lines[-1].startswith(("Robot passes and banks", "Robot throws"))
    assert len(steps) >= 4 and lines[-1].endswith("Ann's turn.")


def test_the_trait_a_front_end_writes_changes_nothing(duel, monkeypatch):
    shake(duel)
    before = snapshot(duel)
    forge(
        duel, monkeypatch, duel.tray, dice=[dict(d, held=False, kept=True) for d in duel.tray.dice]
    )
    forge(duel, monkeypatch, duel.shaker, enabled=False, dice=6)
    assert snapshot(duel) == before
    take_out_a_6(duel)
    before = snapshot(duel)
    forge(duel, monkeypatch, duel.shaker, enabled=True)
    shake(duel)  # still refused for the junk die the engine sees
    assert notice(duel) == "A 6 doesn't score on its own."
    assert snapshot(duel) == before


def test_digit_keys_toggle_dice_and_t_throws(duel):
    key(duel, "t")
    for digit in "235":
        key(duel, digit)
    assert duel.dice_out() == (1, 2, 3, 5, 6)
    key(duel, "u"), key(duel, "u"), key(duel, "u")
    assert duel.dice_out() == (1, 5)
    key(duel, "x")  # a key that means nothing is ignored without a message
    assert notice(duel) == ""
    key(duel, "t")
    assert duel.game.state.kept == (1, 5)
    assert "1-6" in FivethousandGame.__doc__ and "P passes" in duel.controls.help


def test_it_starts_at_once_as_red_against_the_intelligent_robot_with_the_shaker_ready():
    widget = FivethousandGame(pace=0, seed=1)
    assert widget.phase == "play"
    assert [(p.name, p.bot, p.colour) for p in widget.game.players] == [
        ("Red", None, "Red"),
        ("Robot", "intelligent", "Blue"),
    ]
    assert widget.shaker.enabled and widget.shaker.label == "Shaker: throw 6 dice"
    assert [b["id"] for b in widget.controls.buttons] == [
        "pass",
        "take_back",
        "coach",
        "chances",
        "new",
        "sound",
        "pace",
    ]
    assert [p["colour"] for p in widget.scoreboard.players] == [
        CSS_COLOURS["Red"],
        CSS_COLOURS["Blue"],
    ]


def test_new_game_offers_red_against_the_intelligent_robot_every_level_and_preset():
    widget = FivethousandGame(pace=0, seed=1)
    press(widget, "new")
    assert [(s["name"], s["kind"], s["colour"]) for s in widget.setup.seats] == [
        ("Red", "human", "Red"),
        ("Robot", "intelligent", "Blue"),
    ]
    assert [k["id"] for k in widget.setup.kinds] == ["human", *fivethousand.BOTS]
    assert [p["id"] for p in widget.setup.presets] == list(fivethousand.PRESETS)
    assert list(fivethousand.PRESETS)[:4] == ["zillions", "traditional", "farkle", "greed"]
    for _ in range(4):
        widget.send_intent(widget.setup, {"type": "seats", "delta": 1})
    widget.send_intent(widget.setup, {"type": "seats", "delta": 1})
    assert (
        notice(widget) == "Fivethousand is played by 1 to 6 players."
        and len(widget.setup.seats) == 6
    )
    widget.send_intent(widget.setup, {"type": "rules", "preset": "farkle"})
    key(widget, "s")
    game = widget.game
    assert game.rules.target == 10000 and len(game.players) == 6
    assert widget.scoreboard.caption == "Rules: farkle, first to 10000"
    assert widget.scoreboard.players[1]["name"] == "Robot"  # its name says it is a robot


def test_repr_says_what_it_is_and_how_to_show_it(duel):
    assert repr(duel).startswith("<FivethousandGame (fivethousand.Game [Ann, Ben] Ann to play)")
    data, _ = duel._repr_mimebundle_()
    assert data["text/plain"] == repr(duel)


def test_sentences_speak_to_a_player_called_you_and_count_right():
    widget = FivethousandGame(players=["You", {"name": "Hal", "bot": "simple"}], seed=3, pace=0)
    assert (
        widget.controls.status == "New game: You start."
        and widget.controls.turn["text"] == "Your turn"
    )
    shake(widget)
    assert widget.controls.status.startswith("You throw ")
    assert widget.tray.label == "Dice thrown by you"
    toggle(widget, 0)
    assert (
        widget.controls.status.startswith("You leave ") and " and send " in widget.controls.status
    )
    assert (
        widget.scoreboard.players[1]["name"] == "Hal (robot)"
    )  # a robot's name that doesn't say so
    widget.back = frozenset(range(1, 6))
    widget.render()
    assert widget.shaker.label == "Shaker: throw 5 dice, setting aside the dice left out"


def test_one_die_and_one_point_are_singular():
    widget = FivethousandGame(players=["Ann"], seed=1, pace=0)
    widget.render()
    state = widget.game.state
    assert widget.shaker.caption == f"Throw {state.dice_left} dice"
    shake(widget)
    widget.back = frozenset(range(1, len(widget.game.state.throw)))  # all but one die back
    widget.render()
    assert widget.shaker.label.startswith(f"Shaker: throw {len(widget.back)} dice, ")
    widget.back = frozenset({0})
    widget.render()
    assert widget.shaker.label.startswith("Shaker: throw 1 die, ")


def test_the_scoreboard_says_this_turn_banked_and_if_you_stop_now_in_the_same_rows(duel):
    assert board_numbers(duel) == [[0, 0, "–"], ["–", 0, "–"]]  # no passing before a throw
    shake(duel)
    assert duel.game.state.throw == (1, 2, 3, 5, 6, 6)
    assert duel.pending_points() == 150
    assert duel.scoreboard.players[0]["numbers"] == [
        {"label": "This turn", "value": 150},
        {"label": "Banked", "value": 0},
        {"label": "If you stop now", "value": 150},
    ]
    toggle(duel, 0), toggle(duel, 3)  # everything back in the shaker: nothing pending
    assert board_numbers(duel)[0] == [0, 0, "–"]
    assert [len(p["numbers"]) for p in duel.scoreboard.players] == [3, 3]


def test_the_shaker_says_what_it_throws_when_every_die_is_left_out(duel):
    shake(duel)
    duel.back = frozenset()
    duel.render()
    assert duel.shaker.text == "Shaker: empty"  # 1, 2, 3, 5, 6, 6 left out doesn't score
    for seed in range(20):
        widget = FivethousandGame(
            players=["Ann"], rules=fivethousand.Rules(dice=1), seed=seed, pace=0
        )
        shake(widget)
        if widget.game.state.throw in ((1,), (5,)):
            break
    widget.back = frozenset()
    widget.render()
    assert widget.shaker.text == "Shaker: bonus round next"
    assert widget.shaker.label == "Shaker: bonus round next: set every die aside"
    shake(widget)
    assert widget.game.state.news == ("hot_dice",) and widget.shaker.text == "Shaker: throw 1 die"


def test_the_robots_pace_cycles_by_button_and_key_and_skip_plays_them_at_once():
    async def scenario():
        widget = FivethousandGame(
            players=["Red", {"name": "Robot", "bot": "simple"}], seed=4, pace=0.6
        )
        assert button(widget, "pace")["label"] == "Robots: normal"
        assert button(widget, "pace")["aria_label"] == "Robots: normal, make them fast"
        press(widget, "pace")
        assert widget.pace == 0.3 and button(widget, "pace")["label"] == "Robots: fast"
        key(widget, "v"), key(widget, "v")
        assert button(widget, "pace")["label"] == "Robots: slow" and widget.pace == 1.2
        assert "skip" not in [b["id"] for b in widget.controls.buttons]  # Red is to move
        shake(widget)
        while widget.game.state.player == 0:  # Red passes at once, or farkles
            press(widget, "pass") if widget.game.state.phase == "choose" else shake(widget)
        if widget.waiting:
            press(widget, "go_on")
        assert widget.game.current_player.name == "Robot"
        assert button(widget, "skip")["label"] == "Skip to my turn"
        before = len(widget.game.history)
        key(widget, "j")  # the robot's whole turn at once, not at the slow pace
        assert widget.game.current_player.name == "Red" and len(widget.game.history) > before
        assert "skip" not in [b["id"] for b in widget.controls.buttons]
        widget._cancel_bots()

    run_on_fresh_loop(scenario())


def test_instant_robots_play_their_whole_turn_in_one_drawing():
    widget = FivethousandGame(players=["Red", {"name": "Robot", "bot": "simple"}], seed=4, pace=0)
    assert button(widget, "pace")["label"] == "Robots: instant"
    shake(widget)
    assert widget.game.state.phase == "choose"
    drawings = []
    widget.observe(drawings.append, "view")
    before = len(widget.game.history)
    press(widget, "pass")  # Red's pass is drawn, then the robot's whole turn at once
    robot_moves = len(widget.game.history) - before - 2  # Red set aside and passed
    assert robot_moves >= 2 and widget.game.current_player.name == "Red"
    assert len(drawings) == 2


def test_a_robots_farkled_dice_leave_the_table_at_your_turn():
    widget = next(
        w
        for w in (
            FivethousandGame(players=[{"name": "Robot", "bot": "simple"}, "Ann"], seed=seed, pace=0)
            for seed in range(60)
        )
        if "bust" in w.game.state.news
    )
    assert widget.game.current_player.name == "Ann" and widget.game.history[-1].player == 0
    assert widget.tray.dice == [] and widget.tray.label == "Dice thrown by Ann"
