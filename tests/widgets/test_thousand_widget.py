"""ThousandGame driven by intents, as the browser would send them, without a browser."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicelab import thousand
from dicelab.widgets import ThousandGame, robot_pacer
from dicelab.widgets.colours import CSS_COLOURS
from tests.widgets.event_loop import FakeClock, bot_turn, run_on_fresh_loop
from tests.widgets.intents import (
    button,
    forge,
    key,
    notice,
    press,
    shown,
    toggle,
)
from tests.widgets.intents import (
    snapshot as drawn_state,
)

CHOOSE_KEEP = thousand.Rules(choose_keep=True)


def row(widget, player) -> dict:
    return widget.scales.rows[player]


def snapshot(widget):
    return drawn_state(widget, set(widget.picked))


def load_dice(widget, *throws):
    """The next throws of the widget's game show these dice (in this order), then the seed's."""
    queue, seeded = list(throws), widget.game._throw_dice
    widget.game._throw_dice = lambda state, index: (
        tuple(sorted(queue.pop(0))) if queue else seeded(state, index)
    )


def mid_turn(widget, banked, turn_points, dice_left=3, player=0):
    """Put the game in the middle of ``player``'s turn: ``turn_points`` on top of ``banked``."""
    game = widget.game
    scores = tuple(banked if i == player else 0 for i in range(len(game.players)))
    game.state = replace(
        game.state,
        scores=scores,
        player=player,
        phase="decide",
        turn_points=turn_points,
        dice_left=dice_left,
        kept=(1,) * (game.rules.dice - dice_left),
    )
    widget.render()


@pytest.fixture
def duel():
    return ThousandGame(players=["Ann", "Ben"], seed=11, pace=0)


# --- casks ---------------------------------------------------------------------------------
@pytest.mark.parametrize("low, high", [(0, 100), (300, 400), (700, 800)])
def test_saving_is_refused_inside_each_cask_and_allowed_on_leaving_it(duel, low, high):
    mid_turn(duel, banked=low + 20, turn_points=high - low - 25)
    reason = f"you are in the {low}–{high} cask: reach {high} to save"
    assert button(duel, "save") == {**button(duel, "save"), "enabled": False, "reason": reason}
    assert f"in the {low}–{high} cask" in row(duel, 0)["label"]
    before = snapshot(duel)
    press(duel, "save")
    assert notice(duel) == reason[0].upper() + reason[1:] + "."
    key(duel, "s")
    assert snapshot(duel) == before

    mid_turn(duel, banked=low + 20, turn_points=high - low - 20)  # exactly the cask's top
    assert button(duel, "save")["enabled"]
    press(duel, "save")
    assert notice(duel) == ""
    assert duel.game.state.scores[0] == high and duel.game.state.player == 1
    assert duel.controls.status == f"Ann saves {high - low - 20} points and now has {high}."


def test_saving_into_a_cask_from_below_is_allowed(duel):
    mid_turn(duel, banked=250, turn_points=80)
    assert button(duel, "save")["enabled"] and button(duel, "save")["label"] == "Save 80"
    assert row(duel, 0)["standing"] == 330 and row(duel, 0)["banked"] == 250
    key(duel, "s")
    assert duel.game.state.scores == (330, 0)
    assert duel.controls.status == "Ann saves 80 points and now has 330, in the 300–400 cask."
    assert "in the 300–400 cask" in row(duel, 0)["label"]


def test_the_casks_come_from_the_rules():
    widget = ThousandGame(
        players=["Ann"], rules=thousand.Rules(casks=((0, 50), (500, 650))), pace=0
    )
    assert widget.scales.casks == [
        {"low": 0, "high": 50, "label": "cask"},
        {"low": 500, "high": 650, "label": "cask"},
    ]
    assert widget.scales.target == 1000 and widget.scales.ticks == list(range(0, 1001, 100))
    mid_turn(widget, banked=0, turn_points=45)
    assert button(widget, "save")["reason"] == "you are in the 0–50 cask: reach 50 to save"


