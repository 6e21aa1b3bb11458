"""Things a whole test run makes once and every pytest-xdist worker shares.

A module fixture is made once per worker, so four workers running one module's tests make
it four times. :func:`made_once` makes a folder once per run instead: the first worker to ask
makes it under a lock, the others wait for it and then read it.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's temporary folder: above each worker's own under pytest-xdist."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]
) -> Path:
    """The folder ``name`` of this run, filled by ``make(folder)`` the first time any worker
    asks for it. A ``make`` that raised leaves no mark of being done: the next one asking
    empties the folder and tries again (and fails the same way, in its own test)."""
    folder = run_folder(tmp_path_factory) / name
    with open(folder.with_name(f"{name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        done = folder / ".made"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


def solved_no_bonus(tmp_path_factory: pytest.TempPathFactory):
    """Yahtzee's no_bonus preset (the fastest to solve) solved once per run, into the run's
    policy cache (``DICELAB_CACHE_DIR``): the other workers read it from there."""
    from dicelab import yahtzee

    made_once(
        tmp_path_factory, "no_bonus-solved", lambda _: yahtzee.solve("no_bonus", progress=False)
    )
    return yahtzee.solve("no_bonus", progress=False)
