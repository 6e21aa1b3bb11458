"""Runs split into chunks, played on this process or by any ``concurrent.futures`` executor.

A run picks its path once: the batch simulator of the game (many games in lockstep) when
every seat's bot has a batch form, else the engine path. Chunks are independent tasks
(module-level functions of picklable arguments, so process pools and Dask workers can run
them); each chunk's games depend only on the seed and their numbers, so the merged results
are the same whatever the chunk size and wherever the chunks ran.

Chunks are made as they are consumed, and an executor holds only a few of them at a time,
so memory stays bounded whatever ``n`` is. When a chunk fails, or the run is interrupted,
the chunks not started yet are cancelled at once and :class:`RunStopped` (or
:class:`RunInterrupted`) carries the results of the games completed so far.
"""

from __future__ import annotations

import math
import os
import random
import warnings
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

import numpy
from numpy.typing import ArrayLike

from dicelab import registry, validation
from dicelab.ruleset import RuleSet
from dicelab.simulate import engine_path
from dicelab.validation import shown

ENGINE_CHUNK = {"game": 200, "turn": 5000}  # default chunk sizes of each path
BATCH_CHUNK = {"game": 50_000, "turn": 32_768}
AHEAD = 2  # chunks an executor holds per worker: one playing, one waiting

Arrays = dict[str, numpy.ndarray]
"""A chunk's (or a run's) results: numpy arrays by name."""


class Stopped:
    """What a run that stopped early has: ``results`` of the ``completed`` games (or turns)
    played before it stopped, of ``total``."""

    def __init__(self, message: str, results: Any, completed: int, total: int) -> None:
        super().__init__(message)  # type: ignore[call-arg]  # the exception class beside it
        self.results, self.completed, self.total = results, completed, total


class RunStopped(Stopped, RuntimeError):
    """A run stopped by an error in one of its chunks (the error is its ``__cause__``)."""


class RunInterrupted(Stopped, KeyboardInterrupt):
    """A run stopped by an interrupt (Ctrl-C, or a notebook's Interrupt)."""


def batch_module(game: str) -> ModuleType:
    """The module that plays ``game`` in batches (the registry's ``batch``)."""
    return import_module(registry.GAMES[game].batch)


_BATCH_BOTS: dict[tuple[str, RuleSet, tuple[Any, ...]], list[Any] | None] = {}


def batch_bots(game: str, rules: RuleSet, bots: tuple[Any, ...]) -> list[Any] | None:
    """The batch forms of ``bots`` (cached per process), or None for the engine path."""
    module = batch_module(game)
    forms: list[Any] | None
    try:
        return _BATCH_BOTS[game, rules, bots]
    except TypeError:  # a bot that can't be hashed: not cached
        forms = module.batch_bots(rules, list(bots))
        return forms
    except KeyError:
        forms = _BATCH_BOTS[game, rules, bots] = module.batch_bots(rules, list(bots))
        return forms


class EnginePathWarning(UserWarning):
    """A run is played on the engine path, one game at a time, because some seat's bot has
    no batch form (a bot of your own); the warning names those bots."""


def choose_path(game: str, rules: RuleSet, bots: tuple[Any, ...]) -> bool:
    """Whether the run plays on the batch simulator; when it can't, an
    :class:`EnginePathWarning` lists the bots that have no batch form."""
    if batch_bots(game, rules, bots) is not None:
        return True
    module = batch_module(game)
    slow = sorted({bot_name(bot) for bot in bots if module.batch_bots(rules, [bot]) is None})
    warnings.warn(
        EnginePathWarning(
            f"{', '.join(slow)} {'has' if len(slow) == 1 else 'have'} no batch form, so these "
            "games are played on the engine path, one at a time (slower than the built-in bots)"
        ),
        stacklevel=3,
    )
    return False


@dataclass(frozen=True)
class Run:
    """What a chunk needs to play its games or turns (picklable, for process pools)."""

    game: str
    rules: RuleSet
    bots: tuple[Any, ...]  # level names or bot objects
    seed: int
    banked: int = 0
    batch: bool = False  # whether the batch simulator plays it
    move_timeout: float | None = None  # the seconds a bot object may take to choose a move

    def engine(self) -> Any:
        return registry.GAMES[self.game].Engine(self.rules)

    def bot_objects(self) -> list[Any]:
        levels = registry.GAMES[self.game].bots
        return [levels[bot]() if isinstance(bot, str) else bot for bot in self.bots]


Worker = Callable[[Run, int, int], Mapping[str, ArrayLike]]
"""A chunk's player: ``worker(run, start, stop)``, the arrays of its games or turns."""


def play_game_chunk(run: Run, start: int, stop: int) -> Mapping[str, ArrayLike]:
    """Games ``start`` to ``stop - 1`` of ``run``, on its path."""
    if run.batch:
        arrays: Arrays = batch_module(run.game).play_games(
            run.rules,
            batch_bots(run.game, run.rules, run.bots),
            run.seed,
            numpy.arange(start, stop, dtype=numpy.int64),
        )
        return arrays
    return engine_path.play_games(run, start, stop)


def play_turn_chunk(run: Run, start: int, stop: int) -> Mapping[str, ArrayLike]:
    """Turns ``start`` to ``stop - 1`` of ``run``, on its path."""
    if run.batch:
        forms = batch_bots(run.game, run.rules, run.bots)
        assert forms is not None  # the run chose the batch path because they have
        (bot,) = forms
        turns = numpy.arange(start, stop, dtype=numpy.int64)
        extra = {"banked": run.banked} if registry.GAMES[run.game].set_aside else {}
        arrays: Arrays = batch_module(run.game).play_turns(run.rules, bot, run.seed, turns, **extra)
        return arrays
    return engine_path.play_turns(run, start, stop)


