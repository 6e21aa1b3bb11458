"""The class server: tornado, WebSockets, and the pages, under one path prefix.

Addresses (``B`` is the base path, "/" by default, e.g. "/user/ann/proxy/8765/" on a hub):

- ``B join/CODE``: the student page; ``B ws?tab=TAB``: the students' WebSocket, ``TAB``
  naming the page (a browser tab) whose intents it carries: each tab numbers its own.
- ``B join/CODE/strategy``: a strategy's JSON POSTed from a notebook
  (:func:`dicelab.strategy.submit`) enters the tournament running, as a new seat.
- ``B projector``: the read-only board for a projector (no secret in its address), and
  ``B projector/ws`` its socket.
- ``B teacher#TOKEN``: the teacher's page. The page hands the token (in the fragment, which
  the browser never sends) to ``B teacher/key``, which sets it as an ``HttpOnly``,
  ``SameSite=Strict`` cookie, and takes it out of the address bar. ``B teacher/ws``,
  ``B teacher/results.csv`` and ``B teacher/results.json`` need that cookie: without it, 403.
- ``B static/...``: the page scripts and the widgets' component modules; ``B health``.

Students' messages (JSON, at most :data:`~dicelab.classroom.limits.MAX_MESSAGE` bytes, rate
limited per student, every field in an exact range) are checked by
:func:`dicelab.validation.intent` and then by the activity's own parts, as a widget's are. The
answer to an intent is sent after its result is committed; each intent has a savepoint of its
own in the batch, so a refusal or a fault undoes it alone and answers its sender alone. A seat
refused again and again is slowed, then told to reload. WebSockets need an ``Origin``, the page's
own host (tornado's same-origin check), and every request a ``Host`` the server is served by.
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import json
import re
import signal
import socket
import sqlite3
import sys
import traceback
import urllib.parse
from pathlib import Path

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from tornado.escape import xhtml_escape

from dicelab import validation
from dicelab.classroom.activities import activity, seeder
from dicelab.classroom.limits import (
    ADDRESS_JOIN_BURST,
    ADDRESS_JOIN_RATE,
    JOIN_BURST,
    JOIN_RATE,
    MAX_ADDRESS,
    MAX_ADDRESSES,
    MAX_CODE,
    MAX_ENTRY,
    MAX_MESSAGE,
    MAX_SECRET,
    MAX_TYPED_NAME,
    Bucket,
    Conduct,
    Refused,
    spoken,
    text,
    whole,
)
from dicelab.classroom.playing import Worker
from dicelab.classroom.process import FolderLock, remove_server_file, write_server_file
from dicelab.classroom.room import Room
from dicelab.classroom.store import Store, data_dir
from dicelab.classroom.tournament import read_entry
from dicelab.errors import IllegalMoveError
from dicelab.messages import catalogue, preferred
from dicelab.widgets.module import STATIC as WIDGET_FILES
from dicelab.widgets.module import compose

PAGES = Path(__file__).resolve().parent / "static"
COMPONENTS = (
    "controls",
    "dice",
    "shaker",
    "scoreboard",
    "cask_scales",
    "scorecard",
    "history",
    "ranking",
    "tally",
    "class_board",
    "class_entry",
    "class_leaderboard",
)
STUDENT_MESSAGES = {
    "join": {
        "code": text("the class code", MAX_CODE),
        "name": text("a nickname", MAX_TYPED_NAME),
        "lang": spoken("the page's language"),
    },
    "hello": {
        "student": whole("the seat's number"),
        "secret": text("the seat's secret", MAX_SECRET),
    },
    "intent": {
        "run": whole("the activity's number"),
        "seq": whole("the intent's number"),
        "intent": dict,
    },
}
TEACHER_MESSAGES = {
    "hello": {"join_url": text("the students' address", MAX_ADDRESS)},
    "intent": {"intent": dict},
}
PROJECTOR_MESSAGES = {"hello": TEACHER_MESSAGES["hello"]}
TAB = re.compile(r"[A-Za-z0-9_-]{0,32}")  # a page's name for itself ("" for one page a seat)
BOARD_DELAY = 0.2  # seconds: the teacher's board is redrawn at most this often
BOARD_BYTES = 40_000  # a second, to one board at most: a big class's board is redrawn less often
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the teacher's address carries the token
    "Cache-Control": "no-store",
}
PREPARING = "the robots are getting ready: your move is kept and played in a moment"
RELOAD = "this page sent too many messages the class refuses: it loads again"
FAILED = "the server could not do that: it is noted in its log, and your other moves still work"


def board_delay(size: int) -> float:
    """Seconds between two redraws of a board of ``size`` bytes: at most every
    :data:`BOARD_DELAY`, and never more than :data:`BOARD_BYTES` a second.

    >>> board_delay(5_000), board_delay(13_600), board_delay(49_000)
    (0.2, 0.34, 1.225)
    """
    return max(BOARD_DELAY, size / BOARD_BYTES)


def base_path(path: str) -> str:
    """``path`` as a prefix: "/" or "/a/b/" (ValueError for what is not a plain path).

    >>> base_path("user/x/proxy/8765"), base_path("/")
    ('/user/x/proxy/8765/', '/')
    """
    parts = [p for p in path.split("/") if p]
    if any(not all(c.isalnum() or c in "-._~%@" for c in p) or p in (".", "..") for p in parts):
        raise ValueError(f"--base-path is a plain path such as /user/ann/proxy/8765/, not {path!r}")
    return "/" + "".join(p + "/" for p in parts)


def lan_address() -> str:
    """This machine's address on the local network (the one a route out would use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class ClassServer:
    """A class on ``host``:``port`` (0: any free port) kept in ``data``."""

    def __init__(
        self,
        data=None,
        host: str = "127.0.0.1",
        port: int = 8765,
        base: str = "/",
        activity: str | None = None,
    ):
        folder = Path(data) if data is not None else data_dir()
        self._lock = FolderLock(folder)  # one server per data folder
        try:
            self.store = Store(folder)
        except BaseException:
            self._lock.release()
            raise
        self.room = Room(self.store)
        self.host, self.port, self.base = host, port, base_path(base)
        if activity is not None and (
            self.room.run is None or self.room.run["activity"] != activity
        ):
            self.room.start(activity, {})
        self.students: dict[int, set] = {}  # student -> their open sockets
        self.teachers: set = set()  # the boards' sockets: teachers' and projectors'
        self.conducts: dict[int, Conduct] = {}  # student -> how much their seat may send
        self.joins = Bucket(JOIN_RATE, JOIN_BURST)
        self.address_joins: dict[str, Bucket] = {}  # network address -> its joins
        self._board_timer: asyncio.TimerHandle | None = None
        # student -> the timer of their robots' next step (a seat with a page open and robots to play)
        self.robot_timers: dict[int, asyncio.TimerHandle] = {}
        self._board_size = 0  # bytes of the last board sent
        self._http: tornado.httpserver.HTTPServer | None = None
        self._waiting: list = []  # (connection, message kind, fields): done in the next batch
        self._held: list = []  # intents waiting for the activity to be prepared
        # the future of the current activity's preparation, if running
        self.preparing: asyncio.Future | None = None
        self._prepared: set[str] = set()  # activities whose preparation is done
        self.trouble = ""  # what keeps the class from storing results, for the teacher's board
        self.stopped = False  # closed: nothing more is read or stored
        self.worker: Worker | None = None  # the tournament's round robin, while it is played
        self.worker_run: int | None = None  # the run it plays
        # the host names the server is served by (besides addresses): see check_host
        machine = socket.gethostname().lower()
        self.hosts = {"localhost", host.lower(), machine, machine + ".local"}

    # --- addresses ----------------------------------------------------------------------
    @property
    def origin(self) -> str:
        host = lan_address() if self.host in ("0.0.0.0", "", "::") else self.host
        return f"http://{host}:{self.port}"

    @property
    def student_url(self) -> str:
        return f"{self.origin}{self.base}join/{self.store.code}"

    @property
    def projector_url(self) -> str:
        return f"{self.origin}{self.base}projector"

    @property
    def teacher_url(self) -> str:
        return f"{self.origin}{self.base}teacher#{self.store.token}"

    def lines(self) -> list[str]:
        """What the server prints when it starts."""
        lines = [
            f"Students join at {self.student_url}",
            f"Projector board (no secret, safe to show): {self.projector_url}",
            f"Teacher (keep this address secret): {self.teacher_url}",
        ]
        if self.host in ("0.0.0.0", "", "::"):
            lines.append(
                f"The class is open to the local network: students on it open {self.student_url}"
            )
        return lines

    # --- running ------------------------------------------------------------------------
    def application(self) -> tornado.web.Application:
        b = self.base
        return tornado.web.Application(
            [
                (
                    b + r"join/([A-Za-z0-9]{1,16})",
                    PageHandler,
                    {"server": self, "page": "student.html"},
                ),
                (b + r"join/([A-Za-z0-9]{1,16})/strategy", SubmitHandler, {"server": self}),
                (b + "ws", StudentSocket, {"server": self}),
                (b + "projector", BoardPageHandler, {"server": self}),
                (b + "projector/ws", ProjectorSocket, {"server": self}),
                (b + "teacher", BoardPageHandler, {"server": self}),
                (b + "teacher/key", TeacherKeyHandler, {"server": self}),
                (b + "teacher/ws", TeacherSocket, {"server": self}),
                (b + r"teacher/results\.(csv|json)", ResultsHandler, {"server": self}),
                (b + r"static/([a-z_]+\.(?:js|css))", StaticHandler, {"server": self}),
                (b + "health", HealthHandler, {"server": self}),
            ],
            websocket_max_message_size=MAX_MESSAGE * 2,
            max_body_size=4 * MAX_ENTRY,  # a handler refuses past its own limit, in a sentence
            xheaders=False,
        )

    def listen(self) -> int:
        """Bind and serve (on the running event loop); the port bound."""
        sockets = tornado.netutil.bind_sockets(self.port, self.host or None)
        self.port = sockets[0].getsockname()[1]
        self._http = tornado.httpserver.HTTPServer(self.application(), max_body_size=4 * MAX_ENTRY)
        self._http.add_sockets(sockets)
        self.prepare()
        self.play_tournament()  # a round robin a stopped server was playing is played again
        return self.port

    # --- preparing an activity ----------------------------------------------------------
    def prepare(self) -> None:
        """Work out what the current activity needs first (a robot's strategy) in a thread,
        so the server goes on answering; its intents wait until it is done."""
        spec = activity(self.room.run["activity"]) if self.room.run else None
        if spec is None or spec.prepare is None or spec.name in self._prepared:
            return
        if self.preparing is not None and not self.preparing.done():
            return
        preparing = asyncio.get_running_loop().run_in_executor(None, spec.prepare)
        preparing.add_done_callback(lambda future: self._ready(spec.name, future))
        self.preparing = preparing

    def _ready(self, name: str, future) -> None:
        self.preparing = None
        self._prepared.add(name)
        if future.cancelled() or future.exception() is not None:
            # the intents go on, and the activity works out what it needs when it needs it
            log(f"preparing {name} failed")
        held, self._held = self._held, []
        for item in held:
            self.later(*item)
        self.prepare()  # the teacher may have started another activity meanwhile

    def write_server_file(self) -> Path:
        """Say where this server is, for ``Classroom()`` (readable by the owner only)."""
        return write_server_file(
            self.store.folder,
            {
                "student_url": self.student_url,
                "projector_url": self.projector_url,
                "teacher_url": self.teacher_url,
                "port": self.port,
                "base": self.base,
            },
        )

    def close(self) -> None:
        """Stop: the sockets open are closed (their pages come back to the next server on this
        folder and send again what was not answered), and nothing more is read or stored."""
        self.stopped = True
        if self._http is not None:
            self._http.stop()
        if self._board_timer is not None:
            self._board_timer.cancel()
        for timer in self.robot_timers.values():
            timer.cancel()
        self.robot_timers.clear()
        if self.worker is not None:
            self.worker.stop()
        for connection in [*self.teachers, *(c for s in self.students.values() for c in s)]:
            connection.close(1001, "the class server is stopping")
        remove_server_file(self.store.folder)
        self.store.close()
        self._lock.release()

    # --- group commit -------------------------------------------------------------------
    def later(self, connection, kind: str, fields: dict) -> None:
        """Do a join or an intent in the next batch: all that arrived while the last batch was
        written are stored in one transaction, and answered once it is committed."""
        if self.stopped:
            return
        if not self._waiting:
            asyncio.get_running_loop().call_soon(self._do_batch)
        self._waiting.append((connection, kind, fields))

    def _do_batch(self) -> None:
        batch, self._waiting = self._waiting, []
        if self.stopped:
            return
        if self.preparing is not None:
            for connection, kind, fields in batch:
                if kind == "intent":
                    self._held.append((connection, kind, fields))
                    connection.send({"type": "wait", "reason": PREPARING})
            batch = [item for item in batch if item[1] != "intent"]
            if not batch:
                return
        try:
            with self.store.batch():
                answers = [
                    (connection, *self._do_one(connection, kind, fields))
                    for connection, kind, fields in batch
                ]
        except sqlite3.Error as error:
            self.room.reload()  # nothing of the batch was stored: the pages send it again
            self.trouble = (
                f"Results are not being stored ({error}): free some disk space; the class "
                "goes on by itself."
            )
            log(f"storing {len(batch)} messages failed: {error}")
            for connection, _, _ in batch:
                connection.close(1011, "the class could not store that: reconnecting")
            self._send_boards()
            return
        for connection, kind, answer in answers:
            connection.answer(kind, answer)
        if self.trouble:
            self.trouble = ""
            self._send_boards()
        self.board_changed()

    def _do_one(self, connection, kind: str, fields: dict) -> tuple[str, object]:
        """One join or intent in a savepoint of its own: a refusal, or a fault in an activity,
        undoes it alone and answers its sender alone. Only the store's own faults (a full
        disk) stop the batch."""
        try:
            with self.store.savepoint():
                return kind, connection.do(kind, fields)
        except IllegalMoveError as refusal:
            return "refused", str(refusal)
        except sqlite3.OperationalError:
            raise
        except Exception as error:
            log(f"the {kind} of {connection.who()} failed and was refused: {fault(error)}")
            return "refused", FAILED

    # --- telling everyone ---------------------------------------------------------------
    def board_changed(self) -> None:
        """Redraw the boards soon (see :func:`board_delay`)."""
        if self._board_timer is None and self.teachers and not self.stopped:
            loop = asyncio.get_running_loop()
            delay = board_delay(self._board_size)
            self._board_timer = loop.call_later(delay, self._send_boards)

    def _send_boards(self, notice: str = "") -> None:
        self._board_timer = None
        sizes = [teacher.send_board(notice) for teacher in list(self.teachers)]
        self._board_size = max(sizes, default=self._board_size)

    # --- the robots of class games -----------------------------------------------------
    def pace_robots(self, student: int) -> None:
        """Play the robots of ``student``'s game at the pace they chose: their next step on a
        timer of the event loop, done in the next batch (stored, then sent to the seat's
        pages), while the seat has a page open. One timer a seat; this one replaces it."""
        timer = self.robot_timers.pop(student, None)
        if timer is not None:
            timer.cancel()
        if self.stopped or not self.students.get(student):
            return
        delay = self.room.robot_delay(student)
        if delay is not None:
            turn = RobotTurn(self, student)
            loop = asyncio.get_running_loop()
            self.robot_timers[student] = loop.call_later(delay, self.later, turn, "robot", {})

    # --- a tournament's round robin -----------------------------------------------------
    def play_tournament(self) -> None:
        """Play the round robin of a tournament whose entries the teacher closed, in a worker
        process (so the class stays responsive); stop one whose run is over."""
        desk = self.room.desk
        run = desk.run if desk is not None and desk.phase == "playing" else None
        if self.worker is not None and self.worker_run != run:
            self.worker.stop()
            self.worker = self.worker_run = None
        if desk is not None and run is not None and self.worker is None and not self.stopped:
            seed = seeder(self.store.seed, desk.run, 0)("shared", "tournament")
            self.worker_run = desk.run
            self.worker = Worker(desk.job(seed), asyncio.get_running_loop(), self._tournament)

    def _tournament(self, message) -> None:
        """A message of the worker: a round played, the judgement and the end, or a failure."""
        desk = self.room.desk
        if self.stopped or desk is None or desk.run != self.worker_run:
            return
        kind, *rest = message
        stored = True
        try:
            if kind == "round":
                desk.add_round(*rest)
                self.room.redraw_sessions()  # each page says the round played
            elif kind == "judged":
                self.room.finish_tournament(*rest)
            elif kind == "failed":
                log(f"the tournament's round robin failed: {rest[0]}")
                desk.failed(f"The round robin could not be played ({rest[0]}): press Play again.")
                self.room.redraw_sessions()
        except sqlite3.Error as error:
            stored = False
            self.trouble = f"The tournament could not be stored ({error}): free some disk space."
            log(f"storing the tournament failed: {error}")
        if kind in ("done", "failed") or not stored:
            if self.worker is not None:
                self.worker.stop()
            self.worker = self.worker_run = None
        if not stored:  # the store says what was kept; the round robin is played again
            self.room.reload()
            self.play_tournament()
        if kind != "done":
            self.send_views()
            self.board_changed()

    def send_views(self) -> None:
        """Send every student's pages their view."""
        for sockets in list(self.students.values()):
            for connection in list(sockets):
                connection.send_view()

    def activity_changed(self) -> None:
        """Send every student their new view (and close the seats of a class that ended)."""
        self.prepare()
        self.play_tournament()
        for student in list(self.robot_timers):
            self.pace_robots(student)  # the run's robots stop with it
        for student, sockets in list(self.students.items()):
            for connection in list(sockets):
                if student in self.room.names:
                    connection.send_view()
                elif student in self.room.removed:
                    connection.close(4402, "your teacher took this seat off the roster")
                else:
                    connection.close(4401, "the class has ended")
        self._send_boards()

    def may_join(self, address: str | None) -> bool:
        """May one more seat join now from ``address``? Within the class's join rate, and
        that of the address unless it is this machine's own (:data:`ADDRESS_JOIN_RATE`)."""
        if address and not ipaddress.ip_address(address).is_loopback:
            bucket = self.address_joins.get(address)
            if bucket is None:
                if len(self.address_joins) >= MAX_ADDRESSES:
                    self.address_joins = {k: b for k, b in self.address_joins.items() if not b.full}
                    if len(self.address_joins) >= MAX_ADDRESSES:
                        return False
                bucket = self.address_joins[address] = Bucket(ADDRESS_JOIN_RATE, ADDRESS_JOIN_BURST)
            if not bucket.take():
                return False
        return self.joins.take()

    def check_host(self, handler: tornado.web.RequestHandler) -> None:
        """Refuse (403) a request whose ``Host`` is a name this server is not served by, as a
        page of another site would send after turning its name to this machine's address (DNS
        rebinding). Addresses (127.0.0.1, the LAN's), ``localhost``, ``--host`` and the names
        the teacher's page was opened under are served; a request holding the teacher's token
        is the teacher's own (their page then tells the server its name behind a proxy)."""
        name = handler.request.host_name.strip("[]")
        if name in self.hosts or name.endswith(".localhost"):
            return
        try:
            ipaddress.ip_address(name)
            return
        except ValueError:
            pass
        if _is_teacher(handler, self.store.token):
            return
        raise tornado.web.HTTPError(403, f"this class is not served under the name {name[:60]!r}")

    def seat_changed(self, student: int, connection) -> None:
        """Send the seat's other pages (tabs) its new view after ``connection``'s intent (None:
        every page, after a step the server played)."""
        for other in list(self.students.get(student, ())):
            if other is not connection:
                other.send_view()

    def online(self, student: int, connection, here: bool) -> None:
        sockets = self.students.setdefault(student, set())
        (sockets.add if here else sockets.discard)(connection)
        (self.room.online.add if sockets else self.room.online.discard)(student)
        if here or not sockets:  # its robots play while a page of the seat is open
            self.pace_robots(student)
        self.board_changed()


