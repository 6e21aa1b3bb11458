"""The activities: dice from the engines, intents checked, results exact, state restored."""

import json
from fractions import Fraction

import pytest

from dicelab import fivethousand, registry
from dicelab.classroom.activities import ACTIVITIES, activity, seeder
from dicelab.classroom.pool import pool
from dicelab.classroom.room import Room
from dicelab.classroom.store import Store

THROW = {"part": "controls", "type": "press", "button": "throw"}
ROLL = {"part": "controls", "type": "press", "button": "roll"}


def test_the_registry_names_each_activity_and_its_exact_value():
    assert {
        "farkles",
        "yahtzee-in-three",
        "tally",
        "fivethousand",
        "thousand",
        "yahtzee",
        "duplicate",
    } <= set(ACTIVITIES)
    assert ACTIVITIES["farkles"].exact == Fraction(5, 162)
    assert ACTIVITIES["yahtzee-in-three"].exact == Fraction(347897, 7558272)
    assert ACTIVITIES["fivethousand"].options["robot"][0] == "intelligent"
    with pytest.raises(ValueError, match="there is no activity 'cards'"):
        activity("cards")
    with pytest.raises(ValueError, match="the robot is one of"):
        activity("fivethousand").checked_options({"robot": "optimal"})
    with pytest.raises(ValueError, match="has no option"):
        activity("farkles").checked_options({"robot": "simple"})


def test_a_farkle_is_what_the_fivethousand_engine_says():
    session = activity("farkles").session(seeder(3, 1, 1), "Ann", {})
    for _ in range(200):
        session.receive(THROW)
    results = session.take_results()
    assert len(results) == 200 and session.state()["throws"] == 200
    for trials, farkle, detail in results:
        scores = fivethousand.Rules().combinations().best_choice(tuple(sorted(detail["dice"])))
        assert trials == 1 and farkle == (scores is None)
    assert any(farkle for _, farkle, _ in results)  # 200 throws: a farkle is all but sure


def test_dice_depend_on_the_class_run_and_student_only():
    def dice(seed_of):
        session = activity("farkles").session(seed_of, "Ann", {})
        session.receive(THROW)
        return session.take_results()[0][2]["dice"]

    assert dice(seeder(1, 1, 1)) == dice(seeder(1, 1, 1))
    assert dice(seeder(1, 1, 1)) != dice(seeder(1, 1, 2)) or dice(seeder(1, 2, 1)) != dice(
        seeder(1, 1, 1)
    )


def test_a_session_restored_from_its_state_goes_on_the_same():
    spec = activity("yahtzee-in-three")
    first = spec.session(seeder(5, 1, 1), "Ann", {})
    first.receive(ROLL)
    first.receive({"part": "dice", "type": "toggle", "die": 0})
    again = spec.session(seeder(5, 1, 1), "Ann", {}, first.state())
    assert again.game.state == first.game.state
    first.receive(ROLL)
    again.receive(ROLL)
    assert again.game.state.dice == first.game.state.dice


def test_yahtzee_in_three_ends_after_three_rolls_or_five_of_a_kind():
    session = activity("yahtzee-in-three").session(seeder(9, 1, 1), "Ann", {})
    tries = 0
    while tries < 20:
        session.receive(ROLL)
        for _trials, success, detail in session.take_results():
            tries += 1
            assert success == (len(set(detail["dice"])) == 1)
            assert detail["rolls"] == 3 or success
            session.receive({"part": "controls", "type": "press", "button": "next"})
    session.receive({"part": "controls", "type": "press", "button": "next"})  # not there now
    assert "no 'next' button" in session.view["parts"]["controls"]["notice"]["text"]


