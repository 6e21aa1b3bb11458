"""The README's "Teaching with a class" runs as written."""

import os
import re
import shlex
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tests.classroom.serving import SRC
from tests.waiting import wait_for

pytest.importorskip("tornado")
README = Path(__file__).parents[2] / "README.md"
SECTION = README.read_text().split("## Teaching with a class\n", 1)[1].split("\n## ", 1)[0]


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", SECTION, re.DOTALL)


def test_every_serve_command_starts_a_server_that_says_its_addresses(tmp_path):
    commands = [
        line
        for block in blocks("bash")
        for line in block.splitlines()
        if line.startswith("dicelab class serve")
    ]
    assert len(commands) == 3
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    for command in commands:
        arguments = shlex.split(command)[1:] + ["--port", "0", "--data", str(tmp_path)]
        server = subprocess.Popen(
            [sys.executable, "-m", "dicelab", *arguments],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            lines = [server.stdout.readline() for _ in range(3)]
            assert re.match(
                r"Students join at http://[\d.]+:\d+/(user/teacher/proxy/8765/)?join/[A-Z2-9]{6}$",
                lines[0].strip(),
            )
            assert re.match(
                r"Projector board \(no secret, safe to show\): http://[\d.]+:\d+/"
                r"(user/teacher/proxy/8765/)?projector$",
                lines[1].strip(),
            )
            assert re.match(
                r"Teacher \(keep this address secret\): http://\S+/teacher#[\w-]+$",
                lines[2].strip(),
            )
            if "0.0.0.0" in command:
                assert server.stdout.readline().startswith("The class is open to the local network")
        finally:
            server.terminate()
            server.wait(timeout=30)
            server.stdout.close()


def test_the_notebook_board_and_the_lesson_api_run(tmp_path, monkeypatch):
    from dicelab.classroom.process import stop_server
    from dicelab.classroom.widget import Classroom

    monkeypatch.setenv("DICELAB_DATA_DIR", str(tmp_path))
    monkeypatch.setitem(Classroom.__init__.__kwdefaults__, "port", 0)  # a free port, not 8765
    board, live, lesson = blocks("python")
    namespace = {}
    try:
        exec(compile(board, "README class board", "exec"), namespace)
        room = namespace["room"]
        wait_for(lambda: (room.board.get("current") or {}).get("name") == "farkles")
        assert len(namespace["rows"]) == 0 and room.code and room.board["qr"]
        exec(compile(lesson, "README class lesson", "exec"), namespace)
        assert namespace["ACTIVITIES"]["yahtzee-in-three"].exact == Fraction(347897, 7558272)
        assert namespace["pooled"]["trials"] == 0 and namespace["pooled"]["share"] is None
        exec(compile(live, "README class live lesson", "exec"), namespace)
        assert namespace["room"].board["current"]["name"] == "farkles-three"
        assert namespace["counts"] is None  # nobody has thrown yet
        namespace["room"].close()
        room.close()
    finally:
        stop_server(tmp_path)


def test_the_table_of_activities_says_each_exact_value_right():
    from dicelab.classroom.activities import ACTIVITIES

    rows = re.findall(r"^\| `([a-z-]+)`[^|]*\|[^|]*\|[^|]*\|\s*([^|]*?)\s*\|$", SECTION, re.M)
    assert len(rows) == 12
    for name, said in rows:
        exact = ACTIVITIES[name].exact
        if not said.strip():
            assert exact is None, name
        elif "/" in said.split()[0]:
            assert Fraction(said.split()[0]) == exact, name
        else:
            assert said.split("≈ ")[1] == f"{float(exact):.4f}", name
    assert {name for name, _ in rows} | {"fivethousand", "thousand", "yahtzee"} >= set(ACTIVITIES)