def log(line: str) -> None:
    """One line of the server's log (its standard error)."""
    print(f"dicelab class: {line}", file=sys.stderr, flush=True)


def fault(error: BaseException) -> str:
    """An unexpected error in a few words for the log: its kind, its message cut short, and
    the file and line where it was raised."""
    where = traceback.extract_tb(error.__traceback__)[-1]
    return (
        f"{type(error).__name__}: {validation.shown(str(error))} "
        f"({Path(where.filename).name}:{where.lineno})"
    )


def _secure(handler: tornado.web.RequestHandler) -> None:
    for name, value in HEADERS.items():
        handler.set_header(name, value)


class _Handler(tornado.web.RequestHandler):
    """A request of the class's: refused under a host name it is not served by; HEAD
    answered as GET is, without the body."""

    def initialize(self, server: ClassServer):
        self.server = server

    def prepare(self):
        self.server.check_host(self)

    def head(self, *arguments):
        return self.get(*arguments)


class SubmitHandler(_Handler):
    """A strategy sent from a notebook: its JSON, read as strictly as a saved strategy (the
    body, at most :data:`~dicelab.classroom.limits.MAX_ENTRY` bytes), enters the
    tournament as a new seat named ``?name=`` (else the strategy's name). The answer is
    ``{"student", "name", "taken"}``, or 400 with ``{"refused": why}``."""

    async def post(self, code: str):
        _secure(self)
        self.set_header("Content-Type", "application/json")
        origin = self.request.headers.get("Origin")
        if origin is not None and urllib.parse.urlsplit(origin).netloc != self.request.host:
            raise tornado.web.HTTPError(403)  # a page of another site may not enter for anyone
        if not _same(code, self.server.store.code):
            return self._refuse(404, "there is no class with this code: check the address")
        if not self.server.may_join(self.request.remote_ip):  # each try counts, good or bad
            return self._refuse(429, "too many students are joining at once: try again in a moment")
        if len(self.request.body) > MAX_ENTRY:
            return self._refuse(413, f"a strategy is at most {MAX_ENTRY} bytes of JSON")
        try:
            strategy = read_entry(self.request.body)
            name = text("a nickname", MAX_TYPED_NAME)(
                self.get_query_argument("name", strategy.name)
            )
        except Refused as refusal:
            return self._refuse(400, str(refusal))
        answered = asyncio.get_running_loop().create_future()
        self.server.later(
            Submission(self.server.room, answered),
            "submit",
            {"code": code, "name": name, "strategy": strategy},
        )
        kind, answer = await answered
        if kind != "submit":
            return self._refuse(400 if kind == "refused" else 503, answer)
        self.write(json.dumps(answer))

    def _refuse(self, status: int, reason: str) -> None:
        self.set_status(status)
        self.write(json.dumps({"refused": reason}))