def test_a_refused_intent_says_why_and_changes_nothing():
    session = activity("tally").session(seeder(1, 1, 1), "Ann", {})
    for bad in (
        {"part": "tally", "type": "send", "tries": 3, "hits": 4},
        {"part": "tally", "type": "send", "tries": 0, "hits": 0},
        {"part": "tally", "type": "send", "tries": 3.0, "hits": 1},
        {"part": "tally", "type": "send", "tries": True, "hits": 1},
        {"part": "tally", "type": "eval", "code": "1"},
        "not a dict",
    ):
        session.receive(bad)
        assert session.view["parts"]["controls"]["notice"]["text"]
    assert session.take_results() == [] and session.state() == {"sent": []}
    session.receive({"part": "tally", "type": "send", "tries": 30, "hits": 2})
    assert session.take_results() == [(30, 2, {})]


def test_a_game_session_hides_the_setup_coach_and_new_game():
    session = activity("fivethousand").session(seeder(1, 1, 1), "Ann", {"robot": "simple"})
    ids = [b["id"] for b in session.view["parts"]["controls"]["buttons"]]
    assert "new" not in ids and "coach" not in ids and "k" not in session.view["keys"]
    for hidden in (
        {"part": "controls", "type": "press", "button": "new"},
        {"part": "controls", "type": "key", "key": "k"},
        {"part": "setup", "type": "seats", "delta": 1},
    ):
        session.receive(hidden)
        assert session.view["parts"]["controls"]["notice"]["text"]
    assert session.widget.phase == "play" and not session.widget.coach


def test_a_finished_game_is_one_result_with_both_scores(tmp_path):
    from tests.classroom.serving import play_fivethousand

    room = Room(Store(tmp_path))
    ann = room.join(room.store.code, "Ann")["student"]
    run = room.start("fivethousand", {"robot": "simple"})

    class Local:  # the test's player, talking to the room instead of a socket
        seq = 0
        last = room.student_view(ann)

        def intent(self, message):
            Local.seq += 1
            self.last = room.intent(ann, run, Local.seq, message)
            return self.last

        @property
        def view(self):
            return self.last["view"]

    ranking = play_fivethousand(Local())
    rows = room.results("fivethousand")
    assert len(rows) == 1 and rows[0]["trials"] == 1
    scores = {row["name"]: row["score"] for row in ranking["rows"]}
    assert (
        rows[0]["detail"]["score"] == scores["Ann"]
        and rows[0]["detail"]["robot_score"] == scores["Robot"]
    )
    assert rows[0]["successes"] == (scores["Ann"] >= scores["Robot"])
    again = room.intent(
        ann, run, Local.seq + 1, {"part": "controls", "type": "press", "button": "again"}
    )
    assert "ranking" not in again["view"]["parts"] and len(room.results("fivethousand")) == 1
    room.store.close()


def test_the_pool_sums_every_student():
    rows = [
        {"student": i % 3, "name": str(i % 3), "trials": 2, "successes": i % 2} for i in range(9)
    ]
    pooled = pool(rows)
    assert pooled["trials"] == 18 and pooled["successes"] == 4
    assert sum(s["trials"] for s in pooled["students"]) == 18
    assert pool([]) == {"trials": 0, "successes": 0, "share": None, "se": None, "students": []}


def _play_by_buttons(session, boxes=()):
    """Press the first enabled button of the game (or choose the next open box) until it ends."""
    for _ in range(3000):
        if session.widget.phase == "over":
            return
        buttons = [
            b
            for b in session.view["parts"]["controls"]["buttons"]
            if b["enabled"] and b["id"] not in ("pace", "skip", "sound")
        ]  # the robots' pace and the sound are no move
        if buttons:
            session.receive({"part": "controls", "type": "press", "button": buttons[0]["id"]})
            continue
        card = session.widget.game.state.cards[0]
        box = next(box for box in boxes if box not in dict(card.filled))
        session.receive({"part": "scorecard", "type": "select", "column": 0, "row": box})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "name, robot", [("thousand", "simple"), ("yahtzee", "greedy"), ("duplicate", None)]
)
def test_every_game_activity_plays_to_its_one_result(name, robot):
    from dicelab.yahtzee import Rules

    spec = activity(name)
    options = {} if robot is None else {"robot": robot}
    session = spec.session(seeder(2, 1, 1), "Ann", options)
    _play_by_buttons(session, Rules().boxes)
    (result,) = session.take_results()
    trials, success, detail = result
    scores = session.widget.scores()
    assert trials == 1 and detail["score"] == scores[0]
    if robot:
        assert detail["robot"] == robot and detail["robot_score"] == scores[1]
        assert success == (session.widget.game.players[0] in session.widget.game.winners)
    else:
        assert success == (scores[0] >= detail["optimal_score"]) and detail["optimal_score"] > 100
    restored = spec.session(seeder(2, 1, 1), "Ann", options, session.state())
    assert restored.widget.game.to_json() == session.widget.game.to_json()
    assert restored.take_results() == []  # a restored finished game is not counted again


