"""The disk cache helper: what it trusts, what it recomputes, and what it leaves behind."""

import os
import warnings

import numpy as np
import pytest

from dicelab import cache
from tests.cache_warnings import cache_warnings

KEY = {"rules": {"target": 1000}, "format": 1}


def squares():
    return {"squares": np.arange(5) ** 2, "flags": np.array([True, False])}


def leftovers(folder):
    return [p.name for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_computes_once_then_loads(tmp_path):
    calls = []
    for _ in range(2):
        arrays = cache.load_or_compute(
            KEY, lambda: calls.append(1) or squares(), "test", folder=tmp_path
        )
        assert arrays["squares"].tolist() == [0, 1, 4, 9, 16] and arrays["flags"].tolist() == [
            True,
            False,
        ]
    assert calls == [1] and list(tmp_path.iterdir()) == [cache.path_for(KEY, "test", tmp_path)]


def test_the_key_and_the_kind_choose_the_file(tmp_path):
    paths = {
        cache.path_for(KEY, "test", tmp_path),
        cache.path_for({**KEY, "format": 2}, "test", tmp_path),
        cache.path_for(KEY, "other", tmp_path),
    }
    assert len(paths) == 3


def test_a_fifo_at_the_path_is_not_opened(tmp_path):
    path = cache.path_for(KEY, "test", tmp_path)
    os.mkfifo(path)
    with pytest.warns(cache.CacheWarning, match="not a regular file") as warned:
        cache.load_or_compute(KEY, squares, "test", folder=tmp_path)
    assert len(cache_warnings(warned)) == 1 and not leftovers(tmp_path)


@pytest.mark.parametrize("failure", [OSError("disk full"), KeyboardInterrupt()])
def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch, failure):
    def broken_savez(file, **arrays):
        file.write(b"half an archive")
        raise failure

    monkeypatch.setattr(cache.np, "savez", broken_savez)
    if isinstance(failure, OSError):
        with pytest.warns(cache.CacheWarning, match="could not save the test") as warned:
            assert cache.load_or_compute(KEY, squares, "test", folder=tmp_path)["squares"][2] == 4
        assert len(cache_warnings(warned)) == 1
    else:
        with pytest.raises(KeyboardInterrupt):
            cache.load_or_compute(KEY, squares, "test", folder=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_warning_from_elsewhere_is_not_counted_as_the_caches(tmp_path, monkeypatch):
    """A CI run failed here once: the garbage collector closed another test's file while the
    cache warned, and its ResourceWarning was counted as the cache's."""

    def squares_while_a_file_is_collected():
        warnings.warn("unclosed file", ResourceWarning, stacklevel=1)
        return squares()

    monkeypatch.setattr(cache.np, "savez", lambda file, **arrays: _raise(OSError("disk full")))
    with pytest.warns(cache.CacheWarning, match="could not save") as warned:
        cache.load_or_compute(KEY, squares_while_a_file_is_collected, "test", folder=tmp_path)
    assert len(warned) == 2 and len(cache_warnings(warned)) == 1


def _raise(error: BaseException):
    raise error


def test_a_cache_folder_that_cannot_be_made_is_one_warning(tmp_path):
    (tmp_path / "file").write_text("in the way")
    with pytest.warns(cache.CacheWarning) as warned:
        cache.load_or_compute(KEY, squares, "test", folder=tmp_path / "file" / "cache")
    assert len(cache_warnings(warned)) == 1


def test_compute_must_give_named_arrays(tmp_path):
    for bad in ([1, 2], {"__key__": np.zeros(1)}, {"x": [1, 2]}):
        with pytest.raises(TypeError):
            cache.load_or_compute(KEY, lambda bad=bad: bad, "test", folder=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_cache_folder_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    assert cache.cache_dir() == tmp_path and cache.path_for(KEY, "test").parent == tmp_path
    monkeypatch.delenv("DICELAB_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "dicelab"


def _squares_once_all_asked(marks: str, askers: int) -> dict:
    """``squares()``, leaving a mark for each time it is computed, once all ``askers``
    processes have asked for it (so that they ask while it is being computed)."""
    import time
    from pathlib import Path

    with open(Path(marks), "a") as file:
        file.write("computed\n")
    end = time.monotonic() + 60
    while Path(marks).read_text().count("asking") < askers and time.monotonic() < end:
        time.sleep(0.01)
    return squares()


def _load_with_others(folder: str, marks: str, askers: int) -> list:
    with open(marks, "a") as file:
        file.write("asking\n")
    arrays = cache.load_or_compute(
        KEY, lambda: _squares_once_all_asked(marks, askers), "test", folder=folder
    )
    return arrays["squares"].tolist()


@pytest.mark.skipif(os.name == "nt", reason="files are locked with fcntl")
def test_processes_asking_at_once_compute_once_and_the_others_read_it(tmp_path):
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    folder, marks = tmp_path / "cache", tmp_path / "marks"
    with ProcessPoolExecutor(3, mp_context=get_context("spawn")) as processes:
        asked = [processes.submit(_load_with_others, str(folder), str(marks), 3) for _ in range(3)]
        results = [future.result(timeout=90) for future in asked]
    assert results == [[0, 1, 4, 9, 16]] * 3
    assert marks.read_text().count("computed") == 1  # once, not three times
    assert marks.read_text().count("asking") == 3
    assert list(folder.iterdir()) == [cache.path_for(KEY, "test", folder)]  # no lock left


@pytest.mark.skipif(os.name == "nt", reason="files are locked with fcntl")
def test_a_folder_that_cannot_lock_still_computes_and_saves(tmp_path, monkeypatch):
    import fcntl

    def refuse(*_):
        raise OSError(37, "No locks available")

    monkeypatch.setattr(fcntl, "flock", refuse)
    arrays = cache.load_or_compute(KEY, squares, "test", folder=tmp_path)
    assert arrays["squares"].tolist() == [0, 1, 4, 9, 16]
    assert list(tmp_path.iterdir()) == [cache.path_for(KEY, "test", tmp_path)]


def _forged(folder, key):
    """A cache file for ``key`` in ``folder`` holding wrong arrays with a checksum that fits."""
    path = cache.path_for(key, "forgery", folder)
    assert cache._write(path, cache._identity(key, "forgery"), {"a": np.zeros(3)}) is None
    return path


@pytest.mark.parametrize("writable", ["folder", "file"])
def test_a_cache_others_may_write_is_neither_read_nor_written(tmp_path, writable):
    key = {"n": 7}
    path = _forged(tmp_path, key)
    (tmp_path if writable == "folder" else path).chmod(0o777 if writable == "folder" else 0o666)
    forged = path.read_bytes()
    with pytest.warns(cache.CacheWarning, match="can be written by other users") as warned:
        arrays = cache.load_or_compute(key, lambda: {"a": np.arange(3)}, "forgery", folder=tmp_path)
    assert arrays["a"].tolist() == [0, 1, 2] and len(warned) == 1
    assert "could have been forged" in str(warned[0].message)
    assert path.read_bytes() == forged  # not written either


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown needs root")
def test_a_cache_file_of_another_user_is_not_read(tmp_path):
    key = {"n": 8}
    os.chown(_forged(tmp_path, key), 12345, 12345)
    with pytest.warns(cache.CacheWarning, match="belongs to another user"):
        arrays = cache.load_or_compute(key, lambda: {"a": np.arange(3)}, "forgery", folder=tmp_path)
    assert arrays["a"].tolist() == [0, 1, 2]


def test_a_cache_this_user_alone_writes_is_read(tmp_path):
    key = {"n": 9}
    _forged(tmp_path, key)  # written by this user: what they wrote is what they read
    assert (
        cache.load_or_compute(key, lambda: {}, "forgery", folder=tmp_path)["a"].tolist() == [0] * 3
    )


def test_a_cache_only_the_users_own_group_may_write_is_read(tmp_path):
    key = {"n": 10}
    _forged(tmp_path, key).chmod(0o664)  # umask 002, with a group of one's own
    tmp_path.chmod(0o775)
    assert (
        cache.load_or_compute(key, lambda: {}, "forgery", folder=tmp_path)["a"].tolist() == [0] * 3
    )
