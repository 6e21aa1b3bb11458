"""A class tournament on a real class server, with the class using it meanwhile.

A real ``dicelab class serve`` runs the ``tournament`` activity (the short game, 2,000 games
a pairing, half with each seat first). ``--students`` simulated students (30) join over
loopback WebSockets and each enters a strategy of its own from the phone builder's settings;
then the teacher presses Play, and the server's worker process plays the round robin of the
students' strategies and the 4 house robots, round by round. All along every student sends a
builder intent twice a second (refused once the entries are closed, but each one checked,
stored and answered as any intent is). Printed: the round robin's time from Play until the
board says it is played (and until its first round), the p50/p95/p99 of the students'
intents while it is played, and, as the reference measured in the same run, while it is not
(the same class, the same intents, before Play); the server's CPU and peak memory, the
worker's peak memory, and the machine's load average (it is shared).

The round robin's reference is :func:`dicelab.tournament` of the same strategies in one
call in the benchmark's own process, after the class (no class, no rounds, no worker).

Run: ``python benchmarks/bench_class_tournament.py [--students 30] [--games 2000]
[--no-reference]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_class_load import cpu_seconds, free_port, peak_memory_mb, percentile
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

SRC = Path(__file__).resolve().parents[1] / "src"
RATE = 2.0  # intents a second per student
BEFORE = 10.0  # seconds of the reference: the class before Play


def choices(index: int) -> dict:
    """What student ``index`` sets on the builder (the others stay at their defaults)."""
    rng = random.Random(index)
    chosen = {f"bank_{n}": rng.randrange(100, 801, 50) for n in range(1, 7)}
    if rng.random() < 0.5:
        chosen["behind"] = 300
    return chosen


def reference_round_robin(students: int, games: int) -> float:
    """Seconds of ``dicelab.tournament`` of the same strategies in one call, in this process
    (no class, no rounds, no worker)."""
    import dicelab
    from dicelab.classroom.tournament import DEFAULTS, RULES, build

    field = [build({**DEFAULTS, **choices(i)}, f"Student {i}") for i in range(students)]
    start = time.perf_counter()
    dicelab.tournament(field, RULES, games, exact=False, progress=False)
    return time.perf_counter() - start


class Student:
    """A student's socket: join, enter a strategy, then send a builder intent every
    ``1 / RATE`` s, timing each from sending to its acknowledgement."""

    def __init__(self, index: int):
        self.index, self.seq = index, 0
        self.sent: dict[int, float] = {}
        self.latencies: list[tuple[float, float]] = []  # (when answered, seconds)

    async def join(self, origin: str, ws: str, code: str) -> None:
        self.socket = await websocket_connect(HTTPRequest(ws, headers={"Origin": origin}))
        await self.socket.write_message(
            json.dumps({"type": "join", "code": code, "name": f"Student {self.index}"})
        )
        while (message := json.loads(await self.socket.read_message()))["type"] != "view":
            pass
        self.run = message["run"]
        self.reading = asyncio.ensure_future(self._read())
        for setting, value in choices(self.index).items():
            await self.send({"type": "set", "setting": setting, "value": value})
        await self.send({"type": "enter"})

    async def send(self, intent: dict) -> None:
        self.seq += 1
        self.sent[self.seq] = time.perf_counter()
        message = {
            "type": "intent",
            "run": self.run,
            "seq": self.seq,
            "intent": {"part": "entry", **intent},
        }
        await self.socket.write_message(json.dumps(message))

    async def _read(self) -> None:
        while (text := await self.socket.read_message()) is not None:
            message = json.loads(text)
            if message["type"] == "ack":
                now = time.perf_counter()
                self.latencies.append((now, now - self.sent[message["ack"]]))

    async def busy(self, until: float) -> None:
        await asyncio.sleep(random.random() / RATE)
        while time.perf_counter() < until:
            await self.send({"type": "set", "setting": "bank_3", "value": 300})
            await asyncio.sleep(1 / RATE)


def worker_pids(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in children.read_text().split()] if children.exists() else []


def peak_rss_mb(pid: int) -> float:
    try:
        return peak_memory_mb(pid)
    except OSError:  # gone meanwhile
        return 0.0


async def class_with_a_tournament(students: int, games: int, data: str) -> dict:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    command = [sys.executable, "-m", "dicelab", "class", "serve", "--port", str(port)]
    if games != 2000:  # the activity's default; another count is an option of the run
        from dicelab.classroom.room import Room
        from dicelab.classroom.store import Store

        store = Store(data)
        Room(store).start("tournament", {"games": games})
        store.close()
    else:
        command += ["--activity", "tournament"]
    process = subprocess.Popen(
        [*command, "--data", data], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        code = process.stdout.readline().split()[-1].rsplit("/", 1)[-1]
        process.stdout.readline()
        teacher, token = process.stdout.readline().split()[-1].split("#")
        from dicelab.classroom.server import teacher_cookie

        origin = f"http://127.0.0.1:{port}"
        board = await websocket_connect(
            HTTPRequest(
                teacher.replace("http", "ws", 1) + "/ws",
                headers={"Origin": origin, "Cookie": f"{teacher_cookie(token)}={token}"},
            )
        )
        class_ = [Student(i) for i in range(students)]
        await asyncio.gather(*(s.join(origin, f"ws://127.0.0.1:{port}/ws", code) for s in class_))
        await asyncio.sleep(1.0)  # the entries' answers
        before = time.perf_counter()
        await asyncio.gather(*(s.busy(before + BEFORE) for s in class_))
        cpu, wall = cpu_seconds(process.pid), time.perf_counter()
        busy = [asyncio.ensure_future(s.busy(float("inf"))) for s in class_]
        pressed = time.perf_counter()
        play = {"part": "leaderboard", "type": "play"}
        await board.write_message(json.dumps({"type": "intent", "intent": play}))
        first_round = worker_memory = 0.0
        while True:
            leaderboard = json.loads(await board.read_message())["view"]["parts"]["leaderboard"]
            for pid in worker_pids(process.pid):
                worker_memory = max(worker_memory, peak_rss_mb(pid))
            if leaderboard["rounds_done"] and not first_round:
                first_round = time.perf_counter() - pressed
            if leaderboard["phase"] == "played" or leaderboard["trouble"]:
                break
        played = time.perf_counter() - pressed
        cores = (cpu_seconds(process.pid) - cpu) / (time.perf_counter() - wall)
        for task in busy:
            task.cancel()
        latencies = [(at, seconds) for s in class_ for at, seconds in s.latencies]
        return {
            "entries": leaderboard["entries"],
            "trouble": leaderboard["trouble"],
            "rounds": leaderboard["rounds"],
            "played": played,
            "first_round": first_round,
            "during": [s for at, s in latencies if pressed <= at <= pressed + played],
            "before": [s for at, s in latencies if before <= at < pressed],
            "cores": cores,
            "memory": peak_memory_mb(process.pid),
            "worker_memory": worker_memory,
        }
    finally:
        process.terminate()
        process.wait(timeout=30)


def milliseconds(values: list[float]) -> str:
    return ", ".join(
        f"p{int(100 * share)} {1000 * percentile(values, share):.1f} ms"
        for share in (0.5, 0.95, 0.99)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--no-reference", action="store_true", help="skip the one-call round robin")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        f = asyncio.run(class_with_a_tournament(args.students, args.games, data))
    entrants = f["entries"] + 4
    print(
        f"Class tournament: {f['entries']} students' strategies + 4 robots, "
        f"{entrants * (entrants - 1) // 2} pairings of {args.games} games (both seat orders) in "
        f"{f['rounds']} rounds, on {os.cpu_count()} cores"
    )
    if f["trouble"]:
        print(f"  the round robin failed: {f['trouble']}")
    print(
        f"  round robin in the server's worker: {f['played']:.1f} s from Play to played "
        f"(first round on the board after {f['first_round']:.1f} s); worker peak memory "
        f"{f['worker_memory']:.0f} MB"
    )
    if not args.no_reference:
        alone = reference_round_robin(args.students, args.games)
        print(
            f"  reference: dicelab.tournament of the same field in one call, no class: {alone:.1f} s; "
            f"ratio server / one call: {f['played'] / alone:.2f}"
        )
    print(
        f"  students' intents while it was played ({len(f['during'])}): {milliseconds(f['during'])}"
    )
    print(
        f"  reference, the same class before Play ({len(f['before'])}): {milliseconds(f['before'])}; "
        f"p95 ratio during / before: {percentile(f['during'], 0.95) / percentile(f['before'], 0.95):.2f}"
    )
    print(
        f"  server CPU {f['cores']:.2f} cores while played, peak memory {f['memory']:.0f} MB; "
        "load average (1, 5, 15 min) " + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )


if __name__ == "__main__":
    main()
