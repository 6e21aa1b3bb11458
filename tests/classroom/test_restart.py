"""A restart keeps the dice a student picked, and a strategy is prepared off the event loop."""

import asyncio
import dataclasses
import json
import threading
import urllib.request

import pytest
import websocket

from dicelab.classroom.activities import ACTIVITIES
from dicelab.classroom.room import Room
from dicelab.classroom.store import Store

pytest.importorskip("tornado")

SHAKE = {"part": "shaker", "type": "shake"}
SEED = "5"  # a class seed whose first throw scores (one throw of six dice in 43 scores nothing)


def _looks(view) -> list:
    return [die.get("look") for die in view["parts"]["dice"]["dice"]]


def test_the_dice_a_fivethousand_student_sent_back_are_there_after_a_restart(tmp_path):
    room = Room(Store(tmp_path))
    room.store.set_meta("seed", SEED)
    ann = room.join(room.store.code, "Ann")["student"]
    run = room.start("fivethousand", {"robot": "simple"})
    answer = room.intent(ann, run, 1, SHAKE)
    looks = _looks(answer["view"])
    die = looks.index("out")  # a die the table proposed to set aside: send it back
    answer = room.intent(ann, run, 2, {"part": "dice", "type": "toggle", "die": die})
    sent_back = _looks(answer["view"])
    assert sent_back[die] == "shaker" and sent_back != looks
    room.store.close()

    again = Room(Store(tmp_path))  # the server restarted on the same data
    view = again.student_view(ann)
    assert view["seq"] == 2 and _looks(view["view"]) == sent_back
    undo = again.intent(ann, run, 3, {"part": "controls", "type": "press", "button": "take_back"})
    assert _looks(undo["view"]) == looks  # even the click can be taken back
    again.store.close()


class InProcess:
    """A :class:`ClassServer` on its own event loop in a thread, for tests that patch it."""

    def __init__(self, data, activity):
        from dicelab.classroom.server import ClassServer

        self.loop = asyncio.new_event_loop()
        self.server = ClassServer(data, port=0, activity=activity)
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        asyncio.run_coroutine_threadsafe(self._listen(), self.loop).result(60)
        self.origin = f"http://127.0.0.1:{self.server.port}"
        self.ws = f"ws://127.0.0.1:{self.server.port}/ws"
        self.code = self.server.store.code

    async def _listen(self):
        self.server.listen()

    def close(self):
        asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(60)
        self.loop.call_soon_threadsafe(self.loop.stop)

    async def _close(self):
        self.server.close()


def test_duplicate_prepares_the_optimal_robot_while_the_server_goes_on(tmp_path, monkeypatch):
    from tests.classroom.serving import Student

    started, release = threading.Event(), threading.Event()

    def solving():  # stands for the first solve of Yahtzee, which takes a while
        started.set()
        assert release.wait(300)

    spec = ACTIVITIES["duplicate"]
    assert spec.prepare is not None
    monkeypatch.setitem(ACTIVITIES, "duplicate", dataclasses.replace(spec, prepare=solving))
    running = InProcess(tmp_path, "duplicate")
    try:
        assert started.wait(60)
        # while the robot is being prepared, the server answers pages and joins
        with urllib.request.urlopen(running.origin + "/health", timeout=30) as answer:
            assert json.load(answer)["ok"]
        ann = Student(running, "Ann")
        assert ann.view["title"].startswith("Yahtzee")
        ann.send(
            {
                "type": "intent",
                "run": ann.last["run"],
                "seq": 1,
                "intent": {"part": "controls", "type": "press", "button": "roll"},
            }
        )
        assert "getting ready" in ann.expect("wait")["reason"]  # the page stops worrying
        ann.socket.settimeout(1.0)
        with pytest.raises(websocket.WebSocketTimeoutException):
            ann.receive()  # the intent waits for the robot ...
        assert Student(running, "Ben").name == "Ben"  # ... and others still join
        release.set()
        ann.socket.settimeout(60)
        answer = ann.expect("ack")
        assert answer["ack"] == 1 and not answer["duplicate"]
        assert running.server.preparing is None and "duplicate" in running.server._prepared
    finally:
        release.set()
        running.close()
