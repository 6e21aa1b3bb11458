"""A real class server in a child process on a loopback port, and students over WebSockets."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import websocket

from dicelab import fivethousand

SRC = Path(__file__).parents[2] / "src"


ENV = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}


def serve_command(data, *arguments, port: int = 0) -> list[str]:
    """``dicelab class serve`` on ``data`` and ``port`` (0: any free one), from this checkout
    (run it with :data:`ENV`)."""
    command = ["-m", "dicelab", "class", "serve", "--port", str(port), "--data", str(data)]
    return [sys.executable, *command, *arguments]


class Addresses:
    """A running class server's addresses (the students', the projector's and the teacher's,
    whose token follows a ``#``), and reading them as a browser would."""

    def _addresses(self, student_url: str, projector_url: str, teacher_url: str) -> None:
        self.student_url, self.projector_url, self.teacher_url = (
            student_url,
            projector_url,
            teacher_url,
        )
        self.origin = "/".join(self.student_url.split("/")[:3])
        self.code = self.student_url.rsplit("/", 1)[-1]
        self.ws = self.student_url.replace("http://", "ws://").rsplit("/join/", 1)[0] + "/ws"
        self.teacher_page, self.token = self.teacher_url.split("#")
        self.teacher_ws = self.teacher_page.replace("http://", "ws://") + "/ws"

    def teacher_cookie(self, token: str | None = None) -> str:
        """The Cookie header of a browser holding ``token`` (the teacher's by default)."""
        from dicelab.classroom.server import teacher_cookie

        token = self.token if token is None else token
        return f"{teacher_cookie(self.token)}={token}"

    def teacher_socket(self, timeout: float = 60, **options):
        """The teacher's WebSocket, signed in with the teacher's cookie."""
        return websocket.create_connection(
            self.teacher_ws, timeout=timeout, cookie=self.teacher_cookie(), **options
        )

    def get(self, url: str, cookie: str = "", method: str = "GET") -> tuple[int, str]:
        request = urllib.request.Request(
            url, method=method, headers={"Cookie": cookie} if cookie else {}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, ""

    def csv_rows(self) -> list[list[str]]:
        import csv
        import io

        status, text = self.get(self.teacher_page + "/results.csv", self.teacher_cookie())
        assert status == 200
        return list(csv.reader(io.StringIO(text)))[1:]


class ServerThread(Addresses):
    """A :class:`~dicelab.classroom.server.ClassServer` on a loopback port, run by an event
    loop in a thread of the test's own process, so that a test can reach inside it."""

    def __init__(self, data, activity: str | None = None):
        from dicelab.classroom.server import ClassServer

        self.loop = asyncio.new_event_loop()

        async def start():
            self.server = ClassServer(data, port=0, activity=activity)
            self.server.listen()

        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(start)
        server = self.server
        self._addresses(server.student_url, server.projector_url, server.teacher_url)

    def call(self, function, *arguments):
        """``function(*arguments)`` (a coroutine function or a plain one) run on the server's
        loop; its result."""

        async def run():
            result = function(*arguments)
            return await result if asyncio.iscoroutine(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=60)

    def stop(self) -> None:
        self.call(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()


class ServerProcess(Addresses):
    """``dicelab class serve --port 0 --data DATA ...``; its three printed addresses."""

    def __init__(self, data, *arguments, port: int = 0):
        self.process = subprocess.Popen(
            serve_command(data, *arguments, port=port),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        self.lines = [self.process.stdout.readline().rstrip("\n") for _ in range(3)]
        if not self.lines[0]:
            raise RuntimeError(self.process.stderr.read())
        self._addresses(*(line.split()[-1] for line in self.lines))

    def kill(self) -> None:
        """SIGKILL: the server flushes and closes nothing (this side closes its pipes)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self._close_pipes()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_pipes()

    def _close_pipes(self) -> None:
        self.process.stdout.close()
        self.process.stderr.close()


class Student:
    """A student's connection: join or sign in, send numbered intents, read answers.
    ``tab`` names the page the connection stands for (each numbers its own intents)."""

    def __init__(
        self,
        server: Addresses,
        name: str | None = None,
        seat: dict | None = None,
        tab: str = "",
        lang: str = "en",
    ):
        self.server = server
        address = f"{server.ws}?tab={tab}" if tab else server.ws
        self.socket = websocket.create_connection(address, timeout=60)
        self.seq = 0
        if seat is None:
            self.send({"type": "join", "code": server.code, "name": name, "lang": lang})
            joined = self.expect("joined")
            self.seat = {"student": joined["student"], "secret": joined["secret"]}
            self.name = joined["name"]
        else:
            self.seat = seat
            self.send({"type": "hello", **seat})
        self.expect("welcome")
        self.last = self.expect("view")

    def send(self, message) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self) -> dict:
        return json.loads(self.socket.recv())

    def expect(self, kind: str) -> dict:
        message = self.receive()
        assert message["type"] == kind, message
        return message

    def intent(self, intent: dict, seq: int | None = None, meanwhile=None) -> dict:
        """Send ``intent`` (the next number, or ``seq``) and return its acknowledgement;
        ``meanwhile()`` is called after sending it, before the answer is read."""
        if seq is None:
            self.seq += 1
            seq = self.seq
        self.send({"type": "intent", "run": self.last["run"], "seq": seq, "intent": intent})
        if meanwhile is not None:
            meanwhile()
        while True:
            message = self.receive()
            if message["type"] == "ack":
                self.last = message
                return message
            if message["type"] == "refused" and message["reason"].startswith("slow down"):
                time.sleep(0.3)  # over the rate limit: the intent was not taken, send it again
                self.send({"type": "intent", "run": self.last["run"], "seq": seq, "intent": intent})
            elif message["type"] == "refused":
                raise AssertionError(message["reason"])

    @property
    def view(self) -> dict:
        return self.last["view"]

    def close(self) -> None:
        self.socket.close()


THROW = {"part": "controls", "type": "press", "button": "throw"}


def play_fivethousand(student: Student, most: int = 400) -> dict:
    """Play a whole game from the view alone: throw, keep the best scoring dice, bank."""
    table = fivethousand.Rules().combinations()
    for _ in range(most):
        parts = student.view["parts"]
        if "ranking" in parts:
            return parts["ranking"]
        dice = [d["face"] for d in parts["dice"]["dice"]] if "dice" in parts else []
        out = [
            d for d in parts.get("dice", {}).get("dice", []) if d.get("look") in ("out", "shaker")
        ]
        if not out:
            student.intent({"part": "shaker", "type": "shake"})
            continue
        best, _ = table.best_choice(tuple(sorted(dice)))
        wanted = list(best)
        back = []
        for i, face in enumerate(dice):
            if face in wanted:
                wanted.remove(face)
            else:
                back.append(i)
        for i in back:
            if out[i]["look"] == "out":
                student.intent({"part": "dice", "type": "toggle", "die": i})
        student.intent({"part": "controls", "type": "press", "button": "pass"})
    raise AssertionError("the game did not end")
