"""Slow work of a widget (solving a game for its rules) off the kernel's event loop.

A game widget must answer clicks while a win policy or a solution is being computed for
the first time (tens of seconds; then it is read from the disk cache). :func:`prepared`
starts such work once per key on one worker thread shared by every widget of the kernel
(so two widgets never compute the same thing twice at once), and :func:`ready` says when
it is done, on the event loop, where only the widget's state is ever changed. Outside a
running event loop (a script, a test) the work is simply waited for. The finished jobs
kept are the :data:`dicelab.memo.KEPT` used last (what a table still shows holds its own).

>>> job = prepared(("example", 2), lambda: 2 ** 10)
>>> ready(job, lambda: print("done")), job.result()
(True, 1024)
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor

from dicelab.memo import KEPT

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dicelab-prepare")
_JOBS: OrderedDict[Hashable, Future] = OrderedDict()  # the latest used last


def prepared(key: Hashable, work: Callable[[], object]) -> Future:
    """The future of ``work()`` for ``key``: started on the worker thread the first time,
    the same future afterwards (its result, or the exception it raised) while it is among
    the ``KEPT`` finished jobs used last."""
    if key in _JOBS:
        _JOBS.move_to_end(key)
        return _JOBS[key]
    job = _JOBS[key] = _WORKER.submit(work)
    finished = [old for old, future in _JOBS.items() if future.done()]
    for old in finished[: max(0, len(finished) - KEPT)]:
        del _JOBS[old]
    return job


def submitted(work: Callable[[], object]) -> Future:
    """The future of ``work()`` on the worker thread, after the work before it (not kept:
    the work of one moment, such as a state's chances)."""
    return _WORKER.submit(work)


def ready(job: Future, then: Callable[[], None]) -> bool:
    """Whether ``job`` is done. Without a running event loop it is waited for (True); with
    one, a job still running gives False, and ``then()`` is called on that loop once the
    job is done."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None or job.done():
        job.exception()  # waits; a failure is the job's result, for the caller to read
        return True

    def done(_job: Future) -> None:
        try:
            loop.call_soon_threadsafe(then)
        except RuntimeError:  # the loop has closed meanwhile: no one is left to tell
            pass

    job.add_done_callback(done)
    return False
