"""The class tournament on a real server (a loopback port, a real SQLite file): phones and a
notebook enter strategies, the teacher closes the entries, a worker process plays the round
robin while the class answers, the leaderboard fills in, the robots are revealed last, and
the exports hold every strategy and result. Every kind of bad strategy is refused, changing
nothing, and a SIGKILL loses no entry."""

import json
import urllib.error
import urllib.request

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import strategy
from dicelab.classroom import tournament
from dicelab.classroom.limits import MAX_ENTRY
from dicelab.classroom.room import Room
from dicelab.classroom.store import Store
from dicelab.errors import IllegalMoveError
from tests.classroom.serving import ServerProcess, Student
from tests.waiting import wait_for

pytest.importorskip("tornado")

GAMES = 20  # games a pairing: a quick round robin


def tournament_folder(folder):
    """A class folder whose current run is a tournament of :data:`GAMES` games a pairing."""
    store = Store(folder)
    Room(store).start("tournament", {"games": GAMES})
    store.close()
    return folder


@pytest.fixture
def server(tmp_path):
    running = ServerProcess(tournament_folder(tmp_path / "class"))
    yield running
    running.stop()


def entry_of(student: Student) -> dict:
    return student.view["parts"]["entry"]


def set_and_enter(student: Student, **settings) -> dict:
    for setting, value in settings.items():
        answer = student.intent(
            {"part": "entry", "type": "set", "setting": setting, "value": value}
        )
        assert not answer["view"]["parts"]["controls"]["notice"], answer
    return student.intent({"part": "entry", "type": "enter"})


