"""Other front ends than JupyterLab for the browser tests: a Voilà server and a marimo app.

Each serves one file on a free loopback port, started with this interpreter. The page's
game writes its ``game.to_json()`` to a file whenever its view changes (the cell or app
says so itself), so a test reads the Python side without touching the page.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from tests.browser.harness import free_port, isolated_env, stop_process, wait_for_url

# The lines that make a game ``game`` write its saved form to ``path`` on every change.
RECORDER = """import pathlib
def record(_change=None, game=game, path=pathlib.Path({path!r})):
    path.write_text(game.game.to_json() if game.game else "")
game.observe(record, "view")
record()
"""


def recorder(path: Path) -> str:
    """Python lines that keep ``path`` holding ``game.game.to_json()``."""
    return RECORDER.format(path=str(path))


def actions(game: dict) -> list:
    """The actions of a saved game, in order."""
    return [event["action"] for event in game["events"]]


@contextmanager
def serving(command: list[str], folder: Path, path: str = "/"):
    """Run ``command`` (a server taking ``{port}``) in ``folder``; yield its URL."""
    port = free_port()
    log_path = folder / "server.log"
    env = isolated_env(folder / "home")
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [part.format(port=port) for part in command],
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}{path}"
    try:
        wait_for_url(url, process, log_path)
        yield url
    finally:
        stop_process(process)


def voila(folder: Path, notebook: str):
    """Serve ``notebook`` (in ``folder``) with Voilà."""
    return serving(
        [
            sys.executable,
            "-m",
            "voila",
            notebook,
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            "--Voila.port={port}",
            "--Voila.port_retries=0",
        ],
        folder,
    )


def marimo_app(folder: Path, app: str):
    """Run the marimo app ``app`` (in ``folder``) headless, without a token."""
    return serving(
        [
            sys.executable,
            "-m",
            "marimo",
            "run",
            app,
            "--headless",
            "--no-token",
            "--host",
            "127.0.0.1",
            "--port",
            "{port}",
        ],
        folder,
    )


def recorded(path: Path, until, timeout: float = 20.0) -> dict:
    """The saved game ``path`` holds once ``until(game)`` is true (AssertionError if never)."""
    deadline = time.monotonic() + timeout
    game = None
    while time.monotonic() < deadline:
        if path.exists():
            text = path.read_text()
            game = json.loads(text) if text else None
            if game is not None and until(game):
                return game
        time.sleep(0.2)
    raise AssertionError(f"the Python side never got there; last recorded: {game}")
