"""The dicelab command: demo, lab (copying notebooks without overwriting), and the wheel."""

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from dicelab import cli

REPO = Path(__file__).parents[1]


def test_demo_plays_a_whole_game(capsys):
    assert cli.main(["demo", "thousand", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A game of thousand between bots (seed 1).") and "Winner: " in out


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
    edited.write_text("my own notes")
    assert cli.main(["lab", str(tmp_path), "--no-browser", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert edited.read_text() == "my own notes" and "kept your copy" in out
    assert sorted(p.name for p in tmp_path.glob("*.ipynb")) == sorted(names)
    assert "jupyterlab" in out and "--no-browser" in out


def test_the_built_wheel_ships_the_notebooks(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist), str(REPO)], check=True)
    wheel = next(dist.glob("dicelab-*.whl"))
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True)
    folder = tmp_path / "class"
    result = subprocess.run([str(env / "bin" / "dicelab"), "lab", str(folder), "--no-browser", "--dry-run"],
                            capture_output=True, text=True, check=True)
    copied = sorted(p.name for p in folder.glob("*.ipynb"))
    assert copied == sorted(p.name for p in cli.tutorial_notebooks()) and "00_start_here.ipynb" in copied
    assert "would run:" in result.stdout
