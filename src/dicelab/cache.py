"""Solutions kept on disk between sessions: keyed by what they solve, never trusted.

A solution is a few named numpy arrays. Its file name is a digest of its *identity* (the
rules, the solver's format version and the source of the code that computed it); the file
holds that identity and a checksum of the arrays, and is read only when both match. A file
that is there but cannot be trusted is solved again, with one warning; a write goes to a
temporary file renamed into place, so no half-written file is ever read or left behind.
Files live in ``$DICELAB_CACHE_DIR``, else the user cache folder.

>>> import numpy as np
>>> arrays = cached("example", {"n": 3}, lambda: {"squares": np.arange(3) ** 2}, store=False)
>>> arrays["squares"].tolist()
[0, 1, 4]
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import tempfile
import warnings
import zipfile
from pathlib import Path

import numpy as np


def cache_dir() -> Path:
    """Where solutions are saved: ``$DICELAB_CACHE_DIR``, else the user cache folder."""
    if os.environ.get("DICELAB_CACHE_DIR"):
        return Path(os.environ["DICELAB_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dicelab"


def source_digest(*modules) -> str:
    """A digest of the modules' source (the package version when no source is shipped)."""
    try:
        text = "".join(inspect.getsource(module) for module in modules)
    except OSError:
        from dicelab import __version__ as text
    return hashlib.sha256(text.encode()).hexdigest()


def identity_text(identity: dict) -> str:
    return json.dumps(identity, sort_keys=True)


def cache_path(kind: str, identity: dict) -> Path:
    """The file of the solution of ``kind`` (e.g. "fivethousand-win") for ``identity``."""
    digest = hashlib.sha256(identity_text(identity).encode()).hexdigest()
    return cache_dir() / f"{kind}-{digest[:24]}.npz"


def checksum(identity: str, arrays: dict) -> str:
    digest = hashlib.sha256(identity.encode())
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}{array.dtype.str}{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def load(path: Path, identity: dict) -> dict | None:
    """The arrays saved in ``path`` for ``identity``; None when missing; None with a warning
    when the file is there but does not match or is damaged."""
    if not path.exists():
        return None
    text = identity_text(identity)
    try:
        with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as saved:
            arrays = {name: saved[name] for name in saved.files}
        stored_identity = str(arrays.pop("identity"))
        stored_checksum = str(arrays.pop("checksum"))
        if stored_identity == text and stored_checksum == checksum(text, arrays):
            return arrays
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        pass
    warnings.warn(f"ignoring the damaged or outdated cache file {path.name}; solving again", stacklevel=3)
    return None


def save(path: Path, identity: dict, arrays: dict) -> None:
    """Write the arrays atomically; a failure to write only warns."""
    text = identity_text(identity)
    name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=path.stem, suffix=".tmp", delete=False) as file:
            name = file.name
            np.savez(file, identity=np.array(text), checksum=np.array(checksum(text, arrays)), **arrays)
        os.replace(name, path)
    except OSError as error:
        if name and os.path.exists(name):
            os.unlink(name)
        warnings.warn(f"could not save a solution in {path.parent}: {error}", stacklevel=3)


def cached(kind: str, identity: dict, compute, store: bool = True) -> dict:
    """The arrays of ``kind`` for ``identity``: from the disk cache when it can be trusted,
    else from ``compute()`` (then saved). ``store=False`` neither reads nor writes."""
    if not store:
        return compute()
    path = cache_path(kind, identity)
    arrays = load(path, identity)
    if arrays is None:
        arrays = compute()
        save(path, identity, arrays)
    return arrays
