"""Finding the class server of a data folder, or starting one that outlives the notebook.

A running server writes its addresses to ``server.json`` in its data folder (owner only);
:func:`running_server` trusts that file only while the server it names answers. The server
:func:`start_server` starts is a process of its own session, so a kernel restart (or the
kernel ending) leaves it running; End class on the board, or :func:`stop_server`, ends it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from dicelab.classroom.server import SERVER_FILE
from dicelab.classroom.store import data_dir

START_SECONDS = 60.0  # how long a new server may take to say where it is


def _answers(student_url: str) -> bool:
    health = student_url.rsplit("/join/", 1)[0] + "/health"
    try:
        with urllib.request.urlopen(health, timeout=2) as answer:
            return json.load(answer).get("server") == "dicelab class"
    except (OSError, ValueError):
        return False


def running_server(data=None) -> dict | None:
    """The addresses of the server running on ``data`` (``pid``, ``student_url``,
    ``projector_url``, ``teacher_url``), or None when none answers."""
    path = Path(data or data_dir()) / SERVER_FILE
    try:
        found = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return found if _answers(found.get("student_url", "")) else None


def start_server(data=None, host: str = "127.0.0.1", port: int = 8765, base: str = "/") -> dict:
    """Start ``dicelab class serve`` on ``data`` in a session of its own; its addresses.

    RuntimeError, with the server's own words, if it does not start."""
    folder = Path(data or data_dir())
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    (folder / SERVER_FILE).unlink(missing_ok=True)
    log = open(folder / "server.log", "ab")  # noqa: SIM115 (the server writes it)
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
    log.close()
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


def stop_server(data=None) -> bool:
    """Stop the server running on ``data`` (SIGTERM: it closes cleanly); False if none was."""
    found = running_server(data)
    if found is None:
        return False
    os.kill(found["pid"], signal.SIGTERM)
    return True
