"""Robots at the pace a student chooses in a class game: each step stored, then pushed by the
server; "instant" and skip play the robots' turn at once; a kill -9 mid-turn loses nothing.

Real servers on loopback with real SQLite; steps are counted, never timed.
"""

from __future__ import annotations

import pytest

from dicelab.classroom.room import Room
from dicelab.classroom.store import Store
from tests.classroom.serving import ServerProcess, ServerThread, Student

pytest.importorskip("tornado")

SEED = "5"  # a class seed whose first throw scores, so a throw then PASS ends the student's turn
SHAKE = {"part": "shaker", "type": "shake"}
PASS = {"part": "controls", "type": "press", "button": "pass"}
PACE = {"part": "controls", "type": "press", "button": "pace"}
SKIP = {"part": "controls", "type": "press", "button": "skip"}


def buttons(view: dict) -> dict:
    return {b["id"]: b for b in view["parts"]["controls"]["buttons"]}


def robots_to_move(view: dict) -> bool:
    """Whether the robots are to play (the page offers to skip their turn)."""
    return "skip" in buttons(view)


def choose(student: Student, pace: str) -> None:
    """Press the pace button until the robots play at ``pace`` (instant, slow, normal, fast)."""
    for _ in range(4):
        if buttons(student.view)["pace"]["label"] == f"Robots: {pace}":
            return
        student.intent(PACE)
    raise AssertionError(f"no pace {pace}")


def class_with_seed(data) -> None:
    store = Store(data)
    store.set_meta("seed", SEED)
    store.close()


def pushes_until_my_turn(student: Student) -> list[dict]:
    """The views the server pushes (no acknowledgement) until the student is to move."""
    views = []
    while True:
        message = student.expect("view")
        views.append(message["view"])
        if not robots_to_move(message["view"]):
            return views


@pytest.fixture
def served(tmp_path):
    class_with_seed(tmp_path)
    running = ServerThread(tmp_path, activity="fivethousand")
    yield running
    running.stop()


def test_at_fast_each_robot_step_is_stored_then_pushed_one_by_one(served):
    ann = Student(served, "Ann")
    choose(ann, "fast")
    ann.intent(SHAKE)
    before = served.call(lambda: served.server.room.done[ann.seat["student"]])
    assert robots_to_move(ann.intent(PASS)["view"])
    views = pushes_until_my_turn(ann)
    steps = served.call(lambda: served.server.room.done[ann.seat["student"]]) - before - 1
    assert len(views) >= 2 and len(views) == steps  # one push a stored step
    histories = [len(view["parts"]["history"]["entries"]) for view in views]
    assert histories == sorted(histories) and histories[0] < histories[-1]
    ann.close()


def test_instant_plays_the_robots_whole_turn_in_the_answer(served):
    ann = Student(served, "Ann")
    assert buttons(ann.view)["pace"]["label"] == "Robots: instant"  # a class game's first pace
    ann.intent(SHAKE)
    answer = ann.intent(PASS)
    assert not robots_to_move(answer["view"]) and served.call(
        lambda: served.server.robot_timers == {}
    )
    ann.close()


def test_skip_finishes_the_robots_turn_at_once(served):
    ann = Student(served, "Ann")
    choose(ann, "slow")
    ann.intent(SHAKE)
    assert robots_to_move(ann.intent(PASS)["view"])
    answer = ann.intent(SKIP)
    assert not robots_to_move(answer["view"])
    student = ann.seat["student"]
    game = served.call(lambda: served.server.room.store.seat(student, 1)[1]["game"])
    assert game == served.call(lambda: served.server.room.sessions[student].widget.game.to_json())
    assert served.call(lambda: student not in served.server.robot_timers)
    ann.close()


def test_a_malformed_pace_intent_changes_nothing_and_a_flood_is_limited(served):
    ann = Student(served, "Ann")
    answer = ann.intent({**PACE, "pace": "fast"})
    assert "bad 'pace'" in answer["view"]["parts"]["controls"]["notice"]["text"]
    assert buttons(answer["view"])["pace"]["label"] == "Robots: instant"
    for seq in range(2, 62):  # 60 presses at once: more than a seat may send
        ann.send({"type": "intent", "run": 1, "seq": seq, "intent": PACE})
    acks, slowed = 0, 0
    while acks + slowed < 60:
        message = ann.receive()
        acks += message["type"] == "ack"
        slowed += message["type"] == "refused" and message["reason"].startswith("slow down")
    assert slowed > 0
    paces = ["instant", "slow", "normal", "fast"]
    pace = served.call(lambda: served.server.room.sessions[ann.seat["student"]].widget.pace)
    assert {"instant": 0.0, "slow": 1.2, "normal": 0.6, "fast": 0.3}[paces[acks % 4]] == pace
    ann.close()


def reference_turn(data) -> dict:
    """The same class game played in a room with no server and no kill: the game after the
    robots' first turn."""
    class_with_seed(data)
    room = Room(Store(data))
    ann = room.join(room.store.code, "Ann")["student"]
    run = room.start("fivethousand", {})
    room.intent(ann, run, 1, SHAKE)
    room.intent(ann, run, 2, PASS)
    while room.robot_step(ann):
        pass
    game = room.sessions[ann].widget.game.to_json()
    room.store.close()
    return game


def test_a_kill_mid_robot_turn_loses_nothing_and_the_robots_go_on(tmp_path):
    class_with_seed(tmp_path / "class")
    first = ServerProcess(tmp_path / "class", "--activity", "fivethousand")
    try:
        ann = Student(first, "Ann")
        choose(ann, "slow")
        ann.intent(SHAKE)
        assert robots_to_move(ann.intent(PASS)["view"])
        pushed = ann.expect("view")["view"]  # a robot's step, stored before it was sent
        assert robots_to_move(pushed)
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(tmp_path / "class")
    try:
        again = Student(second, seat=ann.seat)
        resumed = again.view
        assert buttons(resumed)["pace"]["label"] == "Robots: slow"  # the pace chosen is kept
        for part in ("dice", "scoreboard"):  # the table as the last step pushed left it
            assert resumed["parts"][part] == pushed["parts"][part]
        views = pushes_until_my_turn(again) if robots_to_move(resumed) else [resumed]
        again.close()
    finally:
        second.stop()
    store = Store(tmp_path / "class")
    game = store.seat(ann.seat["student"], 1)[1]["game"]
    store.close()
    assert not robots_to_move(views[-1])
    assert game == reference_turn(tmp_path / "reference")


def robot_timers(served) -> set[int]:
    return served.call(lambda: set(served.server.robot_timers))


def test_a_seats_robots_stop_when_its_last_page_leaves_and_when_the_run_ends(served):
    ann = Student(served, "Ann")
    student = ann.seat["student"]
    choose(ann, "slow")
    ann.intent(SHAKE)
    ann.intent(PASS)
    assert robot_timers(served) == {student}
    second = Student(served, seat=ann.seat, tab="second")  # a second page keeps them playing
    ann.close()
    assert robot_timers(served) == {student}
    second.close()
    while served.call(lambda: bool(served.server.students[student])):
        pass  # the server has not seen the page go yet
    assert robot_timers(served) == set()
    again = Student(served, seat=ann.seat)  # back: the robots play on from where they were
    assert robots_to_move(again.view) and robot_timers(served) == {student}

    def stop_the_run():
        served.server.room.stop()
        served.server.activity_changed()

    served.call(stop_the_run)
    assert robot_timers(served) == set()
    again.close()
