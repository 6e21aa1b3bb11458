"""Work prepared off the event loop: one job per key, its end told on the loop."""

from __future__ import annotations

import asyncio
import threading

import pytest

from dicelab.widgets.background import prepared, ready
from tests.widgets.event_loop import run_on_fresh_loop


def test_one_key_is_one_job_and_a_failure_is_kept_as_its_result():
    calls = []
    first = prepared(("test", "once"), lambda: calls.append(1) or 42)
    again = prepared(("test", "once"), lambda: calls.append(2) or 0)
    assert again is first and first.result() == 42 and calls == [1]

    def fail():
        raise ValueError("no")

    failed = prepared(("test", "fails"), fail)
    assert ready(failed, lambda: None) and isinstance(failed.exception(), ValueError)


def test_on_a_running_loop_it_does_not_wait_and_tells_the_loop_when_done():
    gate = threading.Event()

    async def scenario():
        job = prepared(("test", "gated"), lambda: gate.wait(10) and "done")
        told = []
        loop_thread = threading.get_ident()
        at_once = ready(job, lambda: told.append(threading.get_ident()))
        gate.set()
        for _ in range(500):
            await asyncio.sleep(0.01)
            if told:
                break
        return at_once, told, loop_thread, job.result()

    at_once, told, loop_thread, result = run_on_fresh_loop(scenario())
    assert not at_once and told == [loop_thread] and result == "done"


def test_without_a_running_loop_it_waits():
    job = prepared(("test", "slow"), lambda: threading.Event().wait(0.05) or "waited")
    assert (
        ready(job, lambda: pytest.fail("nothing is told without a loop"))
        and job.result() == "waited"
    )
