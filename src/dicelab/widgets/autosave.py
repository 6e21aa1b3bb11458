"""A table's game kept in the autosave folder (a mixin of
:class:`~dicelab.widgets.controller.GameController`): saved after every action with the
panels the player chose, continued when its cell runs again (after a kernel restart too) or
when asked for, and written by one table only, so that a game open in two notebooks goes on
in the second as a copy, saved apart. The files themselves are :mod:`dicelab.widgets.saving`'s."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from dicelab.coach.base import RATINGS
from dicelab.errors import IllegalMoveError
from dicelab.messages import Said
from dicelab.widgets import saving
from dicelab.widgets.seat_editor import HUMAN

_SAVING: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # save file -> its table
MAX_PACE = 60.0  # the slowest pace a saved game may ask for, in seconds between robot steps


class Autosave:
    """The save of the table's game: which file, whether this table is its one writer, and
    what is not saved yet."""

    _game: Any
    _closed: bool
    _save_name: str | None  # the file this game is saved in
    _save_lock: int | None = None  # held while this table is the file's one writer
    _unsaved: bool  # whether an action was played since the last save
    _save_problem: str | None  # why the game could not be saved, said once
    _save_notice: dict  # the notice saying so, while it is shown
    _saved_panels: dict  # the panels as last saved (see ``panels``)
    _made: str  # how the widget was made: its cell's saves are found by it
    _notice: dict
    _status: str
    say: Callable[..., str]  # the table's catalogue (see dicelab.messages)
    _seats: list
    _entries: list
    _games_started: int
    Game: Any
    rules: Any
    seed: int | None
    pace: float
    sound: bool
    coaching: Any
    winning: Any
    # the table's own, used here: draw, a game's first moments, the robots, a refusal said
    render: Callable[[], None]
    after: Callable[[Any], None]
    _schedule_bots: Callable[[], None]
    _notice_refusal: Callable[[IllegalMoveError], None]

    def _claim_save_file(self) -> None:
        """A new game is unsaved; the table's first one gets the file the table keeps (one
        file per table: a new game replaces the one before)."""
        if self._save_name is None:
            self._save_name = saving.new_name()
            self._save_lock = saving.lock(self._save_name)
            _SAVING[self._save_name] = self
        self._unsaved = True

    def _release_save_file(self) -> None:
        """No longer the file's writer (the table is closing)."""
        saving.unlock(self._save_lock)  # (None when closed while being made)
        self._save_lock = None

    def _resume(self, saved) -> bool:
        """Continue ``saved`` (True: the latest unfinished game of this widget); whether a
        game was continued."""
        if saved is True:
            saved = saving.latest(type(self).__name__)
        game = saving.load(saved, self.Game) if saved is not None else None
        if game is None:
            return False
        earlier = _SAVING.get(saved.path.name)
        if earlier is not None and earlier is not self:
            earlier.close()  # its cell was run again: this table goes on with its game
        self._save_lock = saving.lock(saved.path.name)
        copy = self._save_lock is None  # another kernel writes that file
        entries = saved.document.get("entries")
        self._game = game
        self.rules = game.rules
        self.seed = saved.document.get("seed", self.seed)
        self._games_started = saved.document.get("games_started", 1)
        self._seats = [
            {"name": p.name, "colour": p.colour or "", "kind": p.bot or HUMAN} for p in game.players
        ]
        self._entries = (
            entries if type(entries) is list and all(type(e) is dict for e in entries) else []
        )
        self._save_name = saving.new_name() if copy else saved.path.name
        if copy:
            self._save_lock = saving.lock(self._save_name)
            self._unsaved = True
        _SAVING[self._save_name] = self
        self._status = self.say("table.resumed_as_copy" if copy else "table.resumed")
        self._show_panels(saved_panels(saved.document))
        self.coaching.new_game()
        self.after(None)
        self.render()
        self._schedule_bots()
        self._autosave()
        return True

    def panels(self) -> dict:
        """What the player chose of the table's panels, saved with the game and shown again
        when it is resumed: the coach (on, and what it rates by), the chance to win, the
        robots' pace and the sound."""
        return {
            "coach": self.coaching.on,
            "rating": self.coaching.chosen,
            "chances": self.winning.on,
            "pace": self.pace,
            "sound": self.sound,
        }

    def _show_panels(self, panels: dict) -> None:
        """Show the panels as :meth:`panels` gave them (nothing changes for ``{}``)."""
        if panels:
            self.coaching.on, self.coaching.chosen = panels["coach"], panels["rating"]
            self.winning.on, self.pace, self.sound = (
                panels["chances"],
                panels["pace"],
                panels["sound"],
            )

    def _autosave(self) -> None:
        """Save the game if an action was played, or a panel switched, since it was last saved."""
        if self._game is None or self._closed or self._save_name is None:
            return
        if not self._unsaved and self.panels() == self._saved_panels:
            return
        self._unsaved = False
        self._saved_panels = self.panels()
        extra = {
            "seed": self.seed,
            "games_started": self._games_started,
            "panels": self._saved_panels,
        }
        problem = saving.save(
            self._save_name, type(self).__name__, self._made, self._game, self._entries, extra
        )
        if problem and problem != self._save_problem:
            self._notice_refusal(IllegalMoveError(Said("table.not_saved", problem=problem)))
            self._save_notice = self._notice
            self.render()
        elif problem is None and self._save_problem and self._notice is self._save_notice:
            self._notice = {}  # saved again: the notice that it could not be is out of date
            self.render()
        self._save_problem = problem


def saved_panels(document: dict) -> dict:
    """The panels a saved game was shown with (see ``GameController.panels``), or {} when
    the save has none or they are not exactly what ``panels`` writes (a save is outside
    input: a hand-edited or older file resumes with the panels the widget was made with)."""
    panels = document.get("panels")
    if type(panels) is not dict or set(panels) != {"coach", "rating", "chances", "pace", "sound"}:
        return {}
    switches = all(type(panels[name]) is bool for name in ("coach", "chances", "sound"))
    pace = panels["pace"]
    known_pace = type(pace) in (int, float) and 0 <= pace <= MAX_PACE
    return panels if switches and known_pace and panels["rating"] in RATINGS else {}