class Submission:
    """A notebook's strategy in the server's batch, as a connection is: done, then answered
    once the batch is committed (or closed, when it could not be stored)."""

    def __init__(self, room: Room, answered: asyncio.Future):
        self.room, self.answered = room, answered

    def who(self) -> str:
        return "a notebook's strategy"

    def do(self, kind: str, fields: dict):
        return self.room.submit(**fields)

    def answer(self, kind: str, answer) -> None:
        if not self.answered.done():
            self.answered.set_result((kind, answer))

    def close(self, code: int, reason: str) -> None:
        self.answer("closed", reason)

    def send(self, message: dict) -> int:
        return 0


class RobotTurn:
    """The robots' next step in a student's game, in the server's batch as a connection is:
    played and stored, then sent to the seat's pages once the batch is committed."""

    def __init__(self, server: ClassServer, student: int):
        self.server, self.student = server, student

    def who(self) -> str:
        return f"the robots of student {self.student}"

    def do(self, kind: str, fields: dict) -> bool:
        return self.server.room.robot_step(self.student)

    def answer(self, kind: str, answer) -> None:
        if kind == "refused":  # logged by the batch; the robots wait for the student's next move
            return
        if answer:
            self.server.seat_changed(self.student, None)
        self.server.pace_robots(self.student)

    def close(self, code: int, reason: str) -> None:
        """Not stored (a full disk): the step is played when the seat's page comes back."""

    def send(self, message: dict) -> int:
        return 0


