"""A real class server on a loopback port with a real SQLite file: addresses, base path,
acknowledgements, and a SIGKILL in the middle of an activity."""

import csv
import io
import json
import urllib.request

import pytest

from tests.classroom.serving import THROW, ServerProcess, Student, play_fivethousand

pytest.importorskip("tornado")
pytest.importorskip("segno")


@pytest.fixture
def server(tmp_path):
    running = ServerProcess(tmp_path / "class", "--activity", "farkles")
    yield running
    running.stop()


def test_it_prints_the_students_and_the_teachers_address_on_loopback(server):
    assert server.lines[0].startswith("Students join at http://127.0.0.1:")
    assert server.student_url.rsplit("/", 2)[-2:] == ["join", server.code]
    assert (
        server.lines[1] == f"Projector board (no secret, safe to show): {server.origin}/projector"
    )
    assert server.lines[2].startswith("Teacher (keep this address secret): http://127.0.0.1:")
    assert server.teacher_url == f"{server.origin}/teacher#{server.token}"
    assert server.get(server.student_url)[0] == 200
    assert server.get(server.projector_url)[0] == 200
    assert server.get(server.teacher_page)[0] == 200
    assert server.get(server.origin + "/join/AAAAAA")[0] == 404


def test_the_local_network_is_said_in_one_line(tmp_path):
    running = ServerProcess(tmp_path, "--host", "0.0.0.0")
    try:
        extra = running.process.stdout.readline()
        assert extra.startswith(
            "The class is open to the local network: students on it open http://"
        )
        assert "/join/" + running.code in extra
    finally:
        running.stop()


def test_it_works_under_a_base_path(tmp_path):
    running = ServerProcess(
        tmp_path, "--base-path", "/user/ann/proxy/8765", "--activity", "farkles"
    )
    try:
        assert "/user/ann/proxy/8765/join/" in running.student_url
        assert running.ws.endswith("/user/ann/proxy/8765/ws")
        assert running.get(running.student_url)[0] == 200
        assert running.get(running.origin + "/user/ann/proxy/8765/static/student.js")[0] == 200
        assert running.get(running.origin + "/join/" + running.code)[0] == 404
        ann = Student(running, "Ann")
        assert ann.intent(THROW)["ack"] == 1
        assert len(running.csv_rows()) == 1
    finally:
        running.stop()


def test_each_result_is_acknowledged_once_and_a_resend_is_not_counted(server):
    ann = Student(server, "Ann")
    first = ann.intent(THROW)
    assert first["ack"] == 1 and not first["duplicate"]
    again = ann.intent(THROW, seq=1)
    assert again["duplicate"] and again["view"] == first["view"]
    assert len(server.csv_rows()) == 1


def test_a_killed_server_keeps_every_acknowledged_result_student_and_activity(tmp_path):
    data = tmp_path / "class"
    first = ServerProcess(data, "--activity", "farkles")
    students = [Student(first, f"S{i}") for i in range(4)]
    acknowledged = {}
    for _round in range(6):
        for student in students:
            student.intent(THROW)
            acknowledged[student.name] = student.seq
    # one more intent each, sent but never read: done or not, it is not acknowledged
    for student in students:
        student.send(
            {"type": "intent", "run": student.last["run"], "seq": student.seq + 1, "intent": THROW}
        )
    first.kill()
    second = ServerProcess(data)  # no --activity: the current one comes from the store
    try:
        assert second.code == first.code and second.token == first.token
        rows = second.csv_rows()
        for name, count in acknowledged.items():
            mine = [int(row[4]) for row in rows if row[3] == name]
            assert mine[:count] == list(range(1, count + 1)) and len(mine) in (count, count + 1)
        for student in students:  # each comes back to the same seat, and resends
            back = Student(second, seat=student.seat)
            assert back.last["run"] == student.last["run"]
            assert "Farkles" in back.view["title"]
            back.seq = student.seq
            resent = back.intent(THROW, seq=student.seq + 1)
            assert resent["ack"] == student.seq + 1
            back.close()
        rows = second.csv_rows()
        per_student = {name: [row[4] for row in rows if row[3] == name] for name in acknowledged}
        assert all(
            len(seqs) == len(set(seqs)) == acknowledged[name] + 1
            for name, seqs in per_student.items()
        )
    finally:
        second.stop()