def test_in_duplicate_everyone_has_the_same_dice():
    first = activity("duplicate").session(seeder(4, 1, 1), "Ann", {})
    second = activity("duplicate").session(seeder(4, 1, 2), "Ben", {})
    for session in (first, second):
        session.receive({"part": "controls", "type": "press", "button": "roll"})
    assert first.widget.game.state.dice == second.widget.game.state.dice


def test_rematch_is_not_offered_and_each_game_played_again_is_kept():
    """The widget's own Rematch started a game the class never recorded (three finished
    games gave two rows): in class only Play again is offered, and each of its games counts."""
    from dicelab.yahtzee import Rules

    session = activity("yahtzee").session(seeder(3, 1, 1), "Ann", {"robot": "greedy"})
    kept = []
    for _ in range(3):
        _play_by_buttons(session, Rules().boxes)
        kept += session.take_results()
        ids = [b["id"] for b in session.view["parts"]["controls"]["buttons"]]
        assert "rematch" not in ids and "r" not in session.view["keys"] and "again" in ids
        session.receive({"part": "controls", "type": "press", "button": "rematch"})
        session.receive({"part": "controls", "type": "key", "key": "r"})
        assert session.widget.phase == "over" and session.take_results() == []
        session.receive({"part": "controls", "type": "press", "button": "again"})
    assert [detail["game"] for _, _, detail in kept] == [0, 1, 2]


@pytest.mark.parametrize("optimal, success", [(400.0, False), (0.0, True)])
def test_a_duplicate_end_screen_says_what_was_kept(monkeypatch, optimal, success):
    """The end screen said "Ann wins!" for a score stored as a failure."""
    from dicelab.classroom import games
    from dicelab.yahtzee import Rules

    monkeypatch.setattr(games, "optimal_score", lambda game, seed: optimal)
    session = activity("duplicate").session(seeder(2, 1, 1), "Ann", {})
    _play_by_buttons(session, Rules().boxes)
    ((_, stored, detail),) = session.take_results()
    controls = session.view["parts"]["controls"]
    assert stored == success
    said = "as high as" if success else "below"
    assert controls["status"] == (
        f"Kept for the class: your {detail['score']} points, {said} the optimal robot's "
        f"{optimal:g} on the same dice{': a success' if success else ''}. "
        "Play again for a new game."
    )
    assert ("wins" in json.dumps(controls)) == success  # the win moment only for a success


def test_a_game_against_a_robot_ends_saying_what_was_kept():
    session = activity("thousand").session(seeder(2, 1, 1), "Ann", {"robot": "simple"})
    _play_by_buttons(session)
    ((_, won, detail),) = session.take_results()
    outcome = "a win" if won else "a loss"
    assert session.view["parts"]["controls"]["status"] == (
        f"Kept for the class: {outcome}, your {detail['score']} points to the robot's "
        f"{detail['robot_score']}. Play again for a new game."
    )