class PageHandler(_Handler):
    def initialize(self, server: ClassServer, page: str):  # type: ignore[override]
        self.server, self.page = server, page

    def get(self, code: str):
        if not _same(code, self.server.store.code):
            raise tornado.web.HTTPError(404)
        _page(self, self.page)


class _Public(_Handler):
    """A page or file that is the same for everyone and holds no secret, served under any
    host name: behind a proxy the teacher's page loads before it can tell the server its
    name, and what it then asks for needs the teacher's cookie."""

    def prepare(self):
        pass


class BoardPageHandler(_Public):
    """The projector's or the teacher's page (one page; its script tells them apart), the
    same for everyone: the teacher's socket and results need the token's cookie."""

    def get(self):
        _page(self, "board.html")


def _page(handler: tornado.web.RequestHandler, page: str) -> None:
    """Serve ``page`` in the language the browser prefers (its Accept-Language): its
    ``{{key}}`` words filled in from the catalogue, and the words its scripts draw (the
    front end's, see :mod:`dicelab.messages`) in a JSON block they read."""
    _secure(handler)
    say = catalogue(preferred(handler.request.headers.get("Accept-Language", "")))
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.set_header("Content-Language", say.lang)
    handler.set_header("Vary", "Accept-Language")
    html = (PAGES / page).read_text(encoding="utf-8")
    html = re.sub(r"\{\{([a-z_.]+)\}\}", lambda found: xhtml_escape(say(found[1])), html)
    words = json.dumps(say.front_end(), ensure_ascii=False).replace("<", "\\u003c")
    block = f'<script type="application/json" id="dicelab-words">{words}</script>\n'
    handler.write(html.replace("</head>", block + "</head>", 1))


