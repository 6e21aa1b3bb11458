"""No student can hurt another: every field in its range, a fault touches one intent only,
a full disk is told to the teacher and the class goes on once there is room again."""

import json
import sqlite3
import time
import urllib.error
import urllib.request

import pytest
import websocket

from dicelab.classroom import room
from dicelab.classroom.activities import ACTIVITIES, register
from dicelab.classroom.activity import Activity
from dicelab.classroom.limits import (
    ADDRESS_JOIN_BURST,
    MAX_WHOLE,
    RELOAD_AT,
    SLOWED_AT,
    SLOWED_RATE,
    STUDENT_BURST,
)
from dicelab.classroom.throws import Farkles
from tests.classroom.serving import THROW, ServerThread, Student
from tests.waiting import wait_for

pytest.importorskip("tornado")


class Broken(Farkles):
    """Farkles whose throw fails for one student: a bug in an activity."""

    def throw(self) -> None:
        if self.name == "Mallory":
            raise ZeroDivisionError("a bug in this activity")
        super().throw()


@pytest.fixture(scope="module")
def broken_activity():
    register(Activity("broken", "Broken", "Throw.", "farkles", Broken))
    yield "broken"
    ACTIVITIES.pop("broken")


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path, "farkles")
    yield running
    running.stop()


def teacher(server) -> websocket.WebSocket:
    return server.teacher_socket(timeout=30)


def answer_to(student: Student, message: dict) -> dict:
    student.send(message)
    return student.receive()


def test_a_seq_past_javascripts_whole_numbers_is_refused_to_its_sender_only(server):
    ann, mallory = Student(server, "Ann"), Student(server, "Mallory")
    run = mallory.last["run"]
    for seq in (2**70, MAX_WHOLE + 1, -1):
        answer = answer_to(mallory, {"type": "intent", "run": run, "seq": seq, "intent": THROW})
        assert answer == {
            "type": "refused",
            "reason": f"the intent's number must be from 0 to {MAX_WHOLE}, not {seq}",
        }
    assert ann.intent(THROW)["ack"] == 1
    assert mallory.intent(THROW)["ack"] == 1  # the sender's own socket goes on too
    assert len(server.csv_rows()) == 2


@pytest.mark.parametrize(
    "message, reason",
    [
        ({"type": "intent", "run": 2**64, "seq": 1, "intent": THROW}, "the activity's number"),
        ({"type": "hello", "student": 2**63, "secret": "x"}, "the seat's number must be"),
        ({"type": "hello", "student": 1, "secret": "x" * 65}, "at most 64 characters"),
        (
            {"type": "join", "code": "A" * 17, "name": "Ann", "lang": "en"},
            "the class code has at most 16",
        ),
        (
            {"type": "join", "code": "ABC", "name": "A" * 201, "lang": "en"},
            "a nickname has at most 200",
        ),
        ({"type": "join", "code": "ABC", "name": None, "lang": "en"}, "a nickname must be text"),
        (
            {"type": "join", "code": "ABC", "name": "Ann", "lang": "de"},
            "the page's language: dicelab speaks en, ru, not 'de'",
        ),
        ({"type": "join", "code": "ABC", "name": "Ann", "lang": 7}, "the page's language: lang"),
    ],
)
def test_every_field_has_its_range(server, message, reason):
    socket = websocket.create_connection(server.ws, timeout=30)
    socket.send(json.dumps(message))
    answer = json.loads(socket.recv())
    assert answer["type"] == "refused" and reason in answer["reason"], answer
    socket.close()


def test_field_names_are_echoed_short_and_few(server):
    socket = websocket.create_connection(server.ws, timeout=30)
    names = {f"{i}{'x' * 1000}": 1 for i in range(3)}
    socket.send(json.dumps({"type": "join", **names}))
    reason = json.loads(socket.recv())["reason"]
    assert reason.startswith("the page sent a 'join' request with bad ")
    assert reason.endswith(" and 2 more") and len(reason) < 250  # 3 unknown, 3 missing
    ann = Student(server, "Ann")
    message = {"part": "controls", "type": "press", "button": "throw", "y" * 3000: 1}
    ann.send({"type": "intent", "run": ann.last["run"], "seq": 1, "intent": message})
    notice = ann.expect("ack")["view"]["parts"]["controls"]["notice"]["text"]
    assert "'yyyyyyy" in notice and len(notice) < 150


def test_a_message_nested_too_deeply_is_refused(server):
    ann = Student(server, "Ann")
    ann.send('{"type": "intent", "intent": ' + "[" * 2000 + "]" * 2000 + "}")
    assert ann.receive()["reason"] == "that message is nested too deeply"
    assert ann.intent(THROW)["ack"] == 1


