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


class FakeClock:
    """The running loop's timers on a clock the test moves: while installed, ``call_later``
    (which the robots' pace uses) records its timer here instead of waiting for real time,
    and :meth:`advance` runs the timers that fall due, in order. Nothing waits, so a test of
    the pace asserts counts, never how long something took.

    Use it inside a coroutine on its loop (``with FakeClock() as clock:``) and await nothing
    timed meanwhile: ``asyncio.sleep`` would wait on this clock too.
    """

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[_Timer] = []

    def __enter__(self) -> "FakeClock":
        self.loop = asyncio.get_running_loop()
        self.loop.call_later = self.call_later  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc) -> None:
        del self.loop.call_later  # the loop's own again

    def call_later(self, delay, callback, *args, context=None) -> "_Timer":
        timer = _Timer(self.now + delay, callback, args)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``, running each timer that falls due meanwhile
        (and those they set that fall due too) at its time."""
        end = self.now + seconds
        while due := [t for t in self.timers if not t.cancelled() and t.when() <= end]:
            timer = min(due, key=_Timer.when)
            self.timers.remove(timer)
            self.now = timer.when()
            timer.run()
        self.now = end

    @property
    def waiting(self) -> list["_Timer"]:
        """The timers set and not cancelled that have not run yet."""
        return [t for t in self.timers if not t.cancelled()]


class _Timer:
    """A timer of a :class:`FakeClock`: what ``call_later`` returns (cancel it as a real one)."""

    def __init__(self, when: float, callback, args: tuple) -> None:
        self._when, self._callback, self._args, self._cancelled = when, callback, args, False

    def when(self) -> float:
        return self._when

    def cancel(self) -> None:
        self._cancelled = True

    def cancelled(self) -> bool:
        return self._cancelled

    def run(self) -> None:
        self._callback(*self._args)