def teacher_cookie(token: str) -> str:
    """The name of the cookie that holds the teacher's ``token``: one per class, so that two
    class servers on one computer keep their own."""
    return "dicelab-teacher-" + hashlib.sha256(token.encode()).hexdigest()[:12]


def _is_teacher(handler: tornado.web.RequestHandler, token: str) -> bool:
    """Whether the request carries the teacher's cookie."""
    return _same(handler.get_cookie(teacher_cookie(token), ""), token)


class TeacherKeyHandler(_Handler):
    """The teacher's page hands over the token (the body of a POST from this server's own
    page); the answer sets it as a cookie that scripts can't read and other sites don't send.
    The token is the proof here, under whatever host name the page was opened."""

    def prepare(self):
        pass

    def post(self):
        _secure(self)
        origin = self.request.headers.get("Origin")
        # the same test as the sockets' (tornado's): the page's host is the request's own
        if origin is not None and urllib.parse.urlsplit(origin).netloc != self.request.host:
            raise tornado.web.HTTPError(403)
        token = self.server.store.token
        if not _same(self.request.body.decode(errors="replace"), token):
            raise tornado.web.HTTPError(403)
        self.set_cookie(
            teacher_cookie(token),
            token,
            path=self.server.base,
            httponly=True,
            samesite="Strict",
            secure=self.request.protocol == "https",
        )
        self.set_status(204)


