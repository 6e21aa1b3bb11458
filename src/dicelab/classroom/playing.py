"""The class tournament's round robin, played in a worker process so the class goes on.

:func:`play` is the worker: it plays every pair of entrants (the students' strategies and
the house robots), both seat orders with the same dice, round by round (each entrant
plays once a round, as in a round robin by the circle method), a few rounds at a time
(:data:`STEPS` runs of the batch simulator in all: each run has a cost of its own), and
sends their shares as they end, so the leaderboard fills in evenly. Then it judges each student's
strategy exactly: its points per turn, and how often it decides as the win robot does.
It only reads data (settings, decision tables): nothing a student sent runs as code.

:class:`Worker` runs it from the server: a ``spawn`` process (nothing of the server's
memory goes with it), its messages handed to the server's event loop.

>>> rounds(4)
[[(0, 3), (1, 2)], [(0, 2), (1, 3)], [(0, 1), (2, 3)]]
>>> sorted(p for r in rounds(5) for p in r) == [(i, j) for i in range(5) for j in range(i + 1, 5)]
True
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from asyncio import AbstractEventLoop
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from dicelab.fivethousand.rules import Rules
from dicelab.round_robin import pairing_seed, play_pairings
from dicelab.simulate.results import Estimate
from dicelab.strategy import Strategy, StrategyBot, compare_with_win_robot, points_per_turn

NICENESS = 10  # the worker yields the processor to the server that answers the class
STEPS = 8  # the rounds are played in this many steps at most (each a run of the simulator)


def rounds(count: int) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin of ``count`` entrants: each plays at most once a round,
    every pair once in all (the circle method; with an odd count one sits out a round)."""
    size = count + count % 2  # with an odd count, place ``count`` is the round's rest
    places = list(range(size))
    schedule = []
    for _ in range(size - 1):
        pairs = [(places[k], places[size - 1 - k]) for k in range(size // 2)]
        schedule.append(sorted((min(p), max(p)) for p in pairs if count not in p))
        places = [places[0], places[-1], *places[1:-1]]
    return schedule


def entrant(entry: dict[str, Any], rules: Rules) -> Strategy:
    """The strategy of an entry: built from a phone's settings, or read from its JSON."""
    from dicelab.classroom.tournament import build

    if "settings" in entry:
        return build(entry["settings"], entry["name"])
    strategy = Strategy.from_json(entry["strategy"])
    return Strategy(strategy.grid, strategy.play, strategy.last, strategy.set_aside, entry["name"])


def play(connection: Connection, job: dict[str, Any]) -> None:
    """Play ``job`` (see :meth:`dicelab.classroom.tournament.Desk.job`), sending
    ``("round", done, rounds, [(i, j, share, se), ...])`` after each step of rounds, then
    ``("judged", {index: figures})`` and ``("done",)``; ``("failed", reason)`` if it can't."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)  # the class's answers come first on a busy machine
    try:
        rules = Rules.from_dict(job["rules"])
        strategies = [entrant(entry, rules) for entry in job["entrants"]]
        players = [StrategyBot(s) for s in strategies] + list(job["robots"])
        schedule = rounds(len(players))
        step = -(-len(schedule) // STEPS)
        for first in range(0, len(schedule), step):
            done = min(first + step, len(schedule))
            pairs = [pair for played in schedule[first:done] for pair in played]
            seed = pairing_seed(job["seed"], done, done)  # no pairing is (k, k)
            samples = play_pairings(rules, players, pairs, job["games"], seed, None, False)
            shares = []
            for (i, j), sample in zip(pairs, samples):
                estimate = Estimate.of_sample(sample)
                shares.append((i, j, estimate.value, estimate.standard_error))
            connection.send(("round", done, len(schedule), shares))
        judged = {}
        for index, strategy in enumerate(strategies):
            comparison = compare_with_win_robot(strategy, rules)
            judged[str(index)] = {
                "points_per_turn": round(points_per_turn(strategy, rules), 1),
                "agreement": round(1 - comparison.disagreement, 4),
            }
        connection.send(("judged", judged))
        connection.send(("done",))
    except Exception as error:  # told to the teacher's board; the class goes on
        connection.send(("failed", f"{type(error).__name__}: {str(error)[:200]}"))
    finally:
        connection.close()


class Worker:
    """:func:`play` of ``job`` in a process of its own; ``on_message(message)`` is called on
    ``loop`` for each message, and ``("failed", ...)`` if the process ends without ``done``."""

    def __init__(
        self,
        job: dict[str, Any],
        loop: AbstractEventLoop,
        on_message: Callable[[tuple[Any, ...]], object],
    ) -> None:
        context = multiprocessing.get_context("spawn")
        receiving, sending = context.Pipe(duplex=False)
        self.process = context.Process(target=play, args=(sending, job), daemon=True)
        self.process.start()
        sending.close()
        self._loop, self._on_message, self._stopped = loop, on_message, False
        self._reader = threading.Thread(target=self._read, args=(receiving,), daemon=True)
        self._reader.start()

    def _read(self, receiving: Connection) -> None:
        ended = False
        try:
            while not ended:
                message = receiving.recv()
                ended = message[0] in ("done", "failed")
                self._hand(message)
        except (EOFError, OSError):
            self._hand(("failed", "the tournament's worker process stopped"))
        finally:
            receiving.close()
            self.process.join()

    def _hand(self, message: tuple[Any, ...]) -> None:
        if not self._stopped and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._deliver, message)

    def _deliver(self, message: tuple[Any, ...]) -> None:
        if not self._stopped:
            self._on_message(message)

    @property
    def running(self) -> bool:
        return not self._stopped and self.process.is_alive()

    def stop(self) -> None:
        """Stop the round robin (the teacher started something else, or the server stops)."""
        self._stopped = True
        if self.process.is_alive():
            self.process.terminate()
