"""Atomic writes: a full disk or a killed process never leaves a half-written file in use."""

import errno
import json
import os
import re
import stat
import subprocess
import sys
import time

import numpy as np
import pytest

from dicelab import cache, cli, files
from dicelab.editions import edition
from dicelab.errors import NotAFileError
from dicelab.handout import write_handout


def full_disk(monkeypatch):
    """Make every sync to the disk fail as a full disk does (after the data was written)."""

    def fsync(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", fsync)


def names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_a_write_replaces_the_file_whole(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("old")
    files.write_atomic(path, "new")
    files.write_atomic(tmp_path / "b.bin", lambda file: file.write(b"\0\1"))
    assert path.read_text() == "new" and (tmp_path / "b.bin").read_bytes() == b"\0\1"
    assert names(tmp_path) == ["a.txt", "b.bin"]


@pytest.mark.parametrize(
    "failure", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()]
)
def test_a_failed_write_keeps_the_old_file_and_no_temporary(tmp_path, failure):
    path = tmp_path / "a.txt"
    path.write_text("old")

    def write(file):
        file.write(b"half")
        raise failure

    with pytest.raises(type(failure)):
        files.write_atomic(path, write)
    assert path.read_text() == "old" and names(tmp_path) == ["a.txt"]


def test_a_full_disk_during_a_handout_keeps_the_old_handout(tmp_path, monkeypatch):
    path = tmp_path / "sheet.html"
    path.write_text("last week's sheet")
    full_disk(monkeypatch)
    with pytest.raises(OSError):
        write_handout("yahtzee", path)
    assert path.read_text() == "last week's sheet" and names(tmp_path) == ["sheet.html"]


def test_a_full_disk_during_a_cache_write_keeps_the_old_file(tmp_path, monkeypatch):
    key = {"n": 1}
    path = cache.path_for(key, "test", tmp_path)
    path.write_bytes(b"older file")
    full_disk(monkeypatch)
    with pytest.warns(cache.CacheWarning):
        arrays = cache.load_or_compute(key, lambda: {"a": np.arange(4)}, "test", folder=tmp_path)
    assert arrays["a"].tolist() == [0, 1, 2, 3]
    assert path.read_bytes() == b"older file" and names(tmp_path) == [path.name]


def test_a_full_disk_during_dicelab_lab_leaves_no_truncated_lesson(tmp_path, monkeypatch, capsys):
    with monkeypatch.context() as patch:
        full_disk(patch)
        with pytest.raises(SystemExit) as stop:
            cli.main(["lab", str(tmp_path), "--dry-run", "--no-browser"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "No space left on device" in err
    assert names(tmp_path) == []
    # Space again: every lesson is copied, none is taken for "your copy".
    assert cli.main(["lab", str(tmp_path), "--dry-run", "--no-browser"]) == 0
    assert "kept your copy" not in capsys.readouterr().out
    assert all(cli.is_notebook(path) for path in tmp_path.iterdir())


def test_a_lesson_that_will_not_open_is_restored_and_kept_aside(tmp_path, capsys):
    lesson = cli.tutorial_notebooks()[0]
    broken = tmp_path / lesson.name
    broken.write_bytes(lesson.read_bytes()[:500])  # what a full disk used to leave
    edited = tmp_path / cli.tutorial_notebooks()[1].name
    edited.write_text(json.dumps({"cells": [], "nbformat": 4, "nbformat_minor": 5, "metadata": {}}))
    assert cli.main(["lab", str(tmp_path), "--dry-run", "--no-browser"]) == 0
    out = capsys.readouterr().out
    assert json.loads(broken.read_bytes()) == edition(json.loads(lesson.read_bytes()), "student")
    aside = tmp_path / f"{broken.stem} (damaged).ipynb"
    assert aside.read_bytes() == lesson.read_bytes()[:500] and "moved it to" in out
    assert f"kept your copy of {edited}" in out and json.loads(edited.read_text())["cells"] == []


def test_a_dangling_link_is_not_followed_out_of_the_folder(tmp_path, capsys):
    folder, outside = tmp_path / "notebooks", tmp_path / "elsewhere"
    folder.mkdir()
    lesson = cli.tutorial_notebooks()[0]
    (folder / lesson.name).symlink_to(outside / "planted.ipynb")
    assert cli.main(["lab", str(folder), "--dry-run", "--no-browser"]) == 0
    assert not outside.exists()
    assert not (folder / lesson.name).is_symlink() and cli.is_notebook(folder / lesson.name)


def test_old_temporary_files_are_removed_on_the_next_start(tmp_path):
    old, recent = tmp_path / ".lesson.ipynb.abc.tmp", tmp_path / ".lesson.ipynb.def.tmp"
    mine = tmp_path / "notes.tmp"  # not a name dicelab writes
    for path in (old, recent, mine):
        path.write_text("x")
    long_ago = time.time() - 2 * files.STALE_SECONDS
    os.utime(old, (long_ago, long_ago))
    os.utime(mine, (long_ago, long_ago))
    assert cli.main(["lab", str(tmp_path), "--dry-run", "--no-browser"]) == 0
    assert not old.exists() and recent.exists() and mine.exists()


def test_old_temporary_cache_files_are_removed_when_the_cache_is_first_used(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "_SWEPT", set())
    left = tmp_path / ".test-0123.npz.x1.tmp"
    left.write_bytes(b"half an archive")
    long_ago = time.time() - 2 * files.STALE_SECONDS
    os.utime(left, (long_ago, long_ago))
    cache.load_or_compute({"n": 2}, lambda: {"a": np.arange(2)}, "test", folder=tmp_path)
    assert not left.exists()


@pytest.fixture
def umask_022():
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def odd_targets(folder):
    """A pipe, a link to a device (``/dev/null``, never written) and a folder, in ``folder``."""
    pipe, device, sub = folder / "pipe.html", folder / "null.html", folder / "sub"
    os.mkfifo(pipe)
    device.symlink_to(os.devnull)
    sub.mkdir()
    return {"a pipe (FIFO)": pipe, "a device": device, "a folder": sub}


def test_a_target_that_is_not_a_regular_file_is_refused_and_left_as_it_is(tmp_path):
    for what, target in odd_targets(tmp_path).items():
        with pytest.raises(NotAFileError, match=re.escape(f"is {what}, not")) as refusal:
            files.write_atomic(target, "sheet")
        assert isinstance(refusal.value, OSError) and isinstance(refusal.value, ValueError)
    assert stat.S_ISFIFO((tmp_path / "pipe.html").lstat().st_mode)
    assert os.readlink(tmp_path / "null.html") == os.devnull
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert names(tmp_path) == ["null.html", "pipe.html", "sub"] and names(tmp_path / "sub") == []


@pytest.mark.parametrize("target", ["pipe.html", "null.html"])
def test_dicelab_handout_refuses_a_pipe_or_a_device_in_one_line(tmp_path, capsys, target):
    odd_targets(tmp_path)
    with pytest.raises(SystemExit) as stop:
        cli.main(["handout", "yahtzee", "-o", str(tmp_path / target)])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert "not a regular file" in err and target in err
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert names(tmp_path) == ["null.html", "pipe.html", "sub"]


def test_dicelab_handout_into_a_folder_writes_inside_it(tmp_path, capsys):
    assert cli.main(["handout", "thousand", "-o", str(tmp_path)]) == 0
    assert names(tmp_path) == ["thousand-handout.html"]


def test_a_replaced_file_keeps_its_mode_and_a_new_file_gets_the_umasks(tmp_path, umask_022):
    shared = tmp_path / "shared.html"
    shared.write_text("last week")
    shared.chmod(0o664)
    files.write_atomic(shared, "this week")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o664 and shared.read_text() == "this week"
    new = files.write_atomic(tmp_path / "new.html", "sheet")
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    secret = files.write_atomic(shared, "token", mode=0o600)
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600


def test_handouts_and_lessons_are_readable_by_the_class(tmp_path, umask_022, capsys):
    assert cli.main(["handout", "yahtzee", "-o", str(tmp_path / "sheet.html")]) == 0
    assert cli.main(["lab", str(tmp_path / "lessons"), "--dry-run", "--no-browser"]) == 0
    written = [tmp_path / "sheet.html", *(tmp_path / "lessons").iterdir()]
    assert {stat.S_IMODE(path.stat().st_mode) for path in written} == {0o644}


def test_temporary_files_whose_writer_is_gone_are_removed_at_the_first_write(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "_SWEPT", set())
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        killed = tmp_path / f".sheet.html.{ended.pid}-{files.BOOT}.0a1b2c3d.tmp"
        before_boot = tmp_path / f".sheet.html.{alive.pid}-{'f' * 8}.0a1b2c3d.tmp"
        writing = tmp_path / f".other.html.{alive.pid}-{files.BOOT}.0a1b2c3d.tmp"
        for path in (killed, before_boot, writing):
            path.write_text("half")
        files.write_atomic(tmp_path / "sheet.html", "whole")
        assert names(tmp_path) == [writing.name, "sheet.html"]
    finally:
        alive.kill()
        alive.wait()


def test_dicelab_lab_refuses_a_pipe_where_a_lesson_goes_without_reading_it(tmp_path, capsys):
    pipe = tmp_path / cli.tutorial_notebooks()[0].name
    os.mkfifo(pipe)
    with pytest.raises(SystemExit) as stop:
        cli.main(["lab", str(tmp_path), "--dry-run", "--no-browser"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "is a pipe (FIFO), not a" in err
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
