"""Every file dicelab writes is written whole or not at all, and only over a file.

:func:`write_atomic` writes into a temporary file beside the target
(``.NAME.PID-BOOT.RANDOM.tmp``: the writing process and the boot it runs in), flushes and
syncs it to the disk, then renames it over the target; when anything fails (a full disk, an
interrupt) the temporary file is removed and the old target is untouched.

What is at the target is respected:

- a target that exists and is not a regular file (a folder, a device such as
  ``/dev/null``, a pipe) is refused with :class:`~dicelab.errors.NotAFileError` before
  anything is written;
- a file replaced keeps its permissions (and, where the writer may, its owner); a new file
  gets those the umask gives (``rw-r--r--`` under the usual umask 022), unless the writer
  asks for others (``mode=0o600`` for a secret);
- a symbolic link at the target is replaced by the file itself, so nothing is ever written
  through a link to somewhere else (a link to something that is not a regular file is
  refused, as that thing would be).

The first write into a folder in a process removes the temporary files there whose writer
is gone (:func:`remove_stale`): its process has ended, or the computer has started again
since; a temporary file that does not say who wrote it goes once a day old.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     path = write_atomic(pathlib.Path(folder) / "note.txt", "hello")
...     path.read_text(), sorted(p.name for p in path.parent.iterdir())
('hello', ['note.txt'])
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path

from dicelab.errors import NotAFileError

STALE_SECONDS = 24 * 3600  # a temporary file that does not say its writer goes when this old
SUFFIX = ".tmp"
_WRITER = re.compile(r"\.(\d+)-([0-9a-f]+)\.[0-9a-f]+\.tmp$")  # ".PID-BOOT.RANDOM.tmp"
_SWEPT: set[Path] = set()  # folders whose stale temporary files were removed this process

Content = bytes | str | Callable


def _boot() -> str:
    """A short name of this boot of the computer ("0" where the system does not say)."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as file:
            return file.read(8)
    except OSError:
        return "0"


BOOT = _boot()


def kind(mode: int) -> str:
    """What a file of ``mode`` (from ``os.stat``) is, in words ("a folder", "a device")."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a regular file" if stat.S_ISREG(mode) else "something other than a file"


def write_atomic(path, content: Content, mode: int | None = None) -> Path:
    """Write ``content`` at ``path`` (str, bytes, or a function given the open binary file)
    atomically, and return the path. ``mode`` gives the new file these permissions
    whatever was there. An ``OSError`` leaves the old file as it was; a target that is not
    a regular file raises :class:`~dicelab.errors.NotAFileError` (an ``OSError`` and a
    ``ValueError``) and nothing is written."""
    path = Path(path)
    try:
        old = os.stat(path)
    except FileNotFoundError:  # nothing there, or a dangling link that the file replaces
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise NotAFileError(path, kind(old.st_mode))
    sweep(path.parent)
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{BOOT}.{secrets.token_hex(4)}{SUFFIX}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    handle = os.open(temporary, flags, 0o666)  # the umask takes its part
    try:
        with os.fdopen(handle, "wb") as file:
            if mode is not None:
                os.fchmod(file.fileno(), mode)
            elif old is not None:
                _keep_owner_and_mode(file.fileno(), old)
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


def read_regular(path, most: int, follow: bool = True) -> bytes:
    """The bytes of the regular file at ``path``, at most ``most + 1`` of them (so that the
    caller refuses a longer file without reading it all). It is opened without waiting, so
    that a pipe never hangs the reader, and, unless ``follow``, never through a link;
    anything but a regular file raises :class:`~dicelab.errors.NotAFileError`."""
    nofollow = 0 if follow else getattr(os, "O_NOFOLLOW", 0)
    handle = _open_regular(path, os.O_RDONLY | nofollow, "reads")
    with os.fdopen(handle, "rb") as file:
        return file.read(most + 1)


def open_log(path) -> int:
    """A descriptor appending to the log file at ``path`` (owner-only when new): a regular
    file, never a link or a pipe (which would hang the writer until someone read it)."""
    return _open_regular(
        path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), "writes"
    )


def _open_regular(path, flags: int, doing: str) -> int:
    """``os.open(path, flags)`` without waiting, refused unless a regular file opened."""
    try:
        handle = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o600)
    except OSError:
        try:  # a link not followed, a pipe nobody reads: say what is there
            mode = os.lstat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise NotAFileError(path, kind(mode), doing) from None
        raise
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        raise NotAFileError(path, kind(mode), doing)
    if hasattr(os, "set_blocking"):
        os.set_blocking(handle, True)
    return handle


def _keep_owner_and_mode(handle: int, old: os.stat_result) -> None:
    """Give the open new file the old one's permissions, and its owner where allowed."""
    if (old.st_uid, old.st_gid) != (os.fstat(handle).st_uid, os.fstat(handle).st_gid):
        try:
            os.fchown(handle, old.st_uid, old.st_gid)
        except OSError:  # only root may give a file away: it stays the writer's
            pass
    os.fchmod(handle, stat.S_IMODE(old.st_mode))