def test_a_game_against_the_robot_over_the_socket(tmp_path):
    running = ServerProcess(tmp_path, "--activity", "fivethousand")
    try:
        ann = Student(running, "Ann")
        ranking = play_fivethousand(ann)
        rows = running.csv_rows()
        assert len(rows) == 1 and rows[0][1] == "fivethousand"
        detail = json.loads(rows[0][7])
        assert {r["name"]: r["score"] for r in ranking["rows"]} == {
            "Ann": detail["score"],
            "Robot": detail["robot_score"],
        }
    finally:
        running.stop()


def test_the_teacher_starts_and_stops_and_every_student_hears(server):
    ann = Student(server, "Ann")
    teacher = server.teacher_socket()
    board = json.loads(teacher.recv())["view"]["parts"]["board"]
    assert board["current"]["name"] == "farkles" and board["exact"] == {"hidden": True}
    teacher.send(
        json.dumps(
            {
                "type": "intent",
                "intent": {"part": "board", "type": "start", "activity": "tally", "robot": ""},
            }
        )
    )
    view = ann.expect("view")
    assert view["view"]["title"].startswith("Tally")
    teacher.send(json.dumps({"type": "intent", "intent": {"part": "board", "type": "reveal"}}))
    while True:
        board = json.loads(teacher.recv())["view"]["parts"]["board"]
        if board["revealed"]:
            break
    assert board["exact"]["text"] == "5/162"
    teacher.close()


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["--activity", "cards"], "there is no activity 'cards'; there are "),
        (["--base-path", "/a/../b"], "--base-path is a plain path"),
        (["--host", "256.1.1.1"], "the class server can't listen on 256.1.1.1:0"),
    ],
)
def test_bad_serve_options_say_what_is_wrong_and_start_nothing(tmp_path, arguments, words):
    from dicelab import cli

    with pytest.raises(SystemExit) as stop:
        cli.main(["class", "serve", "--port", "0", "--data", str(tmp_path), *arguments])
    assert words in str(stop.value)


def test_a_port_in_use_is_said(server, tmp_path):
    from dicelab import cli

    port = server.origin.rsplit(":", 1)[1]
    with pytest.raises(SystemExit, match=f"can't listen on 127.0.0.1:{port}"):
        cli.main(["class", "serve", "--port", port, "--data", str(tmp_path)])


def test_two_tabs_on_one_seat_each_keep_their_throws_and_see_their_own_results(server):
    """Each tab numbers its own intents: tab 2's first throw was taken for a resend of tab
    1's (same number), dropped, and answered with tab 1's result."""
    first = Student(server, "Tabby", tab="first")
    second = Student(server, seat=first.seat, tab="second")
    one = first.intent(THROW)
    two = second.intent(THROW)
    assert one["ack"] == two["ack"] == 1 and not two["duplicate"]
    assert "in 1 throw." in json.dumps(one["view"]) and "in 2 throws." in json.dumps(two["view"])
    pushed = first.expect("view")  # the other tab is shown the seat's new state
    assert "in 2 throws." in json.dumps(pushed["view"]) and pushed["seq"] == 1
    again = first.intent(THROW, seq=1)  # a resend of tab 1's throw is still not done twice
    assert again["duplicate"]
    rows = [row for row in server.csv_rows() if row[3] == "Tabby"]
    assert [row[4] for row in rows] == ["1", "2"]  # the seat's own numbers, one per throw


def board_after(teacher, intent: dict, until) -> dict:
    """Send the teacher's ``intent``; the first board after it where ``until(board)`` holds
    (boards redrawn for other reasons may come first)."""
    teacher.send(json.dumps({"type": "intent", "intent": {"part": "board", **intent}}))
    while not until(board := json.loads(teacher.recv())["view"]["parts"]["board"]):
        pass
    return board


def names(board) -> list[str]:
    return [student["name"] for student in board["roster"]]


def closed_with(student: Student) -> int:
    """The code the server closed ``student``'s socket with (views sent before are skipped)."""
    while True:
        opcode, data = student.socket.recv_data(control_frame=True)
        if opcode == 8:  # close
            return int.from_bytes(data[:2], "big")