# --- what a throw brings ---------------------------------------------------------------------
def test_a_throw_sets_the_scoring_dice_aside_and_the_scales_follow(duel):
    load_dice(duel, (1, 5, 3, 3, 6), (5, 2, 6))
    press(duel, "throw")
    state = duel.game.state
    assert (state.turn_points, state.dice_left, state.phase) == (15, 3, "decide")
    assert [(d["face"], d["kept"]) for d in duel.tray.dice] == [
        (1, True),
        (3, False),
        (3, False),
        (5, True),
        (6, False),
    ]
    assert duel.controls.status == (
        "Ann threw 1, 3, 3, 5, 6, setting aside 1, 5: 15 points, "
        "15 this turn; Ann needs 85 more to leave the 0–100 cask and save."
    )
    assert row(duel, 0) == {
        "name": "Ann",
        "colour": CSS_COLOURS["Red"],
        "banked": 0,
        "standing": 15,  # blue while the turn is open, in a cask too (the seed's navigation)
        "current": True,
        "label": "Ann: banked 0, would stand at 15, in the 0–100 cask, 85 more needed to save",
    }
    assert duel.scales.caption == (
        "Ann's turn: this turn 15, banked 0; 85 points more needed to "
        "leave the 0–100 cask and stop."
    )
    assert row(duel, 1)["standing"] == row(duel, 1)["banked"] == 0
    assert button(duel, "throw")["label"] == "Throw 3 dice"
    key(duel, "t")
    assert [(d["face"], d["kept"]) for d in duel.tray.dice] == [
        (1, True),
        (5, True),
        (2, False),
        (5, True),
        (6, False),
    ]
    assert (
        duel.game.state.turn_points == 20 and row(duel, 0)["standing"] == 20
    )  # blue, though no save in a cask


def test_a_throw_with_no_combination_is_announced_and_burns_the_turn(duel):
    mid_turn(duel, banked=150, turn_points=60, dice_left=5)
    load_dice(duel, (2, 3, 4, 6, 6))
    press(duel, "throw")
    assert duel.controls.status == (
        "Ann threw 2, 3, 4, 6, 6: no combination, burned! The turn's 60 points are burned."
    )
    assert duel.game.state.scores == (150, 0) and duel.game.current_player.name == "Ben"
    assert [d["face"] for d in duel.tray.dice] == [2, 3, 4, 6, 6]
    assert duel.tray.label == "Dice of Ann"


def test_all_five_dice_scoring_is_announced_and_all_five_are_thrown_again(duel):
    load_dice(duel, (1, 1, 1, 5, 5), (2, 2, 2, 3, 4))
    press(duel, "throw")
    assert "all 5 dice scored, so all 5 are thrown again" in duel.controls.status
    assert duel.game.state.dice_left == 5 and duel.game.state.turn_points == 110
    assert all(d["kept"] for d in duel.tray.dice)
    assert button(duel, "throw")["label"] == "Throw 5 dice"
    press(duel, "throw")
    assert [(d["face"], d["kept"]) for d in duel.tray.dice] == [
        (2, True),
        (2, True),
        (2, True),
        (3, False),
        (4, False),
    ]


def test_going_over_1000_burns_the_turn(duel):
    mid_turn(duel, banked=960, turn_points=30, dice_left=2)
    load_dice(duel, (1, 5))
    press(duel, "throw")
    assert duel.controls.status == (
        "Ann threw 1, 5, setting aside 1, 5: 15 points would take Ann to "
        "1005, over 1000: the turn's 45 points burn."
    )
    assert duel.game.state.scores == (960, 0) and duel.game.current_player.name == "Ben"
    assert not duel.game.is_over


def test_exactly_1000_wins_and_ends_the_game(duel):
    mid_turn(duel, banked=950, turn_points=35, dice_left=2)
    load_dice(duel, (1, 5))
    press(duel, "throw")
    game = duel.game
    assert game.is_over and duel.phase == "over" and [p.name for p in game.winners] == ["Ann"]
    assert duel.controls.status == (
        "Ann threw 1, 5, setting aside 1, 5: 15 points take Ann to exactly "
        "1000! Game over: Ann wins with 1000 points."
    )
    assert shown(duel) == ("controls", "ranking", "cask_scales", "history")
    assert [b["id"] for b in duel.controls.buttons] == [
        "rematch",
        "new",
        "coach",
        "chances",
        "sound",
    ]
    assert duel.ranking.rows[0]["winner"] and duel.ranking.rows[0]["score"] == 1000
    assert row(duel, 0)["banked"] == 1000 and not row(duel, 0)["current"]
    press(duel, "throw")
    assert notice(duel) == "There is no 'throw' button now."


def test_each_die_state_has_its_own_look():
    widget = ThousandGame(players=["Ann", "Ben"], seed=1, pace=0)
    load_dice(widget, (1, 5, 2, 3, 3), (1, 2, 4))
    press(widget, "throw")
    press(widget, "throw")
    looks = [(d["face"], d.get("look", ""), d.get("tag", "")) for d in widget.tray.dice]
    assert looks == [
        (1, "aside", "Set aside"),
        (5, "aside", "Set aside"),
        (1, "kept", ""),
        (2, "thrown", "No score"),
        (4, "thrown", "No score"),
    ]


