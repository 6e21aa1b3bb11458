"""Slow figures worked out without blocking the kernel, in a worker process that a newer
request stops.

Inside a running event loop (a Jupyter kernel), :meth:`Worker.start` starts a fresh Python
process (the same interpreter, importing dicelab from the same place) that computes each
figure in turn and sends it back through a pipe as soon as it is known; a
task on the loop reads the pipe and calls ``deliver`` on the loop's own thread, so whatever
``deliver`` changes (a widget's state) only changes there. Starting again first stops the
process still at work: its figures would be stale, and a stopped process uses no more CPU
(a policy it was solving is not half-saved: the disk cache writes through a temporary file
that the process removes when it is stopped). A worker also stops when the kernel that
started it ends. Without a running loop (a script, a test)
the figures are computed at once, in this process.

``deliver(request, key, value, error)`` gets each figure's value, or None and an error
sentence when it could not be computed; ``request`` is the number :meth:`Worker.start` was
given, for the caller to drop what a newer request supersedes. While a worker process
computes, what dicelab's solvers log of their progress (a penalty win policy's passes and
levels) comes to ``deliver`` too, as the text of key :data:`PROGRESS`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import subprocess
import sys
import threading

from dicelab.widgets.rule_figures import ESTIMATED, game_figures

PROGRESS = "progress"  # the key of a solver's progress line, delivered as it is logged


class Worker:
    """Computes the figures of one request at a time, off the kernel's thread."""

    def __init__(self, deliver):
        self._deliver = deliver
        self._process = None
        self._task = None

    @property
    def busy(self) -> bool:
        """Whether a worker process is computing figures now."""
        return self._task is not None and not self._task.done()

    def start(self, request: int, game: str, rules, keys) -> None:
        """Compute the figures ``keys`` of ``game`` under ``rules`` (stopping any before)."""
        self.stop()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if not keys:
            return
        if loop is None:
            for key, value, error in figures(game, rules, keys):
                self._deliver(request, key, value, error)
            return
        try:
            # In a session of its own: a notebook's Interrupt (SIGINT to the kernel's process
            # group) is for the cell that runs, never for this worker.
            process = subprocess.Popen(
                [sys.executable, "-c", BOOT],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=True,
            )
            stdin = process.stdin
            assert stdin is not None  # stdin=PIPE
            pickle.dump(list(sys.path), stdin)  # the worker imports dicelab from here too
            pickle.dump((game, rules, tuple(keys)), stdin)
            stdin.flush()  # kept open: the worker stops when it closes (this process ends)
        except OSError as problem:
            for key in keys:
                self._deliver(request, key, None, f"no worker process could be started ({problem})")
            return
        self._process = process
        self._task = loop.create_task(self._read(request, tuple(keys), process))

    def stop(self) -> None:
        """Stop the process at work, if any; what it has not sent is never delivered."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._process is not None:
            if self._process.poll() is None:
                self._process.terminate()
            self._process.stdin.close()
            # The stopped task may never read the pipe again: a thread of its own waits for
            # the process to go and closes the pipe, so neither is left for the collector.
            threading.Thread(target=_reap, args=(self._process,), daemon=True).start()
            self._process = None

    async def _read(self, request: int, keys: tuple, process) -> None:
        # When the task is cancelled, the reading thread closes the pipe once the stopped
        # process has gone (closing it under a blocked read could leave the thread waiting).
        loop = asyncio.get_running_loop()
        missing = list(keys)
        while missing:
            message = await loop.run_in_executor(None, _receive, process)
            if message is None:
                break
            if message[0] != PROGRESS:
                missing.remove(message[0])
            self._deliver(request, *message)
        code = await loop.run_in_executor(None, process.wait)
        process.stdout.close()
        process.stdin.close()
        for key in missing:
            self._deliver(request, key, None, f"the computation stopped (exit code {code})")


def figures(game: str, rules, keys):
    """Each figure of ``keys`` as (key, value, error), computed in this process in the
    order of ``keys`` (a key made by :func:`~dicelab.widgets.rule_figures.estimate_key`
    asks for that figure's estimate)."""
    by_key = {figure.key: figure for figure in game_figures(game)}
    for key in keys:
        estimated = key.startswith(ESTIMATED)
        figure = by_key[key.removeprefix(ESTIMATED)]
        compute = figure.estimate if estimated else figure.compute
        if compute is None:
            raise ValueError(f"the figure {figure.key!r} has no estimate to work out")
        try:
            yield key, compute(rules), ""
        except (ValueError, MemoryError, RuntimeError) as problem:
            yield key, None, str(problem)


def _receive(process):
    """The next message of ``process``, or None once it has ended (its pipe closed, and the
    process waited for)."""
    try:
        return pickle.load(process.stdout)
    except (EOFError, OSError, pickle.UnpicklingError):
        process.stdout.close()
        process.wait()
        return None


def _reap(process) -> None:
    """Wait for a stopped ``process`` to end, then close its pipe (a read of it still under
    way ends first: the pipe holds its lock)."""
    process.wait()
    process.stdout.close()


# The worker process: Python started afresh, told where dicelab is, then serving one request.
BOOT = (
    "import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
    "from dicelab.widgets.figure_worker import serve; serve()"
)


def _stopped(signum, frame):
    sys.exit(1)  # unwinds, so open temporary files are removed


def _watch_parent() -> None:
    """Stop this worker once its parent closes the pipe or ends (a kernel shut down)."""
    while os.read(sys.stdin.fileno(), 512):  # the raw pipe: no buffer lock held at exit
        pass
    os.kill(os.getpid(), signal.SIGTERM)


class _Progress(logging.Handler):
    """Sends each record dicelab logs, as a :data:`PROGRESS` message, down ``results``."""

    def __init__(self, results):
        super().__init__(logging.DEBUG)
        self.results = results

    def emit(self, record: logging.LogRecord) -> None:
        _send(self.results, (PROGRESS, record.getMessage(), ""))


def _send(results, message) -> None:
    pickle.dump(message, results)
    results.flush()


def serve() -> None:
    """Compute the request read from stdin, sending each figure to stdout when it is known,
    and what dicelab logs meanwhile as progress (anything printed goes to stderr)."""
    signal.signal(signal.SIGTERM, _stopped)
    results, sys.stdout = sys.stdout.buffer, sys.stderr
    game, rules, keys = pickle.load(sys.stdin.buffer)
    threading.Thread(target=_watch_parent, daemon=True).start()
    solvers = logging.getLogger("dicelab")
    solvers.setLevel(logging.DEBUG)
    solvers.addHandler(_Progress(results))
    for message in figures(game, rules, keys):
        _send(results, message)
