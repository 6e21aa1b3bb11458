"""The dicelab command: demo, lab (copying notebooks without overwriting), and the wheel."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

from dicelab import cli

REPO = Path(__file__).parents[1]


def test_demo_plays_a_whole_game(capsys):
    assert cli.main(["demo", "thousand", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A game of Thousand between bots (seed 1).") and "Winner: " in out


def test_demo_says_farkle_and_burned_and_shows_the_running_scores(capsys):
    assert cli.main(["demo", "fivethousand", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    farkle = lines.index("  Robot B throws: 4 4 6: farkle! 200 points lost.")
    assert lines[farkle + 1] == "  Scores: Robot A 2250, Robot B 1450"
    assert "  Robot A throws: 2 3 4 2 6 4: farkle!" in lines  # nothing was lost: no "0 points"
    assert lines[1:7] == [
        "  Robot A throws: 1 5 5 2 4 1",
        "  Robot A sets aside 1 1 (200 this turn)",
        "  Robot A throws: 1 3 1 4",
        "  Robot A sets aside 1 1 (400 this turn)",
        "  Robot A banks 400 points",
        "  Scores: Robot A 400, Robot B 0",
    ]
    assert lines[-2:] == ["  Scores: Robot A 4750, Robot B 6100", "Winner: Robot B"]
    assert cli.main(["demo", "thousand", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:5] == [
        "  Cask-aware throws: 1 5 5 2 4 (20 this turn)",
        "  Cask-aware throws: 1 4 (30 this turn)",
        "  Cask-aware throws: 3: burned! 30 points lost.",
        "  Scores: Cask-aware 0, Simple 0",
    ]
    assert cli.main(["demo", "thousand", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    over = lines.index("  Simple throws: 3 4 4 3 3: burned, past 1000!")
    assert lines[over - 1 : over + 2] == [
        "  Scores: Cask-aware 600, Simple 985",
        "  Simple throws: 3 4 4 3 3: burned, past 1000!",
        "  Scores: Cask-aware 600, Simple 985",
    ]


def test_version_and_help(capsys):
    for argv in (["--version"], ["--help"]):
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "dicelab 0.1.0" in out and "lab" in out and "demo" in out


def test_lab_copies_notebooks_and_keeps_an_edited_copy(tmp_path, capsys):
    names = [p.name for p in cli.tutorial_notebooks()]
    assert "00_start_here.ipynb" in names
    edited = tmp_path / "00_start_here.ipynb"
    notes = '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
    edited.write_text(notes)
    assert cli.main(["lab", str(tmp_path), "--no-browser", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert edited.read_text() == notes and "kept your copy" in out
    assert sorted(p.name for p in tmp_path.glob("*.ipynb")) == sorted(names)
    assert "jupyterlab" in out and "--no-browser" in out


@pytest.mark.slow
def test_the_built_wheel_ships_the_notebooks(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(REPO),
        ],
        check=True,
    )
    wheel = next(dist.glob("dicelab-*.whl"))
    with zipfile.ZipFile(wheel) as shipped:  # JupyterLab's configuration for dicelab lab
        assert "dicelab/lab_config/labconfig/page_config.json" in shipped.namelist()
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
    )
    folder = tmp_path / "class"
    result = subprocess.run(
        [str(env / "bin" / "dicelab"), "lab", str(folder), "--no-browser", "--dry-run"],
        capture_output=True,
        text=True,
        check=True,
    )
    copied = sorted(p.name for p in folder.glob("*.ipynb"))
    assert (
        copied == sorted(p.name for p in cli.tutorial_notebooks())
        and "00_start_here.ipynb" in copied
    )
    assert "would run:" in result.stdout


# --- the lab server: as root, arguments passed on, stopped cleanly -----------------------


def test_lab_as_root_adds_allow_root_and_says_so(tmp_path, capsys, monkeypatch):
    for euid, expected in ((0, True), (1000, False)):
        monkeypatch.setattr(cli.os, "geteuid", lambda euid=euid: euid)
        assert (
            cli.main(["lab", str(tmp_path), "--no-browser", "--dry-run", "--", "--port", "9000"])
            == 0
        )
        out = capsys.readouterr().out
        command = out.split("would run: ")[1].split()
        assert ("--allow-root" in command) is expected
        assert ("started with --allow-root" in out) is expected
        assert command[-2:] == ["--port", "9000"]


def test_only_lab_passes_arguments_on(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["demo", "--", "--port", "9000"])
    assert stop.value.code == 2 and "only 'dicelab lab'" in capsys.readouterr().err


def test_help_documents_root_pass_through_and_stopping(capsys):
    with pytest.raises(SystemExit):
        cli.main(["lab", "--help"])
    out = capsys.readouterr().out
    assert "--allow-root" in out and "dicelab lab -- --port 9000" in out
    assert "--IdentityProvider.token" in out and "ServerApp.token" not in out  # not deprecated
    assert "SIGTERM" in out and "Ctrl-C" in out and "No server is left" in out


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _children(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in children.read_text().split()] if children.exists() else []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return (
        Path(f"/proc/{pid}/stat").exists()
        and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    )


def _wait_until(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.25)
    return condition()


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.mark.skipif(
    not Path("/proc/self/task").exists(), reason="needs /proc to find the server process"
)
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
@pytest.mark.slow
def test_lab_serves_and_leaves_no_server_behind(tmp_path, stop):
    pytest.importorskip("jupyterlab")
    port = _free_port()
    dicelab_lab = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dicelab",
            "lab",
            str(tmp_path / "class"),
            "--no-browser",
            "--",
            f"--port={port}",
            "--IdentityProvider.token=classroom",
            "--ServerApp.port_retries=0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        url = f"http://127.0.0.1:{port}/api/status?token=classroom"  # the port was passed on
        assert _wait_until(lambda: _answers(url) or dicelab_lab.poll() is not None, 180), (
            "no answer"
        )
        assert dicelab_lab.poll() is None, dicelab_lab.communicate()
        servers = _children(dicelab_lab.pid)
        assert len(servers) == 1 and _alive(servers[0])
        lab = f"http://127.0.0.1:{port}/lab?token=classroom"
        with urllib.request.urlopen(lab, timeout=30) as page:  # no build check, no yarn noise
            config = re.search(
                r'id="jupyter-config-data"[^>]*>\s*(\{.*?\})\s*</script>',
                page.read().decode(),
                re.S,
            )
        assert json.loads(config.group(1))["buildCheck"] is False
        dicelab_lab.send_signal(stop)
        out, err = dicelab_lab.communicate(timeout=60)
    finally:
        if dicelab_lab.poll() is None:
            dicelab_lab.kill()
    assert _wait_until(lambda: not _alive(servers[0]), 30), "the server is still running"
    assert not _answers(url)
    if os.geteuid() == 0:
        assert "started with --allow-root" in out
    if stop != signal.SIGKILL:
        assert dicelab_lab.returncode == 0 and "Traceback" not in err
        assert f"{stop.name} received, stopping JupyterLab" in err


# --- the demo in a pipe ------------------------------------------------------------------


def test_demo_survives_a_closed_pipe():
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line: every write fails
    try:
        result = subprocess.run(
            [sys.executable, "-m", "dicelab", "demo", "yahtzee"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert result.returncode == 0 and result.stderr == ""


def test_demo_piped_into_head_exits_0():
    result = subprocess.run(
        ["bash", "-c", 'set -o pipefail; "$0" -m dicelab demo yahtzee | head -1', sys.executable],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("A game of Yahtzee between bots")


def test_lab_gives_students_their_edition_and_the_teacher_theirs(tmp_path, monkeypatch, capsys):
    from dicelab.editions import HIDDEN

    def tags(path):
        return [
            set(cell["metadata"].get("tags", [])) for cell in json.loads(path.read_text())["cells"]
        ]

    monkeypatch.chdir(tmp_path)
    assert cli.main(["lab", "--no-browser", "--dry-run"]) == 0
    assert cli.main(["lab", "--teacher", "--no-browser", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "(student edition)" in out and "(teacher edition)" in out
    student, teacher = tmp_path / "dicelab-notebooks", tmp_path / "dicelab-teacher-notebooks"
    lesson = "07_points_against_wins.ipynb"
    assert not any(cell & HIDDEN for cell in tags(student / lesson))
    assert any("answer" in cell for cell in tags(teacher / lesson))
    assert any("teacher" in cell for cell in tags(teacher / lesson))


def test_the_command_speaks_the_language_lang_names(capsys):
    assert cli.main(["--lang", "ru", "demo", "thousand", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Партия в «Тысяча» между роботами (сид 1).")
    assert "сгорел!" in out and "Счёт: " in out and "Победитель: " in out
    assert cli.main(["demo", "thousand", "--seed", "1", "--lang=ru"]) == 0  # anywhere in the line
    assert capsys.readouterr().out == out
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", "ru", "demo", "--seed", "x"])
    assert stop.value.code == 2
    assert "'x' не подходит как сид" in capsys.readouterr().err


def test_a_language_dicelab_does_not_speak_is_one_line_and_nothing_runs(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", "de", "demo"])
    err = capsys.readouterr()
    assert stop.value.code == 2 and err.out == ""
    assert err.err.startswith("dicelab: error: dicelab speaks en, ru, not 'de'")
    assert err.err.count("\n") == 1
