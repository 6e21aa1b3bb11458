"""A class server under load: simulated students over loopback WebSockets.

For each class size (60, then 200 students) a real ``dicelab class serve`` runs the
``farkles`` activity in its own process. First every student joins at once (the time until
the last one sees the activity, and how many succeeded); then each student throws twice a
second for ``SECONDS`` seconds, each throw numbered as the student page numbers it. Meanwhile
one attacker sends poison (an intent numbered 2**70, past any whole number the store or a page
counts) :data:`POISON_RATE` times a second, signing in again whenever it is sent away. Printed:
p50/p95/p99 of the time from sending a throw to its acknowledged view, the throws lost (sent,
never acknowledged) and counted twice (the results file against the acknowledgements; a
student's throws past the activity's limit are answered, not stored, and counted apart), the
honest students' sockets the server closed (there must be none), what the attacker was told,
the server's CPU (cores used) and peak memory, the teacher's board traffic, and the machine's
load average (on a shared machine the other processes' load is said beside the figures). The
teacher's board is open throughout, as in a lesson, and is redrawn as results arrive.

The reference is the least any durable server must do, run in the same way with the same
clients: a tornado WebSocket server that commits one SQLite (WAL, synchronous=FULL) row per
message and answers. The ratio is dicelab's p95 over the reference's.

With ``robots`` first, a class plays Fivethousand against the robot instead: :data:`PACED`
students choose the "fast" pace and keep ending their turns, so that the server plays their
robots' steps on its timers, stores and sends each one, while as many other students play
their own games (throw, PASS) twice a second. Printed: the p50/p95/p99 of the other students'
answers, the robots' steps sent, and the same against a reference run in which the paced
students' robots play at "instant" (no timers; the ratio is p95 fast / p95 instant).

Run: ``python benchmarks/bench_class_load.py [seconds] [sizes...]`` (default 60 s, 60 200),
or ``python benchmarks/bench_class_load.py robots [seconds]``.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tornado.websocket import websocket_connect

SECONDS = 60.0
SIZES = (60, 200)
RATE = 2.0  # throws a second per student
POISON_RATE = 5.0  # poisoned messages a second from the attacker
THROW = {"part": "controls", "type": "press", "button": "throw"}
PACED = 30  # students whose robots play at "fast" in the robots run
SHAKE = {"part": "shaker", "type": "shake"}
PASS = {"part": "controls", "type": "press", "button": "pass"}
PACE = {"part": "controls", "type": "press", "button": "pace"}
AGAIN = {"part": "controls", "type": "press", "button": "again"}
SRC = Path(__file__).resolve().parents[1] / "src"

REFERENCE_SERVER = r"""
import asyncio, json, sqlite3, sys, tornado.web, tornado.websocket
db = sqlite3.connect(sys.argv[2] + "/reference.sqlite3", isolation_level=None)
db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE IF NOT EXISTS r (student INTEGER, seq INTEGER, PRIMARY KEY (student, seq))")
class Socket(tornado.websocket.WebSocketHandler):
    def on_message(self, text):
        message = json.loads(text)
        if message["type"] == "join":
            self.student = db.execute("SELECT COUNT(DISTINCT student) FROM r").fetchone()[0] + id(self)
            self.write_message(json.dumps({"type": "view", "run": 1, "seq": 0}))
            return
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT OR IGNORE INTO r VALUES (?, ?)", (self.student, message["seq"]))
        db.execute("COMMIT")
        self.write_message(json.dumps({"type": "ack", "ack": message["seq"], "run": 1}))
