"""Widget games saved after every action, so that a kernel restart loses nothing.

Each widget's game is one JSON file in ``games/`` of the user data folder
(``$DICELAB_DATA_DIR``, else ``$XDG_DATA_HOME/dicelab``, else ``~/.local/share/dicelab``),
written atomically (:func:`dicelab.files.write_atomic`): the game as ``Game.to_json`` writes
it, the history the widget lists, and where it was made (the widget's class, the arguments
it was made with and the notebook cell, when the front end says which); a new game of the
same widget replaces the one before in its file. A widget made
again in the same cell with the same arguments continues the game that cell left
unfinished; ``resume=True`` continues the latest unfinished game of that widget, and
:func:`saved_games` lists them all, the latest first. The :data:`KEPT_FILES` saved last
are kept. Each save has one writer (:func:`lock`): a game that another kernel's table is
writing goes on as a copy in a file of its own, and the table says so.

>>> import os, tempfile
>>> from dicelab.widgets import YahtzeeGame, saved_games
>>> with tempfile.TemporaryDirectory() as folder:
...     os.environ["DICELAB_DATA_DIR"] = folder
...     first = YahtzeeGame(players=["Ann"], seed=4, pace=0)
...     first.play(first.game.legal_actions()[0])
...     again = YahtzeeGame(resume=True)
...     (again.game.to_json() == first.game.to_json(), saved_games()[0].players)
(True, ('Ann',))
>>> del os.environ["DICELAB_DATA_DIR"]
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
import warnings
from dataclasses import dataclass
from pathlib import Path

from dicelab import files, saves, validation
from dicelab.errors import CorruptGameError, NotAFileError
from dicelab.files import distrust, reason, write_atomic
from dicelab.ruleset import MAX_ITEMS

FORMAT = 1
KEPT_FILES = 50  # the saved games kept (the oldest files beyond these are removed)
_WARNED: set[Path] = set()  # the files that are not saves, each warned about once


def data_dir() -> Path:
    """Where dicelab keeps what it saves for the user."""
    if os.environ.get("DICELAB_DATA_DIR"):
        return Path(os.environ["DICELAB_DATA_DIR"])
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "dicelab"


def games_dir() -> Path:
    """The folder of the saved widget games."""
    return data_dir() / "games"


@dataclass(frozen=True)
class SavedGame:
    """One saved widget game: which widget, who plays, when it was saved, whether it is over."""

    path: Path
    widget: str
    players: tuple
    saved: float  # seconds since the epoch
    over: bool
    made: str  # the arguments the widget was made with, and its cell
    document: dict

    def __repr__(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))
        state = "over" if self.over else "unfinished"
        return f"<{self.widget} of {', '.join(self.players)}, {state}, saved {when}>"

    @property
    def game_json(self) -> str:
        """The game, as ``Game.from_json`` reads it."""
        return self.document["game"]


def new_name() -> str:
    """A file name for a new game's saves."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}.json"


def save(name: str, widget: str, made: str, game, entries: list, extra: dict) -> str | None:
    """Save ``game`` (and the widget's history ``entries``) in the file ``name``; the
    reason when it could not be saved (a full disk), which the widget says once."""
    folder = games_dir()
    document = {
        "format": FORMAT,
        "widget": widget,
        "made": made,
        "saved": time.time(),
        "over": game.is_over,
        "players": [p.name for p in game.players],
        "game": game.to_json(),
        "entries": entries,
        **extra,
    }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / name, json.dumps(document))
    except OSError as error:
        return error.strerror or str(error)
    _prune(folder)
    return None


def _prune(folder: Path) -> None:
    files = sorted(folder.glob("*.json"), key=_modified)
    for old in files[: max(0, len(files) - KEPT_FILES)]:
        for path in (old, _lock_path(old.name)):
            try:
                path.unlink()
            except OSError:
                pass


def _lock_path(name: str) -> Path:
    return games_dir() / f".{name}.lock"


def lock(name: str) -> int | None:
    """Become the one writer of the save ``name``: the open lock file (closing it lets go;
    so does the process ending), or None while another process writes that save. Where
    files can't be locked (no ``fcntl``, a folder that can't be written), everyone may:
    -1, no lock held."""
    return files.lock(_lock_path(name))


