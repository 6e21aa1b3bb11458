"""A sweep: one turn of many pairs of scores, solved at once, each as an affine function.

Within one turn of a pair of banked scores, the value of every state is affine in the
value ``x`` of a bust (the chance to win once the opponent moves at the swapped pair):
``value = a + c * x`` for the choices made. A sweep computes a turn of many pairs at once
this way, choosing with a guess of ``x``, and walks the turn's points at risk ``r`` down,
from the top (where every pair's boundary values are given) to 0, each pair on its own, in
compiled code (:mod:`dicelab.setaside.sweep_kernel`).

Each comparison the sweep makes is between two values affine in ``x``, so it can also give
the range of ``x`` over which every choice stays best: each alternative's slope relative
to the chosen one over its margin gives, by its least and greatest, where the choices of a
row change (:func:`_ranges`, worked out once the sweep is done).

A sweep answers one of three questions, each its own function:

- :func:`start_values`: the value of throwing with nothing at risk;
- :func:`sweep_with_ranges`: that, every state's value, and the range of ``x`` over which
  each row's choices stay best (:class:`Swept`), for the level solver
  (:mod:`dicelab.setaside.levels`);
- :func:`throw_rows`: the value of throwing at every number of points at risk, the tables a
  robot plays from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.setaside import sweep_kernel


@dataclass
class PairTurns:
    """The turns of ``L`` pairs of scores to sweep, in units of points.

    ``value_a``/``value_c`` (L, width, dice + 1): the value of a state with ``r`` points at
    risk and ``n`` dice to throw next, after the player has set dice aside (bank or throw),
    as ``a + c * x``. Entries at and above ``ends[l]`` are given (the turn ends there);
    the sweep fills those below. ``bank`` (L, width): the value of banking ``r`` points,
    ``-inf`` where the rules forbid it. ``hot`` (L, width) or None: the value of hot dice
    after reaching ``r`` points when a bonus round starts afresh (Zillions rules); None
    when hot dice go on with the same points at risk. ``low``/``high`` (L, width) or None:
    the bust values for which each given row's values hold (rows taken from another
    pair's turn, :func:`solve_level`); None when they hold for any. ``rethrow``: a state
    with all the dice to throw (hot dice going on with the same points at risk) must throw,
    never bank (Fivethousand's compulsory hot dice).
    """

    value_a: np.ndarray
    value_c: np.ndarray
    bank: np.ndarray
    ends: np.ndarray
    hot: np.ndarray | None = None
    low: np.ndarray | None = None
    high: np.ndarray | None = None
    rethrow: bool = False

    def take(self, pairs: np.ndarray, width: int) -> PairTurns:
        """The turns of ``pairs`` (indices), cut to ``width`` rows: these turns themselves,
        not a copy, when that is all of them in order (the level solver fills in the
        arrays it takes, of turns it made for that)."""
        count = len(self.ends)
        if (
            len(pairs) == count
            and width >= self.value_a.shape[1]
            and np.array_equal(pairs, np.arange(count))
        ):
            return self

        def cut(rows):
            return None if rows is None else rows[pairs, :width]

        return PairTurns(
            cut(self.value_a),
            cut(self.value_c),
            cut(self.bank),
            self.ends[pairs],
            cut(self.hot),
            cut(self.low),
            cut(self.high),
            self.rethrow,
        )


@dataclass
class Swept:
    """What a sweep with bounds found for ``L`` pairs: the value of throwing with nothing at
    risk, (L, dice + 1) as ``throw_a + throw_c * x``; the bust values ``low``..``high``
    (L, rows) for which the choices of each row ``r``, and of every row above it, stay
    best; and the values of every state, ``value_a``/``value_c`` (L, width, dice + 1)."""

    throw_a: np.ndarray
    throw_c: np.ndarray
    low: np.ndarray
    high: np.ndarray
    value_a: np.ndarray
    value_c: np.ndarray


def start_values(
    throws, next_dice, turns: PairTurns, x: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Solve ``turns`` below their ends, choosing with bust value ``x`` (L,): the value of
    throwing with nothing at risk, (L, dice + 1) as ``(a, c)``."""
    return _sweep(throws, next_dice, turns, x, rows=None, bounds=False)


def sweep_with_ranges(throws, next_dice, turns: PairTurns, x: np.ndarray) -> Swept:
    """Solve ``turns`` below their ends, choosing with bust value ``x`` (L,), with the range
    of bust values over which each row's choices stay best (each compares two values affine
    in ``x``), and the values of every state."""
    return _sweep(throws, next_dice, turns, x, rows=None, bounds=True)


def throw_rows(
    throws, next_dice, turns: PairTurns, x: np.ndarray, rows: int
) -> tuple[np.ndarray, np.ndarray]:
    """The values of throwing at ``r = 0 .. rows - 1`` points at risk (L, rows, dice + 1) as
    ``(a, c)``, choosing with bust value ``x`` (L,); also where ``r`` is at or past a turn's
    end (from the given values there). The turns' width must reach ``rows - 1`` plus the
    most points of a throw."""
    return _sweep(throws, next_dice, turns, x, rows=rows, bounds=False)


def _sweep(
    throws, next_dice, turns: PairTurns, x: np.ndarray, rows: int | None, bounds: bool
) -> Any:
    """The one walk down a turn behind :func:`start_values`, :func:`sweep_with_ranges` and
    :func:`throw_rows` (``rows`` for the last, ``bounds`` for the second): the compiled
    :func:`dicelab.setaside.sweep_kernel.walk`.

    Each pair's numbers are the same, bit for bit, whichever other pairs are swept with it:
    each pair is walked on its own.
    """
    count, width, columns = turns.value_a.shape
    ends = np.ascontiguousarray(turns.ends, dtype=np.int64)
    top = max(int(ends.max(initial=0)), rows or 0) - 1
    choices = _choices_of(throws, next_dice)
    if top * columns + choices.reach > width * columns:  # the kernel does not check
        raise ValueError(f"turns {width} rows wide are too narrow for a sweep from row {top}")
    # a and c of every state, flat by (r, dice), one pair a row. Column 0 (no dice) is no
    # state: worth -inf.
    value_a = turns.value_a.reshape(count, -1).astype(float, copy=True)
    value_c = turns.value_c.reshape(count, -1).astype(float, copy=True)
    value_a[:, ::columns], value_c[:, ::columns] = -np.inf, 0.0
    hot = np.zeros((count, 0)) if turns.hot is None else np.ascontiguousarray(turns.hot, float)
    reach = max(top, 0) + 1
    throw_a, throw_c = np.empty((count, columns)), np.empty((count, columns))
    falls = np.full((reach if bounds else 0, count), np.nan)
    rises = falls.copy()
    kept_a = np.zeros((count, reach if rows else 0, columns))
    kept_c = np.zeros_like(kept_a)
    sweep_kernel.run(
        count * (top + 1) * len(choices.arrays[3]),
        value_a,
        value_c,
        np.ascontiguousarray(turns.bank, dtype=float),
        hot,
        np.ascontiguousarray(x, dtype=float),
        ends,
        top if rows else -1,
        bounds,
        turns.rethrow,
        *choices.arrays,
        np.ascontiguousarray(throws.bust, dtype=float),
        throw_a,
        throw_c,
        falls,
        rises,
        kept_a,
        kept_c,
    )
    if rows:
        return kept_a[:, :rows], kept_c[:, :rows]
    if bounds:
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            row_low, row_high = _ranges(falls, rises, x, ends, turns.low, turns.high)
        shape = (count, width, columns)
        return Swept(
            throw_a, throw_c, row_low, row_high, value_a.reshape(shape), value_c.reshape(shape)
        )
    return throw_a, throw_c


@dataclass(frozen=True)
class _Choices:
    """A throw table as the kernel reads it: ``arrays`` are each row's dice thrown and
    probability, where its choices start (and one past the last), and each choice's points,
    how far on (flat by dice) the state it leads to is, and whether it sets every die aside; ``reach`` is how far past a row's
    first state (flat by dice) its choices look."""

    arrays: tuple
    reach: int


_CHOICES: dict = {}


def _choices_of(throws, next_dice) -> _Choices:
    """The :class:`_Choices` of a throw table (kept, with the table, so that its id stays
    its own)."""
    if id(throws) not in _CHOICES:
        valid = throws.valid
        columns = throws.dice + 1
        first = np.concatenate([[0], np.cumsum(valid.sum(axis=1))]).astype(np.int64)
        points = throws.points[valid].astype(np.int64)
        leads_to = np.asarray(next_dice)[valid].astype(np.int64)
        steps = points * columns + leads_to  # from a row's first state to the choice's
        arrays = (
            throws.thrown.astype(np.int64),
            throws.probability.astype(float),
            first,
            points,
            steps,
            (throws.left == 0)[valid],
        )
        reach = int(steps.max(initial=0)) + 1
        _CHOICES[id(throws)] = (throws, _Choices(arrays, reach))
    return _CHOICES[id(throws)][1]


def _ranges(falls, rises, x, ends, given_low, given_high) -> tuple[np.ndarray, np.ndarray]:
    """The bust values ``low``..``high`` (L, rows) over which the choices of each row, and of
    every row above it, stay best, from each swept row's extreme slopes over margins at
    ``x`` (``falls``, ``rises``: (rows, L), NaN where not swept); rows from a turn's end
    up keep the ``given`` ranges (L, width) or None, and the one at its end bounds those
    below.

    An alternative with more weight on the bust value than the chosen one (a positive
    slope ``s`` over its margin) overtakes it at ``x + 1 / s``; one with less (negative)
    falls below it, going down, at that point. So a row's own choices hold from
    ``x + 1 / falls`` to ``x + 1 / rises`` (a slope of 0 sets no limit).
    """
    count, reach = len(x), len(falls)
    inside = ends[:, None] > np.arange(reach)
    ranges = []
    for extreme, sign, given, accumulate in (
        (falls, -1, given_low, np.maximum),
        (rises, 1, given_high, np.minimum),
    ):
        unbounded = sign * np.inf
        crossed = np.where(extreme * sign > 0, x + 1 / extreme, unbounded)
        swept = accumulate.accumulate(crossed[::-1], axis=0)[::-1].T  # every row from the top down
        if given is None:
            ranges.append(np.where(inside, swept, unbounded))
        else:
            at_end = given[np.arange(count), np.minimum(ends, given.shape[1] - 1)]
            ranges.append(np.where(inside, accumulate(swept, at_end[:, None]), given[:, :reach]))
    return ranges[0], ranges[1]