def run_chunks(
    worker: Worker,
    run: Run,
    n: int,
    chunk_size: int | None,
    executor: Executor | None,
    progress: bool | None,
    unit: str,
    finish: Callable[[Arrays, int], Any] | None = None,
) -> Arrays:
    """Play ``n`` games (or turns) of ``run`` in chunks and merge them into numpy arrays.

    ``finish(arrays, count)`` makes the results of ``count`` completed games from merged
    arrays, for :class:`RunStopped` and :class:`RunInterrupted` (the arrays themselves
    without it).
    """
    if type(n) is not int or n < 1:
        raise ValueError(f"n is a number of {unit}s, at least 1, not {shown(n)}")
    if chunk_size is None:
        chunk_size = (BATCH_CHUNK if run.batch else ENGINE_CHUNK)[unit]
    if type(chunk_size) is not int or chunk_size < 1:
        raise ValueError(f"chunk_size is a positive whole number, not {shown(chunk_size)}")
    chunks = ((start, min(start + chunk_size, n)) for start in range(0, n, chunk_size))
    bar = progress_bar(n, progress, unit)
    merged: dict[str, list[numpy.ndarray]] = {}
    completed = 0
    played = _played(worker, run, chunks, executor)
    try:
        for (start, stop), part in played:
            for key, values in part.items():
                merged.setdefault(key, []).append(numpy.asarray(values))
            completed = stop
            if bar is not None:
                bar.update(stop - start)
    except BaseException as error:
        if not isinstance(error, (Exception, KeyboardInterrupt)):
            raise
        finished = getattr(error, "finished", {})  # the failed chunk's games before the failure
        if any(finished.values()):
            for key, values in finished.items():
                merged.setdefault(key, []).append(numpy.asarray(values))
            completed += len(next(iter(finished.values())))
        arrays = _merge(merged)
        results = finish(arrays, completed) if finish is not None else arrays
        kind = RunInterrupted if isinstance(error, KeyboardInterrupt) else RunStopped
        why = "it was interrupted" if kind is RunInterrupted else f"{type(error).__name__}: {error}"
        raise kind(
            f"the run stopped after {completed:,} of {n:,} {unit}s, because {why} "
            f"(.results holds the {unit}s completed)",
            results,
            completed,
            n,
        ) from error
    finally:
        played.close()  # cancels the chunks not started
        if bar is not None:
            bar.close()
    return _merge(merged)


def _merge(merged: dict[str, list[numpy.ndarray]]) -> Arrays:
    return {key: numpy.concatenate(values) for key, values in merged.items()}


def _played(
    worker: Worker, run: Run, chunks: Iterator[tuple[int, int]], executor: Executor | None
) -> Generator[tuple[tuple[int, int], Mapping[str, ArrayLike]], None, None]:
    """``((start, stop), part)`` for each chunk in order, played here or by ``executor``,
    which holds at most :data:`AHEAD` chunks per worker; the ones not started are
    cancelled when the caller stops (an error, an interrupt)."""
    if executor is None:
        for start, stop in chunks:
            yield (start, stop), worker(run, start, stop)
        return
    workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    pending: deque[tuple[tuple[int, int], Future[Mapping[str, ArrayLike]]]] = deque()
    try:
        while True:
            while len(pending) < AHEAD * workers:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                pending.append((chunk, executor.submit(worker, run, *chunk)))
            if not pending:
                return
            chunk, future = pending.popleft()
            yield chunk, future.result()
    finally:
        for _chunk, future in pending:
            future.cancel()


def progress_bar(total: int, progress: bool | None, unit: str) -> Any:
    """A tqdm bar counting ``unit``\\ s (notebook or terminal), shown only on runs longer
    than a second unless ``progress`` is True; None when ``progress`` is False."""
    if progress is False:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit=unit, delay=0 if progress else 1.0, leave=bool(progress))


def check_bots(module: ModuleType, bots: Iterable[Any]) -> tuple[Any, ...]:
    """The seats' bots, each a level name of ``module.BOTS`` or an object with ``choose``."""
    for bot in bots:
        if isinstance(bot, str):
            if bot not in module.BOTS:
                raise ValueError(f"unknown bot level {bot!r}; choose one of {sorted(module.BOTS)}")
        elif not callable(getattr(bot, "choose", None)):
            raise TypeError(
                f"a bot is a level name or has a choose(engine, state, rng) method, not {bot!r}"
            )
    return tuple(bots)


def bot_name(bot: Any) -> str:
    return bot if isinstance(bot, str) else repr(bot)


MOVE_TIMEOUT = 60.0  # seconds: a bot of one's own that takes longer to move has hung


def timeout(seconds: Any) -> float | None:
    """``move_timeout`` checked: a positive number of seconds, or None for none."""
    if seconds is None:
        return None
    if type(seconds) not in (int, float) or not 0 < seconds < math.inf:
        raise ValueError(
            f"move_timeout is a number of seconds above 0, or None, not {shown(seconds)}"
        )
    return float(seconds)


def pick_seed(seed: object) -> int:
    """``seed`` checked (a whole number from 0 to 2**64 - 1), or a fresh one for None."""
    checked = validation.seed(seed)
    return random.SystemRandom().randrange(2**63) if checked is None else checked