class StaticHandler(_Public):
    def get(self, name: str):
        _secure(self)
        self.set_header("Cache-Control", "no-cache")
        if name in ("table.js", "table.css"):
            esm, css = compose(COMPONENTS)
            text = esm if name == "table.js" else css
        elif name == "helpers.js":  # the widgets' own helpers (the pages' words, for one)
            text = (WIDGET_FILES / name).read_text(encoding="utf-8")
        elif (PAGES / name).is_file():
            text = (PAGES / name).read_text(encoding="utf-8")
        else:
            raise tornado.web.HTTPError(404)
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.write(text)


class HealthHandler(_Handler):
    def get(self):
        _secure(self)
        self.write({"ok": True, "server": "dicelab class"})


class ResultsHandler(_Handler):
    def get(self, kind: str):
        """The results of the session going on, ``?session=N`` of session N, or
        ``?session=all`` of every session."""
        _secure(self)
        if not _is_teacher(self, self.server.store.token):
            raise tornado.web.HTTPError(403)
        asked = self.get_argument("session", "")
        if asked not in ("", "all") and not (asked.isdigit() and len(asked) < 10):
            raise tornado.web.HTTPError(400, reason="session is a number or all")
        session = None if asked == "all" else int(asked or self.server.store.session)
        if kind == "csv":
            file = f"results-{'all' if session is None else session}.csv"
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", f'attachment; filename="{file}"')
            self.write(self.server.room.csv(session))
        else:
            name = self.get_argument("activity", None)
            self.set_header("Content-Type", "application/json")
            self.write(json.dumps(self.server.room.results(name, session)))