def test_a_bug_in_an_activity_touches_only_the_intent_it_broke(server, broken_activity, capfd):
    batches = []
    do_batch = server.server._do_batch

    def recording():
        batches.append({connection.who() for connection, _, _ in server.server._waiting})
        do_batch()

    server.server._do_batch = recording
    server.call(server.server.room.start, broken_activity, {})
    server.call(server.server.activity_changed)
    ann, ben, mallory = (Student(server, name) for name in ("Ann", "Ben", "Mallory"))
    run = ann.last["run"]
    server.call(lambda: __import__("time").sleep(0.3))  # let the three pile up in one batch
    for seq in range(1, 6):
        for student in (ann, ben, mallory):
            student.send({"type": "intent", "run": run, "seq": seq, "intent": THROW})
    answers = {student.name: [student.receive() for _ in range(5)] for student in (ann, mallory)}
    answers["Ben"] = [ben.receive() for _ in range(5)]
    for name in ("Ann", "Ben"):
        assert [a["ack"] for a in answers[name]] == [1, 2, 3, 4, 5]
        assert not any(a["duplicate"] for a in answers[name])
    assert [a["type"] for a in answers["Mallory"]] == ["refused"] * 5
    assert answers["Mallory"][0]["reason"].startswith("the server could not do that")
    assert any(len(batch) > 1 for batch in batches)  # others were in the batches she broke
    rows = server.csv_rows()
    assert sorted((row[3], row[4]) for row in rows) == sorted(
        (name, str(seq)) for name in ("Ann", "Ben") for seq in range(1, 6)
    )
    log = capfd.readouterr().err
    assert f"the intent of student {mallory.seat['student']} failed and was refused: " in log
    assert "ZeroDivisionError: 'a bug in this activity' (test_guard.py:" in log
    assert ann.intent(THROW, seq=6)["ack"] == 6 and mallory.socket.connected


def test_a_full_disk_is_on_the_teachers_board_and_the_class_goes_on_when_there_is_room(server):
    board = teacher(server)
    json.loads(board.recv())
    students = [Student(server, f"Student {i}") for i in range(6)]
    database = server.server.store._db
    pages = server.call(lambda: database.execute("PRAGMA page_count").fetchone()[0])
    server.call(database.execute, f"PRAGMA max_page_count = {pages}")  # the disk is full
    acknowledged = 0
    closed = (websocket.WebSocketConnectionClosedException, json.JSONDecodeError)  # "": closed
    with pytest.raises(closed):
        for turn in range(1000):  # until a throw finds no room: its socket is closed
            students[turn % 6].intent(THROW)
            acknowledged += 1
    full = students[turn % 6]
    while (trouble := json.loads(board.recv())["view"]["parts"]["board"]["trouble"]) == "":
        pass
    assert trouble.startswith("Results are not being stored (database or disk is full)")
    server.call(database.execute, f"PRAGMA max_page_count = {pages + 1000}")  # room again
    again = Student(server, seat=full.seat)
    again.seq = full.seq - 1
    assert again.intent(THROW)["ack"] == full.seq  # the page sends its throw again
    while json.loads(board.recv())["view"]["parts"]["board"]["trouble"]:
        pass
    assert len(server.csv_rows()) == acknowledged + 1
    assert server.server.room.online == {student.seat["student"] for student in students}


def test_head_is_answered_as_get_without_a_body(server):
    for address in (server.student_url, server.origin + "/health", server.teacher_page):
        assert server.get(address, method="HEAD") == (200, "")
    assert server.get(server.origin + "/static/student.js", method="HEAD") == (200, "")
    assert server.get(server.origin + "/join/AAAAAA", method="HEAD")[0] == 404
    csv = server.teacher_page + "/results.csv"
    assert server.get(csv, server.teacher_cookie(), method="HEAD") == (200, "")


def test_a_socket_needs_this_servers_origin_and_a_name_it_is_served_by(server):
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(server.ws, suppress_origin=True, timeout=30)
    assert refused.value.status_code == 403
    port = server.origin.rsplit(":", 1)[1]
    rebound = f"rebind.example:{port}"
    with pytest.raises(websocket.WebSocketBadStatusException):
        websocket.create_connection(server.ws, host=rebound, origin=f"http://{rebound}", timeout=30)
    request = urllib.request.Request(server.student_url, headers={"Host": rebound})
    with pytest.raises(urllib.error.HTTPError) as page:
        urllib.request.urlopen(request, timeout=30)
    assert page.value.code == 403
    local = f"localhost:{port}"
    websocket.create_connection(server.ws, host=local, origin=f"http://{local}").close()


def test_behind_a_proxy_the_name_the_teachers_page_is_opened_under_is_served(server):
    proxied = "hub.example"
    join_url = f"https://hub.example/user/ann/proxy/8765/join/{server.code}"
    request = urllib.request.Request(server.student_url, headers={"Host": proxied})
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(request, timeout=30)
    board = server.teacher_socket(timeout=30, host=proxied, origin="https://hub.example")
    board.recv()
    board.send(json.dumps({"type": "hello", "join_url": join_url}))
    assert json.loads(board.recv())["view"]["parts"]["board"]["join_url"] == join_url
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 200


