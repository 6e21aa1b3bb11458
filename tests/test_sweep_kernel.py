"""The sweep's compiled kernel: numba is imported only when a sweep runs (not by ``import
dicelab``, nor by reading a solved policy from the disk cache), and its machine code is
kept in dicelab's cache folder; its threads sleep between walks."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SOLVE = (
    "import sys; from dicelab.fivethousand import Rules, win_policy; "
    "policy = win_policy(Rules(target=300)); "
    "print(round(policy.first_player_wins, 12), 'numba' in sys.modules)"
)


def run(script: str, cache) -> list[str]:
    environment = {**os.environ, "DICELAB_CACHE_DIR": str(cache)}
    environment.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_import_does_not_load_numba(tmp_path):
    script = "import sys, dicelab, dicelab.fivethousand, dicelab.setaside.sweep; "
    script += "print('numba' in sys.modules)"
    assert run(script, tmp_path) == ["False"]


@pytest.mark.slow
def test_compiled_into_the_cache_folder_and_not_needed_to_read_a_policy(tmp_path):
    solved = run(SOLVE, tmp_path)
    assert solved[1] == "True"  # solving swept
    assert any((tmp_path / "numba").rglob("*.nbi")), "the kernel's index is in the cache folder"
    read = run(SOLVE, tmp_path)
    assert read == [solved[0], "False"]  # the same chance, read without a sweep


WAITING = (
    "import os; from dicelab.setaside import sweep_kernel; "
    "numba = sweep_kernel._numba(); "
    "print(numba.threading_layer(), os.environ.get('OMP_WAIT_POLICY', 'unset'))"
)


@pytest.mark.parametrize("given", [None, "active"])
def test_threads_start_sleeping_without_leaving_the_setting_to_child_processes(
    tmp_path, monkeypatch, given
):
    """OpenMP's threads sleep between walks (spinning ones doubled a penalty solve's CPU on
    a shared machine); the setting is there only while they start, and the user's own wins."""
    if given is None:
        monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    else:
        monkeypatch.setenv("OMP_WAIT_POLICY", given)
    layer, after = run(WAITING, tmp_path)
    assert layer in {"omp", "tbb", "workqueue"}
    assert after == (given or "unset")
