"""The class's store: one SQLite file in WAL mode, so that a killed server loses nothing.

It holds the class (its code, the teacher's token, the activity being run), its sessions
(each class period, from its start to End class: ending one archives it and starts the
next, with a new code, and deletes nothing), the students of each session (a nickname and a
hash of each one's secret; a student the teacher removes keeps their results), each student's place in the current activity
(its saved state and the number of the last intent done), the number of the last intent
done from each of the student's tabs (each tab numbers its own), and the results. A result
and the state it leaves are written in one transaction, committed before the student hears
back: what a student was told is stored, and an intent sent again (same tab, same number) is
not done twice.
The server writes the intents that arrive together in one :meth:`Store.batch`, so that a class
waits for the disk once per batch rather than once per throw.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     store = Store(folder)
...     student, secret = store.join("Ann")
...     run = store.start_run("farkles", {})
...     store.record(student, run, 1, {"throws": 1}, [(1, 0, {"dice": [2, 3, 4, 4, 6, 6]})])
...     store.record(student, run, 1, {"throws": 1}, [(1, 0, {})])  # sent again: not counted
...     [(row["name"], row["trials"], row["successes"]) for row in store.results("farkles")]
...     store.close()
True
False
[('Ann', 1, 0)]
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import stat
import time
from pathlib import Path

from dicelab.files import kind

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread on a projector
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL, lang TEXT NOT NULL DEFAULT 'en');
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, activity TEXT NOT NULL, options TEXT NOT NULL,
    started REAL NOT NULL, stopped REAL);
CREATE TABLE IF NOT EXISTS seats (
    student INTEGER NOT NULL REFERENCES students(id), run INTEGER NOT NULL REFERENCES runs(id),
    seq INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (student, run));
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id),
    student INTEGER NOT NULL REFERENCES students(id), seq INTEGER NOT NULL,
    part INTEGER NOT NULL DEFAULT 0, trials INTEGER NOT NULL, successes INTEGER NOT NULL,
    detail TEXT NOT NULL, at REAL NOT NULL, UNIQUE (run, student, seq, part));
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY, code TEXT NOT NULL, seed TEXT NOT NULL, started REAL NOT NULL,
    ended REAL, first_student INTEGER NOT NULL, first_run INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS removed (
    student INTEGER PRIMARY KEY REFERENCES students(id), at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS merged (
    student INTEGER PRIMARY KEY REFERENCES students(id),
    into_student INTEGER NOT NULL REFERENCES students(id));
CREATE TABLE IF NOT EXISTS tabs (
    student INTEGER NOT NULL REFERENCES students(id), run INTEGER NOT NULL REFERENCES runs(id),
    tab TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (student, run, tab));
"""
RESULT_COLUMNS = (
    "run",
    "activity",
    "student",
    "name",
    "seq",
    "trials",
    "successes",
    "detail",
    "at",
    "session",
    "options",
    "seed",
)


def data_dir() -> Path:
    """Where classes are kept: ``$DICELAB_DATA_DIR``, else the user data folder."""
    if os.environ.get("DICELAB_DATA_DIR"):
        return Path(os.environ["DICELAB_DATA_DIR"])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "dicelab" / "class"


KEPT = "it is kept as it is: move it away, or give another --data folder, to start a new class"