def _same(given: str, wanted: str) -> bool:
    import hmac

    return hmac.compare_digest(given.encode(), wanted.encode())


class _Socket(tornado.websocket.WebSocketHandler):
    """A WebSocket whose messages are JSON, of bounded size, checked against ``MESSAGES``."""

    MESSAGES: dict = {}

    def initialize(self, server: ClassServer):
        self.server = server

    def prepare(self):
        """A socket needs a host name the server is served by, and an ``Origin``: a browser
        always sends one, and :meth:`check_origin` checks it is this server's."""
        self.server.check_host(self)
        if self.request.headers.get("Origin") is None:
            raise tornado.web.HTTPError(403, "a socket needs the Origin of the class's page")

    def check_origin(self, origin: str) -> bool:
        """Only pages of this server (the same host as the request) may open a socket."""
        return super().check_origin(origin)

    def send(self, message: dict) -> int:
        """Send ``message``; the bytes it took (0 once the socket is closed)."""
        text = json.dumps(message)
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            return 0
        return len(text)

    def refuse(self, reason: str) -> None:
        self.send({"type": "refused", "reason": reason})

    def parse(self, text) -> tuple[str, dict]:
        if isinstance(text, bytes) or len(text.encode()) > MAX_MESSAGE:
            raise Refused(
                "that message is too big" if len(text) > MAX_MESSAGE else "messages are text"
            )
        try:
            message = json.loads(text)
        except ValueError:
            raise Refused("that message is not JSON") from None
        except RecursionError:
            raise Refused("that message is nested too deeply") from None
        return validation.intent(message, self.MESSAGES, error=Refused, sender="the page")