def unlock(handle: int | None) -> None:
    """Let go of a save taken with :func:`lock`."""
    if handle is not None and handle >= 0:
        os.close(handle)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def saved_games(widget: str | None = None) -> list[SavedGame]:
    """The saved widget games (of the widget class named ``widget``, or all), the latest
    first. A file that is not a save (see :func:`read`) is left out, with one
    :class:`SavedGameWarning` naming it the first time it is met; a folder that other users
    may write (:func:`dicelab.files.distrust`) gives none, and one warning saying why."""
    found: list[SavedGame] = []
    forgeable = distrust(games_dir())
    if forgeable:
        if games_dir() not in _WARNED:
            _WARNED.add(games_dir())
            warnings.warn(
                f"{forgeable}, so its saved games could have been forged: none is continued "
                "from it (make it yours alone with chmod go-w, or set DICELAB_DATA_DIR to a "
                "folder that is)",
                SavedGameWarning,
                stacklevel=2,
            )
        return found
    try:
        paths = sorted(games_dir().glob("*.json"))
    except OSError:
        return found
    for path in paths:
        try:
            entry = read(path)
        except (OSError, CorruptGameError) as problem:
            if path not in _WARNED:
                _WARNED.add(path)
                warnings.warn(
                    f"{path.name} in {path.parent} is not a saved game and is left out: "
                    f"{reason(problem) if isinstance(problem, OSError) else problem}",
                    SavedGameWarning,
                    stacklevel=2,
                )
            continue
        if widget is None or entry.widget == widget:
            found.append(entry)
    return sorted(found, key=lambda entry: -entry.saved)


def read(path: Path) -> SavedGame:
    """The save in the file ``path``, read within limits: a regular file (not a link, a
    pipe or a device) of at most :data:`dicelab.saves.MAX_CHARS` bytes, JSON nested no
    deeper than a save, every field of exactly its type (:data:`SCHEMA`). Raises
    ``OSError`` or :class:`~dicelab.errors.CorruptGameError` (for the JSON path at fault)."""
    try:
        text = files.read_regular(path, saves.MAX_CHARS, follow=False)
    except NotAFileError as error:
        raise CorruptGameError(reason(error)) from None
    document = saves.parse(text)
    saves.check_document(document, SCHEMA)
    return SavedGame(
        path,
        document["widget"],
        tuple(document["players"]),
        float(document["saved"]),
        document["over"],
        document["made"],
        document,
    )


class SavedGameWarning(UserWarning):
    """A file in the saved games' folder that is not a save; it is left out."""


def _text(longest: int):
    def check(value, path):
        if type(value) is not str or len(value) > longest:
            raise CorruptGameError(f"must be a text of at most {longest} characters", path)

    return check


def _time(value, path):
    if type(value) not in (int, float) or not 0 <= value < math.inf:
        raise CorruptGameError("must be a time: a number of seconds, not below 0, finite", path)


def _seed(value, path):
    if value is not None:
        saves.whole(0, validation.MAX_SEED)(value, path)


SENTENCE = 10_000  # the longest sentence a history entry holds


#: What a save holds, exactly (see :func:`save`).
def _panels(value, path):
    """The panels a game was shown with: read by the table that resumes it
    (``autosave.saved_panels``), which shows its own where they are not exactly what it
    writes, so that odd panels never cost the game itself."""


SCHEMA = saves.obj(
    {
        "format": saves.const(FORMAT),
        "widget": saves.string,
        "made": _text(saves.MAX_CHARS),
        "saved": _time,
        "over": saves.boolean,
        "players": saves.array(saves.string, 1, MAX_ITEMS),
        "game": _text(saves.MAX_CHARS),
        "entries": saves.array(
            saves.obj(
                {
                    "serial": saves.whole(1, saves.MAX_EVENTS),
                    "player": saves.string,
                    "colour": saves.string,
                    "text": _text(SENTENCE),
                    "dice": saves.array(saves.whole(1, 6), 0, 6),
                    "mark": saves.string,
                }
            ),
            0,
            saves.MAX_EVENTS,
        ),
    },
    {"seed": _seed, "games_started": saves.whole(0, saves.MAX_EVENTS), "panels": _panels},
)


def latest(widget: str, made: str | None = None) -> SavedGame | None:
    """The latest unfinished game of ``widget`` (made with ``made``, when given)."""
    return next(
        (
            entry
            for entry in saved_games(widget)
            if not entry.over and (made is None or entry.made == made)
        ),
        None,
    )


def load(entry: SavedGame, Game):
    """The game of ``entry``, replayed and checked by ``Game.from_json``; None (with a
    warning) when the file does not hold a game that replays."""
    try:
        return Game.from_json(entry.game_json)
    except (CorruptGameError, ValueError, TypeError) as problem:
        warnings.warn(
            f"the saved game {entry.path.name} could not be continued: {problem}", stacklevel=3
        )
        return None


def _request() -> dict:
    """The kernel's request being run now ({} outside a kernel)."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        return (kernel.get_parent("shell") if kernel is not None else {}) or {}
    except Exception:  # no IPython, or one that does not say: no cell  # noqa: BLE001
        return {}


def cell() -> str:
    """The notebook cell running now, as the front end names it ("" when it does not)."""
    cell_id = _request().get("metadata", {}).get("cellId", "")
    return cell_id if isinstance(cell_id, str) else ""


def run() -> str:
    """This run of the cell running now (its request's id; "" outside a kernel)."""
    run_id = _request().get("header", {}).get("msg_id", "")
    return run_id if isinstance(run_id, str) else ""
