"""Every student and teacher message, fuzzed (its type, its fields' names and values, the
activity's intent inside), against a real class server on a loopback port: the other
students never notice. Their sockets stay open and each of their throws is answered."""

import json
import urllib.parse

import pytest
import websocket
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab.classroom.activities import activity
from dicelab.classroom.limits import MAX_WHOLE
from tests.classroom.serving import THROW, ServerProcess, Student

pytestmark = pytest.mark.slow  # every test here takes tens of seconds on two cores

pytest.importorskip("tornado")

HONEST = 5  # honest students, taking turns to throw after each fuzzed message

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=MAX_WHOLE - 2, max_value=2**80)
    | st.floats()
    | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=20), inner, max_size=4)
    ),
    max_leaves=8,
)
edges = st.sampled_from(  # values just past a field's range
    [2**70, 2**63, MAX_WHOLE + 1, -1, MAX_WHOLE, 1e308, True, "x" * 300, [[[[]]]]]
)
names = st.text(max_size=20) | st.text(min_size=200, max_size=400)  # field names, long ones too


@st.composite
def message(draw, kinds: dict):
    """One message: a right one of a kind (or a kind unknown) with one change: a field's value
    just past its range or any value, a field missing, a field name added; or several."""
    chosen = draw(st.one_of(*map(st.just, sorted(kinds)), st.text(max_size=12)))
    fields = {field: draw(right) for field, right in kinds.get(chosen, {}).items()}
    for _ in range(draw(st.integers(1, 3))):
        change = draw(st.sampled_from(["edge", "edge", "any", "missing", "name", "none"]))
        if change in ("edge", "any", "missing") and fields:
            field = draw(st.sampled_from(sorted(fields)))
            if change == "missing":
                del fields[field]
            else:
                fields[field] = draw(edges if change == "edge" else values)
        elif change == "name":
            fields[draw(names)] = draw(values)
    return {"type": chosen, **fields}


intents = message(
    {
        "press": {"part": st.just("controls"), "button": st.sampled_from(["throw", "pass"])},
        "toggle": {"part": st.sampled_from(["dice", "tray"]), "die": st.integers(-2, 7)},
        "send": {"part": st.just("tally"), "tries": st.integers(-1, 10**6), "hits": values},
        "key": {"part": st.just("controls"), "key": st.text(max_size=3)},
        "shown": {"part": st.just("table"), "view": values},
    }
)
numbers = st.integers(1, 3) | st.integers(0, MAX_WHOLE)


def student_messages(server, run: int):
    return message(
        {
            "join": {
                "code": st.just(server.code) | st.text(max_size=20),
                "name": st.text(),
                "lang": st.sampled_from(["en", "ru"]) | st.text(max_size=8),
            },
            "hello": {"student": numbers, "secret": st.text(max_size=70)},
            "intent": {"run": st.just(run), "seq": numbers, "intent": intents},
        }
    )


board_intents = message(
    {
        "start": {"part": st.just("board"), "activity": st.text(), "robot": st.text()},
        "stop": {"part": st.just("board")},
        "reveal": {"part": st.just("board")},
        "end": {"part": st.just("board")},
    }
)


def teacher_messages(server):
    join_url = st.just(server.student_url) | st.text(max_size=60).map(
        lambda path: f"http://hub.example/{urllib.parse.quote(path)}/join/{server.code}"
    )
    return message({"hello": {"join_url": join_url}, "intent": {"intent": board_intents}})


def changes_the_class(sent) -> bool:
    """A teacher's own Start, Stop or End (not a fuzzed message): the students see it, rightly."""
    intent = sent.get("intent") if isinstance(sent, dict) else None
    return (
        isinstance(intent, dict)
        and sent.get("type") == "intent"
        and set(sent) == {"type", "intent"}
        and intent.get("part") == "board"
        and intent.get("type") in ("start", "stop", "end")
        and set(intent) <= {"part", "type", "activity", "robot"}
    )


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    server = ServerProcess(tmp_path_factory.mktemp("fuzz"), "--activity", "farkles")
    honest = [Student(server, f"Honest {i}") for i in range(HONEST)]
    yield server, honest
    server.stop()


class Fuzzer:
    """The attacker's sockets: a seat of its own, the teacher's socket, and new connections."""

    def __init__(self, server):
        self.server = server
        self.mallory = Student(server, "Mallory")
        self.teacher = server.teacher_socket(timeout=30, origin=server.origin)

    def send(self, socket_kind: str, sent) -> None:
        text = sent if isinstance(sent, str) else json.dumps(sent)
        if socket_kind == "new":
            socket = websocket.create_connection(self.server.ws, timeout=30)
            socket.send(text)
            socket.close()
        elif socket_kind == "teacher":
            self.teacher.send(text)
        else:
            if not self.mallory.socket.connected:
                self.mallory = Student(self.server, "Mallory")  # told to reload: it comes back
            try:
                self.mallory.send(text)
            except websocket.WebSocketConnectionClosedException:
                self.mallory = Student(self.server, "Mallory")


@pytest.fixture(scope="module")
def fuzzer(classroom):
    return Fuzzer(classroom[0])


def test_no_message_from_one_student_or_the_teachers_socket_is_noticed_by_the_others(
    classroom, fuzzer
):
    server, honest = classroom
    acknowledged = {student.name: 0 for student in honest}
    turn = iter(range(10**9))

    @settings(
        max_examples=200,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(data=st.data())
    def fuzz(data):
        socket_kind = data.draw(st.sampled_from(["seat", "seat", "new", "teacher"]))
        if socket_kind == "teacher":
            sent = data.draw(teacher_messages(server) | st.text(max_size=50))
            if changes_the_class(sent):
                return
        else:
            run = honest[0].last["run"]
            sent = data.draw(student_messages(server, run) | st.text(max_size=50))
        student = honest[next(turn) % HONEST]
        # the throw and the fuzzed message arrive together (as in one batch of the server)
        answer = student.intent(THROW, meanwhile=lambda: fuzzer.send(socket_kind, sent))
        assert answer["ack"] == student.seq  # answered, in order
        done = acknowledged[student.name]  # past the activity's limit a throw is answered, not done
        assert answer["limited"] == (done >= activity("farkles").limit)
        acknowledged[student.name] += not answer["limited"]

    fuzz()
    assert all(student.socket.connected for student in honest)
    counted = {}
    for row in server.csv_rows():
        counted[row[3]] = counted.get(row[3], 0) + 1
    assert {name: counted.get(name, 0) for name in acknowledged} == acknowledged
