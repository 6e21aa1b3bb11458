"""In a real kernel: a game survives SIGKILL of its kernel, and Kernel > Interrupt reaches
the cell that runs, never the rule lab's worker."""

from __future__ import annotations

import json
import os
import signal

import pytest

from tests.kernels import run, start

pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")


PLAY = """
from dicelab.widgets import YahtzeeGame
w = YahtzeeGame(players=["Ann", "Ben"], seed=11, pace=0)
for step in range(8):  # clicks of Roll, and moves played from the cell
    roll = next(b for b in w.controls.buttons if b["id"] == "roll")
    if step % 3 != 2 and roll["enabled"]:
        w.send_intent(w.controls, {"type": "press", "button": "roll"})
    else:
        w.play(w.game.legal_actions()[-1])
import os, json
print(json.dumps({"pid": os.getpid(), "game": w.game.to_json()}))
"""


def test_a_game_survives_its_kernel_killed(tmp_path):
    manager, client = start(tmp_path)
    try:
        played = json.loads(run(client, PLAY))
        assert len(json.loads(played["game"])["events"]) >= 5
        os.kill(played["pid"], signal.SIGKILL)
    finally:
        client.stop_channels()
        manager.cleanup_resources()
    manager, client = start(tmp_path)
    try:
        again = run(
            client,
            "from dicelab.widgets import YahtzeeGame\n"
            "print(YahtzeeGame(resume=True, pace=0).game.to_json())",
        )
        assert again.strip() == played["game"]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_an_interrupt_reaches_the_cell_and_not_the_labs_worker(tmp_path):
    manager, client = start(tmp_path)
    try:
        pid = int(
            run(
                client,
                "from dicelab.widgets import RuleLab\nlab = RuleLab('fivethousand')\n"
                "print(lab._worker._process.pid)",
            )
        )
        # (stop_on_error=False: the kernel aborts no request that arrives just after this
        # cell's KeyboardInterrupt, as ipykernel otherwise may, whatever the widgets do)
        cell = client.execute(
            "import time\nprint('started', flush=True)\ntime.sleep(60)", stop_on_error=False
        )
        started = False
        while not started:  # the cell is running (its first line said so): interrupt it now
            message = client.get_iopub_msg(timeout=30)
            started = (
                message["parent_header"].get("msg_id") == cell
                and message["msg_type"] == "stream"
                and "started" in message["content"]["text"]
            )
        manager.interrupt_kernel()  # Kernel > Interrupt: SIGINT to the kernel's process group
        reply = client.get_shell_msg(timeout=30)
        assert (
            reply["content"]["status"] == "error"
            and reply["content"]["ename"] == "KeyboardInterrupt"
        )
        state = json.loads(
            run(
                client,
                "import json\nprint(json.dumps([lab._worker._process.poll() "
                "if lab._worker._process else 0, lab._failed]))",
            )
        )
        assert state[0] in (None, 0) and state[1] == {}
        os.kill(pid, 0)  # the worker is there (or finished its work cleanly)
        run(client, "lab.close()")
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