def test_the_teacher_manages_the_roster_and_end_class_archives_the_session(server):
    ann = Student(server, "Ann")
    twin = Student(server, " ann ")
    assert twin.name == "ann (2)"  # caught at the door, and told so
    ann.intent(THROW)
    twin.intent(THROW)
    teacher = server.teacher_socket()
    twin_id = twin.seat["student"]
    board = board_after(
        teacher, {"type": "rename", "student": twin_id, "name": "Bo"}, lambda b: "Bo" in names(b)
    )
    assert names(board) == ["Ann", "Bo"] and not board["notice"]
    assert twin.expect("view")["name"] == "Bo"  # the student's page says the new name
    board = board_after(
        teacher,
        {"type": "rename", "student": twin_id, "name": "ANN"},
        lambda b: "Bo" not in names(b),
    )
    assert names(board) == ["Ann", "ANN (2)"]
    board = board_after(
        teacher,
        {"type": "remove", "student": ann.seat["student"]},
        lambda b: "Ann" not in names(b),
    )
    assert names(board) == ["ANN (2)"]
    assert board["pool"]["trials"] == 2  # the removed student's result is kept
    assert closed_with(ann) == 4402
    board = board_after(
        teacher, {"type": "remove", "student": ann.seat["student"]}, lambda b: b["notice"]
    )
    assert board["notice"] == "that student is not on the roster (any more)"
    assert [row[3] for row in server.csv_rows()] == ["Ann", "ANN (2)"]

    code = server.code
    board = board_after(teacher, {"type": "end"}, lambda b: b["code"] != code)
    assert board["code"] != code and board["roster"] == [] and board["current"] is None
    assert closed_with(twin) == 4401
    assert server.csv_rows() == []  # a new class (session) has begun
    cookie = server.teacher_cookie()
    status, text = server.get(server.teacher_page + "/results.csv?session=all", cookie)
    rows = list(csv.reader(io.StringIO(text)))
    assert status == 200 and rows[0][-3:] == ["session", "options", "seed"]
    assert [(row[1], row[3], row[9], row[10]) for row in rows[1:]] == [
        ("farkles", "Ann", "1", "{}"),
        ("farkles", "ANN (2)", "1", "{}"),
    ]
    status, text = server.get(server.teacher_page + "/results.json?session=1", cookie)
    assert [row["name"] for row in json.loads(text)] == ["Ann", "ANN (2)"]
    assert server.get(server.teacher_page + "/results.json?session=x", cookie)[0] == 400
    teacher.close()


def test_a_big_classs_board_is_redrawn_less_often_to_stay_in_its_traffic(tmp_path):
    """The whole board was re-sent up to five times a second: 49 KB each at 200 students."""
    from dicelab.classroom.room import Room
    from dicelab.classroom.server import BOARD_BYTES, BOARD_DELAY, board_delay
    from dicelab.classroom.store import Store

    room = Room(Store(tmp_path))
    run = room.start("farkles", {})
    for index in range(200):
        student = room.join(room.store.code, f"Student {index}")["student"]
        room.intent(student, run, 1, {"part": "controls", "type": "press", "button": "throw"})
    size = len(json.dumps({"type": "view", "view": room.board("http://x/join/" + room.store.code)}))
    assert size > BOARD_BYTES * BOARD_DELAY  # five a second would be too many
    assert size / board_delay(size) <= BOARD_BYTES
    room.store.close()


def page_in(url: str, accept: str) -> tuple[str, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": accept})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.headers["Content-Language"], answer.read().decode()


def test_the_class_pages_speak_the_browsers_language(server):
    """Each page in the first language the browser asks for that dicelab speaks, with the
    words its scripts draw in the same language; English for any other."""
    language, page = page_in(server.student_url, "ru-RU,ru;q=0.9,en;q=0.5")
    assert language == "ru" and '<html lang="ru">' in page
    assert "Ваш ник" in page and ">Войти</button>" in page and "{{" not in page
    words = json.loads(page.split('id="dicelab-words">')[1].split("</script>")[0])
    assert words["page_connected"] == "Подключено." and words["keys"] == "Клавиши"
    language, page = page_in(server.projector_url, "de, ru;q=0.2")
    assert language == "ru" and "Доска класса" in page
    language, page = page_in(server.student_url, "de-CH, fr")
    assert language == "en" and "Your nickname" in page and "Ваш" not in page
