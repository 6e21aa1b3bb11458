"""Run a test's coroutine on an event loop of its own, as a kernel runs its loop.

The browser tests' Playwright session keeps an event loop running in the main thread, so a
widget test that needs a loop runs on a fresh one in a worker thread.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_on_fresh_loop(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own; returns its result."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def bot_turn(widget, name) -> list:
    """Wait while the bot ``name`` plays on the running loop; the length of the game's history
    after each short pause, so a test can see the steps arrive one by one."""
    steps = []
    while widget.game.current_player.name == name:
        await asyncio.sleep(0.005)
        steps.append(len(widget.game.history))
    return steps
