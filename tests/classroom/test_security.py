"""A classroom network is not a trusted place: tokens, seats, sizes, rates and names."""

import json
import time

import pytest
import websocket

from dicelab.classroom.limits import MAX_MESSAGE
from tests.classroom.serving import THROW, ServerProcess, Student

pytest.importorskip("tornado")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = ServerProcess(tmp_path_factory.mktemp("class"), "--activity", "farkles")
    yield running
    running.stop()


def teacher_socket(server, token):
    base = server.teacher_url.rsplit("/", 1)[0].replace("http", "ws")
    return websocket.create_connection(f"{base}/{token}/ws", timeout=30)


def test_teacher_actions_need_the_token(server):
    wrong = "x" * len(server.teacher_url.rsplit("/", 1)[-1])
    base = server.teacher_url.rsplit("/", 1)[0]
    assert server.get(f"{base}/{wrong}")[0] == 403
    assert server.get(f"{base}/{wrong}/results.csv")[0] == 403
    assert server.get(f"{base}/{wrong}/results.json")[0] == 403
    socket = teacher_socket(server, wrong)
    socket.send(json.dumps({"type": "intent", "intent": {"part": "board", "type": "stop"}}))
    with pytest.raises(websocket.WebSocketConnectionClosedException):
        socket.recv()
        socket.recv()
    ann = Student(server, "Ann")  # a student's socket knows no teacher's intents
    ann.send(
        {
            "type": "intent",
            "run": ann.last["run"],
            "seq": 1,
            "intent": {"part": "board", "type": "stop"},
        }
    )
    assert ann.receive()["type"] in ("ack", "refused")
    board_view = Student(server, "Ben").last
    assert board_view["run"] == ann.last["run"]  # still running
    ann.send({"type": "start", "activity": "tally"})
    assert ann.receive()["type"] == "refused"


def test_a_student_cannot_act_as_another(server):
    ann = Student(server, "Ann")
    ben = websocket.create_connection(server.ws, timeout=30)
    ben.send(json.dumps({"type": "hello", "student": ann.seat["student"], "secret": "guess"}))
    assert json.loads(ben.recv()) == {
        "type": "refused",
        "reason": "this seat is not yours, or the class has ended: join again",
    }
    ben.send(json.dumps({"type": "intent", "run": ann.last["run"], "seq": 1, "intent": THROW}))
    assert json.loads(ben.recv())["reason"] == "join the class first"
    cy = Student(server, "Cy")
    cy.send({"type": "hello", **ann.seat})  # a second seat on one connection
    assert cy.receive()["reason"] == "one seat per connection"
    names = {row[3] for row in server.csv_rows()}
    assert "Ann" not in names


@pytest.mark.parametrize(
    "message, reason",
    [
        ("x" * (MAX_MESSAGE + 1), "that message is too big"),
        ("{not json", "that message is not JSON"),
        (json.dumps([1, 2]), "the page sent a request that is not understood"),
        (
            json.dumps({"type": "join", "code": 1, "name": "x"}),
            "the class code must be text, not 1",
        ),
        (
            json.dumps({"type": "intent", "run": 1, "seq": 1.5, "intent": {}}),
            "the intent's number must be a whole number, not 1.5",
        ),
        (json.dumps({"type": "__import__('os').system('id')"}), "not understood"),
    ],
)
def test_oversized_and_malformed_messages_are_refused(server, message, reason):
    socket = websocket.create_connection(server.ws, timeout=30)
    socket.send(message)
    answer = json.loads(socket.recv())
    assert answer["type"] == "refused" and reason in answer["reason"]
    socket.close()


def test_a_message_far_too_big_closes_the_socket(server):
    socket = websocket.create_connection(server.ws, timeout=30)
    socket.send("x" * (MAX_MESSAGE * 4))
    try:
        assert socket.recv() == ""  # the close frame
    except websocket.WebSocketConnectionClosedException:
        pass
    assert not socket.connected


def test_a_student_sending_too_fast_is_slowed_down(server):
    ann = Student(server, "Fast")
    for seq in range(1, 61):
        ann.send({"type": "intent", "run": ann.last["run"], "seq": seq, "intent": THROW})
    answers = [ann.receive() for _ in range(60)]
    refused = [a for a in answers if a["type"] == "refused"]
    assert refused and all(a["reason"] == "slow down: too many messages" for a in refused)
    assert len([a for a in answers if a["type"] == "ack"]) < 60


def test_a_name_is_cleaned_and_cut(server):
    ann = Student(server, "  <img src=x onerror=alert(1)>\u0000\u202e\n  ")
    assert ann.name == "<img src=x onerror=alert"
    socket = websocket.create_connection(server.ws, timeout=30)
    socket.send(json.dumps({"type": "join", "code": server.code, "name": "\u200b\u0007  "}))
    assert json.loads(socket.recv())["reason"] == "type a nickname to join"
    socket.send(json.dumps({"type": "join", "code": "WRONG1", "name": "Ann"}))
    assert "no class with this code" in json.loads(socket.recv())["reason"]


def test_other_origins_may_not_open_a_socket(server):
    with pytest.raises(websocket.WebSocketBadStatusException):
        websocket.create_connection(server.ws, origin="http://evil.example", timeout=30)
    ok = websocket.create_connection(server.ws, origin=server.origin, timeout=30)
    ok.close()


def test_pages_forbid_inline_scripts_and_referrers(server):
    import urllib.request

    with urllib.request.urlopen(server.student_url, timeout=30) as answer:
        policy = answer.headers["Content-Security-Policy"]
        assert (
            "script-src 'self'" in policy
            and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        )
        assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_a_csv_cell_is_never_a_formula(server):
    Student(server, "=HYPERLINK(1)").intent(THROW)
    time.sleep(0.1)
    assert "'=HYPERLINK(1)" in {row[3] for row in server.csv_rows()}
