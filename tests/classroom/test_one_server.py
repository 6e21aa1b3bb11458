"""One class server per data folder: a second one refuses in one line naming the first, a
server removes only its own ``server.json``, and a damaged class file is one sentence."""

import json
import os
import subprocess

import pytest
import websocket

from dicelab.classroom.process import SERVER_FILE, FolderInUse, running_server
from tests.classroom.serving import ENV, THROW, ServerProcess, ServerThread, Student, serve_command

pytest.importorskip("tornado")


def serve(data) -> subprocess.CompletedProcess:
    """``dicelab class serve`` on ``data``, expected to stop at once."""
    return subprocess.run(serve_command(data), capture_output=True, text=True, timeout=60, env=ENV)


def test_a_second_server_on_a_data_folder_refuses_naming_the_first(tmp_path):
    first = ServerProcess(tmp_path)
    try:
        written = (tmp_path / SERVER_FILE).read_text()
        second = serve(tmp_path)
        assert second.returncode != 0 and second.stdout == ""
        assert second.stderr == (
            f"dicelab: a class server runs on {tmp_path} already (process "
            f"{first.process.pid}, students at {first.student_url}): stop it first, or give "
            "another --data folder\n"
        )
        assert (tmp_path / SERVER_FILE).read_text() == written
        assert running_server(tmp_path)["pid"] == first.process.pid
    finally:
        first.stop()
    assert not (tmp_path / SERVER_FILE).exists()
    again = ServerProcess(tmp_path)  # the folder is free again once the first stopped
    assert again.lines[0].startswith("Students join at")
    again.stop()


def test_in_one_process_too_and_the_lock_is_let_go_when_it_stops(tmp_path):
    running = ServerThread(tmp_path)
    with pytest.raises(FolderInUse, match="a class server runs on .* already"):
        ServerThread(tmp_path)
    running.stop()
    ServerThread(tmp_path).stop()


def test_a_server_removes_only_its_own_server_file(tmp_path):
    running = ServerThread(tmp_path)
    running.call(running.server.write_server_file)
    other = {"pid": os.getpid() + 1, "student_url": "http://127.0.0.1:1/join/AAAAAA"}
    (tmp_path / SERVER_FILE).write_text(json.dumps(other))
    running.stop()
    assert json.loads((tmp_path / SERVER_FILE).read_text()) == other


def test_a_damaged_class_file_is_one_sentence_and_kept(tmp_path):
    damaged = b"this is not a database, " * 100
    (tmp_path / "class.sqlite3").write_bytes(damaged)
    result = serve(tmp_path)
    assert result.returncode != 0
    assert result.stderr == (
        f"dicelab: {tmp_path / 'class.sqlite3'} is damaged or is not a dicelab class file "
        "(file is not a database); it is kept as it is: move it away, or give another --data "
        "folder, to start a new class\n"
    )
    assert (tmp_path / "class.sqlite3").read_bytes() == damaged


def test_a_stale_server_file_is_not_taken_for_the_running_servers(tmp_path):
    stale = {"pid": 1, "student_url": "http://127.0.0.1:1/join/AAAAAA"}
    (tmp_path / SERVER_FILE).write_text(json.dumps(stale))
    running = ServerThread(tmp_path)  # it has not said its addresses yet
    with pytest.raises(FolderInUse) as second:
        ServerThread(tmp_path)
    assert f"(process {os.getpid()}): stop it first" in str(second.value)
    running.stop()
    assert json.loads((tmp_path / SERVER_FILE).read_text()) == stale


def close_code(socket) -> int:
    """The code of the close frame the server sends (after any messages before it)."""
    while True:
        kind, data = socket.recv_data(control_frame=True)
        if kind == websocket.ABNF.OPCODE_CLOSE:
            return int.from_bytes(data[:2], "big")


def test_a_server_stopping_closes_its_sockets_and_stores_nothing_more(tmp_path, capfd):
    running = ServerThread(tmp_path, "farkles")
    ann = Student(running, "Ann")
    board = running.teacher_socket(timeout=30)
    board.recv()
    for seq in range(1, 4):  # throws on their way as it stops
        ann.send({"type": "intent", "run": ann.last["run"], "seq": seq, "intent": THROW})
    running.stop()
    for socket in (ann.socket, board):  # going away: the pages come back to the next server
        assert close_code(socket) == 1001
    log = capfd.readouterr().err
    assert "Traceback" not in log and "closed database" not in log