# --- choose_keep -----------------------------------------------------------------------------
def test_with_choose_keep_the_best_pick_is_proposed_and_throw_is_one_click():
    widget = ThousandGame(players=["Ann", "Ben"], rules=CHOOSE_KEEP, seed=1, pace=0)
    load_dice(widget, (1, 5, 5, 2, 2), (6, 6, 3, 4))
    press(widget, "throw")
    assert widget.game.state.phase == "choose" and widget.game.state.turn_points == 0
    assert (
        widget.controls.status
        == "Ann threw 1, 2, 2, 5, 5. Proposed (most points now): set aside 1, 5, 5 for 20 points."
    )
    assert widget.picked == {0, 3, 4}
    assert [(d["face"], d["selectable"], d["key"], d["held"]) for d in widget.tray.dice] == [
        (1, True, "1", True),
        (2, False, "2", False),
        (2, False, "3", False),
        (5, True, "4", True),
        (5, True, "5", True),
    ]
    # thrown and not chosen: a look of its own (a dotted frame), not the picked dice's bar
    assert [d.get("look", "") for d in widget.tray.dice] == ["", "thrown", "thrown", "", ""]
    assert [b["id"] for b in widget.controls.buttons] == [
        "set_aside",
        "throw",
        "save",
        "take_back",
        "coach",
        "chances",
        "new",
        "sound",
    ]
    assert button(widget, "throw")["enabled"] and button(widget, "set_aside")["enabled"]
    assert button(widget, "save")["reason"].startswith("you are in the 0–100 cask")
    assert button(widget, "take_back")["reason"] == "no die was clicked since the throw"

    before = snapshot(widget)
    toggle(widget, 1)
    assert notice(widget) == "A 2 doesn't score in this throw." and snapshot(widget) == before
    toggle(widget, 3)  # a 5, by a click
    key(widget, "5")  # the other 5, by its number
    assert widget.picked == {0}
    assert widget.tray.dice[0]["label"] == "die 1: a 1, picked"
    key(widget, "u")  # the misclick taken back
    assert widget.picked == {0, 4}
    press(widget, "take_back")
    assert widget.picked == {0, 3, 4}
    key(widget, "u")
    assert notice(widget) == "No die was clicked since the throw."
    toggle(widget, 3), toggle(widget, 4)
    press(widget, "throw")  # sets the 1 aside and throws the other four
    assert widget.controls.status.startswith("Ann sets aside 1: 10 points, 10 this turn")
    assert "Ann threw 3, 4, 6, 6: no combination" in widget.controls.status
    assert [(d["face"], d["kept"], d["selectable"]) for d in widget.tray.dice] == [
        (1, True, False),
        (3, False, False),
        (4, False, False),
        (6, False, False),
        (6, False, False),
    ]
    assert widget.game.current_player.name == "Ben"  # 3, 4, 6, 6: no combination


def test_setting_aside_dice_that_do_not_score_together_is_refused():
    widget = ThousandGame(players=["Ann"], rules=CHOOSE_KEEP, seed=1, pace=0)
    load_dice(widget, (2, 2, 2, 5, 3))
    press(widget, "throw")
    assert widget.picked == {0, 1, 2, 4}  # 2, 2, 2, 5 of 2, 2, 2, 3, 5
    toggle(widget, 1), toggle(widget, 2)  # one 2 of the three stays picked
    assert button(widget, "set_aside") == {
        **button(widget, "set_aside"),
        "enabled": False,
        "reason": "a 2 doesn't score on its own",
    }
    assert button(widget, "throw")["reason"] == "a 2 doesn't score on its own"
    before = snapshot(widget)
    press(widget, "set_aside")
    assert notice(widget) == "A 2 doesn't score on its own." and snapshot(widget) == before
    toggle(widget, 1)
    toggle(widget, 2)
    press(widget, "set_aside")
    assert widget.game.state.turn_points == 25 and widget.game.state.dice_left == 1


def test_without_choose_keep_dice_are_not_picked(duel):
    load_dice(duel, (1, 5, 3, 3, 6))
    press(duel, "throw")
    before = snapshot(duel)
    toggle(duel, 1)
    assert notice(duel) == "Scoring dice are set aside by themselves in this game."
    key(duel, "2")  # digits do nothing without choose_keep
    assert snapshot(duel) == before
    assert "set_aside" not in [b["id"] for b in duel.controls.buttons]