def post(server, body: bytes, query: str = "", origin: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json", **({"Origin": origin} if origin else {})}
    request = urllib.request.Request(
        server.student_url + "/strategy" + query, data=body, headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, json.loads(text) if text.startswith(b"{") else {}


def teacher_board(server, socket, until) -> dict:
    """The teacher's board views until ``until(leaderboard)``; the last one."""
    while True:
        message = json.loads(socket.recv())
        if message["type"] == "view" and until(message["view"]["parts"]["leaderboard"]):
            return message["view"]["parts"]


def press(socket, kind: str) -> None:
    socket.send(json.dumps({"type": "intent", "intent": {"part": "leaderboard", "type": kind}}))


def notebook_strategy(name: str = "From a notebook", **settings) -> strategy.Strategy:
    return strategy.threshold(tournament.RULES, name=name, **settings)


@pytest.mark.slow
def test_phones_and_a_notebook_enter_the_round_robin_fills_in_and_the_exports_hold_it(server):
    ann, ben, cat = (Student(server, name) for name in ("Ann", "Ben", "Cat"))
    set_and_enter(ann, all=400)
    set_and_enter(ben, bank_1=150, bank_2=250, behind=300, behind_bank_at=600)
    answer = set_and_enter(cat, near=200, near_bank_at=50, set_aside="fewest_dice")
    card = answer["view"]["parts"]["entry"]
    assert card["entered"] == [
        "Bank at 300 points with any dice left.",
        "Opponent within 200 of 1000: bank at 50.",
        "Set aside: fewest dice.",
    ]
    entered = strategy.submit(notebook_strategy(bank_at=350), server.student_url, name="Dan")
    assert entered["name"] == "Dan"
    teacher = server.teacher_socket()
    board = teacher_board(server, teacher, lambda part: True)
    assert board["leaderboard"]["entries"] == 4 and board["leaderboard"]["controls"]

    press(teacher, "play")
    teacher_board(server, teacher, lambda part: part["phase"] != "open")
    # the class answers while the worker plays: an intent is refused by the activity
    late = ann.intent({"part": "entry", "type": "set", "setting": "all", "value": 500})
    assert late["view"]["parts"]["controls"]["notice"]["text"] == (
        "entries are closed: the tournament is being played"
    )
    played = teacher_board(server, teacher, lambda part: part["phase"] == "played")
    rows = played["leaderboard"]["rows"]
    assert sorted(row["name"] for row in rows) == ["Ann", "Ben", "Cat", "Dan"]  # no robot yet
    assert [row["place"] for row in rows] == [1, 2, 3, 4]
    assert all(row["games"] == 7 * GAMES for row in rows)  # 7 opponents: 3 students, 4 robots
    assert played["leaderboard"]["rounds_done"] == played["leaderboard"]["rounds"] == 7

    press(teacher, "reveal")
    revealed = teacher_board(server, teacher, lambda part: part["revealed"])["leaderboard"]
    assert sorted(row["name"] for row in revealed["rows"] if row["robot"]) == sorted(
        tournament.ROBOTS
    )
    assert [row["place_all"] for row in revealed["rows"]] == list(range(1, 9))
    projector = server.get(server.projector_url)
    assert projector[0] == 200 and server.token not in projector[1]

    wait_for(lambda: ann.receive()["view"]["parts"]["entry"]["card"] is not None)
    rows = server.csv_rows()  # run,activity,student,name,seq,trials,successes,detail,...
    details = {(row[3], "entry" in json.loads(row[7])): json.loads(row[7]) for row in rows}
    assert details[("Ben", True)]["settings"]["behind_bank_at"] == 600
    assert strategy.Strategy.from_json(details[("Dan", True)]["strategy"]) == notebook_strategy(
        bank_at=350
    )
    results = {row[3]: row for row in rows if "place" in json.loads(row[7])}
    assert sorted(results) == ["Ann", "Ben", "Cat", "Dan"]
    for name, row in results.items():
        assert int(row[5]) == 7 * GAMES
        detail = json.loads(row[7])
        assert detail["place"] == next(r["place"] for r in rows_named(played, name))
        assert 0 < detail["agreement"] < 1 and detail["points_per_turn"] > 0
    status, text = server.get(server.teacher_page + "/results.json", server.teacher_cookie())
    assert status == 200 and len(json.loads(text)) == len(rows)
    teacher.close()


def rows_named(parts, name):
    return [row for row in parts["leaderboard"]["rows"] if row["name"] == name]


def test_a_phone_is_refused_every_setting_that_is_not_a_choice_and_nothing_changes(server):
    ann = Student(server, "Ann")
    before = entry_of(ann)["settings"]
    for setting, value in [
        ("bank_3", 310),  # not a step of 50
        ("bank_3", 2**70),  # past any range
        ("bank_3", True),  # a flag is not a number
        ("bank_3", "300"),  # text is not a number
        ("bank_9", 300),  # no such setting
        ("set_aside", "keep_all"),
        ("behind", 1000),
    ]:
        answer = ann.intent({"part": "entry", "type": "set", "setting": setting, "value": value})
        assert answer["view"]["parts"]["controls"]["notice"], (setting, value)
        assert answer["view"]["parts"]["entry"]["settings"] == before
    for bad in [{"type": "enter", "extra": 1}, {"type": "set", "setting": "all"}, {"type": "run"}]:
        answer = ann.intent({"part": "entry", **bad})
        assert answer["view"]["parts"]["controls"]["notice"] and not entry_of(ann)["entered"]
    assert [row for row in server.csv_rows()] == []


def test_every_kind_of_bad_strategy_from_a_notebook_is_refused_and_nothing_is_stored(server):
    good = notebook_strategy().to_json()
    document = json.loads(good)
    deep = "[" * 100_000 + "]" * 100_000
    cases = {
        "too big": (b" " * (MAX_ENTRY + 1), 413),
        "not JSON": (b"{not json", 400),
        "a JSON bomb": (deep[: MAX_ENTRY - 2].encode(), 400),
        "wrong type": (json.dumps({**document, "band": "100"}).encode(), 400),
        "wrong size": (json.dumps({**document, "play": document["play"][:-4]}).encode(), 400),
        "other rules": (strategy.threshold(None, name="x").to_json().encode(), 400),
        "not UTF-8": (b'{"format": "\xff"}', 400),
        "a list": (b"[1, 2, 3]", 400),
        "an unknown field": (json.dumps({**document, "code": "import os"}).encode(), 400),
    }
    for what, (body, status) in cases.items():
        answered, answer = post(server, body)
        assert answered == status, what
        if status == 400:
            assert answer["refused"], what
    assert post(server, good.encode(), origin="http://evil.example")[0] == 403
    assert post(server, good.encode(), "?name=" + "x" * 300)[0] == 400
    assert server.csv_rows() == []
    assert post(server, good.encode())[0] == 200  # the server still takes a good one


def test_submit_says_why_in_a_sentence(server, tmp_path):
    with pytest.raises(strategy.SubmitRefused, match="short game"):
        strategy.submit(strategy.threshold(None), server.student_url)
    with pytest.raises(ValueError, match="students' address"):
        strategy.submit(notebook_strategy(), server.teacher_page)
    with pytest.raises(TypeError, match="takes a strategy"):
        strategy.submit(good_text := notebook_strategy().to_json(), server.student_url)
    assert good_text  # (a string is not a strategy)
    teacher = server.teacher_socket()
    Student(server, "Ann").intent({"part": "entry", "type": "enter"})
    press(teacher, "play")
    with pytest.raises(strategy.SubmitRefused, match="entries are closed"):
        strategy.submit(notebook_strategy(), server.student_url)
    teacher.close()


@pytest.mark.slow
def test_a_sigkill_while_the_round_robin_is_played_loses_no_entry(tmp_path):
    folder = tournament_folder(tmp_path / "class")
    running = ServerProcess(folder)
    try:
        students = [Student(running, name) for name in ("Ann", "Ben")]
        for student, bank in zip(students, (200, 450)):
            set_and_enter(student, all=bank)
        strategy.submit(notebook_strategy(), running.student_url, name="Cat")
        teacher = running.teacher_socket()
        press(teacher, "play")
        teacher_board(running, teacher, lambda part: part["phase"] == "playing")
        running.kill()
    finally:
        running.stop()
    again = ServerProcess(folder)  # plays the round robin again, from its seed
    try:
        teacher = again.teacher_socket()
        played = teacher_board(again, teacher, lambda part: part["phase"] == "played")
        assert sorted(row["name"] for row in played["leaderboard"]["rows"]) == ["Ann", "Ben", "Cat"]
        entries = [row for row in again.csv_rows() if "entry" in json.loads(row[7])]
        assert [row[3] for row in entries] == ["Ann", "Ben", "Cat"]
        teacher.close()
    finally:
        again.stop()


def test_a_tournament_plays_only_the_games_it_offers(tmp_path):
    room = Room(Store(tmp_path))
    try:
        with pytest.raises(ValueError, match="the games is one of 2000, 200, 20, not 7"):
            room.start("tournament", {"games": 7})
        assert room.run is None
    finally:
        room.store.close()


def test_a_full_tournament_refuses_a_new_entry_but_takes_a_changed_one(tmp_path, monkeypatch):
    monkeypatch.setattr(tournament, "MAX_ENTRIES", 2)
    room = Room(Store(tmp_path))
    try:
        run = room.start("tournament", {"games": GAMES})
        ann, ben, cat = (room.join(room.store.code, n)["student"] for n in ("Ann", "Ben", "Cat"))
        enter = {"part": "entry", "type": "enter"}
        for student in (ann, ben):
            room.intent(student, run, 1, enter)
        refused = room.intent(cat, run, 1, enter)["view"]["parts"]
        assert refused["controls"]["notice"]["text"] == (
            "the tournament is full: it takes 2 entries at most"
        )
        assert refused["entry"]["entered"] == [] and sorted(room.desk.entries) == [ann, ben]
        with pytest.raises(ValueError, match="the tournament is full"):
            room.submit(room.store.code, "Dan", notebook_strategy())
        again = room.intent(ann, run, 2, enter)["view"]["parts"]
        assert not again["controls"]["notice"] and again["entry"]["entered"]
    finally:
        room.store.close()


def test_the_notebooks_board_draws_the_leaderboard_and_plays_the_tournament(server):
    from dicelab.classroom import Classroom

    set_and_enter(Student(server, "Ann"))
    room = Classroom(server.teacher_url)
    try:
        wait_for(lambda: "leaderboard" in room.view.get("parts", {}))
        for part in room.view["parts"].values():  # every part has its component in the widget
            assert f'component("{part["component"]}"' in room._esm
        room.receive({"part": "leaderboard", "type": "play"})  # its Play button
        wait_for(lambda: room.view["parts"]["leaderboard"]["phase"] == "played")
    finally:
        room.close()


FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(
        ["entry", "set", "enter", "all", "bank_1", "behind", "set_aside", "fewest_dice"]
    ),
    st.lists(st.integers(), max_size=3),
)


@pytest.fixture(scope="module")
def open_tournament(tmp_path_factory):
    """A room running a tournament (made once: each example seats a student of its own)."""
    room = Room(Store(tmp_path_factory.mktemp("class")))
    room.start("tournament", {"games": GAMES})
    yield room
    room.store.close()


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["part", "type", "setting", "value", "extra"]), FIELD_VALUES, max_size=5
    )
)
def test_any_message_to_the_builder_leaves_every_setting_one_of_its_choices(
    open_tournament, message
):
    room = open_tournament
    student = room.join(room.store.code, "Student")["student"]
    try:
        room.intent(student, room.run["id"], 1, message)
    except IllegalMoveError:
        pass  # refused to its sender alone
    entry = room.sessions[student]
    for name, choices in tournament.SETTINGS.items():
        assert entry.settings[name] in choices
    entered = message.get("part") == "entry" and set(message) == {"part", "type"}
    assert (student in room.desk.entries) == (entered and message["type"] == "enter")


def test_a_student_renamed_after_entering_is_on_the_leaderboard_by_the_new_name(tmp_path):
    room = Room(Store(tmp_path))
    try:
        run = room.start("tournament", {"games": GAMES})
        ann = room.join(room.store.code, "Ann")["student"]
        room.intent(ann, run, 1, {"part": "entry", "type": "enter"})
        room.rename(ann, "Anna")
        room.teacher({"part": "leaderboard", "type": "play"})
        room.desk.add_round(1, 1, [(0, 1, 0.5, 0.1)])  # a round against the first robot
        assert [row["name"] for row in room.desk.leaderboard(True).rows] == ["Anna"]
    finally:
        room.store.close()
