"""Every error of the dicelab command is one line on stderr and exit status 2."""

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dicelab import cli, files


def fails(argv, capsys) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    captured = capsys.readouterr()
    assert stop.value.code == 2, captured
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err
    return captured.err


@pytest.mark.parametrize("seed", ["-1", "2.5", "x", str(2**64)])
def test_a_bad_seed(seed, capsys):
    err = fails(["demo", "--seed", seed], capsys)
    assert err.startswith("dicelab demo: error: argument --seed:") and "is not a seed" in err


def test_a_handout_in_a_folder_that_does_not_exist(tmp_path, capsys):
    err = fails(["handout", "yahtzee", "-o", str(tmp_path / "none" / "x.html")], capsys)
    assert err.startswith("dicelab handout: error: cannot write") and "there is no folder" in err


def read_only_folders(monkeypatch):
    """Refuse every temporary file, as a read-only folder does (even to root)."""
    create = os.open

    def refuse(path, *args, **kwargs):
        if files.is_temporary(Path(path)):
            raise PermissionError(errno.EACCES, "Permission denied")
        return create(path, *args, **kwargs)

    monkeypatch.setattr(files.os, "open", refuse)


def test_a_read_only_handout_target(tmp_path, capsys, monkeypatch):
    target = tmp_path / "sheet.html"
    target.write_text("theirs")
    read_only_folders(monkeypatch)
    err = fails(["handout", "thousand", "-o", str(target)], capsys)
    assert f"cannot write {target}: Permission denied" in err and target.read_text() == "theirs"


def test_a_handout_into_a_folder_gets_its_usual_name(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["handout", "yahtzee", "-o", "."]) == 0
    assert (tmp_path / "yahtzee-handout.html").read_text().startswith("<!DOCTYPE html>")
    assert "yahtzee-handout.html" in capsys.readouterr().out


def test_dash_means_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["handout", "fivethousand", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("<!DOCTYPE html>") and list(tmp_path.iterdir()) == []


def test_lab_on_a_file(tmp_path, capsys):
    (tmp_path / "x").write_text("a file")
    err = fails(["lab", str(tmp_path / "x"), "--dry-run", "--no-browser"], capsys)
    assert "is a file, not a folder" in err


def test_lab_on_a_read_only_folder(tmp_path, capsys, monkeypatch):
    read_only_folders(monkeypatch)
    err = fails(["lab", str(tmp_path), "--dry-run", "--no-browser"], capsys)
    assert err.startswith("dicelab lab: error: cannot write") and "Permission denied" in err


def test_lab_where_no_folder_can_be_made(tmp_path, capsys):
    (tmp_path / "file").write_text("in the way")
    err = fails(["lab", str(tmp_path / "file" / "sub"), "--dry-run"], capsys)
    assert "cannot make the folder" in err


def test_an_unknown_option_is_one_line_too(capsys):
    assert "unrecognized arguments" in fails(["demo", "--colour"], capsys)


def test_the_installed_command_prints_no_traceback(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "dicelab", "demo", "--seed", "-1"],
        check=False,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert (
        result.returncode == 2
        and result.stderr.count("\n") == 1
        and "Traceback" not in result.stderr
    )


@pytest.mark.parametrize("port", ["99999", "-5", "80.5", "http"])
def test_a_port_out_of_range_is_refused_before_anything_starts(capsys, port):
    err = fails(["class", "serve", "--port", port], capsys)
    assert "is not a port (a whole number from 1 to 65535, or 0 for any free port)" in err
