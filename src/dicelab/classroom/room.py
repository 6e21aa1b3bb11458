"""The class itself, apart from the network: students, the activity being run, intents, the pool.

A :class:`Room` is what the server asks. It keeps each student's session of the current
activity in memory, rebuilt from the store after a restart, and writes every intent (its
number, the state it left, its results) to the store before it answers: the answer is the
acknowledgement. Each of a student's tabs numbers its own intents (two tabs on one seat
never take each other's numbers); an intent whose number was done already from its tab is
answered again, not done again.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     room = Room(Store(folder))
...     ann = room.join(room.store.code, "Ann")["student"]
...     run = room.start("farkles", {})
...     answer = room.intent(ann, run, 1, {"part": "controls", "type": "press", "button": "throw"})
...     again = room.intent(ann, run, 1, {"part": "controls", "type": "press", "button": "throw"})
...     room.pooled()["trials"], answer["seq"], again["duplicate"]
...     room.store.close()
(1, 1, True)
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from dicelab.classroom.activities import ACTIVITIES, activity, seeder
from dicelab.classroom.activity import Paced
from dicelab.classroom.board import ClassBoard, qr_rows
from dicelab.classroom.limits import MAX_NAME, MAX_STUDENTS, Refused, clean_name
from dicelab.classroom.pool import pool
from dicelab.classroom.store import RESULT_COLUMNS, Store
from dicelab.classroom.tournament import ClassLeaderboard
from dicelab.errors import IllegalMoveError
from dicelab.messages import DEFAULT, catalogue
from dicelab.widgets.components import Controls
from dicelab.widgets.table import view_document

if TYPE_CHECKING:
    from dicelab.classroom.tournament import Entry

GAMES_SHOWN = 30  # the latest finished games the board lists


class Room:
    """The class kept in ``store``."""

    def __init__(self, store: Store):
        self.store = store
        self.sessions: dict[int, object] = {}
        self.done: dict[int, int] = {}  # student -> number of the last intent done in this run
        self.tabs: dict[int, dict[str, int]] = {}  # student -> tab -> its last intent's number
        self.names: dict[int, str] = {}
        self.langs: dict[int, str] = {}  # student -> the language their page speaks
        self._load_students()
        self.online: set[int] = set()  # the seats present: a page open, or joining
        self.removed: set[int] = set()  # students taken off the roster since the server started
        self._load_run()

    def reload(self) -> None:
        """Forget what is in memory and read the class again from the store (after a failed write)."""
        self._load_students()
        self.online &= set(self.names)  # a seat whose join was not stored is not present
        self._load_run()

    def _load_students(self) -> None:
        students = self.store.students()
        self.names = {s["id"]: s["name"] for s in students}
        self.langs = {s["id"]: s["lang"] for s in students}

    def _load_run(self) -> None:
        self.run = self.store.current_run()
        self.sessions, self.done, self.tabs = {}, {}, {}
        self.tallies: dict[int, list[int]] = {}
        self.known: dict[int, str] = {}  # the name of each student with a result in this run
        self.games: list[dict] = []
        spec = activity(self.run["activity"]) if self.run is not None else None
        # the class's side of the run (a tournament's entries), if the activity has one
        self.desk = spec.desk(self.store, self.run) if spec and spec.desk else None
        if self.run is not None:
            for row in self.store.results(run=self.run["id"]):
                self._count(
                    row["student"], row["name"], row["trials"], row["successes"], row["detail"]
                )
        self.revealed = self.store.meta("revealed") == str(self.run and self.run["id"])

    def _count(self, student: int, name: str, trials: int, successes: int, detail: dict) -> None:
        """Pool a result (a student taken off the roster keeps theirs in the pool)."""
        self.known[student] = name
        tally = self.tallies.setdefault(student, [0, 0])
        tally[0] += trials
        tally[1] += successes
        if "score" in detail:
            game = {"student": student, "name": name, **detail}
            self.games = [game, *self.games][:GAMES_SHOWN]

    # --- students -----------------------------------------------------------------------
    def join(self, code, name, lang: str = DEFAULT) -> dict:
        """A new student in the class with this ``code``, whose page speaks ``lang``:
        ``{student, secret, name, taken}`` (``taken``: the name asked for, when another
        student has it; else ""). The server has checked ``lang`` with the message."""
        if code != self.store.code:
            raise Refused("there is no class with this code: check the address")
        if len(self.online) >= MAX_STUDENTS:
            raise Refused("the class is full")
        asked = clean_name(name)
        name = distinct(asked, self.names.values())
        student, secret = self.store.join(name, lang)
        self.names[student] = name
        self.langs[student] = lang
        self.online.add(student)  # present from now: its page signs in with the answer
        taken = asked if name != asked else ""  # the name asked for, when another had it
        return {"student": student, "secret": secret, "name": name, "taken": taken}

    def hello(self, student, secret) -> str:
        """The name of the student with this id and secret; Refused for anyone else."""
        if type(student) is not int or type(secret) is not str or len(secret) > 64:
            raise Refused("sign in with your own seat")
        found = self.store.student(student, secret)
        if found is None:
            raise Refused("this seat is not yours, or the class has ended: join again")
        return found["name"]

    def _running(self) -> dict:
        """The run going on (Refused between activities)."""
        if self.run is None:
            raise Refused("no activity is running: wait for your teacher to start one")
        return self.run

    def _session(self, student: int):
        if student not in self.sessions:
            run = self._running()
            seq, state = self.store.seat(student, run["id"])
            spec = activity(run["activity"])
            seed_of = seeder(self.store.seed, run["id"], student)
            self.sessions[student] = spec.session(
                seed_of, self.names[student], run["options"], state, self.desk, self.langs[student]
            )
            if self.desk is not None:  # its view shows the student's own entry and results
                entry = cast("Entry", self.sessions[student])
                entry.student = student
                entry.render()
            self.done[student] = seq
            self.tabs[student] = self.store.tabs(student, run["id"])
        return self.sessions[student]

    def student_view(self, student: int, tab: str = "") -> dict:
        """What the student's page shows now: ``{run, seq, view}`` (``run`` None between
        activities; ``seq`` the number of the last intent done from ``tab``)."""
        if self.run is None:
            say = catalogue(self.langs[student])
            controls = Controls(
                heading=say("class.waiting"),
                status=say("class.joined_as", name=self.names[student]),
            )
            return {
                "run": None,
                "seq": 0,
                "name": self.names[student],
                "view": view_document({"play": [controls]}, title=say("class.title")),
            }
        session = self._session(student)
        tab_seq = self.tabs[student].get(tab, 0)
        return {
            "run": self._running()["id"],
            "seq": tab_seq,
            "name": self.names[student],
            "view": session.view,
            "progress": self.progress(student),
        }

    def progress(self, student: int) -> dict | None:
        """The student's count toward the activity's limit: ``{done, of, unit}`` (None when
        the activity has no limit, or none is running)."""
        spec = activity(self.run["activity"]) if self.run else None
        if spec is None or spec.limit is None:
            return None
        return {"done": self.tallies.get(student, [0, 0])[0], "of": spec.limit, "unit": spec.unit}

    def _reached(self, student: int) -> bool:
        """Whether the student has added the most results the activity takes from one student."""
        progress = self.progress(student)
        return progress is not None and progress["done"] >= progress["of"]

    def intent(self, student: int, run, seq, message, tab: str = "") -> dict:
        """Do intent number ``seq`` of ``student``'s ``tab`` in ``run`` and store it; the
        answer is the student's view with ``ack`` (the acknowledgement of ``seq``) and
        ``duplicate`` (done before)."""
        if type(run) is not int or type(seq) is not int or seq < 1:
            raise Refused("an intent carries its activity and its number")
        if self.run is None or run != self.run["id"]:
            view = self.student_view(student, tab)
            return {**view, "ack": seq, "stale": True, "duplicate": False, "limited": False}
        session = self._session(student)
        duplicate = seq <= self.tabs[student].get(tab, 0)
        if not duplicate and self._reached(student):  # acknowledged, not done: nothing changes
            view = self.student_view(student, tab)
            return {**view, "ack": seq, "stale": False, "duplicate": False, "limited": True}
        if not duplicate:
            self._store(student, session, lambda: session.receive(message), (tab, seq))
        view = self.student_view(student, tab)
        return {**view, "ack": seq, "stale": False, "duplicate": duplicate, "limited": False}

    def _store(self, student: int, session, play, tab: tuple[str, int] | None) -> None:
        """Do ``play`` in ``student``'s ``session`` and store the state it left and its
        results, numbered in the seat's own count over all its tabs (``tab``: the tab and its
        number for it; None for a step the server played)."""
        number = self.done[student] + 1
        try:
            play()
            results = session.take_results()
            self.store.record(student, self._running()["id"], number, session.state(), results, tab)
        except BaseException:
            self.sessions.pop(student, None)  # rebuilt from the store: what was stored is true
            raise
        self.done[student] = number
        if tab is not None:
            self.tabs[student][tab[0]] = tab[1]
        for trials, successes, detail in results:
            self._count(student, self.names[student], trials, successes, detail)
        if self.desk is not None:
            self.desk.note(student, self.names[student], results)
            cast("Entry", session).render()  # its view shows the entry the desk now has

    def robot_delay(self, student: int) -> float | None:
        """Seconds until the robots' next step in ``student``'s game, at the pace they chose
        (None: no step is due, or the activity has no robots on a timer)."""
        if self.run is None or student not in self.names:
            return None
        session = self._session(student)
        return session.next_step_in() if isinstance(session, Paced) else None

    def robot_step(self, student: int) -> bool:
        """Play the robots' next step in ``student``'s game and store it, as an intent of the
        seat's; False when none is due (the student played, or the run changed, meanwhile)."""
        if self.robot_delay(student) is None:
            return False
        session = cast(Paced, self.sessions[student])
        self._store(student, session, session.play_step, None)
        return True

    # --- the teacher --------------------------------------------------------------------
    def start(self, name: str, options: dict) -> int:
        """Start activity ``name`` with ``options`` (ValueError, nothing changed, if wrong)."""
        options = activity(name).checked_options(options)
        self.store.start_run(name, options)
        self._load_run()
        return self._running()["id"]

    def stop(self) -> None:
        self.store.stop_run()
        self._load_run()

    def reveal(self) -> None:
        """Show the exact value of the current activity on the board."""
        if self.run is None:
            raise IllegalMoveError("start an activity first")
        self.store.set_meta("revealed", str(self.run["id"]))
        self.revealed = True

    def end(self) -> None:
        """End the class: its session is archived with every student and result, and the
        next session starts with a new code (the students join again)."""
        self.store.end_session()
        self.names = {}
        self.online = set()
        self._load_run()

    def rename(self, student: int, name: str) -> None:
        """Give a student a new name (cleaned, and told apart from the others')."""
        self._on_roster(student)
        name = distinct(clean_name(name), [n for s, n in self.names.items() if s != student])
        self.store.rename(student, name)
        self.names[student] = name
        if student in self.known:
            self.known[student] = name
        if self.desk is not None and student in self.desk.names:  # the leaderboard's name
            self.desk.names[student] = name
        self.games = [{**g, "name": name} if g["student"] == student else g for g in self.games]

    def remove(self, student: int) -> None:
        """Take a student off the roster: their seat closes; their results stay, in the
        pool and in the results."""
        self._on_roster(student)
        self.store.remove(student)
        self._off_roster(student)

    def _off_roster(self, student: int) -> None:
        del self.names[student]
        self.removed.add(student)
        self.sessions.pop(student, None)

    def merge(self, student: int, into: str) -> None:
        """Count ``student``'s results as those of the student named ``into`` (who joined
        twice, say), and take ``student`` off the roster."""
        self._on_roster(student)
        target = next(
            (s for s, name in self.names.items() if name.casefold() == into.casefold()), None
        )
        if target is None or target == student:
            raise Refused(f"there is no other student named {into[:MAX_NAME]!r} to merge into")
        self.store.merge(student, target)
        self._off_roster(student)
        into = self.names[target]
        if student in self.tallies:
            tally = self.tallies.setdefault(target, [0, 0])
            moved = self.tallies.pop(student)
            tally[0] += moved[0]
            tally[1] += moved[1]
            self.known[target] = into
        self.games = [
            {**g, "student": target, "name": into} if g["student"] == student else g
            for g in self.games
        ]

    # --- a tournament (an activity with a desk) -----------------------------------------
    def submit(self, code, name, strategy) -> dict:
        """Enter ``strategy`` (read strictly by the caller) from a notebook: a new seat
        called ``name`` (told apart from the others') with this entry, ``{student, name}``."""
        if self.desk is None:
            raise Refused("no tournament is running: wait for your teacher to start one")
        self.desk.check_open(None)
        seat = self.join(code, name)
        student = seat["student"]
        self.online.discard(student)  # a notebook keeps no page open
        run = self._running()["id"]
        self._session(student)
        detail = {"entry": 1, "strategy": strategy.to_json(), "set_aside": strategy.set_aside}
        self.store.record(student, run, 1, {"entries": 1}, [(0, 0, detail)], ("notebook", 1))
        self.done[student], self.tabs[student]["notebook"] = 1, 1
        self._count(student, seat["name"], 0, 0, detail)
        self.desk.note(student, seat["name"], [(0, 0, detail)])
        return {"student": student, "name": seat["name"], "taken": seat["taken"]}

    def finish_tournament(self, judged: dict) -> None:
        """The round robin is over: each entrant's games and wins stored as its result."""
        assert self.desk is not None and self.run is not None
        run = self.run["id"]
        with self.store.batch():
            for student, (trials, successes, detail) in self.desk.finish(judged):
                seq, state = self.store.seat(student, run)
                self.store.record(
                    student,
                    run,
                    seq + 1,
                    state or {},
                    [(trials, successes, detail)],
                    ("#results", 1),
                )
                if student in self.done:
                    self.done[student] = seq + 1
                self._count(student, self.desk.names[student], trials, successes, detail)
        self.redraw_sessions()

    def redraw_sessions(self) -> None:
        """Draw every student's view again (the tournament's phase or results changed)."""
        for session in self.sessions.values():
            cast("Entry", session).render()

    def _on_roster(self, student: int) -> None:
        if student not in self.names:
            raise Refused("that student is not on the roster (any more)")

    def teacher(self, message) -> None:
        """Do one of the board's intents (checked by its checker)."""
        part = message.get("part") if isinstance(message, dict) else None
        if part == "leaderboard" and self.desk is not None:
            kind, _ = ClassLeaderboard().parse({k: v for k, v in message.items() if k != "part"})
            (self.desk.close if kind == "play" else self.desk.reveal)()
            self.redraw_sessions()
            return
        if part != "board":
            raise Refused("the teacher's page sent a request that is not understood")
        kind, fields = ClassBoard().parse({k: v for k, v in message.items() if k != "part"})
        if kind == "start":
            spec = activity(fields["activity"])
            chosen = "robot" in spec.options and fields["robot"]  # "": the activity's default
            self.start(spec.name, {"robot": fields["robot"]} if chosen else {})
        elif kind in ("rename", "remove", "merge"):
            getattr(self, kind)(**fields)
        else:
            getattr(self, kind)()

    # --- what is pooled -----------------------------------------------------------------
    def pooled(self) -> dict:
        """The pool of the current run (see :func:`dicelab.classroom.pool.pool`)."""
        rows = [
            {"student": s, "name": self.known[s], "trials": t[0], "successes": t[1]}
            for s, t in self.tallies.items()
        ]
        return pool(rows)

    def board(
        self,
        join_url: str,
        notice: str = "",
        projector_url: str = "",
        controls: bool = True,
        trouble: str = "",
    ) -> dict:
        """The board's view document, with ``join_url`` as the students' address and
        ``projector_url`` as the projector's; the teacher's buttons unless ``controls`` is False
        (the projector's board); ``trouble`` what keeps the class from storing its results (a
        full disk), if anything."""
        run = self.run
        spec = activity(run["activity"]) if run else None
        exact = None
        if spec is not None and spec.has_exact:
            exact = _exact(spec.exact) if self.revealed else {"hidden": True}
        roster = [
            {
                "student": s,
                "name": name,
                "online": s in self.online,
                "trials": self.tallies.get(s, [0, 0])[0],
                "successes": self.tallies.get(s, [0, 0])[1],
            }
            for s, name in self.names.items()
        ]
        part = ClassBoard(
            join_url=join_url,
            projector_url=projector_url,
            controls=controls,
            code=self.store.code,
            qr=qr_rows(join_url),
            roster=roster,
            activities=[
                {"name": a.name, "title": a.title, "robots": list(a.options.get("robot", ()))}
                for a in ACTIVITIES.values()
            ],
            current=None
            if run is None or spec is None
            else {
                "run": run["id"],
                "name": spec.name,
                "title": spec.title,
                "task": spec.task,
                "pooled": spec.pooled,
                "options": run["options"],
            },
            pool=self.pooled() if spec else None,
            exact=exact,
            revealed=self.revealed,
            games=self.games,
            notice=notice,
            trouble=trouble,
        )
        part.name = "board"
        parts = [part]
        if self.desk is not None:  # the leaderboard first once the round robin is played
            leaderboard = self.desk.leaderboard(controls)
            parts = [part, leaderboard] if self.desk.phase == "open" else [leaderboard, part]
        return view_document({"board": parts}, title="Class", kind="game")

    def results(self, activity_name: str | None = None, session: int | None = None) -> list[dict]:
        """The results (of an activity) of ``session`` (of every session: None)."""
        return self.store.results(activity_name, session=session)

    def csv(self, session: int | None = None) -> str:
        """The results of ``session`` (of every session: None) as CSV, one row per result;
        ``detail`` and ``options`` as JSON."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(RESULT_COLUMNS)
        for row in self.store.results(session=session):
            writer.writerow(
                [
                    _cell(json.dumps(row[c]) if c in ("detail", "options") else row[c])
                    for c in RESULT_COLUMNS
                ]
            )
        return out.getvalue()


def distinct(name: str, taken) -> str:
    """``name``, or "name (2)", "name (3)"... when a student already has it (whatever the
    case), cut to fit :data:`~dicelab.classroom.limits.MAX_NAME`.

    >>> distinct("Ann", ["ann", "Ann (2)", "Ben"])
    'Ann (3)'
    """
    folded = {other.casefold() for other in taken}
    candidate, number = name, 1
    while candidate.casefold() in folded:
        number += 1
        suffix = f" ({number})"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
    return candidate


def _exact(value) -> dict:
    """The exact share as the board writes it: a fraction, or a decimal from a solved policy."""
    if isinstance(value, Fraction):
        return {"text": f"{value.numerator}/{value.denominator}", "value": float(value)}
    return {"text": f"{value:.4f}", "value": float(value)}


def _cell(value):
    """A CSV cell that a spreadsheet shows as text: a name starting with = + - @ is quoted with '."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
