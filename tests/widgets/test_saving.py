"""Games survive: saved atomically after each action, continued by resume=True or by the
same cell run again, listed by saved_games()."""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from dicelab import files, saves, yahtzee
from dicelab.messages import catalogue
from dicelab.widgets import (
    FivethousandGame,
    ThousandGame,
    YahtzeeGame,
    saved_games,
    saving,
)
from dicelab.widgets.saving import SavedGameWarning
from tests.widgets.intents import button, notice, press, shown

RESUMED = catalogue("en")("table.resumed")
RESUMED_AS_COPY = catalogue("en")("table.resumed_as_copy")

WIDGETS = [FivethousandGame, ThousandGame, YahtzeeGame]


def play_some(widget, actions: int = 4) -> None:
    for _ in range(actions):
        if widget.game.is_over:
            return
        widget.play(widget.game.legal_actions()[-1])


@pytest.mark.parametrize("Widget", WIDGETS, ids=lambda w: w.__name__)
def test_every_action_is_saved_and_resume_continues_the_latest_unfinished_game(Widget):
    widget = Widget(players=["Ann", "Ben"], seed=5, pace=0)
    for _ in range(4):
        play_some(widget, 1)
        (saved,) = saved_games(Widget.__name__)
        assert saved.game_json == widget.game.to_json() and not saved.over
    again = Widget(resume=True, pace=0)
    assert again.game.to_json() == widget.game.to_json() and again.controls.status == RESUMED
    assert again._entries == widget._entries and again.history.entries == widget._entries
    assert saved_games()[0].players == ("Ann", "Ben") and "unfinished" in repr(saved_games()[0])


@pytest.mark.parametrize("Widget", WIDGETS, ids=lambda w: w.__name__)
def test_a_resumed_game_shows_every_panel_as_it_was(Widget):
    widget = Widget(
        players=[
            "Ann",
            {"name": "Robo", "bot": "simple" if Widget is not YahtzeeGame else "greedy"},
        ],
        seed=5,
        pace=0,
    )
    for name in ("chances", "coach", "sound", "pace"):  # switched by the player, no move made
        press(widget, name)
    chosen = {"coach": True, "rating": "points", "chances": True, "pace": 1.2, "sound": True}
    assert widget.panels() == chosen
    again = Widget(resume=True)  # made with every panel off, at the normal pace
    assert again.panels() == chosen and again.controls.status == RESUMED
    assert {"coach", "win_chances"} <= set(shown(again))
    assert button(again, "pace")["label"] == "Robots: slow"


def test_a_save_whose_panels_are_not_what_the_widget_writes_resumes_with_the_widgets_own(tmp_path):
    widget = ThousandGame(players=["Ann", "Ben"], seed=5, pace=0, chances=True)
    play_some(widget, 1)
    (saved,) = saved_games()
    document = json.loads(saved.path.read_text())
    assert document["panels"] == widget.panels()
    for panels in (
        {**widget.panels(), "pace": float("nan")},
        {**widget.panels(), "pace": True},
        {**widget.panels(), "rating": "luck"},
        {**widget.panels(), "extra": 1},
        [True],
    ):
        saved.path.write_text(json.dumps({**document, "panels": panels}))
        again = ThousandGame(resume=True, pace=0.6)
        assert again.panels() == {
            "coach": False,
            "rating": "points",
            "chances": False,
            "pace": 0.6,
            "sound": False,
        }
        assert again.game.to_json() == widget.game.to_json()


def test_resume_takes_a_saved_game_and_a_finished_one_is_not_resumed():
    first = YahtzeeGame(players=["Ann"], rules=yahtzee.Rules(boxes=("chance",)), seed=1, pace=0)
    second = YahtzeeGame(players=["Ben"], seed=2, pace=0)
    play_some(second, 2)
    play_some(first, 3)
    assert first.game.is_over
    older, newest = saved_games()[1], saved_games()[0]
    assert newest.over and not older.over
    assert YahtzeeGame(resume=True).game.to_json() == second.game.to_json()
    assert YahtzeeGame(resume=newest).game.to_json() == first.game.to_json()


def test_with_nothing_to_continue_a_new_game_starts_as_usual():
    widget = YahtzeeGame(resume=True)
    assert widget.phase == "setup"
    with pytest.raises(TypeError, match="resume is True, False or one of saved_games"):
        YahtzeeGame(resume="yes")


def test_the_same_cell_run_again_continues_its_game_and_closes_the_old_table(monkeypatch):
    monkeypatch.setattr(saving, "cell", lambda: "cell-1")
    first = FivethousandGame(players=["Ann", "Ben"], seed=3, pace=0)
    play_some(first, 3)
    again = FivethousandGame(players=["Ann", "Ben"], seed=3, pace=0)
    assert again.game.to_json() == first.game.to_json() and first._closed
    other = FivethousandGame(players=["Ann", "Cy"], seed=3, pace=0)  # other arguments: a new game
    assert other.game.history == []
    monkeypatch.setattr(saving, "cell", lambda: "cell-2")
    assert FivethousandGame(players=["Ann", "Ben"], seed=3, pace=0).game.history == []


