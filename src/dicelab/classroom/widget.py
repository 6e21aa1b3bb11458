"""The teacher's view in a notebook: ``room = Classroom()`` shows the class board.

``Classroom()`` connects to the class server of the data folder, starting one first (a
process that outlives the kernel) when none runs; ``Classroom(teacher_url)`` connects to a
server anywhere. The board is the teacher's page's own (``class_board``), received over the
teacher's WebSocket in a background thread (the token, from the address's fragment, goes in
the teacher's cookie, as the teacher's page sends it); the board's buttons go back as the
same intents.
While the server can't be reached (it restarts, the network drops) the board says so, and
the teacher's clicks wait in order until the connection is back.
"""

from __future__ import annotations

import asyncio
import collections
import json
import os
import sys
import threading
import urllib.parse
import urllib.request
from typing import TYPE_CHECKING

from dicelab.extras import require
from dicelab.widgets.table import Table

if TYPE_CHECKING:
    from tornado.websocket import WebSocketClientConnection

CONNECT_SECONDS = 30.0
HANG_UP_SECONDS = 2.0  # how long a closed board waits for the server's goodbye
UNREACHABLE = (
    "The class server does not answer; trying again. What you click now is sent when it is back."
)


class Classroom(Table):
    """A class server's board. ``url`` is the teacher's address (…/teacher#TOKEN); without it,
    the server running on ``data`` (the user data folder by default) is used, or started on
    ``host``:``port``."""

    COMPONENTS = ("class_board", "class_leaderboard")  # the tournament's leaderboard too

    def __init__(
        self,
        url: str | None = None,
        *,
        data: str | os.PathLike[str] | None = None,
        host: str = "127.0.0.1",
        port: int = 8765,
    ) -> None:
        require("tornado", "class", "Classroom")
        from dicelab.classroom.server import teacher_cookie

        super().__init__()
        if url is None:
            from dicelab.classroom.process import running_server, start_server

            found = running_server(data) or start_server(data, host, port)
            url = found["teacher_url"]
        parts = urllib.parse.urlsplit(url)
        if (
            parts.scheme not in ("http", "https")
            or not parts.path.endswith("/teacher")
            or not parts.fragment
        ):
            raise ValueError(
                f"Classroom() takes the teacher's address (…/teacher#TOKEN), not {url!r}"
            )
        self.teacher_url = url
        self._page = urllib.parse.urlunsplit(parts._replace(fragment=""))  # …/teacher
        self._cookie = f"{teacher_cookie(parts.fragment)}={parts.fragment}"
        self._connected = threading.Event()
        self._news = threading.Condition()  # notified at each board received
        self._socket: WebSocketClientConnection | None = None
        self._outbox: collections.deque[str] = collections.deque()  # read in the loop only
        self._closing = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, daemon=True, name="dicelab-classroom"
        )
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop)
        if not self._connected.wait(CONNECT_SECONDS):
            self._hang_up()
            raise ConnectionError(f"no class server answers at {self._page}")

    def __repr__(self) -> str:
        return (
            f"<Classroom at {self.student_url or self._page}: show it in a notebook for "
            f"the board; .results(activity) gives the results.>"
        )

    # --- the connection -----------------------------------------------------------------
    async def _listen(self) -> None:
        from tornado.websocket import websocket_connect

        address = self._page.replace("http", "ws", 1) + "/ws"
        headers = {"Origin": "/".join(self._page.split("/")[:3]), "Cookie": self._cookie}
        wait = 0.5
        while not self._closing:
            try:
                from tornado.httpclient import HTTPRequest

                self._socket = socket = await websocket_connect(
                    HTTPRequest(address, headers=headers)
                )
                wait = 0.5
                self._send_waiting()
                while (text := await socket.read_message()) is not None:
                    message = json.loads(text)
                    if message.get("type") == "view":
                        self._show(message["view"])
                        self._connected.set()
            except OSError:
                pass
            self._socket = None
            if self._closing:
                return
            if self._connected.is_set():
                self._show_unreachable()
            await asyncio.sleep(wait)  # the server restarts, or the network drops: try again
            wait = min(5.0, wait * 2)

    def receive(self, message) -> None:
        """The board's buttons: sent to the server, which alone decides (and redraws). The
        table's own notes (a view shown or gone) stay here."""
        if isinstance(message, dict) and message.get("part") == "table":
            self._view_message(message)
            return
        self._to_server({"type": "intent", "intent": message})

    def _to_server(self, message: dict) -> None:
        def send():
            self._outbox.append(json.dumps(message))
            self._send_waiting()

        self._loop.call_soon_threadsafe(send)

    def _send_waiting(self) -> None:
        """Send the messages waiting, oldest first, while the connection takes them."""
        from tornado.websocket import WebSocketClosedError

        while self._outbox and self._socket is not None:
            try:
                self._socket.write_message(self._outbox[0])
            except WebSocketClosedError:
                return  # kept: the next connection sends it
            self._outbox.popleft()

    def _show_unreachable(self) -> None:
        """The board as last received, saying the server can't be reached (the server's
        next board replaces it)."""
        parts = dict(self.view.get("parts", {}))
        parts["board"] = {**parts.get("board", {}), "notice": UNREACHABLE}
        self._show({**self.view, "parts": parts})

    def _show(self, view: dict) -> None:
        self.view = view
        with self._news:
            self._news.notify_all()

    # --- the class from Python ----------------------------------------------------------
    @property
    def board(self) -> dict:
        """The board's fields as last received (code, roster, current activity, pool...)."""
        return self.view.get("parts", {}).get("board", {})

    @property
    def student_url(self) -> str:
        return self.board.get("join_url", "")

    @property
    def projector_url(self) -> str:
        """The projector's page: the board without its controls and without the token."""
        return self.board.get("projector_url", "")

    @property
    def code(self) -> str:
        return self.board.get("code", "")

    def start(self, activity: str, robot: str = "") -> None:
        """Start ``activity`` (e.g. "farkles"; ``robot`` for a game, else its first robot)."""
        self.receive({"part": "board", "type": "start", "activity": activity, "robot": robot})

    def use(self, activity: str, robot: str = "") -> Classroom:
        """Start ``activity`` unless it is the one running (its results so far are kept), and
        wait until the board shows it; this board, for a lesson cell to show."""
        if (self.board.get("current") or {}).get("name") != activity:
            self.start(activity, robot)
            if not self.wait(lambda board: (board.get("current") or {}).get("name") == activity):
                raise ConnectionError(
                    f"the class server did not start {activity!r}: {self.board.get('notice')}"
                )
        return self

    def wait(self, check, seconds: float = CONNECT_SECONDS) -> bool:
        """Wait until ``check(board)`` holds (False if it still does not after ``seconds``)."""
        with self._news:
            return self._news.wait_for(lambda: check(self.board), seconds)

    def stop(self) -> None:
        self.receive({"part": "board", "type": "stop"})

    def reveal(self) -> None:
        self.receive({"part": "board", "type": "reveal"})

    def pooled(self) -> dict | None:
        """The pool of the current activity: trials, successes, share, se, students."""
        return self.board.get("pool")

    def shares(self):
        """The current activity's pool as a :class:`~dicelab.pooled.ClassShares` (each
        student who has a result, by name), or None before the first result."""
        from dicelab.pooled import ClassShares

        students = [s for s in (self.pooled() or {}).get("students", []) if s["trials"]]
        if not students:
            return None
        return ClassShares.of(
            [s["successes"] for s in students],
            [s["trials"] for s in students],
            [s["name"] for s in students],
        )

    def results(self, activity: str | None = None, session: int | str | None = None):
        """The results of this class (of ``activity``), one row per result: a DataFrame
        when pandas is installed, else a list of dicts (run, activity, student, name, seq,
        trials, successes, detail, at, session, options, seed). ``session`` is another
        class's number, or "all" for every class kept (End class archives each one)."""
        asked = {"activity": activity, "session": session}
        query = urllib.parse.urlencode({k: v for k, v in asked.items() if v is not None})
        query = "?" + query if query else ""
        request = urllib.request.Request(
            self._page + "/results.json" + query, headers={"Cookie": self._cookie}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            rows = json.load(answer)
        try:
            import pandas
        except ImportError:
            return rows
        from dicelab.classroom.store import RESULT_COLUMNS

        return pandas.DataFrame(rows, columns=list(RESULT_COLUMNS))

    def close(self) -> None:
        """Disconnect this board (the server goes on)."""
        if getattr(self, "_loop", None) is not None:
            self._hang_up()
        super().close()

    def _hang_up(self) -> None:
        """Close the connection, end the background thread and close its loop (once)."""
        loop = self._loop
        if loop.is_closed() or sys.is_finalizing():  # at exit the process closes everything
            return
        if threading.current_thread() is self._thread:  # asked from the loop: it can't wait
            loop.stop()
            return
        if loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(self._stop_listening(), loop).result(
                    HANG_UP_SECONDS + 1
                )
            except TimeoutError:
                pass  # stopped below all the same
            loop.call_soon_threadsafe(loop.stop)
            self._thread.join(HANG_UP_SECONDS)
        if not loop.is_running():
            loop.close()

    async def _stop_listening(self) -> None:
        """Say goodbye to the server and give the listener a moment to see the connection
        closed before it is cancelled (at once when there is no connection to close)."""
        self._closing = True
        socket = self._socket
        connected = socket is not None
        if socket is not None:
            socket.close(1000)  # a normal closure
        others = asyncio.all_tasks() - {asyncio.current_task()}
        if others:
            _, late = await asyncio.wait(others, timeout=HANG_UP_SECONDS if connected else 0)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
