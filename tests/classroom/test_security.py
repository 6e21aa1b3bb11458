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
    return websocket.create_connection(
        server.teacher_ws, timeout=30, cookie=server.teacher_cookie(token)
    )


def post_key(server, body: str, origin: str | None = None):
    """POST ``body`` to the teacher's key address: (status, Set-Cookie header)."""
    import urllib.error
    import urllib.request

    headers = {"Origin": origin} if origin else {}
    request = urllib.request.Request(
        server.teacher_page + "/key", data=body.encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.headers.get("Set-Cookie", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Set-Cookie", "")


def test_teacher_actions_need_the_token(server):
    wrong = "x" * len(server.token)
    for cookie in ("", server.teacher_cookie(wrong)):
        assert server.get(server.teacher_page + "/results.csv", cookie)[0] == 403
        assert server.get(server.teacher_page + "/results.json", cookie)[0] == 403
    assert server.get(server.teacher_page + "/results.json", server.teacher_cookie())[0] == 200
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
            json.dumps({"type": "join", "code": 1, "name": "x", "lang": "en"}),
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
    socket.send(
        json.dumps({"type": "join", "code": server.code, "name": "\u200b\u0007  ", "lang": "en"})
    )
    assert json.loads(socket.recv())["reason"] == "type a nickname to join"
    socket.send(json.dumps({"type": "join", "code": "WRONG1", "name": "Ann", "lang": "en"}))
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


def test_the_token_becomes_a_cookie_that_scripts_and_other_sites_never_see(server):
    assert post_key(server, "x" * len(server.token)) == (403, "")
    assert post_key(server, server.token, origin="http://evil.example") == (403, "")
    status, cookie = post_key(server, server.token, origin=server.origin)
    assert status == 204
    assert cookie.startswith(server.teacher_cookie() + ";")
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "samesite=strict", "path=/"} <= attributes


def test_the_projector_sees_the_board_without_controls_or_secrets(server):
    status, page = server.get(server.projector_url)
    assert status == 200 and "static/board.js" in page and server.token not in page
    projector = websocket.create_connection(
        server.projector_url.replace("http", "ws") + "/ws", timeout=30
    )
    try:
        text = projector.recv()
        board = json.loads(text)["view"]["parts"]["board"]
        assert board["controls"] is False and board["code"] == server.code
        assert server.token not in text
        running = board["current"]["run"]
        projector.send(json.dumps({"type": "intent", "intent": {"part": "board", "type": "stop"}}))
        answer = json.loads(projector.recv())["view"]["parts"]["board"]
        assert "not understood" in answer["notice"] and answer["current"]["run"] == running
        teacher = server.teacher_socket()
        assert json.loads(teacher.recv())["view"]["parts"]["board"]["controls"] is True
        teacher.close()
    finally:
        projector.close()
