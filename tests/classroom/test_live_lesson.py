"""A lesson's class-experiment cell reads the class server live: ``dicelab.pooled.live``."""

import pytest

from dicelab.classroom import live
from dicelab.pooled import ClassShares
from tests.classroom.serving import THROW, ServerProcess, Student
from tests.waiting import wait_for

pytest.importorskip("tornado")


def test_without_a_class_server_the_cell_pools_pasted_counts(tmp_path, monkeypatch):
    monkeypatch.delenv("DICELAB_CLASS_URL", raising=False)
    assert live("farkles-three", data=tmp_path) is None


def test_with_a_class_server_the_lesson_shows_its_activity_and_the_class_pool(
    tmp_path, monkeypatch
):
    monkeypatch.delenv("DICELAB_CLASS_URL", raising=False)
    server = ServerProcess(tmp_path, "--activity", "farkles")
    room = None
    try:
        room = live("farkles-three", data=tmp_path)  # found from the data folder
        assert room.board["current"]["name"] == "farkles-three"
        assert room.shares() is None and room.board["exact"] == {"hidden": True}
        students = [Student(server, name) for name in ("Ann", "Ben", "Cat")]
        thrown = {"Ann": 3, "Ben": 1, "Cat": 4}
        for student in students:
            for _ in range(thrown[student.name]):
                student.intent(THROW)
        shares = wait_for(lambda: (s := room.shares()) is not None and s.trials == 8 and s)
        assert isinstance(shares, ClassShares)
        assert dict(zip(shares.names, shares.trials_each)) == thrown
        rows = server.csv_rows()
        assert sum(shares.successes) == sum(
            int(row[6]) for row in rows if row[1] == "farkles-three"
        )
        # the same activity again: nothing is restarted, the results stay
        again = live("farkles-three", url=server.teacher_url)
        assert again.board["current"]["run"] == room.board["current"]["run"]
        again.close()
        room.reveal()
        assert room.wait(lambda board: board["revealed"])
        assert room.board["exact"]["text"] == "5/18"
    finally:
        if room is not None:
            room.close()
        server.stop()