# --- refusals --------------------------------------------------------------------------------
REFUSED = [
    (
        "save before throwing",
        "controls",
        {"type": "press", "button": "save"},
        "Throw the dice first.",
    ),
    (
        "set aside without choose_keep",
        "controls",
        {"type": "press", "button": "set_aside"},
        "There is no 'set_aside' button now.",
    ),
    ("die of nothing", "tray", {"type": "toggle", "die": 2}, "set aside by themselves"),
    ("die as text", "tray", {"type": "toggle", "die": "2"}, "bad 'die'"),
    ("setup while playing", "setup", {"type": "seats", "delta": 1}, "game has started"),
]


@pytest.mark.parametrize("case, component, message, says", REFUSED, ids=[c[0] for c in REFUSED])
def test_a_refused_intent_shows_why_and_changes_nothing(duel, case, component, message, says):
    before = snapshot(duel)
    duel.send_intent(getattr(duel, component), message)
    assert says in notice(duel)
    assert snapshot(duel) == before


def test_tampered_traits_change_nothing(duel, monkeypatch):
    mid_turn(duel, banked=320, turn_points=30)
    forge(duel, monkeypatch, duel.scales, rows=[{"name": "Ann", "banked": 999}])
    forge(duel, monkeypatch, duel.controls, buttons=[{"id": "save", "enabled": True}])
    assert row(duel, 0)["banked"] == 320 and not button(duel, "save")["enabled"]
    press(duel, "save")
    assert notice(duel).startswith("You are in the 300–400 cask")
    assert duel.game.state.scores == (320, 0)


def test_humans_cannot_act_while_a_bot_plays():
    async def scenario():
        widget = ThousandGame(players=[{"name": "Robo", "bot": "simple"}, "Ann"], seed=2, pace=30)
        before = snapshot(widget)
        for intent in (
            (widget.controls, {"type": "press", "button": "throw"}),
            (widget.controls, {"type": "key", "key": "t"}),
            (widget.tray, {"type": "toggle", "die": 0}),
        ):
            widget.send_intent(*intent)
            assert notice(widget) == "Wait: Robo is playing."
            assert snapshot(widget) == before
        widget._cancel_bots()

    run_on_fresh_loop(scenario())


# --- keys, setup, bots ---------------------------------------------------------------------
def test_t_throws_and_s_saves(duel):
    load_dice(duel, (1, 1, 1, 2, 3), (5, 6))
    key(duel, "t")
    assert duel.game.state.turn_points == 100
    key(duel, "t")
    assert duel.game.state.turn_points == 105
    key(duel, "s")
    assert duel.game.state.scores == (105, 0)
    assert "T throws" in duel.controls.help and "S saves" in duel.controls.help
    assert {b["id"]: b["key"] for b in duel.controls.buttons} == {
        "throw": "t",
        "save": "s",
        "coach": "k",
        "chances": "w",
        "new": "",
        "sound": "m",
    }  # no key: a game is not lost by a slip


def test_it_starts_at_once_at_the_classic_table_you_and_two_robots_in_colours():
    widget = ThousandGame(pace=0, seed=2)
    assert widget.phase == "play" and widget.game.current_player.name == "You"
    assert [(p.name, p.bot, p.colour) for p in widget.game.players] == [
        ("You", None, "Red"),
        ("Bot 1", "cask_aware", "Blue"),
        ("Bot 2", "simple", "Green"),
    ]
    assert [row["colour"] for row in widget.scales.rows] == [
        CSS_COLOURS[c] for c in ("Red", "Blue", "Green")
    ]
    assert widget.controls.turn["text"] == "Your turn"


def test_new_game_offers_you_and_two_bots_and_one_to_six_seats():
    widget = ThousandGame(pace=0)
    press(widget, "new")
    assert [(s["name"], s["kind"], s["colour"]) for s in widget.setup.seats] == [
        ("You", "human", "Red"),
        ("Bot 1", "cask_aware", "Blue"),
        ("Bot 2", "simple", "Green"),
    ]
    assert [k["id"] for k in widget.setup.kinds] == ["human", *thousand.BOTS]
    for _ in range(3):
        widget.send_intent(widget.setup, {"type": "seats", "delta": 1})
    assert len(widget.setup.seats) == 6
    widget.send_intent(widget.setup, {"type": "seats", "delta": 1})
    assert (
        notice(widget) == "Thousand is played by 1 to 6 players." and len(widget.setup.seats) == 6
    )
    for _ in range(4):
        widget.send_intent(widget.setup, {"type": "seats", "delta": -1})
    key(widget, "s")
    assert [p.name for p in widget.game.players] == ["You", "Bot 1"]
    assert widget.game.current_player.name == "You"