def test_a_full_disk_keeps_the_last_save_and_says_so_once(monkeypatch):
    widget = YahtzeeGame(players=["Ann"], seed=9, pace=0)
    play_some(widget, 1)
    before = saved_games()[0].game_json

    def fsync(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", fsync)
    play_some(widget, 1)
    assert "could not be saved: No space left on device" in notice(widget)
    (saved,) = saved_games()
    assert saved.game_json == before
    assert sorted(p.name for p in saving.games_dir().iterdir()) == [
        f".{saved.path.name}.lock",  # this table writes it
        saved.path.name,
    ]  # no .tmp left
    monkeypatch.undo()  # space again: the next save clears the notice
    play_some(widget, 1)
    assert notice(widget) == "" and saved_games()[0].game_json == widget.game.to_json()


def test_a_damaged_save_is_not_continued(monkeypatch):
    widget = YahtzeeGame(players=["Ann"], seed=9, pace=0)
    press(widget, "roll")
    (saved,) = saved_games()
    document = json.loads(saved.path.read_text())
    document["game"] = document["game"].replace('"seed": 9', '"seed": 10')
    saved.path.write_text(json.dumps(document))
    with pytest.warns(UserWarning, match="could not be continued"):
        assert YahtzeeGame(resume=True).phase == "setup"
    (tmp := saving.games_dir() / "notes.json").write_text("not a save")
    with pytest.warns(SavedGameWarning, match="notes.json"):
        assert len(saved_games()) == 1 and tmp.exists()


def junk(folder, save: dict) -> list[str]:
    """Files in the saves' folder that are not saves, each a little off the real ``save``."""

    def changed(**fields):
        return json.dumps({**save, **fields})

    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "folder.json").mkdir()
    (folder / "huge.json").write_bytes(b" " * (saves.MAX_CHARS + 1))
    (folder / "forever.json").write_text(changed(saved=1e999).replace("1e999", "Infinity"))
    (folder / "text-seed.json").write_text(changed(seed="7"))
    (folder / "float-players.json").write_text(changed(players=[1.5]))
    (folder / "long-entry.json").write_text(changed(entries=[{"text": "x" * 10**6}]))
    return ["deep.json", "float-players.json", "folder.json", "forever.json", "huge.json"] + [
        "long-entry.json",
        "pipe.json",
        "text-seed.json",
        "zero.json",
    ]


def test_junk_in_the_saves_folder_is_left_out_with_one_warning_each():
    widget = YahtzeeGame(players=["Ann"], seed=9, pace=0)
    press(widget, "roll")
    (saved,) = saved_games()
    names = junk(saving.games_dir(), saved.document)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for Widget in WIDGETS:
            Widget(pace=0).close()
        (listed,) = saved_games("YahtzeeGame")
        again = YahtzeeGame(resume=True, pace=0)
    warned = sorted(re.match(r"\S+", str(w.message))[0] for w in caught)
    assert warned == names and all(w.category is SavedGameWarning for w in caught)
    assert listed.path == saved.path and again.game.to_json() == widget.game.to_json()
    again.rematch()
    assert again.game.history == []


def test_the_readme_snippet_runs():
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    section = readme.split("## Restarts, closed widgets and full disks\n", 1)[1].split("\n## ", 1)[
        0
    ]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    namespace = {}
    exec(compile(code, "README restarts", "exec"), namespace)
    assert namespace["again"].game.to_json() == namespace["w"].game.to_json()
    assert namespace["saved_games"]()[0].players == ("Ann", "Ben") and namespace["w"]._closed


def test_a_new_game_of_a_table_replaces_its_save(monkeypatch):
    monkeypatch.setattr(saving, "cell", lambda: "cell-3")
    widget = YahtzeeGame(players=["Ann"], seed=1, pace=0)
    play_some(widget, 2)
    widget.new_game()  # the first game is left unfinished
    widget.start(["Ann"])
    play_some(widget, 1)
    (saved,) = saved_games()
    assert saved.game_json == widget.game.to_json()
    assert YahtzeeGame(players=["Ann"], seed=1, pace=0).game.to_json() == widget.game.to_json()


def test_a_game_another_kernel_writes_goes_on_here_as_a_copy_saved_apart():
    widget = YahtzeeGame(players=["Ann"], seed=9, pace=0)
    press(widget, "roll")
    (saved,) = saved_games()
    widget.close()  # this kernel's table lets go, and another kernel's takes the game
    other_kernel = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from dicelab.widgets import saving; "
            f"assert saving.lock({saved.path.name!r}) is not None; print('locked', flush=True); "
            "sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other_kernel.stdout.readline() == "locked\n"
        copy = YahtzeeGame(resume=True, pace=0)
        assert copy.controls.status == RESUMED_AS_COPY
        assert copy.game.to_json() == widget.game.to_json()
        play_some(copy, 1)
        assert (
            len(saved_games()) == 2 and saved.path.read_text() == saved_games()[1].path.read_text()
        )
        assert saved_games()[0].game_json == copy.game.to_json() != saved.game_json
    finally:
        other_kernel.stdin.close()
        other_kernel.wait()
    again = YahtzeeGame(resume=saved, pace=0)  # the other kernel has ended: the file is free
    assert again.controls.status == RESUMED
    copy.close()
    again.close()


def test_saves_in_a_folder_others_may_write_are_not_continued():
    widget = YahtzeeGame(players=["Ann"], seed=9, pace=0)
    press(widget, "roll")
    saving.games_dir().chmod(0o777)
    with pytest.warns(SavedGameWarning, match="can be written by other users") as warned:
        assert saved_games() == [] and saved_games() == []
        assert YahtzeeGame(resume=True, pace=0).phase == "setup"
    assert len(warned) == 1
    saving.games_dir().chmod(0o755)
    assert len(saved_games()) == 1
