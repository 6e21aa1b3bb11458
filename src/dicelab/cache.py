"""A disk cache of computed numpy arrays (solutions, policy tables) that is never trusted.

:func:`load_or_compute` returns the arrays saved for a key, or computes and saves them.
A file is used only when it is a complete archive written for exactly that key (its key
and a checksum of every array are stored inside it). Anything else at the cache path (a
truncated or foreign file, a ``.npy``, a folder, something unreadable) is computed again
with one :class:`CacheWarning`. A folder or file that another user could have written (it
belongs to someone else, or others may write it) is neither read nor written, as ssh
refuses such keys: a checksum catches damage, not forgery. Processes computing the same arrays into one folder at once
(the kernels of two notebooks, a test run's workers) take turns: the one that waited reads
what the first one saved instead of computing it again. Writing goes through
:func:`dicelab.files.write_atomic`: no half-written file, no temporary file left behind
(and those a killed process left are removed the first time a folder is written).

>>> import numpy as np, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     first = load_or_compute({"n": 3}, lambda: {"squares": np.arange(3) ** 2}, "example",
...                             folder=folder)
...     again = load_or_compute({"n": 3}, lambda: {}, "example", folder=folder)  # from the file
>>> again["squares"].tolist()
[0, 1, 4]
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import stat
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from dicelab import files
from dicelab.files import distrust, write_atomic

_KEY = "__key__"
_CHECKSUM = "__checksum__"


class CacheWarning(UserWarning):
    """A cache file could not be used or written; the result was computed instead."""


def cache_dir() -> Path:
    """Where results are saved: ``$DICELAB_CACHE_DIR``, else the user cache folder."""
    if os.environ.get("DICELAB_CACHE_DIR"):
        return Path(os.environ["DICELAB_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dicelab"


def _identity(key: dict, kind: str) -> str:
    return json.dumps({"kind": kind, "key": key}, sort_keys=True)


def source_digest(*modules) -> str:
    """A digest of the modules' source, for a key that changes when the code that computes
    the arrays changes (the package version when no source is shipped)."""
    try:
        text = "".join(inspect.getsource(module) for module in modules)
    except OSError:
        from dicelab import __version__ as text
    return hashlib.sha256(text.encode()).hexdigest()


def path_for(key: dict, kind: str, folder=None) -> Path:
    """The cache file of ``kind`` (a short name such as "yahtzee-solution") for ``key``,
    in ``folder`` (default: :func:`cache_dir`)."""
    digest = hashlib.sha256(_identity(key, kind).encode()).hexdigest()
    return Path(folder or cache_dir()) / f"{kind}-{digest[:24]}.npz"


def _checksum(identity: str, arrays: dict) -> str:
    digest = hashlib.sha256(identity.encode())
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}:".encode())
        digest.update(array.data)  # its buffer, not a copy
    return digest.hexdigest()


def load_or_compute(key: dict, compute, kind: str, *, check=None, folder=None) -> dict:
    """The arrays for ``key``: from the cache file when it holds them, else ``compute()``
    (a dict of name -> numpy array, names not starting with "__"), then saved.

    ``key`` is a JSON-serialisable dict of everything the result depends on (rules, a
    format number, a code version); ``check(arrays)``, when given, raises ValueError for
    arrays that do not fit (a wrong shape). ``folder`` overrides :func:`cache_dir`. At
    most one CacheWarning is given per call.
    """
    identity = _identity(key, kind)
    path = path_for(key, kind, folder)
    forgeable = distrust(path.parent) or distrust(path)
    if forgeable:
        warnings.warn(
            f"{forgeable}, so the cached {kind} there could have been forged: dicelab neither "
            "reads nor writes it (make the folder yours alone with chmod go-w, or set "
            "DICELAB_CACHE_DIR to one that is); computing it",
            CacheWarning,
            stacklevel=2,
        )
        return _computed(compute)
    arrays, problem = _read(path, identity, check)
    if arrays is not None:
        return arrays
    with _computing(path):
        arrays, again = _read(path, identity, check)  # saved by whoever held the turn
        if arrays is not None:
            return arrays
        return _compute_and_save(path, identity, kind, compute, problem or again)


def _compute_and_save(path: Path, identity: str, kind: str, compute, problem) -> dict:
    """``compute()``'s arrays, checked and saved, with one CacheWarning at most: for the
    ``problem`` found in the file at ``path``, or else for a failure to save."""
    if problem:
        warnings.warn(
            f"the cached {kind} at {path} {problem}; computing it again", CacheWarning, stacklevel=3
        )
    arrays = _computed(compute)
    failure = _write(path, identity, arrays)
    if failure and not problem:
        warnings.warn(
            f"could not save the {kind} in {path.parent}: {failure}", CacheWarning, stacklevel=3
        )
    return arrays


def _computed(compute) -> dict:
    """``compute()``'s arrays, checked."""
    arrays = compute()
    if type(arrays) is not dict or not all(
        isinstance(name, str) and not name.startswith("__") and isinstance(array, np.ndarray)
        for name, array in arrays.items()
    ):
        raise TypeError("compute() must return a dict of names to numpy arrays")
    return arrays


@contextmanager
def _computing(path: Path) -> Iterator[None]:
    """Take this cache file's turn to be computed: wait while another process (or thread)
    computes it, through a lock file beside it (``.NAME.lock``, removed after). Where
    files can't be locked (no ``fcntl``, a folder that can't be written) nobody waits,
    which only costs computing twice: writes are atomic either way."""
    lock = path.with_name(f".{path.name}.lock")
    handle = files.lock(lock, wait=True)
    try:
        yield
    finally:
        try:
            os.unlink(lock)
        except OSError:
            pass
        if handle is not None and handle != files.NO_LOCK:
            os.close(handle)  # which lets the next one in


def _read(path: Path, identity: str, check) -> tuple[dict | None, str | None]:
    """(the arrays, None) from a trustworthy file; (None, why not) otherwise; (None, None)
    when there is nothing at the path."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, f"cannot be looked at ({error})"
    if stat.S_ISDIR(mode):
        return None, "is a folder, not a cache file"
    if not stat.S_ISREG(mode):
        return None, "is not a regular file"
    try:
        with open(path, "rb") as file:
            saved = np.load(file, allow_pickle=False)
            if not isinstance(saved, np.lib.npyio.NpzFile):  # a .npy file: one array
                return None, "is a single array, not a cache archive"
            with saved:
                arrays = {name: saved[name] for name in saved.files}
    except Exception as error:  # whatever a damaged file makes the readers raise
        return None, f"cannot be read ({type(error).__name__}: {error})"
    key, checksum = arrays.pop(_KEY, None), arrays.pop(_CHECKSUM, None)
    if key is None or checksum is None or key.shape or checksum.shape:
        return None, "is not a dicelab cache file"
    if str(key) != identity:
        return None, "was computed for something else"
    if str(checksum) != _checksum(identity, arrays):
        return None, "is damaged (its checksum does not match)"
    if check is not None:
        try:
            check(arrays)
        except (ValueError, KeyError) as error:
            return None, f"does not fit ({error})"
    return arrays, None


def _write(path: Path, identity: str, arrays: dict) -> str | None:
    """Save ``arrays`` at ``path`` atomically; the reason when it could not be done."""
    extra = {_KEY: np.array(identity), _CHECKSUM: np.array(_checksum(identity, arrays))}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, lambda file: np.savez(file, **{**arrays, **extra}))
    except OSError as error:
        return str(error)
    return None
