"""Finding the class server of a data folder, or starting one that outlives the notebook.

One server runs on a data folder: it holds a lock on ``server.lock`` there (:class:`FolderLock`)
while it runs, and a second one refuses to start, naming the first. A running server writes
its addresses to ``server.json`` in its data folder (owner only), and removes it when it stops
if the file is still its own; :func:`running_server` trusts that file only while the server it
names answers. The server :func:`start_server` starts is a process of its own session, so a
kernel restart (or the kernel ending) leaves it running; End class on the board, or
:func:`stop_server`, ends it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from dicelab import files
from dicelab.classroom.store import data_dir
from dicelab.files import open_log, read_regular, write_atomic

START_SECONDS = 60.0  # how long a new server may take to say where it is
SERVER_FILE = "server.json"  # where a running server says its addresses (for Classroom())
LOCK_FILE = "server.lock"  # locked by the server running on the folder, and holds its pid
MAX_FILE = 4096  # the most either holds (a pid; a pid and three addresses)


class FolderInUse(ValueError):
    """A class server runs on this data folder already."""


class FolderLock:
    """The lock of the data folder ``folder``, held from here to :meth:`release` (or to the
    end of the process, however it ends): FolderInUse, naming the server that holds it, when
    another process does. Where files can't be locked (no ``fcntl``: Windows) nothing is held."""

    def __init__(self, folder: Path):
        self._descriptor: int | None = None
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor = files.lock(folder / LOCK_FILE)
        if descriptor is None:
            raise FolderInUse(_in_use(folder))
        if descriptor == files.NO_LOCK:
            return
        os.ftruncate(descriptor, 0)
        os.write(descriptor, str(os.getpid()).encode())
        self._descriptor = descriptor

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None


def _in_use(folder: Path) -> str:
    """The sentence that names the server running on ``folder`` (its process, and its
    students' address once it has said it)."""
    try:
        pid = int(read_regular(folder / LOCK_FILE, MAX_FILE, follow=False))
    except (OSError, ValueError):
        pid = None
    found = _server_file(folder)
    address = (
        f", students at {found.get('student_url')}"
        if found is not None and found.get("pid") == pid
        else ""
    )
    return (
        f"a class server runs on {folder} already (process {pid}{address}): stop it first, "
        "or give another --data folder"
    )


def _server_file(folder: Path) -> dict[str, Any] | None:
    try:
        text = read_regular(folder / SERVER_FILE, MAX_FILE, follow=False)
        found = json.loads(text) if len(text) <= MAX_FILE else None
    except (OSError, ValueError, RecursionError):
        return None
    return found if isinstance(found, dict) else None


def write_server_file(folder: Path, addresses: dict[str, Any]) -> Path:
    """Say where this process's server is, for ``Classroom()`` (readable by the owner only)."""
    return write_atomic(
        folder / SERVER_FILE, json.dumps({"pid": os.getpid(), **addresses}), mode=0o600
    )


def remove_server_file(folder: Path) -> None:
    """Remove ``server.json`` if this process wrote it (never another server's)."""
    found = _server_file(folder)
    if found is not None and found.get("pid") == os.getpid():
        (folder / SERVER_FILE).unlink(missing_ok=True)


def _answers(student_url: str) -> bool:
    health = student_url.rsplit("/join/", 1)[0] + "/health"
    try:
        with urllib.request.urlopen(health, timeout=2) as answer:
            return bool(json.load(answer).get("server") == "dicelab class")
    except (OSError, ValueError):
        return False


def running_server(data: str | os.PathLike[str] | None = None) -> dict[str, Any] | None:
    """The addresses of the server running on ``data`` (``pid``, ``student_url``,
    ``projector_url``, ``teacher_url``), or None when none answers."""
    found = _server_file(Path(data or data_dir()))
    return found if found is not None and _answers(str(found.get("student_url", ""))) else None


def start_server(
    data: str | os.PathLike[str] | None = None,
    host: str = "127.0.0.1",
    port: int = 8765,
    base: str = "/",
) -> dict[str, Any]:
    """Start ``dicelab class serve`` on ``data`` in a session of its own; its addresses.

    RuntimeError, with the server's own words, if it does not start."""
    folder = Path(data or data_dir())
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    log = open_log(folder / "server.log")  # (the server writes it)
    command = [
        sys.executable,
        "-m",
        "dicelab",
        "class",
        "serve",
        "--data",
        str(folder),
        "--host",
        host,
        "--port",
        str(port),
        "--base-path",
        base,
    ]
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True
    )
    # Waited for when it ends, however it is stopped (else it stays a zombie of this process)
    threading.Thread(target=process.wait, name="dicelab-class-server", daemon=True).start()
    os.close(log)
    end = time.monotonic() + START_SECONDS
    while time.monotonic() < end:
        found = running_server(folder)
        if found is not None and found["pid"] == process.pid:
            return found
        if process.poll() is not None:
            words = (folder / "server.log").read_text(errors="replace").strip().splitlines()[-3:]
            raise RuntimeError("the class server did not start: " + " ".join(words))
        time.sleep(0.2)
    process.terminate()
    raise RuntimeError(f"the class server did not start within {START_SECONDS:.0f} s")


def stop_server(data: str | os.PathLike[str] | None = None) -> bool:
    """Stop the server running on ``data`` (SIGTERM: it closes cleanly); False if none was."""
    found = running_server(data)
    if found is None:
        return False
    os.kill(found["pid"], signal.SIGTERM)
    return True