async def main():
    tornado.web.Application([("/ws", Socket)]).listen(int(sys.argv[1]), "127.0.0.1")
    print("ready", flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    """The dicelab class server, or the reference, in a child process."""

    def __init__(self, kind: str, data: str, activity: str = "farkles"):
        self.port = free_port()
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        if kind == "dicelab":
            command = [
                sys.executable,
                "-m",
                "dicelab",
                "class",
                "serve",
                "--port",
                str(self.port),
                "--data",
                data,
                "--activity",
                activity,
            ]
        else:
            command = [sys.executable, "-c", REFERENCE_SERVER, str(self.port), data]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        first = self.process.stdout.readline().split()
        self.code = first[-1].rsplit("/", 1)[-1] if kind == "dicelab" else ""
        self.teacher, self.cookie = "", ""
        if kind == "dicelab":
            from dicelab.classroom.server import teacher_cookie

            self.process.stdout.readline()  # the projector's address
            self.teacher, token = self.process.stdout.readline().split()[-1].split("#")
            self.cookie = f"{teacher_cookie(token)}={token}"
        self.ws = f"ws://127.0.0.1:{self.port}/ws"

    async def connect(self):
        """A student's WebSocket, from a page of the server (its Origin), as a browser opens it."""
        from tornado.httpclient import HTTPRequest

        origin = f"http://127.0.0.1:{self.port}"
        return await websocket_connect(HTTPRequest(self.ws, headers={"Origin": origin}))

    def results(self) -> list[list[str]]:
        request = urllib.request.Request(
            self.teacher + "/results.csv", headers={"Cookie": self.cookie}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            return list(csv.reader(io.StringIO(answer.read().decode())))[1:]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


class SimulatedStudent:
    def __init__(self, index: int):
        self.index = index
        self.sent: dict[int, float] = {}
        self.latencies: list[float] = []
        self.acked: set[int] = set()
        self.limited = 0  # throws answered past the activity's limit: not stored
        self.duplicates = 0
        self.seq = 0
        self.closed_by_server = False
        self.leaving = False

    async def join(self, server: Server) -> bool:
        self.socket = await server.connect()
        await self.socket.write_message(
            json.dumps({"type": "join", "code": server.code, "name": f"Student {self.index}"})
        )
        while True:
            message = json.loads(await self.socket.read_message())
            if message["type"] == "view":
                self.run = message["run"]
                return True
            if message["type"] == "refused":
                return False

    async def listen(self) -> None:
        await self._read()
        self.closed_by_server = not self.leaving

    async def _read(self) -> None:
        while (text := await self.socket.read_message()) is not None:
            message = json.loads(text)
            if message["type"] == "ack":
                now = time.perf_counter()
                if message["ack"] in self.acked:
                    self.duplicates += 1
                self.acked.add(message["ack"])
                self.limited += bool(message.get("limited"))
                self.latencies.append(now - self.sent[message["ack"]])

    async def throw(self, until: float, intents=(THROW,)) -> None:
        """Send ``intents`` in turn, :data:`RATE` a second, until ``until``."""
        await asyncio.sleep(random.random() / RATE)
        while time.perf_counter() < until:
            self.seq += 1
            self.sent[self.seq] = time.perf_counter()
            intent = intents[self.seq % len(intents)]
            await self.socket.write_message(
                json.dumps({"type": "intent", "run": self.run, "seq": self.seq, "intent": intent})
            )
            await asyncio.sleep(1 / RATE)


class PacedStudent:
    """A student whose robot plays at ``pace`` ("fast": three presses of the pace button
    from "instant"): ends each turn at once (throw, PASS) and waits for the robot's steps."""

    def __init__(self, index: int, presses: int):
        self.index, self.presses = index, presses
        self.seq = 0
        self.steps = 0  # the robots' steps the server sent (views with no acknowledgement)

    async def play(self, server: Server, until: float) -> None:
        self.socket = await server.connect()
        await self.socket.write_message(
            json.dumps({"type": "join", "code": server.code, "name": f"Paced {self.index}"})
        )
        view = await self._next("view")
        for _ in range(self.presses):
            view = await self._intent(view, PACE)
        while time.perf_counter() < until:
            if any(b["id"] == "again" for b in view["view"]["parts"]["controls"]["buttons"]):
                view = await self._intent(view, AGAIN)
            view = await self._intent(view, SHAKE)
            view = await self._intent(view, PASS)
            while _robots_to_move(view["view"]) and time.perf_counter() < until:
                view = await self._next("view")
                self.steps += 1
        self.socket.close()

    async def _intent(self, view: dict, intent: dict) -> dict:
        self.seq += 1
        message = {"type": "intent", "run": view["run"], "seq": self.seq, "intent": intent}
        await self.socket.write_message(json.dumps(message))
        return await self._next("ack")

    async def _next(self, kind: str) -> dict:
        while True:
            message = json.loads(await self.socket.read_message())
            if message["type"] == kind:
                return message


def _robots_to_move(view: dict) -> bool:
    return any(b["id"] == "skip" for b in view["parts"]["controls"]["buttons"])


class Attacker:
    """A student who sends poison :data:`POISON_RATE` times a second, and signs in again to
    its seat (or joins anew) whenever the server sends it away."""

    def __init__(self):
        self.sent = self.refused = self.reloads = self.comebacks = 0

    async def attack(self, server: Server, until: float) -> None:
        seat = None
        while time.perf_counter() < until:
            connection = await server.connect()
            hello = {"type": "hello", **seat} if seat else None
            join = {"type": "join", "code": server.code, "name": "Mallory"}
            await connection.write_message(json.dumps(hello or join))
            run = None
            while (text := await connection.read_message()) is not None:
                message = json.loads(text)
                if message["type"] == "joined":
                    seat = {"student": message["student"], "secret": message["secret"]}
                if message["type"] == "view":
                    run = message["run"]
                    break
            if run is None:  # not let in this time
                connection.close()
                await asyncio.sleep(1 / POISON_RATE)
                continue
            reading = asyncio.ensure_future(self._read(connection))
            while time.perf_counter() < until and not reading.done():
                poison = {"type": "intent", "run": run, "seq": 2**70, "intent": THROW}
                try:
                    await connection.write_message(json.dumps(poison))
                except Exception:  # sent away meanwhile
                    break
                self.sent += 1
                await asyncio.sleep(1 / POISON_RATE)
            connection.close()
            await reading
            self.comebacks += time.perf_counter() < until

    async def _read(self, connection) -> None:
        while (text := await connection.read_message()) is not None:
            kind = json.loads(text)["type"]
            self.refused += kind == "refused"
            self.reloads += kind == "reload"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def watch_board(server: Server, boards: list) -> None:
    """The teacher's board open all along, as in a lesson: the boards it receives (when,
    and their size in bytes)."""
    address = server.teacher.replace("http", "ws", 1) + "/ws"
    origin = "/".join(server.teacher.split("/")[:3])
    from tornado.httpclient import HTTPRequest

    headers = {"Origin": origin, "Cookie": server.cookie}
    socket = await websocket_connect(HTTPRequest(address, headers=headers))
    while (text := await socket.read_message()) is not None:
        boards.append((time.perf_counter(), len(text)))


async def load(server: Server, size: int, seconds: float) -> dict:
    students = [SimulatedStudent(i) for i in range(size)]
    boards: list[tuple[float, int]] = []
    teacher = asyncio.ensure_future(watch_board(server, boards)) if server.teacher else None
    start = time.perf_counter()
    joined = await asyncio.gather(*(student.join(server) for student in students))
    join_seconds = time.perf_counter() - start
    listeners = [asyncio.ensure_future(student.listen()) for student in students]
    cpu_before, wall_before = cpu_seconds(server.process.pid), time.perf_counter()
    until = time.perf_counter() + seconds
    attacker = Attacker()
    attacking = [attacker.attack(server, until)] if server.teacher else []
    await asyncio.gather(*(student.throw(until) for student in students), *attacking)
    await asyncio.sleep(2.0)  # the last answers
    cores = (cpu_seconds(server.process.pid) - cpu_before) / (time.perf_counter() - wall_before)
    board_bytes = sum(size for at, size in boards if wall_before <= at <= until)
    for student in students:
        student.leaving = True
        student.socket.close()
    for listener in listeners:
        listener.cancel()
    if teacher is not None:
        teacher.cancel()
    latencies = [value for student in students for value in student.latencies]
    sent = sum(student.seq for student in students)
    acked = sum(len(student.acked) for student in students)
    return {
        "joined": sum(joined),
        "join_seconds": join_seconds,
        "sent": sent,
        "acked": acked,
        "lost": sent - acked,
        "limited": sum(student.limited for student in students),
        "answered_twice": sum(s.duplicates for s in students),
        "p50": percentile(latencies, 0.50),
        "p95": percentile(latencies, 0.95),
        "p99": percentile(latencies, 0.99),
        "cores": cores,
        "memory_mb": peak_memory_mb(server.process.pid),
        "boards": len(boards),
        "board_kb_per_s": board_bytes / 1000 / seconds,
        "board_kb": max((size for _, size in boards), default=0) / 1000,
        "honest_closed": sum(student.closed_by_server for student in students),
        "attacker": attacker,
    }


def run(kind: str, size: int, seconds: float) -> dict:
    with tempfile.TemporaryDirectory() as data:
        server = Server(kind, data)
        try:
            figures = asyncio.run(load(server, size, seconds))
            if kind == "dicelab":
                rows = server.results()
                keys = [(row[2], row[4]) for row in rows]
                figures["stored"] = len(rows)
                figures["stored_twice"] = len(keys) - len(set(keys))
        finally:
            server.stop()
    return figures


def report(kind: str, size: int, figures: dict) -> None:
    print(
        f"  {kind:9} {size:3} students: joins {figures['joined']}/{size} in "
        f"{figures['join_seconds']:.2f} s; {figures['sent']} throws, p50 {1000 * figures['p50']:.1f} ms, "
        f"p95 {1000 * figures['p95']:.1f} ms, p99 {1000 * figures['p99']:.1f} ms; "
        f"lost {figures['lost']}, answered twice {figures['answered_twice']}, "
        f"past the limit {figures['limited']}"
        + (
            f", stored {figures['stored']} (twice: {figures['stored_twice']})"
            if "stored" in figures
            else ""
        )
        + f"; server CPU {figures['cores']:.2f} cores, peak memory {figures['memory_mb']:.0f} MB"
        + (
            f", teacher's board redrawn {figures['boards']} times ({figures['board_kb']:.1f} KB "
            f"each at most, {figures['board_kb_per_s']:.1f} KB/s while the class threw)"
            if figures["boards"]
            else ""
        )
        + (
            f"; attacker: {attacker.sent} poisoned messages, {attacker.refused} refused, told to "
            f"reload {attacker.reloads} times, came back {attacker.comebacks} times; honest "
            f"sockets closed by the server: {figures['honest_closed']}"
            if (attacker := figures["attacker"]).sent
            else ""
        )
        + "; load average (1, 5, 15 min) "
        + ", ".join(f"{load:.1f}" for load in os.getloadavg())
    )


async def robots_load(server: Server, presses: int, seconds: float) -> dict:
    """:data:`PACED` students whose robots play at the pace ``presses`` chooses, and as many
    others playing their own games: the others' answers."""
    others = [SimulatedStudent(i) for i in range(PACED)]
    paced = [PacedStudent(i, presses) for i in range(PACED)]
    await asyncio.gather(*(student.join(server) for student in others))
    listeners = [asyncio.ensure_future(student.listen()) for student in others]
    cpu_before, wall_before = cpu_seconds(server.process.pid), time.perf_counter()
    until = time.perf_counter() + seconds
    await asyncio.gather(
        *(student.play(server, until) for student in paced),
        *(student.throw(until, (SHAKE, PASS)) for student in others),
    )
    await asyncio.sleep(2.0)  # the last answers
    cores = (cpu_seconds(server.process.pid) - cpu_before) / (time.perf_counter() - wall_before)
    for student in others:
        student.leaving = True
        student.socket.close()
    for listener in listeners:
        listener.cancel()
    latencies = [value for student in others for value in student.latencies]
    return {
        "sent": sum(student.seq for student in others),
        "acked": sum(len(student.acked) for student in others),
        "p50": percentile(latencies, 0.50),
        "p95": percentile(latencies, 0.95),
        "p99": percentile(latencies, 0.99),
        "steps": sum(student.steps for student in paced),
        "cores": cores,
    }


def robots_main(seconds: float = SECONDS) -> None:
    print(
        f"Class games: {PACED} students' robots at a pace, {PACED} other students playing "
        f"(throw, PASS) {RATE:g} times a second for {seconds:g} s ({os.cpu_count()} cores)"
    )
    figures = {}
    for pace, presses in (("fast", 3), ("instant", 0)):
        with tempfile.TemporaryDirectory() as data:
            server = Server("dicelab", data, "fivethousand")
            try:
                figures[pace] = asyncio.run(robots_load(server, presses, seconds))
            finally:
                server.stop()
        f = figures[pace]
        print(
            f"  robots at {pace:7}: others' {f['sent']} intents ({f['acked']} answered), "
            f"p50 {1000 * f['p50']:.1f} ms, p95 {1000 * f['p95']:.1f} ms, "
            f"p99 {1000 * f['p99']:.1f} ms; robot steps sent one by one {f['steps']}; "
            f"server CPU {f['cores']:.2f} cores; load average "
            + ", ".join(f"{load:.1f}" for load in os.getloadavg())
        )
    print(f"  p95 ratio fast / instant: {figures['fast']['p95'] / figures['instant']['p95']:.2f}")


def main(seconds: float = SECONDS, sizes=SIZES) -> None:
    print(
        f"Class server load: each student throws {RATE:g} times a second for {seconds:g} s "
        f"over loopback WebSockets ({os.cpu_count()} cores)"
    )
    for size in sizes:
        ours = run("dicelab", size, seconds)
        report("dicelab", size, ours)
        reference = run("reference", size, seconds)
        report("reference", size, reference)
        print(
            f"  p95 ratio dicelab / reference: {ours['p95'] / reference['p95']:.2f}; "
            f"stored = acknowledged within the limit: {ours['stored'] == ours['acked'] - ours['limited']}"
        )


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["robots"]:
        robots_main(float(arguments[1]) if len(arguments) > 1 else SECONDS)
        sys.exit()
    main(
        float(arguments[0]) if arguments else SECONDS, tuple(int(a) for a in arguments[1:]) or SIZES
    )