def test_a_game_of_bots_plays_itself_to_an_exact_1000():
    widget = ThousandGame(
        players=[{"name": "C", "bot": "cask_aware"}, {"name": "S", "bot": "simple"}], seed=3, pace=0
    )
    assert widget.phase == "over" and 1000 in widget.game.state.scores
    assert (
        widget.ranking.rows[0]["score"] == 1000
        and "wins with 1000 points" in widget.ranking.heading
    )


def test_bots_step_on_the_event_loop_without_blocking_it():
    async def scenario():
        # A pace twenty times the poll's pause, so that a loaded machine, waking the loop
        # late, still runs the poll (due first) between two of the bot's steps.
        widget = ThousandGame(
            players=[{"name": "Robo", "bot": "cask_aware"}, "Ann"], seed=2, pace=0.1
        )
        assert widget.game.history == []  # nothing played yet: the kernel is free
        steps = await bot_turn(widget, "Robo")
        assert steps == sorted(steps) and len(set(steps)) > 1

    run_on_fresh_loop(scenario())


def test_a_bot_shows_its_pick_before_setting_it_aside():
    async def scenario():
        widget = ThousandGame(
            players=[{"name": "Robo", "bot": "simple"}, "Ann"], rules=CHOOSE_KEEP, seed=2, pace=30
        )
        widget._cancel_bots()  # the test takes the bot's steps itself
        widget.bot_step()  # throws
        assert widget.game.state.phase == "choose"
        proposal = widget.picked
        widget.bot_step()  # shows its pick (or, if it is the proposal, sets it aside)
        if widget.game.state.phase != "choose":
            assert widget.game.history[-1].action.type == "set_aside"
            assert len(widget.game.history[-1].action.dice) == len(proposal)
            return
        widget.render()
        assert widget.game.state.phase == "choose" and widget.picked
        assert widget.controls.status.startswith("Robo picks ")
        assert [d["held"] for d in widget.tray.dice].count(True) == len(widget.picked)
        widget.bot_step()  # sets it aside
        assert widget.game.state.phase != "choose" and not widget.picked

    run_on_fresh_loop(scenario())


def test_repr_says_what_it_is_and_how_to_show_it(duel):
    text = repr(duel)
    assert text.startswith("<ThousandGame (thousand.Game [Ann, Ben] Ann to play)")
    assert "JupyterLab" in text


def test_sentences_speak_to_you_and_never_tell_a_robot_about_you():
    widget = ThousandGame(players=["You", {"name": "Robo", "bot": "simple"}], seed=5, pace=0)
    assert widget.controls.turn["text"] == "Your turn"
    load_dice(widget, (1, 5, 3, 3, 6), (2, 2, 3))
    press(widget, "throw")
    assert widget.controls.status.startswith(
        "You threw 1, 3, 3, 5, 6, setting aside 1, 5: 15 points"
    )
    assert widget.controls.status.endswith("; you need 85 more to leave the 0–100 cask and save.")
    assert widget.scales.caption.startswith(
        "Your turn: this turn 15, banked 0; 85 points more needed"
    )
    assert button(widget, "throw")["label"] == "Throw 3 dice"
    press(widget, "throw")  # 2, 2, 3: no combination, the robot plays
    mine = [e["text"] for e in widget.history.entries if e["player"] == "You"]
    assert mine[-1] == "You threw 2, 2, 3: no combination, burned! The turn's 15 points are burned."
    robot_lines = [e["text"] for e in widget.history.entries if e["player"] == "Robo"]
    assert robot_lines and not any("you" in line.lower().split() for line in robot_lines)
    assert any(
        "Robo needs" in line for line in robot_lines
    )  # the robot's cask, in the third person


