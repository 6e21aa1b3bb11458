"""Two ways to make a strategy: a builder of thresholds (:func:`threshold`), and a student's
own function asked about every decision state (:func:`from_function`).

A function is asked on the student's own machine, once per state, and only its answers
are kept: a strategy is data, and no one else ever runs it. A function that raises, takes
too long or answers something other than bank or throw is refused, naming the state.

>>> s = threshold("traditional", bank_at={1: 250, 2: 300}, otherwise=350)
>>> s.banks(0, 0, 300, 2, False).tolist(), s.banks(0, 0, 300, 3, False).tolist()
(True, False)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy

from dicelab import validation
from dicelab.errors import InvalidInputError
from dicelab.ruleset import MAX_POINTS
from dicelab.strategy.table import DecisionState, Grid, Strategy

TIME_LIMIT = 1.0  # seconds of CPU a function may think about one state
WAIT_LIMIT = 60.0  # seconds by the clock a function may take on one state, however busy the machine
ANSWERS = {True: True, False: False, "bank": True, "throw": False}


class StrategyRefused(InvalidInputError):
    """A function that can't be made into a strategy; ``state`` is where it went wrong."""

    def __init__(self, message: str, state: DecisionState):
        super().__init__(message)
        self.state = state


class _TooLong(BaseException):
    """Raised inside a student's function that passed its time (not an Exception, so that
    the function's own ``except Exception`` doesn't swallow it)."""


def from_function(
    fn: Callable,
    rules=None,
    *,
    set_aside: str = "most_points",
    name: str = "my strategy",
    band=None,
    turn_cap=None,
    time_limit: float = TIME_LIMIT,
) -> Strategy:
    """The strategy that banks where ``fn(state)`` answers True (or "bank") and throws
    where it answers False (or "throw"), asked about every
    :class:`~dicelab.strategy.table.DecisionState` of ``rules``."""
    if not callable(fn):
        raise TypeError(
            f"from_function takes a function of a decision state, not {validation.shown(fn)}"
        )
    if type(time_limit) not in (int, float) or not 0 < time_limit <= 60:
        raise InvalidInputError(
            f"time_limit is a number of seconds above 0 and at most 60, not {validation.shown(time_limit)}"
        )
    grid = Grid.of(rules, band, turn_cap)
    tables = {
        "play": numpy.zeros(grid.play_shape, dtype=bool),
        "last": numpy.zeros(grid.last_shape, dtype=bool),
    }
    for (table, *index), state in grid.states():
        answer = _ask(fn, state, time_limit)
        if type(answer) not in (bool, str) or answer not in ANSWERS:
            raise StrategyRefused(
                f"your function answered {validation.shown(answer)} {state}: "
                "answer True (bank) or False (throw)",
                state,
            )
        tables[table][tuple(index)] = ANSWERS[answer]
    return Strategy(grid, tables["play"], tables["last"], set_aside, name)


def _ask(fn: Callable, state: DecisionState, time_limit: float):
    """``fn(state)``, stopped once it thinks longer than ``time_limit`` seconds.

    The limit counts the thread's CPU time, so a quick function is not refused on a busy
    machine; a function that waits instead of thinking is stopped after ``WAIT_LIMIT`` seconds
    by the clock.
    """
    thinking_until = time.thread_time() + time_limit
    waiting_until = time.monotonic() + max(WAIT_LIMIT, time_limit)

    def watch(frame, event, arg):
        if time.thread_time() > thinking_until or time.monotonic() > waiting_until:
            raise _TooLong
        return watch

    previous = sys.gettrace()
    sys.settrace(watch)
    try:
        return fn(state)
    except _TooLong:
        raise StrategyRefused(
            f"your function took longer than {time_limit:g} s {state} (does it loop forever?)",
            state,
        ) from None
    except Exception as error:
        raise StrategyRefused(
            f"your function raised {type(error).__name__}: {validation.shown(str(error))} {state}",
            state,
        ) from error
    finally:
        sys.settrace(previous)


def threshold(
    rules=None,
    bank_at=300,
    otherwise=None,
    *,
    when_behind_by=None,
    behind_bank_at=None,
    when_opponent_within=None,
    near_bank_at=None,
    set_aside: str = "most_points",
    name: str | None = None,
    band=None,
    turn_cap=None,
) -> Strategy:
    """A strategy of thresholds: bank once the points at risk reach ``bank_at`` (points, or
    a dict by dice left, ``otherwise`` for the dice it leaves out; None: never bank then).
    ``when_behind_by``: once the opponent leads by more than this, bank from
    ``behind_bank_at`` instead; ``when_opponent_within``: once the opponent is within this
    of the target, bank from ``near_bank_at`` (this comes first). In the last turn it banks
    as soon as it is ahead. The table is worked out for every state at once (a builder's
    click answers at once), deciding as :func:`from_function` would with these rules."""
    grid = Grid.of(rules, band, turn_cap)
    usual = _by_dice(bank_at, otherwise, grid, "bank_at")
    behind = near = usual
    if when_behind_by is not None:
        validation.whole_number(when_behind_by, "when_behind_by", 0, grid.rules.target)
        behind = _by_dice(behind_bank_at, otherwise, grid, "behind_bank_at")
    if when_opponent_within is not None:
        validation.whole_number(when_opponent_within, "when_opponent_within", 0, grid.rules.target)
        near = _by_dice(near_bank_at, otherwise, grid, "near_bank_at")

    if name is None:
        name = f"bank at {bank_at}" if isinstance(bank_at, int) else "thresholds"
    bands = numpy.arange(grid.bands) * grid.band  # the lowest score of each band
    behind_by = bands[None, :] - bands[:, None]  # [own band, their band]
    which = numpy.zeros((grid.bands, grid.bands), dtype=numpy.int64)  # usual
    if when_behind_by is not None:
        which[behind_by > when_behind_by] = 1
    if when_opponent_within is not None:
        which[:, grid.rules.target - bands <= when_opponent_within] = 2
    limits = numpy.array(
        [
            [numpy.inf if t[d] is None else t[d] for d in range(1, grid.rules.dice + 1)]
            for t in (usual, behind, near)
        ]
    )  # [situation, dice]
    turn_points = numpy.arange(grid.rows) * grid.unit
    play = turn_points[None, None, :, None] >= limits[which][:, :, None, :]
    last = numpy.zeros(grid.last_shape, dtype=bool)
    last[0] = True  # in the last turn, bank as soon as banking puts it ahead
    return Strategy(grid, play, last, set_aside, name)


def _by_dice(value, otherwise, grid: Grid, what: str) -> dict:
    """Thresholds by dice left (1 to the rules' dice) from a number, None or a dict."""
    if value is None or type(value) is int:
        value = {n: value for n in range(1, grid.rules.dice + 1)}
    if not isinstance(value, dict):
        raise TypeError(
            f"{what} is a number of points or a dict by dice left, not {validation.shown(value)}"
        )
    thresholds = {}
    for dice in range(1, grid.rules.dice + 1):
        points = value.get(dice, otherwise)
        if points is not None:
            validation.whole_number(points, f"{what} for {dice} dice", 0, MAX_POINTS)
        thresholds[dice] = points
    unknown = set(value) - set(thresholds)
    if unknown:
        raise InvalidInputError(
            f"{what} has dice counts from 1 to {grid.rules.dice}, not {sorted(unknown, key=repr)}"
        )
    return thresholds
