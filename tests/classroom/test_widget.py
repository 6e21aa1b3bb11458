"""The teacher's board in a notebook: Classroom() starts a server that outlives its kernel."""

import os
import subprocess
import sys
import threading

import pytest

from tests.classroom.serving import SRC, THROW, Student
from tests.waiting import wait_for

pytest.importorskip("tornado")


class _Address:  # what Student needs of a server: the code and the socket's address
    def __init__(self, room):
        self.code = room.code
        self.ws = room.student_url.rsplit("/join/", 1)[0].replace("http", "ws") + "/ws"


def test_a_server_started_by_a_kernel_outlives_it(tmp_path):
    from dicelab.classroom import Classroom, pool, read_results
    from dicelab.classroom.process import running_server, stop_server

    kernel = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "from dicelab.classroom import Classroom; "
                f"room = Classroom(data={str(tmp_path)!r}, port=0); print(room.code)"
            ),
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )
    assert kernel.returncode == 0, kernel.stderr
    code = kernel.stdout.split()[-1]
    found = running_server(tmp_path)
    assert found is not None  # the "kernel" has ended; its server has not
    try:
        room = Classroom(data=tmp_path)
        assert room.code == code and room.view["parts"]["board"]["code"] == code
        assert room.student_url.endswith("/join/" + code)
        assert (
            room.projector_url
            == found["projector_url"]
            == room.student_url.replace("/join/" + code, "/projector")
        )
        assert found["teacher_url"].split("#")[0].endswith("/teacher")  # the token after a #
        # as text, the room is its address and what to do with it, with no QR code drawn
        assert repr(room) == (
            f"<Classroom at {room.student_url}: show it in a notebook for the board; "
            ".results(activity) gives the results.>"
        )
        room.start("farkles")
        wait_for(lambda: room.board.get("current"))
        students = [Student(_Address(room), name) for name in ("Ann", "Ben")]
        for student in students:
            for _ in range(3):
                student.intent(THROW)
        wait_for(lambda: room.pooled()["trials"] == 6)
        rows = room.results("farkles")
        assert len(rows) == 6 and set(rows["name"]) == {"Ann", "Ben"}
        assert pool(read_results("farkles", data=tmp_path))["trials"] == 6
        room.reveal()
        wait_for(lambda: room.board["revealed"])
        assert room.board["exact"]["text"] == "5/162"
        room.close()
        again = Classroom(found["teacher_url"])
        assert again.code == code
        again.close()
    finally:
        assert stop_server(tmp_path)
    wait_for(lambda: running_server(tmp_path) is None)


def test_a_wrong_address_is_refused():
    from dicelab.classroom import Classroom

    with pytest.raises(ValueError, match="teacher's address"):
        Classroom("http://127.0.0.1:1/join/ABCDEF")


def test_a_click_while_the_server_is_down_is_sent_when_it_is_back(tmp_path):
    """SIGKILL the server: the board says it can't reach it, and the teacher's start,
    clicked meanwhile, reaches the server started again (the old code dropped it)."""
    from dicelab.classroom import Classroom
    from dicelab.classroom.widget import UNREACHABLE
    from tests.browser.harness import free_port
    from tests.classroom.serving import ServerProcess

    port = free_port()
    server = ServerProcess(tmp_path, port=port)
    room = Classroom(server.teacher_url)
    try:
        assert room.board.get("current") is None and room.board.get("notice") != UNREACHABLE
        server.kill()
        assert room.wait(lambda board: board.get("notice") == UNREACHABLE)
        room.start("farkles")
        room.reveal()  # sent after the start, in order
        server = ServerProcess(tmp_path, port=port)
        assert room.wait(lambda board: (board.get("current") or {}).get("name") == "farkles")
        assert room.wait(lambda board: board.get("revealed"))
        assert room.board.get("notice") != UNREACHABLE
    finally:
        room.close()
        server.stop()


def test_a_closed_board_hangs_up_and_ends_its_thread(tmp_path):
    """Closing the board closes its connection, its thread and its loop; the old close
    stopped the loop with the connection still open inside it."""
    from dicelab.classroom import Classroom
    from tests.browser.harness import free_port
    from tests.classroom.serving import ServerProcess

    server = ServerProcess(tmp_path, port=free_port())
    try:
        room = Classroom(server.teacher_url)
        thread, loop, connection = room._thread, room._loop, room._socket
        room.close()
        room.close()  # twice is harmless
        assert connection.close_code is not None  # the server's goodbye was received
        assert not thread.is_alive() and loop.is_closed()
    finally:
        server.stop()


def test_a_server_that_never_answers_leaves_no_thread_behind(monkeypatch):
    from dicelab.classroom import Classroom, widget
    from tests.browser.harness import free_port

    monkeypatch.setattr(widget, "CONNECT_SECONDS", 1.0)
    before = {t for t in threading.enumerate() if t.name == "dicelab-classroom"}
    with pytest.raises(ConnectionError, match="no class server answers"):
        Classroom(f"http://127.0.0.1:{free_port()}/teacher#nobody")
    left = {t for t in threading.enumerate() if t.name == "dicelab-classroom"} - before
    assert not left


def test_the_tables_own_notes_stay_in_the_kernel(tmp_path):
    """The table's "shown" note is the widget's own: the old board sent it to the server,
    whose board then said the teacher's page sent a request that is not understood."""
    from dicelab.classroom import Classroom
    from tests.browser.harness import free_port
    from tests.classroom.serving import ServerProcess

    server = ServerProcess(tmp_path, port=free_port())
    room = Classroom(server.teacher_url)
    notices = []
    show = room._show
    room._show = lambda view: (notices.append(view["parts"]["board"]["notice"]), show(view))
    try:
        room.receive({"part": "table", "type": "view", "shown": True})
        room.start("farkles")
        assert room.wait(lambda board: board.get("current"))
        assert notices and not any(notices)
        assert room.visible
    finally:
        room.close()
        server.stop()