class DamagedStoreError(ValueError):
    """The class file can't be read as a class (it is left as it is, for inspection)."""


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Store:
    """The class kept in ``folder``/class.sqlite3 (created on first use, readable by its owner only)."""

    FILE = "class.sqlite3"

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.path = self.folder / self.FILE
        try:  # a link, a pipe or a device there is neither opened nor changed
            there = os.lstat(self.path).st_mode
        except FileNotFoundError:
            there = stat.S_IFREG
        if not stat.S_ISREG(there):
            raise DamagedStoreError(f"{self.path} is {kind(there)}, not a class file; {KEPT}")
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self._open()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise DamagedStoreError(
                f"{self.path} is damaged or is not a dicelab class file ({error}); {KEPT}"
            ) from None

    def _open(self) -> None:
        os.chmod(self.path, 0o600)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a commit is on disk before it is acknowledged
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row["name"] for row in self._db.execute("PRAGMA table_info(students)")}
        if "lang" not in columns:  # a class kept before students had a language: English
            self._db.execute("ALTER TABLE students ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'")
        with self._transaction():
            self._meta_default(
                "code", lambda: "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
            )
            self._meta_default("token", lambda: secrets.token_urlsafe(24))
            self._meta_default("seed", lambda: str(secrets.randbits(62)))
            self._first_session()

    def _first_session(self) -> None:
        """The session going on, made for a new store or one kept before sessions were."""
        if self._db.execute("SELECT 1 FROM sessions").fetchone() is None:
            self._db.execute(
                "INSERT INTO sessions (code, seed, started, first_student, first_run) "
                "VALUES (?, ?, ?, 1, 1)",
                (self.meta("code"), self.meta("seed"), time.time()),
            )

    # --- the class ----------------------------------------------------------------------
    def _transaction(self):
        return _Transaction(self._db)

    def batch(self):
        """``with store.batch():`` many writes, one commit (one wait for the disk); each write
        inside still fails alone. Nothing in it is stored until the block ends."""
        return _Transaction(self._db)

    def savepoint(self):
        """``with store.savepoint():`` inside a :meth:`batch`, writes undone alone when the
        block raises (the rest of the batch is kept)."""
        return _Transaction(self._db)

    def _meta_default(self, key: str, make) -> None:
        self._db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, make()))

    def meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def _class_meta(self, key: str) -> str:
        """A setting every class store is made with (``code``, ``token``, ``seed``)."""
        value = self.meta(key)
        if value is None:
            raise ValueError(f"this class store has no {key}: it is not a dicelab class file")
        return value

    def set_meta(self, key: str, value: str) -> None:
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    @property
    def code(self) -> str:
        """The class code students type or scan (six letters and digits)."""
        return self._class_meta("code")

    @property
    def token(self) -> str:
        """The teacher's secret token."""
        return self._class_meta("token")

    @property
    def seed(self) -> int:
        """The class's dice seed: every throw of the class is drawn from it and the moment."""
        return int(self._class_meta("seed"))

    def close(self) -> None:
        self._db.close()

    # --- students -----------------------------------------------------------------------
    def join(self, name: str, lang: str = "en") -> tuple[int, str]:
        """A new student, whose page speaks ``lang``: their id and their secret (only its
        hash is kept)."""
        secret = secrets.token_urlsafe(24)
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO students (name, secret_hash, joined, lang) VALUES (?, ?, ?, ?)",
                (name, _hash(secret), time.time(), lang),
            )
        return _row_id(cursor), secret

    def student(self, student: int, secret: str) -> dict | None:
        """The student with this id and secret, or None (a wrong secret is no student)."""
        row = self._db.execute(
            "SELECT id, name, secret_hash FROM students WHERE id = ? AND id >= ? "
            "AND id NOT IN (SELECT student FROM removed)",
            (student, self._session()["first_student"]),
        ).fetchone()
        if row is None or not secrets.compare_digest(row["secret_hash"], _hash(secret)):
            return None
        return {"id": row["id"], "name": row["name"]}

    def students(self) -> list[dict]:
        """Every student of the current session, in the order they joined (not those removed)."""
        return [
            dict(row)
            for row in self._db.execute(
                "SELECT id, name, joined, lang FROM students WHERE id >= ? "
                "AND id NOT IN (SELECT student FROM removed) ORDER BY id",
                (self._session()["first_student"],),
            )
        ]

    def rename(self, student: int, name: str) -> None:
        """Give a student of the current session a new ``name`` (their results follow it)."""
        with self._transaction():
            self._db.execute("UPDATE students SET name = ? WHERE id = ?", (name, student))

    def remove(self, student: int) -> None:
        """Take a student off the roster: their seat closes; their results are kept."""
        with self._transaction():
            self._db.execute("INSERT OR IGNORE INTO removed VALUES (?, ?)", (student, time.time()))

    def merge(self, student: int, into: int) -> None:
        """Count every result of ``student`` as ``into``'s (a student who joined twice), and
        take ``student`` off the roster. Each result keeps its seat's own number (``seq``)."""
        with self._transaction():
            self._db.execute(
                "UPDATE merged SET into_student = ? WHERE into_student = ?", (into, student)
            )
            self._db.execute("INSERT OR REPLACE INTO merged VALUES (?, ?)", (student, into))
            self._db.execute("INSERT OR IGNORE INTO removed VALUES (?, ?)", (student, time.time()))

    # --- sessions -----------------------------------------------------------------------
    def _session(self) -> sqlite3.Row:
        return self._db.execute("SELECT * FROM sessions ORDER BY id DESC LIMIT 1").fetchone()

    @property
    def session(self) -> int:
        """The number of the session going on."""
        return self._session()["id"]

    def sessions(self) -> list[dict]:
        """Every session, oldest first: id, code, seed, started, ended (None while it goes on)."""
        return [
            dict(row)
            for row in self._db.execute(
                "SELECT id, code, seed, started, ended FROM sessions ORDER BY id"
            )
        ]

    def end_session(self) -> None:
        """End the class: the session is archived with its students and results, and the
        next one starts, with a new code and seed (the teacher's token stays)."""
        with self._transaction():
            now = time.time()
            self._stop(now)
            self._db.execute("UPDATE sessions SET ended = ? WHERE ended IS NULL", (now,))
            self._db.execute("DELETE FROM meta WHERE key IN ('code', 'seed', 'revealed')")
            self._meta_default(
                "code", lambda: "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
            )
            self._meta_default("seed", lambda: str(secrets.randbits(62)))
            first_student, first_run = self._db.execute(
                "SELECT (SELECT IFNULL(MAX(id), 0) + 1 FROM students), "
                "(SELECT IFNULL(MAX(id), 0) + 1 FROM runs)"
            ).fetchone()
            self._db.execute(
                "INSERT INTO sessions (code, seed, started, first_student, first_run) "
                "VALUES (?, ?, ?, ?, ?)",
                (self.meta("code"), self.meta("seed"), now, first_student, first_run),
            )

    # --- activities ---------------------------------------------------------------------
    def start_run(self, activity: str, options: dict) -> int:
        """Start ``activity`` (stopping the one running): the new run's id."""
        with self._transaction():
            self._stop(time.time())
            cursor = self._db.execute(
                "INSERT INTO runs (activity, options, started) VALUES (?, ?, ?)",
                (activity, json.dumps(options), time.time()),
            )
            self._db.execute(
                "INSERT OR REPLACE INTO meta VALUES ('run', ?)", (str(cursor.lastrowid),)
            )
        return _row_id(cursor)

    def stop_run(self) -> None:
        """Stop the activity being run, if any."""
        with self._transaction():
            self._stop(time.time())

    def _stop(self, now: float) -> None:
        self._db.execute("UPDATE runs SET stopped = ? WHERE stopped IS NULL", (now,))
        self._db.execute("DELETE FROM meta WHERE key = 'run'")

    def current_run(self) -> dict | None:
        """The run going on now ({id, activity, options}), or None."""
        run = self.meta("run")
        if run is None:
            return None
        row = self._db.execute(
            "SELECT id, activity, options FROM runs WHERE id = ?", (int(run),)
        ).fetchone()
        return {"id": row["id"], "activity": row["activity"], "options": json.loads(row["options"])}

    # --- seats and results --------------------------------------------------------------
    def seat(self, student: int, run: int) -> tuple[int, dict | None]:
        """The number of the student's last intent done in ``run`` and the state it left."""
        row = self._db.execute(
            "SELECT seq, state FROM seats WHERE student = ? AND run = ?", (student, run)
        ).fetchone()
        return (0, None) if row is None else (row["seq"], json.loads(row["state"]))

    def tabs(self, student: int, run: int) -> dict[str, int]:
        """The number of the last intent done from each of the student's tabs in ``run``."""
        rows = self._db.execute(
            "SELECT tab, seq FROM tabs WHERE student = ? AND run = ?", (student, run)
        )
        return {row["tab"]: row["seq"] for row in rows}

    def record(
        self,
        student: int,
        run: int,
        seq: int,
        state: dict,
        results,
        tab: tuple[str, int] | None = ("", 0),
    ) -> bool:
        """Store intent number ``seq`` of a student: the state it left and its results
        (``(trials, successes, detail)`` each), and the tab it came from with the tab's own
        number for it (None: a step the server played, a robot's), in one transaction. False,
        and nothing changed, when that intent was stored already (sent again after a lost
        answer)."""
        with self._transaction():
            row = self._db.execute(
                "SELECT seq FROM seats WHERE student = ? AND run = ?", (student, run)
            ).fetchone()
            if row is not None and seq <= row[0]:
                return False
            self._db.execute(
                "INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?)",
                (student, run, seq, json.dumps(state)),
            )
            if tab is not None:
                self._db.execute(
                    "INSERT OR REPLACE INTO tabs VALUES (?, ?, ?, ?)", (student, run, *tab)
                )
            now = time.time()
            self._db.executemany(
                "INSERT INTO results (run, student, seq, part, trials, successes, detail, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (run, student, seq, part, trials, successes, json.dumps(detail), now)
                    for part, (trials, successes, detail) in enumerate(results)
                ],
            )
        return True

    def results(
        self, activity: str | None = None, run: int | None = None, session: int | None = None
    ) -> list[dict]:
        """The results (of ``activity``, of one ``run``, of one ``session``: of all by
        default), oldest first, as dicts of :data:`RESULT_COLUMNS` (a merged student's as the
        student they were merged into; ``detail`` and the run's
        ``options`` decoded; ``seed`` is the session's, from which every die of it was drawn
        with the run and the student)."""
        query = (
            "SELECT r.run, u.activity, s.id AS student, s.name, r.seq, r.trials, r.successes, "
            "r.detail, r.at, c.id AS session, u.options, c.seed FROM results r "
            "LEFT JOIN merged m ON m.student = r.student JOIN runs u ON u.id = r.run "
            "JOIN students s ON s.id = COALESCE(m.into_student, r.student) "
            "JOIN sessions c ON c.id = (SELECT MAX(id) FROM sessions WHERE first_run <= r.run)"
        )
        where: list[str] = []
        values: list[object] = []
        if session is not None:
            where.append("c.id = ?")
            values.append(session)
        if activity is not None:
            where.append("u.activity = ?")
            values.append(activity)
        if run is not None:
            where.append("r.run = ?")
            values.append(run)
        if where:
            query += " WHERE " + " AND ".join(where)
        rows = self._db.execute(query + " ORDER BY r.id", values)
        return [
            {
                **dict(row),
                "detail": json.loads(row["detail"]),
                "options": json.loads(row["options"]),
                "seed": int(row["seed"]),
            }
            for row in rows
        ]


class _Transaction:
    """``with`` block: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises. Inside
    another (a :meth:`Store.batch`) it is a savepoint: its changes are undone alone when it
    raises, and committed with the batch."""

    def __init__(self, db):
        self._db = db

    def __enter__(self):
        self._nested = self._db.in_transaction
        self._db.execute("SAVEPOINT step" if self._nested else "BEGIN IMMEDIATE")

    def __exit__(self, kind, _value, _traceback):
        if kind and not self._db.in_transaction:
            return  # SQLite rolled the whole transaction back itself (a full disk does)
        if not self._nested:
            self._db.execute("ROLLBACK" if kind else "COMMIT")
            return
        if kind:
            self._db.execute("ROLLBACK TO step")
        self._db.execute("RELEASE step")


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an ``INSERT`` just made."""
    assert cursor.lastrowid is not None, "an INSERT sets lastrowid"
    return cursor.lastrowid