def test_a_seat_that_keeps_sending_refused_messages_is_slowed_then_told_to_reload(server):
    ann, mallory = Student(server, "Ann"), Student(server, "Mallory")
    poison = {"type": "intent", "run": mallory.last["run"], "seq": 2**70, "intent": THROW}
    for _ in range(RELOAD_AT + 10):
        mallory.send(poison)
    answers = []
    try:
        while message := mallory.socket.recv():
            answers.append(json.loads(message))
    except websocket.WebSocketConnectionClosedException:
        pass
    assert mallory.socket.status == 4429 or not mallory.socket.connected
    reasons = [a.get("reason", "") for a in answers]
    assert all(r.startswith("the intent's number must be") for r in reasons[: SLOWED_AT + 1])
    # slowed before the ordinary limit (a burst of STUDENT_BURST) would slow anyone
    assert reasons.index("slow down: too many messages") < STUDENT_BURST
    assert answers[-1]["type"] == "reload" and len(answers) == RELOAD_AT + 2
    assert ann.intent(THROW)["ack"] == 1
    again = Student(server, seat=mallory.seat)  # the seat is remembered when it comes back:
    time.sleep(1 / SLOWED_RATE)
    assert again.intent(THROW)["ack"] == 1  # slowed, it may still play
    again.send(poison)
    assert again.receive()["type"] == "refused"
    assert again.receive()["type"] == "reload"  # and one more refusal sends it away again


def test_joins_are_limited_per_address_as_well_as_per_class(server):
    joins = [
        server.call(server.server.may_join, "192.0.2.7") for _ in range(ADDRESS_JOIN_BURST + 1)
    ]
    assert joins == [True] * ADDRESS_JOIN_BURST + [False]
    assert server.call(server.server.may_join, "2001:db8::1")  # another address may
    # this machine's own address (a proxy's, for every student behind it): the class's limit
    assert all(server.call(server.server.may_join, "127.0.0.1") for _ in range(50))


def test_the_cap_counts_the_seats_present(server, monkeypatch):
    monkeypatch.setattr(room, "MAX_STUDENTS", 3)
    ann, _, _ = (Student(server, name) for name in ("Ann", "Ben", "Cy"))
    socket = websocket.create_connection(server.ws, timeout=30)
    socket.send(json.dumps({"type": "join", "code": server.code, "name": "Dan", "lang": "en"}))
    assert json.loads(socket.recv())["reason"] == "the class is full"
    ann.close()
    wait_for(lambda: len(server.server.room.online) == 2)
    dan = Student(server, "Dan")  # Ann's seat is kept, and Dan takes her place
    assert dan.intent(THROW)["ack"] == 1
    assert len(server.call(server.server.store.students)) == 4


def test_the_teachers_fields_are_echoed_short_too(server):
    board = teacher(server)
    json.loads(board.recv())
    start = {"part": "board", "type": "start", "activity": "x" * 3000, "robot": ""}
    board.send(json.dumps({"type": "intent", "intent": start}))
    notice = json.loads(board.recv())["view"]["parts"]["board"]["notice"]
    assert notice.startswith("there is no activity 'xxx") and len(notice) < 300
    board.send(json.dumps({"type": "hello", "join_url": "h" * 2001}))
    notice = json.loads(board.recv())["view"]["parts"]["board"]["notice"]
    assert notice == "the students' address has at most 2000 characters"


def test_a_fault_outside_an_intent_refuses_that_message_alone(server, capfd):
    ann = Student(server, "Ann")

    def broken(student, secret):
        raise KeyError("a bug in signing in")

    server.server.room.hello = broken
    socket = websocket.create_connection(server.ws, timeout=30)
    socket.send(json.dumps({"type": "hello", "student": 1, "secret": "x"}))
    assert json.loads(socket.recv())["reason"].startswith("the server could not do that")
    assert socket.connected and ann.intent(THROW)["ack"] == 1
    log = capfd.readouterr().err
    assert "a message of a newcomer failed and was refused: KeyError: " in log


def test_a_teachers_change_that_finds_no_room_is_said_on_the_board(server):
    board = teacher(server)
    json.loads(board.recv())

    def full(message):
        raise sqlite3.OperationalError("database or disk is full")

    server.server.room.teacher = full
    stop = {"part": "board", "type": "stop"}
    board.send(json.dumps({"type": "intent", "intent": stop}))
    view = json.loads(board.recv())["view"]["parts"]["board"]
    assert view["notice"] == (
        "That could not be stored (database or disk is full): free some disk space and press again."
    )
    assert view["current"]["name"] == "farkles" and board.connected
