"""Waiting in a test for something another thread or process does."""

from __future__ import annotations

import time


def wait_for(check, seconds: float = 60):
    """Call ``check`` every 0.1 s until it returns something true, and return that; fail
    after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")
