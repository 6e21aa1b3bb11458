"""YahtzeeGame driven by intents, as the browser would send them, without a browser."""

from __future__ import annotations

import pytest

from dicelab import yahtzee
from dicelab.errors import IllegalMoveError
from dicelab.widgets import YahtzeeGame
from dicelab.widgets.colours import CSS_COLOURS
from dicelab.yahtzee import BOX_TITLES
from tests.widgets.event_loop import bot_turn, run_on_fresh_loop
from tests.widgets.intents import (
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


def select(widget, row, column=None):
    column = widget.game.state.player if column is None else column
    widget.send_intent(widget.scorecard, {"type": "select", "column": column, "row": row})


def snapshot(widget):
    return drawn_state(widget, widget.selected)


@pytest.fixture
def duel():
    return YahtzeeGame(players=["Ann", "Ben"], seed=11, pace=0)


def test_a_whole_game_played_by_intents_ends_with_the_ranking():
    widget = YahtzeeGame(players=["Ann", "Ben"], seed=5, pace=0)
    game = widget.game
    assert isinstance(game, yahtzee.Game)
    turns = 0
    while not game.is_over:
        player = game.state.player
        press(widget, "roll")
        toggle(widget, 0)
        toggle(widget, 3)
        assert [d["held"] for d in widget.tray.dice] == [True, False, False, True, False]
        key(widget, "r")  # the keyboard's Roll
        press(widget, "roll")
        assert widget.controls.buttons[0]["enabled"] is False
        box = next(b for b in game.rules.boxes if b not in game.state.card.boxes)
        select(widget, box)
        chosen = [r for r in widget.scorecard.rows if r["key"] == box][0]["cells"][player]
        assert chosen["chosen"] and chosen["text"] == str(game.preview(box))
        press(widget, "confirm")
        assert notice(widget) == "", notice(widget)
        assert game.state.cards[player].boxes[box] is not None
        turns += 1
    assert turns == 26 and len(game.history) == 26 * 6
    assert widget.phase == "over"
    assert shown(widget)[:2] == ("controls", "ranking")
    totals = game.totals()
    assert [row["score"] for row in widget.ranking.rows] == sorted(totals, reverse=True)
    assert widget.ranking.rows[0]["place"] == "1st" and widget.ranking.rows[0]["winner"]
    assert "Game over" in widget.ranking.heading
    assert [b["id"] for b in widget.controls.buttons] == [
        "rematch",
        "new",
        "coach",
        "chances",
        "sound",
    ]
    total_row = widget.scorecard.rows[-1]
    assert [cell["text"] for cell in total_row["cells"]] == [str(t) for t in totals]
    finished = widget.game
    key(widget, "r")  # a rematch: the same players, a new game at once, the ranking gone
    assert widget.phase == "play" and widget.game is not finished and widget.game.history == []
    assert [p.name for p in widget.game.players] == ["Ann", "Ben"] and "ranking" not in shown(
        widget
    )
    assert widget.game.seed == finished.seed + 1  # the next seed: repeatable, yet new dice
    press(widget, "new")
    assert widget.phase == "setup" and widget.game is None
    assert [s["name"] for s in widget.setup.seats] == ["Ann", "Ben"]


def test_after_a_roll_every_open_box_of_the_player_to_move_shows_its_score(duel):
    cells = {r["key"]: r["cells"] for r in duel.scorecard.rows}
    assert all(
        cells[box][0]["text"] == "" and not cells[box][0]["preview"] for box in duel.rules.boxes
    )
    press(duel, "roll")
    dice = duel.game.state.dice
    cells = {r["key"]: r["cells"] for r in duel.scorecard.rows}
    for box in duel.rules.boxes:  # Ann's boxes show what they would score, Ben's nothing
        assert cells[box][0]["text"] == str(yahtzee.score(box, dice)) and cells[box][0]["preview"]
        assert (
            cells[box][0]["label"]
            == f"{yahtzee.score(box, dice)} would score in {BOX_TITLES[box]} for Ann"
        )
        assert cells[box][1]["text"] == "" and not cells[box][1]["preview"]
    select(duel, "chance")
    cells = {r["key"]: r["cells"] for r in duel.scorecard.rows}
    assert cells["chance"][0] == {
        "text": str(sum(dice)),
        "button": True,
        "enabled": True,
        "chosen": True,
        "preview": True,
        "label": f"{sum(dice)} would score in Chance for Ann, chosen",
    }
    assert not cells["ones"][0]["chosen"] and cells["ones"][0]["preview"]
    assert cells["chance"][1]["button"] and not cells["chance"][1]["enabled"]  # Ben's box: says why
    assert duel.controls.buttons[1]["enabled"]
    press(duel, "confirm")
    cells = {r["key"]: r["cells"] for r in duel.scorecard.rows}
    assert cells["chance"][0]["text"] == str(duel.game.state.cards[0].boxes["chance"])
    assert cells["chance"][0]["enabled"] is False  # filled: a click is refused in words
    assert duel.scorecard.columns[1]["current"] and not duel.scorecard.columns[0]["current"]


def test_a_double_click_on_a_box_chooses_and_scores_it(duel):
    press(duel, "roll")
    dice = duel.game.state.dice
    duel.send_intent(duel.scorecard, {"type": "score", "column": 0, "row": "chance"})
    assert duel.game.totals()[0] == sum(dice) and duel.game.state.player == 1
    before = drawn_state(duel, duel.selected)
    duel.send_intent(duel.scorecard, {"type": "score", "column": 0, "row": "ones"})
    assert notice(duel) == "It is Ben's turn: choose a box in Ben's column, not Ann's."
    assert drawn_state(duel, duel.selected) == before


def test_roll_is_yellow_and_confirm_green():
    widget = YahtzeeGame(players=["Ann"], seed=1, pace=0)
    assert [(b["id"], b["tone"]) for b in widget.controls.buttons[:2]] == [
        ("roll", "roll"),
        ("confirm", "confirm"),
    ]
    css = widget._css
    assert "--dicelab-roll: #fdd835;" in css and "--dicelab-confirm: #2e7d32;" in css


def test_yatzy_has_fifteen_boxes_and_no_yahtzee_bonus_row():
    widget = YahtzeeGame(players=["Ann"], rules="yatzy", seed=1, pace=0)
    boxes = [r["key"] for r in widget.scorecard.rows if not r["total"]]
    assert len(boxes) == 15 and boxes == list(yahtzee.Rules.preset("yatzy").boxes)
    totals = [r["key"] for r in widget.scorecard.rows if r["total"]]
    assert totals == ["upper", "upper_bonus", "total"]
    assert [
        r["key"] for r in YahtzeeGame(players=["Ann"], pace=0).scorecard.rows if r["total"]
    ] == ["upper", "upper_bonus", "yahtzee_bonus", "total"]


def test_the_dice_show_faces_held_state_and_labels(duel):
    assert [d["face"] for d in duel.tray.dice] == [None] * 5
    assert duel.tray.dice[2]["label"] == "die 3, not rolled yet"
    assert not any(d["selectable"] for d in duel.tray.dice)
    press(duel, "roll")
    toggle(duel, 2)
    face = duel.game.state.dice[2]
    assert duel.tray.dice[2] | {} == {
        "face": face,
        "held": True,
        "kept": False,
        "rolled": False,
        "selectable": True,
        "label": f"die 3 showing {face}, held",
        "key": "3",
    }
    throw = duel.tray.throw
    press(duel, "roll")
    assert duel.tray.throw == throw + 1 and duel.game.state.dice[2] == face
    toggle(duel, 2)
    assert not duel.tray.dice[2]["held"]


def test_keys_roll_hold_and_confirm(duel):
    key(duel, "r")
    assert duel.game.state.rolls_used == 1
    key(duel, "2")
    assert duel.game.state.held[1]
    key(duel, "x")  # a key that means nothing is ignored without a message
    assert notice(duel) == ""
    select(duel, "chance")
    key(duel, "c")
    assert duel.game.state.player == 1 and "chance" in duel.game.state.cards[0].boxes
    assert "Ann scores" in duel.controls.status


REFUSED = [
    ("unknown type", "tray", {"type": "explode"}, "not understood"),
    ("not an object", "tray", "toggle", "not understood"),
    (
        "die 9",
        "tray",
        {"type": "toggle", "die": 9},
        "There is no die number 10 (dice are numbered 1 to 5).",
    ),  # as the player counts them
    (
        "die 5",
        "tray",
        {"type": "toggle", "die": 5},
        "There is no die number 6 (dice are numbered 1 to 5).",
    ),
    (
        "die -1",
        "tray",
        {"type": "toggle", "die": -1},
        "There is no die number 0 (dice are numbered 1 to 5).",
    ),
    ("die as text", "tray", {"type": "toggle", "die": "2"}, "bad 'die'"),
    ("die as bool", "tray", {"type": "toggle", "die": True}, "bad 'die'"),
    ("extra field", "tray", {"type": "toggle", "die": 1, "player": 0}, "bad 'player'"),
    ("missing field", "scorecard", {"type": "select", "row": "chance"}, "bad 'column'"),
    (
        "unknown box",
        "scorecard",
        {"type": "select", "column": 0, "row": "jackpot"},
        "no box called",
    ),
    (
        "wrong player",
        "scorecard",
        {"type": "select", "column": 1, "row": "ones"},
        "It is Ann's turn: choose a box in Ann's column, not Ben's.",
    ),
    (
        "no such player",
        "scorecard",
        {"type": "select", "column": 7, "row": "ones"},
        "no scorecard column 8",
    ),
    ("unknown button", "controls", {"type": "press", "button": "cheat"}, "no 'cheat' button"),
    ("confirm with no box", "controls", {"type": "press", "button": "confirm"}, "Choose a box"),
    ("setup while playing", "setup", {"type": "seats", "delta": 1}, "game has started"),
    ("colour while playing", "setup", {"type": "colour", "seat": 0, "step": 1}, "game has started"),
]


@pytest.mark.parametrize("case, component, message, says", REFUSED, ids=[c[0] for c in REFUSED])
def test_a_refused_intent_shows_why_and_changes_nothing(duel, case, component, message, says):
    press(duel, "roll")
    before = snapshot(duel)
    duel.send_intent(getattr(duel, component), message)
    assert says in notice(duel)
    assert snapshot(duel) == before


def test_a_forged_die_is_refused_in_the_players_numbering_and_the_api_keeps_its_own(duel):
    press(duel, "roll")
    toggle(duel, 4)  # the last die, which the player sees as die 5: held
    assert duel.game.state.held[4] and notice(duel) == ""
    toggle(duel, 5)
    assert notice(duel) == "There is no die number 6 (dice are numbered 1 to 5)."
    api = r"^there is no die number 5 \(dice are numbered 0 to 4\)$"
    with pytest.raises(IllegalMoveError, match=api):
        yahtzee.Hold(5)


def test_scoring_a_used_box_is_refused(duel):
    press(duel, "roll")
    select(duel, "chance")
    press(duel, "confirm")
    press(duel, "roll")
    select(duel, "ones")
    press(duel, "confirm")  # Ben's turn over, Ann again
    press(duel, "roll")
    before = snapshot(duel)
    select(duel, "chance")
    chance = duel.game.state.cards[0].boxes["chance"]
    assert (
        notice(duel)
        == f"Chance is already filled on Ann's card (with {chance}): choose an empty box."
    )
    assert snapshot(duel) == before


def test_a_fourth_roll_is_refused(duel):
    for _ in range(3):
        press(duel, "roll")
    before = snapshot(duel)
    for refused in (lambda: press(duel, "roll"), lambda: key(duel, "r"), lambda: toggle(duel, 0)):
        refused()
        assert notice(duel).startswith(("You have rolled 3 times", "No rolls are left"))
        assert snapshot(duel) == before
    assert duel.controls.buttons[0]["reason"] == "you have rolled 3 times: choose a box to score"


def test_a_repeated_refusal_is_announced_again(duel):
    toggle(duel, 0)
    first = dict(duel.controls.notice)
    toggle(duel, 0)
    assert duel.controls.notice["text"] == first["text"] == "Roll the dice first."
    assert duel.controls.notice["serial"] != first["serial"]
    press(duel, "roll")
    assert duel.controls.notice == {}


def test_humans_cannot_act_while_a_bot_plays():
    async def scenario():
        widget = YahtzeeGame(players=[{"name": "Robo", "bot": "greedy"}, "Ann"], seed=2, pace=30)
        assert widget.game.current_player.name == "Robo" and widget.game.history == []
        before = snapshot(widget)
        for intent in (
            (widget.controls, {"type": "press", "button": "roll"}),
            (widget.tray, {"type": "toggle", "die": 0}),
            (widget.scorecard, {"type": "select", "column": 0, "row": "ones"}),
        ):
            widget.send_intent(*intent)
            assert notice(widget) == "Wait: Robo is playing."
            assert snapshot(widget) == before
        assert widget.controls.buttons[0]["reason"] == "wait: Robo is playing"
        widget._cancel_bots()

    run_on_fresh_loop(scenario())


def test_trait_tampering_changes_nothing_and_is_sent_back(duel, monkeypatch):
    press(duel, "roll")
    before = snapshot(duel)
    true_dice, view = duel.tray.dice, duel.view
    sent = forge(duel, monkeypatch, duel.tray, dice=[dict(d, face=6, held=True) for d in true_dice])
    assert duel.tray.dice == true_dice and duel.view == view
    assert sent == [{"method": "update", "state": {"view": view}, "buffer_paths": []}]
    assert snapshot(duel) == before
    press(duel, "roll")  # and the next render draws the engine's dice as ever
    assert [d["face"] for d in duel.tray.dice] == list(duel.game.state.dice)


def test_tampered_buttons_and_scorecard_do_not_enable_anything(duel, monkeypatch):
    forge(duel, monkeypatch, duel.controls, buttons=[{"id": "confirm", "enabled": True}])
    forge(duel, monkeypatch, duel.scorecard, rows=[])
    assert duel.controls.buttons[1]["enabled"] is False and duel.scorecard.rows
    press(duel, "confirm")
    assert notice(duel) == "Roll the dice first, then choose a box on the scorecard."
    assert duel.game.history == []


# --- setup screen ------------------------------------------------------------------------
def seats(widget, delta):
    widget.send_intent(widget.setup, {"type": "seats", "delta": delta})


def colour(widget, seat, step):
    widget.send_intent(widget.setup, {"type": "colour", "seat": seat, "step": step})


def test_setup_starts_with_two_unnamed_players_in_distinct_strong_colours():
    widget = YahtzeeGame(pace=0)
    assert widget.phase == "setup" and widget.game is None
    assert shown(widget) == ("setup", "controls")
    assert [(s["name"], s["placeholder"], s["colour"], s["kind"]) for s in widget.setup.seats] == [
        ("", "Player 1", "Red", "human"),
        ("", "Player 2", "Blue", "human"),
    ]
    assert [k["id"] for k in widget.setup.kinds] == ["human", *yahtzee.BOTS]
    assert [b["id"] for b in widget.controls.buttons] == ["start"]
    assert "YahtzeeGame (choosing the players)" in repr(widget)


def test_players_minus_and_plus_stay_between_one_and_eight():
    widget = YahtzeeGame(pace=0)
    seats(widget, -1)
    assert len(widget.setup.seats) == 1
    seats(widget, -1)
    assert notice(widget) == "Yahtzee is played by 1 to 8 players." and len(widget.setup.seats) == 1
    for _ in range(7):
        seats(widget, 1)
    colours = [s["colour"] for s in widget.setup.seats]
    assert len(colours) == 8 == len(set(colours))
    seats(widget, 1)
    assert "1 to 8 players" in notice(widget) and len(widget.setup.seats) == 8
    seats(widget, 2)
    assert "one at a time" in notice(widget) and len(widget.setup.seats) == 8


def test_colours_cycle_through_the_sixteen_in_order_both_ways():
    widget = YahtzeeGame(pace=0)
    seen = []
    for _ in range(16):
        colour(widget, 0, 1)
        seen.append(widget.setup.seats[0]["colour"])
    red = yahtzee.COLOURS.index("Red")
    assert seen == list(yahtzee.COLOURS[red + 1 :] + yahtzee.COLOURS[: red + 1])
    colour(widget, 0, -1)
    assert widget.setup.seats[0]["colour"] == "Brown"
    assert widget.setup.seats[0]["swatch"] == CSS_COLOURS["Brown"]


def test_start_is_refused_while_two_players_share_a_colour_then_accepted():
    widget = YahtzeeGame(pace=0, seed=4)
    for _ in range(6):  # Player 2: Blue -> Cyan, Green, ..., Red, like Player 1
        colour(widget, 1, -1)
    press(widget, "start")
    assert notice(widget) == "Two players share the colour Red: each needs their own."
    assert widget.phase == "setup" and widget.game is None
    colour(widget, 1, -1)  # -> Brown
    widget.send_intent(widget.setup, {"type": "name", "seat": 0, "name": "  Ann   Lee  "})
    widget.send_intent(widget.setup, {"type": "name", "seat": 1, "name": ""})
    widget.send_intent(widget.setup, {"type": "kind", "seat": 1, "kind": "greedy"})
    widget.send_intent(widget.setup, {"type": "rules", "preset": "hasbro"})
    key(widget, "s")
    game = widget.game
    assert notice(widget) == ""
    assert [(p.name, p.colour, p.bot) for p in game.players] == [
        ("Ann Lee", "Red", None),
        ("Player 2", "Brown", "greedy"),
    ]
    assert game.rules == yahtzee.Rules.preset("hasbro") and game.seed == 4


@pytest.mark.parametrize(
    "message, says",
    [
        ({"type": "kind", "seat": 0, "kind": "wizard"}, "no player kind 'wizard'"),
        ({"type": "rules", "preset": "vegas"}, "Unknown preset 'vegas'"),
        ({"type": "name", "seat": 5, "name": "Eve"}, "no player 6"),
        ({"type": "colour", "seat": 0, "step": 3}, "one step at a time"),
    ],
)
def test_bad_setup_intents_are_refused(message, says):
    widget = YahtzeeGame(pace=0)
    before = snapshot(widget)
    widget.send_intent(widget.setup, message)
    assert says in notice(widget)
    assert snapshot(widget) == before


def test_game_actions_are_refused_on_the_setup_screen():
    widget = YahtzeeGame(pace=0)
    widget.send_intent(widget.tray, {"type": "toggle", "die": 0})
    assert notice(widget) == "No game is being played yet: press Start."
    press(widget, "roll")
    assert notice(widget) == "There is no 'roll' button now."


# --- bots ----------------------------------------------------------------------------------
def test_bots_play_their_turn_at_once_with_pace_zero():
    widget = YahtzeeGame(players=["Ann", {"name": "Robo", "bot": "greedy"}], seed=9, pace=0)
    press(widget, "roll")
    select(widget, "chance")
    press(widget, "confirm")
    game = widget.game
    assert game.current_player.name == "Ann" and len(game.state.cards[1].filled) == 1
    assert widget.controls.status.startswith("Robo scores")


def test_a_game_of_bots_plays_itself_to_the_end():
    widget = YahtzeeGame(
        players=[{"name": "R1", "bot": "random"}, {"name": "R2", "bot": "greedy"}], seed=3, pace=0
    )
    assert widget.phase == "over" and widget.game.is_over
    assert len(widget.ranking.rows) == 2


def test_bots_step_on_the_event_loop_without_blocking_it():
    async def scenario():
        # a pace twenty times the poll's pause: a loaded machine still polls between steps
        widget = YahtzeeGame(players=[{"name": "Robo", "bot": "greedy"}, "Ann"], seed=2, pace=0.1)
        assert widget.game.history == []  # nothing played yet: the kernel is free
        steps = await bot_turn(widget, "Robo")
        assert steps[-1] >= 2 and steps == sorted(steps)
        assert len(set(steps)) > 2  # several separate steps, drawn one by one
        robo = widget.game.state.cards[0].filled
        assert len(robo) == 1 and widget.controls.status.startswith("Robo scores")

    run_on_fresh_loop(scenario())


def test_a_bot_shows_its_chosen_box_before_scoring_it():
    async def scenario():
        widget = YahtzeeGame(players=[{"name": "Robo", "bot": "greedy"}, "Ann"], seed=2, pace=0.01)
        said, cards = (
            watch(widget, widget.controls, "status"),
            watch(widget, widget.scorecard, "rows"),
        )
        await bot_turn(widget, "Robo")
        previews = [
            (row["key"], row["cells"][0]["text"])
            for rows in cards
            for row in rows
            if row["cells"][0]["chosen"]
        ]
        box, points = widget.game.state.cards[0].filled[0]
        title = yahtzee.BOX_TITLES[box]
        assert said[-2:] == [
            f"Robo chooses {title} ({points} points).",
            f"Robo scores {points} in {title}.",
        ]
        assert previews == [(box, str(points))]

    run_on_fresh_loop(scenario())


def test_repr_says_what_it_is_and_how_to_show_it(duel):
    text = repr(duel)
    assert text.startswith("<YahtzeeGame (yahtzee.Game [Ann, Ben] Ann to play)")
    assert "JupyterLab" in text and ".game" in text
    data, _ = duel._repr_mimebundle_()
    assert data["text/plain"] == text
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == duel.model_id


def test_same_seed_same_dice_and_next_games_differ():
    a = YahtzeeGame(players=["Ann"], seed=21, pace=0)
    b = YahtzeeGame(players=["Ann"], seed=21, pace=0)
    press(a, "roll")
    press(b, "roll")
    assert a.game.state.dice == b.game.state.dice
    a.start(["Ann"])
    assert a.game.seed == 22


def test_optimal_robots_get_ready_before_the_game_goes_on(monkeypatch):
    from dicelab.messages import catalogue

    PREPARING = catalogue("en")("table.preparing")
    from dicelab.yahtzee.optimal import OptimalBot

    widget = YahtzeeGame(rules=yahtzee.Rules(boxes=("chance",)), seed=1, pace=0)
    shown = []
    monkeypatch.setattr(
        OptimalBot, "prepare", lambda bot, engine, players=2: shown.append(widget.controls.status)
    )
    widget.start(["Ann", {"name": "Robo", "bot": "optimal"}])
    assert shown == [PREPARING] and widget.controls.status != PREPARING


def test_a_card_without_upper_boxes_has_no_upper_total():
    widget = YahtzeeGame(players=["Ann"], rules=yahtzee.Rules(boxes=("chance", "yahtzee")), pace=0)
    assert [row["key"] for row in widget.scorecard.rows] == [
        "chance",
        "yahtzee",
        "yahtzee_bonus",
        "total",
    ]


def test_the_upper_total_shows_progress_to_the_bonus_and_a_missed_bonus_is_0():
    widget = YahtzeeGame(players=["Ann"], seed=5, pace=0)
    upper = lambda: next(r for r in widget.scorecard.rows if r["key"] == "upper")["cells"][0]  # noqa: E731
    bonus = lambda: next(r for r in widget.scorecard.rows if r["key"] == "upper_bonus")["cells"][0]  # noqa: E731
    assert (
        upper()["text"] == "0 / 63"
        and upper()["label"] == "0 / 63, upper total: 0 of the 63 for the bonus"
    )
    assert bonus()["text"] == ""
    for box in ("ones", "twos", "threes", "fours", "fives", "sixes"):
        press(widget, "roll")
        select(widget, box)
        press(widget, "confirm")
        if box != "sixes":
            assert upper()["text"] == f"{widget.game.state.cards[0].upper_total()} / 63"
    total = widget.game.state.cards[0].upper_total()
    assert upper()["text"] == str(total) and total < 63  # this seed misses the bonus
    assert bonus()["text"] == "0" and bonus()["label"] == "0, Bonus (35 at 63)"


def test_a_click_on_a_filled_box_or_the_other_column_says_why(duel):
    press(duel, "roll")
    select(duel, "chance", column=1)
    assert notice(duel) == "It is Ann's turn: choose a box in Ann's column, not Ben's."
    select(duel, "chance")
    press(duel, "confirm")
    press(duel, "roll")
    select(duel, "chance", column=0)
    assert notice(duel) == "It is Ben's turn: choose a box in Ben's column, not Ann's."


def test_sentences_speak_to_a_player_called_you():
    widget = YahtzeeGame(players=["You", "Ben"], seed=3, pace=0)
    assert widget.controls.status == "New game: You start."
    assert widget.controls.turn["text"] == "Your turn"
    assert (
        button_named(widget, "confirm")["reason"]
        == "roll the dice first, then choose a box on the scorecard"
    )
    press(widget, "roll")
    assert widget.controls.status.startswith("You rolled: ") and widget.controls.status.endswith(
        "2 rolls left."
    )
    toggle(widget, 0)
    assert widget.controls.status.startswith("You hold die 1 (a ")
    press(widget, "roll")
    press(widget, "roll")
    assert button_named(widget, "roll")["label"] == "Roll the dice, 0 rolls left"
    select(widget, "chance")
    assert widget.controls.status.endswith(" for you. Press Confirm to score it.")
    press(widget, "confirm")
    assert widget.controls.status.startswith("You score ")
    select(widget, "chance", column=0)
    assert notice(widget) == "It is Ben's turn: choose a box in Ben's column, not yours."


def button_named(widget, name) -> dict:
    return next(b for b in widget.controls.buttons if b["id"] == name)