def test_your_farkle_stays_until_you_go_on_then_the_robot_plays_and_the_log_keeps_it():
    async def scenario():
        widget = ThousandGame(players=["You", {"name": "Robo", "bot": "simple"}], seed=5, pace=0.01)
        load_dice(widget, (2, 2, 3, 4, 6))
        press(widget, "throw")
        farkle = widget.controls.status
        assert widget.waiting and farkle.startswith(
            "You threw 2, 2, 3, 4, 6: no combination, burned!"
        )
        with FakeClock() as clock:
            clock.advance(0.3)  # thirty robot steps' worth: the robot waits
        assert widget.waiting and widget.game.current_player.name == "Robo"
        assert len(widget.game.history) == 1 and widget.controls.status == farkle
        assert [b["id"] for b in widget.controls.buttons] == ["go_on"] and "g" in widget.view[
            "keys"
        ]
        assert [d["face"] for d in widget.tray.dice] == [2, 2, 3, 4, 6]  # the farkle stays drawn
        key(widget, "x")  # any key (or click) of the player goes on
        assert not widget.waiting
        await bot_turn(widget, "Robo")
        entries = widget.history.entries
        assert entries[0] | {} == {
            "serial": 1,
            "player": "You",
            "colour": CSS_COLOURS["Red"],
            "text": farkle,
            "dice": [2, 2, 3, 4, 6],
            "mark": "farkle",
        }
        assert entries[-1]["player"] == "Robo" and len(entries) > 1

    run_on_fresh_loop(scenario())


def test_with_a_pace_the_robot_goes_on_by_itself_after_a_few_seconds(monkeypatch):
    monkeypatch.setattr(robot_pacer, "STAY_SECONDS", 0.1)

    async def scenario():
        with FakeClock() as clock:
            widget = ThousandGame(
                players=["You", {"name": "Robo", "bot": "simple"}], seed=5, pace=0.01
            )
            load_dice(widget, (2, 2, 3, 4, 6))
            press(widget, "throw")
            clock.advance(0.09)  # before the stay is over: the farkle stays
            assert widget.waiting and len(widget.game.history) == 1
            clock.advance(0.02)  # the stay is over: the robot goes on by itself
            assert not widget.waiting
            clock.advance(10)
            assert widget.game.current_player.name == "You" and len(widget.game.history) > 1

    run_on_fresh_loop(scenario())


def test_without_a_pace_nothing_waits():
    widget = ThousandGame(players=["You", {"name": "Robo", "bot": "simple"}], seed=5, pace=0)
    load_dice(widget, (2, 2, 3, 4, 6))
    press(widget, "throw")
    assert not widget.waiting and widget.game.current_player.name == "You"


def test_a_random_first_player_as_in_the_original_app_is_repeatable_with_a_seed():
    starters = set()
    for seed in range(12):
        widget = ThousandGame(seed=seed, pace=0, first_player="random")
        again = ThousandGame(seed=seed, pace=0, first_player="random")
        names = [p.name for p in widget.game.players]
        assert names == ["You", "Bot 1", "Bot 2"]  # the order round the table stays
        assert widget.game.rules.first_player == "random"
        starter = widget.game.history[0].player if widget.game.history else widget.game.state.player
        assert starter == (
            again.game.history[0].player if again.game.history else again.game.state.player
        )
        starters.add(names[starter])
    assert starters == {"You", "Bot 1", "Bot 2"}
    assert ThousandGame(seed=0, pace=0).game.state.player == 0  # by default
    fixed = ThousandGame(
        seed=0, pace=0, rules=thousand.Rules(first_player="random"), first_player="first"
    )
    assert fixed.game.rules.first_player == "fixed"
    with pytest.raises(ValueError, match="first_player is 'first' or 'random', not 'last'"):
        ThousandGame(first_player="last")


def test_the_caption_says_this_turn_banked_and_if_you_stop_now_in_words():
    widget = ThousandGame(players=["Ann", "Ben"], seed=1, pace=0)
    mid_turn(widget, banked=120, turn_points=35)
    widget.render()
    assert widget.scales.caption == "Ann's turn: this turn 35, banked 120, if you stop now 155."
    assert widget.scales.legend[-1] == ["is-standing", "if you stop now"]
    mid_turn(widget, banked=120, turn_points=0)
    widget.render()
    assert widget.scales.caption == "Ann's turn: this turn 0, banked 120."


def test_a_robots_burned_dice_leave_the_table_at_your_turn():
    widget = next(
        w
        for w in (
            ThousandGame(players=[{"name": "Robo", "bot": "simple"}, "Ann"], seed=seed, pace=0)
            for seed in range(60)
        )
        if "bust" in w.game.state.news
    )
    assert widget.game.current_player.name == "Ann" and widget.game.history[-1].player == 0
    assert [d["face"] for d in widget.tray.dice] == [None] * 5
    assert widget.tray.label == "Dice, not thrown yet"