class StudentSocket(_Socket):
    MESSAGES = STUDENT_MESSAGES

    def open(self):
        self.student: int | None = None
        self.conduct = Conduct()
        self.tab = self.get_query_argument("tab", "")
        if not TAB.fullmatch(self.tab):
            self.close(4400, "a page names its tab with up to 32 letters and digits")

    def on_message(self, text):
        if self.server.stopped:
            return
        try:
            if not self.conduct.take():
                raise Refused("slow down: too many messages")
            kind, fields = self.parse(text)
            getattr(self, "on_" + kind)(**fields)
        except IllegalMoveError as refusal:
            self.refuse(str(refusal))
        except Exception as error:  # a fault of the server's: this message alone is refused
            log(f"a message of {self.who()} failed and was refused: {fault(error)}")
            self.refuse(FAILED)

    def refuse(self, reason: str) -> None:
        """Say why a message was refused; a seat refused too often is told to reload its page."""
        super().refuse(reason)
        if self.conduct.refused():
            self.send({"type": "reload", "reason": RELOAD})
            self.close(4429, "too many refused messages")

    def on_join(self, code: str, name: str, lang: str):
        if self.student is not None:
            raise Refused("you have joined already")
        if not self.server.may_join(self.request.remote_ip):
            raise Refused("too many students are joining at once: try again in a moment")
        self.server.later(self, "join", {"code": code, "name": name, "lang": lang})

    def who(self) -> str:
        """Who this connection is, for the log."""
        return "a newcomer" if self.student is None else f"student {self.student}"

    def do(self, kind: str, fields: dict):
        """Within the server's batch: the join or the intent, stored (not yet committed)."""
        if kind == "join":
            return self.server.room.join(**fields)
        assert self.student is not None, "on_intent refuses an intent before the join"
        return self.server.room.intent(self.student, **fields, tab=self.tab)

    def answer(self, kind: str, answer) -> None:
        """After the batch is committed: tell the student."""
        if kind == "refused":
            self.refuse(answer)
        elif kind == "join":
            if self.ws_connection is None:  # gone while its seat was made: not present
                self.server.online(answer["student"], self, False)
                return
            self.send({"type": "joined", **answer})
            self.on_hello(answer["student"], answer["secret"])
        else:
            self.send({"type": "ack", **answer})
            done = not (answer["duplicate"] or answer["stale"] or answer["limited"])
            if self.student is not None and done:
                self.server.seat_changed(self.student, self)
                self.server.pace_robots(self.student)

    def on_hello(self, student: int, secret: str):
        name = self.server.room.hello(student, secret)
        if self.student is not None and self.student != student:
            raise Refused("one seat per connection")
        self.student = student
        self.conduct = self.server.conducts.setdefault(student, Conduct())
        self.send({"type": "welcome", "student": student, "name": name})
        self.server.online(student, self, True)
        self.send_view()

    def on_intent(self, run: int, seq: int, intent: dict):
        if self.student is None:
            raise Refused("join the class first")
        self.server.later(self, "intent", {"run": run, "seq": seq, "message": intent})

    def send_view(self):
        if self.student is not None:
            self.send({"type": "view", **self.server.room.student_view(self.student, self.tab)})

    def on_close(self):
        if self.student is not None:
            self.server.online(self.student, self, False)


class TeacherSocket(_Socket):
    MESSAGES = TEACHER_MESSAGES
    CONTROLS = True  # the board's buttons are drawn (the projector's board has none)

    def open(self):
        if self.CONTROLS and not _is_teacher(self, self.server.store.token):
            self.close(4403, "not the teacher's address")
            return
        self.join_url = self.server.student_url
        self.server.teachers.add(self)
        self.send_board()

    def on_message(self, text):
        if self not in self.server.teachers or self.server.stopped:
            return
        notice = ""
        try:
            kind, fields = self.parse(text)
            if kind == "hello":
                self._set_join_url(fields["join_url"])
            else:
                self.server.room.teacher(fields["intent"])
                self.server.activity_changed()
        except (IllegalMoveError, ValueError) as refusal:
            notice = str(refusal)
        except sqlite3.Error as error:  # a full disk: the class is as it was
            self.server.room.reload()
            notice = f"That could not be stored ({error}): free some disk space and press again."
        self.send_board(notice)

    def _set_join_url(self, url: str) -> None:
        """The students' address as this teacher's browser reaches the server (behind a proxy)."""
        if url.startswith(("http://", "https://")) and url.endswith(
            "/join/" + self.server.store.code
        ):
            self.join_url = url
            if self.CONTROLS:  # the teacher's own page names the host it is served under
                self.server.hosts.add(urllib.parse.urlsplit(url).hostname or "localhost")

    def send_board(self, notice: str = "") -> int:
        if self.join_url.rsplit("/", 1)[-1] != self.server.store.code:  # the class was ended
            self.join_url = self.server.student_url
        projector_url = self.join_url.rsplit("join/", 1)[0] + "projector"
        board = self.server.room.board(
            self.join_url, notice, projector_url, self.CONTROLS, self.server.trouble
        )
        return self.send({"type": "view", "view": board})

    def on_close(self):
        self.server.teachers.discard(self)


class ProjectorSocket(TeacherSocket):
    """The projector's board: what the teacher's shows, without its buttons, for anyone."""

    MESSAGES = PROJECTOR_MESSAGES
    CONTROLS = False


def serve(
    data=None,
    host: str = "127.0.0.1",
    port: int = 8765,
    base: str = "/",
    activity: str | None = None,
    out=None,
) -> int:
    """Run a class server until SIGTERM or Ctrl-C; print its addresses first."""
    out = out or sys.stdout

    async def main():
        server = ClassServer(data, host, port, base, activity)
        server.listen()
        server.write_server_file()
        for line in server.lines():
            print(line, file=out, flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        server.close()

    asyncio.run(main())
    return 0
