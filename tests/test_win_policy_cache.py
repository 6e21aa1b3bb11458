"""The win policies keep their tables in the disk cache: saved once, rebuilt when the file
cannot be trusted."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from dicelab import cache, fivethousand, thousand
from dicelab.fivethousand import win as fivethousand_win
from dicelab.setaside import combinations, levels, sweep, sweep_kernel
from dicelab.setaside import policy as setaside_policy
from dicelab.thousand import win as thousand_win
from tests.cache_warnings import cache_warnings

RULES = thousand.Rules(dice=2, target=60, casks=())


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    thousand_win._win_policy.cache_clear()
    yield tmp_path
    thousand_win._win_policy.cache_clear()


def solved_file(folder):
    [path] = folder.glob("thousand-win-*.npz")
    return path


def files_in(folder) -> list:
    """The files in ``folder`` (not the folder of numba's compiled sweep, which is made in
    the cache folder of the process's first sweep, whichever test that is)."""
    return [path for path in folder.iterdir() if path.is_file()]


def test_a_policy_is_saved_once_and_read_back_the_same(own_cache):
    first = thousand.win_policy(RULES)
    path = solved_file(own_cache)
    thousand_win._win_policy.cache_clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = thousand.win_policy(RULES)
    assert np.array_equal(first.start, again.start)
    assert files_in(own_cache) == [path]


@pytest.mark.parametrize("damage", ["garbage", "tampered", "truncated"])
def test_a_file_that_cannot_be_trusted_is_solved_again_with_one_warning(own_cache, damage):
    expected = thousand.win_policy(RULES).start
    path = solved_file(own_cache)
    if damage == "garbage":
        path.write_bytes(b"not a solution")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:200])
    else:
        with np.load(path) as saved:
            arrays = dict(saved)
        arrays["start"] = arrays["start"] * 0.5
        np.savez(path, **arrays)
    thousand_win._win_policy.cache_clear()
    with pytest.warns(cache.CacheWarning, match="computing it again") as caught:
        policy = thousand.win_policy(RULES)
    assert len(cache_warnings(caught)) == 1
    assert np.array_equal(policy.start, expected)
    assert files_in(own_cache) == [path]  # rewritten, no temporary file
    thousand_win._win_policy.cache_clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.array_equal(thousand.win_policy(RULES).start, expected)


def test_an_unwritable_cache_folder_only_warns(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(blocker / "cache"))
    with pytest.warns(cache.CacheWarning) as warned:
        policy = thousand.win_policy(RULES)
    assert len(cache_warnings(warned)) == 1 and 0 < policy.first_player_wins < 1


@pytest.mark.parametrize(
    "make",
    [
        lambda: thousand_win.ThousandWinPolicy(RULES),
        lambda: fivethousand_win.FivethousandWinPolicy(
            fivethousand.Rules(dice=2, target=300, bust_keeps_completed_rounds=False)
        ),
    ],
    ids=["thousand", "fivethousand"],
)
def test_a_saved_policy_is_keyed_by_the_code_of_every_solver_module(make, monkeypatch):
    """A change to any module of the shared solver (the sweep, its kernel, the level
    solver, the throw tables) makes a saved policy stale."""
    digested = []
    real = cache.source_digest

    def recording(*modules):
        digested.extend(modules)
        return real(*modules)

    monkeypatch.setattr(cache, "source_digest", recording)
    make()
    assert {levels, sweep, sweep_kernel, setaside_policy, combinations} <= set(digested)