def is_temporary(path: Path) -> bool:
    """Whether ``path`` is named as :func:`write_atomic`'s temporary files are."""
    return path.name.startswith(".") and path.name.endswith(SUFFIX)


def _writer_gone(path: Path, age: float) -> bool:
    """Whether the process that wrote the temporary file ``path`` is gone."""
    writer = _WRITER.search(path.name)
    if writer is None:  # it does not say who wrote it
        return time.time() - path.lstat().st_mtime > age
    pid, boot = int(writer[1]), writer[2]
    if boot != BOOT:  # written before the computer started again
        return True
    if pid == os.getpid() or os.name != "posix":  # perhaps another thread of ours is writing
        return time.time() - path.lstat().st_mtime > age
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process is there
    except ProcessLookupError:
        return True
    except OSError:  # there, and someone else's
        return False
    return False


def remove_stale(folder, age: float = STALE_SECONDS) -> list[Path]:
    """Delete the temporary files in ``folder`` whose writer is gone (and those that do not
    say who wrote them, once older than ``age`` seconds); the ones removed."""
    removed: list[Path] = []
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
                and _writer_gone(entry, age)
            ):
                entry.unlink()
                removed.append(entry)
        except OSError:
            pass
    return removed


def sweep(folder) -> None:
    """:func:`remove_stale` in ``folder``, the first time this process asks."""
    folder = Path(folder)
    if folder not in _SWEPT:
        _SWEPT.add(folder)
        remove_stale(folder)


def distrust(path) -> str | None:
    """Why what is at ``path`` (a folder or a file) could have been written by another user,
    as a short sentence; None when nothing is there, or when it belongs to this user or root
    and no one else may write it (as ssh asks of its keys). A group may write it when it is
    the user's own group (the usual umask 002 of per-user groups). A folder that others may
    add to but not replace in (``/tmp``'s sticky bit) is trusted: its files are asked alone."""
    if os.name != "posix":
        return None
    try:
        info = os.stat(path)
    except OSError:
        return None
    if info.st_uid not in (os.geteuid(), 0):
        return f"{path} belongs to another user"
    sticky = stat.S_ISDIR(info.st_mode) and info.st_mode & stat.S_ISVTX
    others = 0o002 | (0o020 if info.st_gid != os.getegid() else 0)
    if info.st_mode & others and not sticky:
        return f"{path} can be written by other users"
    return None


#: What :func:`lock` gives where files can't be locked: nothing is held, and nobody waits.
NO_LOCK = -1


def lock(path: Path, wait: bool = False) -> int | None:
    """Hold an exclusive lock on the file ``path`` (made owner-only, never opened through a
    link): its open descriptor, which lets go when closed or when the process ends however
    it ends. None when another process holds it (unless ``wait``, which waits for it), and
    :data:`NO_LOCK` where files can't be locked (no ``fcntl``: Windows; a folder that can't
    be written; a file system without locks).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.lock"
    >>> held = lock(path)
    >>> held >= 0, lock(path)
    (True, None)
    >>> os.close(held)
    """
    try:
        import fcntl
    except ImportError:  # Windows
        return NO_LOCK
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_CREAT | os.O_RDWR | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return NO_LOCK
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        os.close(handle)
        return None
    except OSError:  # a file system without locks (some network ones)
        os.close(handle)
        return NO_LOCK
    return handle


def reason(error: OSError) -> str:
    """An OSError as a short sentence without its Python wrapping ("No space left on device")."""
    return error.strerror or str(error)
