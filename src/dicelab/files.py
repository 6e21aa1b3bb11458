"""Every file dicelab writes is written whole or not at all.

:func:`write_atomic` writes into a temporary file beside the target (``.NAME.RANDOM.tmp``),
flushes and syncs it to the disk, then renames it over the target; when anything fails (a
full disk, an interrupt) the temporary file is removed and the old target is untouched.
The rename replaces a symbolic link at the target by the file itself, so nothing is ever
written through a link to somewhere else. :func:`remove_stale` deletes the temporary
files a killed process left behind, once they are a day old.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     path = write_atomic(pathlib.Path(folder) / "note.txt", "hello")
...     path.read_text(), sorted(p.name for p in path.parent.iterdir())
('hello', ['note.txt'])
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

STALE_SECONDS = 24 * 3600  # a temporary file this old belongs to a process that died
SUFFIX = ".tmp"

Content = bytes | str | Callable


def write_atomic(path, content: Content) -> Path:
    """Write ``content`` at ``path`` (str, bytes, or a function given the open binary file)
    atomically, and return the path. An ``OSError`` leaves the old file as it was."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=SUFFIX)
    try:
        with os.fdopen(handle, "wb") as file:
            if callable(content):
                content(file)
            else:
                file.write(content.encode("utf-8") if isinstance(content, str) else content)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return path


def is_temporary(path: Path) -> bool:
    """Whether ``path`` is named as :func:`write_atomic`'s temporary files are."""
    return path.name.startswith(".") and path.name.endswith(SUFFIX)


def remove_stale(folder, age: float = STALE_SECONDS) -> list[Path]:
    """Delete the temporary files in ``folder`` older than ``age`` seconds; the ones removed."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        try:
            if (
                is_temporary(entry)
                and entry.is_file()
                and not entry.is_symlink()
                and now - entry.stat().st_mtime > age
            ):
                entry.unlink()
                removed.append(entry)
        except OSError:
            pass
    return removed


def reason(error: OSError) -> str:
    """An OSError as a short sentence without its Python wrapping ("No space left on device")."""
    return error.strerror or str(error)