def test_a_student_who_joined_twice_is_merged_with_every_result_kept(tmp_path):
    room = Room(Store(tmp_path))
    ann = room.join(room.store.code, "Ann")
    again = room.join(room.store.code, "Ann")
    assert (again["name"], again["taken"], ann["taken"]) == ("Ann (2)", "Ann", "")
    run = room.start("farkles", {})
    for seat, throws in ((ann, 2), (again, 3)):
        for seq in range(1, throws + 1):
            room.intent(seat["student"], run, seq, THROW)
    with pytest.raises(ValueError, match="no other student named 'Zed'"):
        room.teacher({"part": "board", "type": "merge", "student": again["student"], "into": "Zed"})
    room.teacher({"part": "board", "type": "merge", "student": again["student"], "into": "ann"})
    for fresh in (room, Room(room.store)):  # as kept, and as read again after a restart
        assert list(fresh.names.values()) == ["Ann"]
        (only,) = fresh.pooled()["students"]
        assert (only["name"], only["trials"]) == ("Ann", 5)
    assert [row["name"] for row in room.results()] == ["Ann"] * 5
    with pytest.raises(ValueError, match="not yours"):
        room.hello(again["student"], again["secret"])
    room.store.close()


@pytest.mark.parametrize(
    "name", [name for name, spec in registry.GAMES.items() if "against_robot" in spec.activities]
)
def test_a_class_games_keys_help_names_only_what_the_class_offers(name):
    """The game pages said "Escape goes back to the notebook" and named the coach's keys."""
    spec = activity(name)
    session = spec.session(seeder(1, 1, 1), "Ann", {"robot": spec.options["robot"][0]})
    help = session.view["parts"]["controls"]["help"]
    for hidden in ("notebook", "coach", "chance to win", "K ", "W ", "N sets up"):
        assert hidden not in help
    assert help.endswith("Once the game is over, A plays again.")
    assert help.count(".") >= 3  # the game's own keys are still said


def test_a_game_started_without_naming_a_robot_plays_its_first(tmp_path):
    """``room.start("fivethousand")`` sent robot "" and was refused."""
    room = Room(Store(tmp_path))
    room.teacher({"part": "board", "type": "start", "activity": "fivethousand", "robot": ""})
    assert room.run["options"] == {"robot": activity("fivethousand").options["robot"][0]}
    with pytest.raises(ValueError, match="the robot is one of"):
        room.teacher({"part": "board", "type": "start", "activity": "thousand", "robot": "nobody"})
    room.store.close()


def test_a_student_adds_at_most_the_activitys_limit_and_the_page_counts_toward_it(tmp_path):
    room = Room(Store(tmp_path))
    ann = room.join(room.store.code, "Ann")["student"]
    ben = room.join(room.store.code, "Ben")["student"]
    run = room.start("farkles", {})
    limit = activity("farkles").limit
    assert limit == 30 and activity("farkles").unit == "throws"
    press = {"part": "controls", "type": "press", "button": "throw"}
    assert room.student_view(ann)["progress"] == {"done": 0, "of": limit, "unit": "throws"}
    for seq in range(1, limit + 1):
        answer = room.intent(ann, run, seq, press)
        assert not answer["limited"] and answer["progress"]["done"] == seq
    stored = len(room.store.results(run=run))
    past = room.intent(ann, run, limit + 1, press)  # acknowledged, not done: nothing changes
    assert past["limited"] and past["ack"] == limit + 1 and past["progress"]["done"] == limit
    assert len(room.store.results(run=run)) == stored and room.pooled()["trials"] == limit
    assert not room.intent(ben, run, 1, press)["limited"]  # the others go on
    again = Room(room.store)  # after a restart the count is read from the store
    assert again.intent(ann, run, limit + 2, press)["limited"]
    assert activity("farkles-three").limit and activity("tally").limit is None
    room.start("tally", {})
    assert room.student_view(ann)["progress"] is None  # a tally of real dice has no limit


def test_each_students_dot_has_the_bar_of_their_own_trials():
    pooled = pool(
        [
            {"student": 1, "name": "Ann", "trials": 4, "successes": 1},
            {"student": 2, "name": "Ben", "trials": 100, "successes": 25},
        ]
    )
    ann, ben = pooled["students"]
    assert ann["share"] == ben["share"] == 0.25
    assert ann["se"] == pytest.approx((0.25 * 0.75 / 4) ** 0.5) and ann["se"] == 5 * ben["se"]
