"""A sweep: one turn of many pairs of scores, solved at once, each as an affine function.

Within one turn of a pair of banked scores, the value of every state is affine in the
value ``x`` of a bust (the chance to win once the opponent moves at the swapped pair):
``value = a + c * x`` for the choices made. A sweep computes a turn of many pairs at once
this way, choosing with a guess of ``x``, and walks the turn's points at risk ``r`` down,
from the top (where every pair's boundary values are given) to 0, every pair and every
number of dice at once.

Each comparison the sweep makes is between two values affine in ``x``, so it can also give
the range of ``x`` over which every choice stays best: each alternative's slope relative
to the chosen one over its margin gives, by its least and greatest, where the choices of a
row change (:func:`_ranges`, worked out once the sweep is done), with no masks.

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

from dicelab.setaside.sweep_arrays import Scratch, layout_of


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
        """The turns of ``pairs`` (indices), cut to ``width`` rows."""

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
    :func:`throw_rows` (``rows`` for the last, ``bounds`` for the second).

    The pairs are taken longest turn first, so that each row is worked out only for the
    pairs whose turns reach it (all of them with ``rows``). Each pair's numbers are the
    same, bit for bit, whichever other pairs are swept with it: every operation is
    elementwise or a sum along one pair's row (no matrix product, whose rounding depends on
    the shape).
    """
    count, width, columns = turns.value_a.shape
    order = np.argsort(-turns.ends, kind="stable")
    ends = turns.ends[order]
    top = max(int(ends[0]), rows or 0) - 1
    reach = np.arange(max(top, 0) + 1)
    active = np.full(len(reach), count) if rows else (ends[None, :] > reach[:, None]).sum(axis=1)
    x = x[order]
    xs = x[:, None, None]
    # a and c of every state, flat by (r, dice), one pair a row: the active pairs are a prefix,
    # so ``take`` reads them in place. Column 0 (no dice) is no state: worth -inf, it is
    # where a row's padding choices lead.
    value_a, value_c = (
        turns.value_a[order].reshape(count, -1),
        turns.value_c[order].reshape(count, -1),
    )
    value_a[:, ::columns], value_c[:, ::columns] = -np.inf, 0.0
    bank_of, hot_of = turns.bank[order], None if turns.hot is None else turns.hot[order]
    layout = layout_of(throws, next_dice, columns)
    if top * columns + layout.reach > value_a.shape[1]:  # the look-ups below do not check
        raise ValueError(f"turns {width} rows wide are too narrow for a sweep from row {top}")
    scratch = Scratch.at_least(count, layout)
    kept = np.zeros((2, count, len(reach) if rows else 0, columns))
    bust = np.repeat(np.stack([np.zeros(columns), throws.bust])[:, None, :], count, axis=1)
    inside = ends[:, None] > reach  # (L, r)
    # each row's nearest changes of choice below and above x, as slopes over margins (bounds)
    falls = np.full((len(reach) if bounds else 0, count), np.nan)
    rises = falls.copy()
    both: np.ndarray = bust  # a and c of throwing in the row last walked
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for r in range(top, -1, -1):
            k = int(active[r])
            both = bust[:, :k].copy()  # (2, k, columns): a and c of throwing
            fresh = True  # no slope over margin of this row yet
            for group in layout.groups if k >= layout.merge_below else [layout.merged]:
                work = scratch.of(group, k)
                states = group.flat + r * columns
                a = value_a[:k].take(states, axis=1, out=work.a, mode="clip")  # (k, choices, rows)
                c = value_c[:k].take(states, axis=1, out=work.c, mode="clip")
                if hot_of is not None and group.hot.any():
                    np.copyto(a, hot_of[:k].take(group.points + r, axis=1), where=group.hot)
                    np.copyto(c, 0.0, where=group.hot)
                chosen = work.chosen
                if len(group.flat) > 1:
                    worth = np.multiply(c, xs[:k], out=work.worth)
                    worth += a
                    most = np.maximum.reduce(worth, axis=1)
                    best = work.past_last - np.multiply(
                        worth == most[:, None], group.rank, dtype=np.int32
                    ).max(axis=1)
                    a.take(best, out=chosen[0], mode="clip")
                    c.take(best, out=chosen[1], mode="clip")
                    if bounds:
                        slopes = np.subtract(c, chosen[1][:, None], out=c)
                        slopes /= np.subtract(most[:, None], worth, out=worth)  # the margins, >= 0
                        _extremes(slopes, falls[r, :k], rises[r, :k], (1, 2), fresh)
                        fresh = False
                else:
                    chosen[0], chosen[1] = a[:, 0], c[:, 0]
                weighted = np.multiply(chosen, group.probability, out=work.weighted)
                sums = np.add.reduceat(weighted, group.starts, axis=2)
                if group.into is not None:
                    both[:, :, group.into] += sums
                else:  # in order, each dice count once per group
                    np.add.at(both, (slice(None), slice(None), group.dice), sums)  # type: ignore[arg-type]
            if rows:
                kept[:, :, r] = both
            if r > 0:
                ta, tc = both[:, :, 1:]
                bank = bank_of[:k, r, None]
                throw = ta + tc * x[:k, None]
                banks = bank >= throw
                if turns.rethrow:  # all the dice to throw: no choice but to throw
                    banks[:, -1] = False
                if rows:
                    banks &= inside[:, r, None]
                if (
                    bounds
                ):  # bank or throw, like any choice: banking, throwing's slope c over the margin
                    # bank - throw; throwing, banking's slope -c over throw - bank: c / (bank - throw) both ways
                    slopes = tc / (bank - throw)
                    if turns.rethrow:
                        slopes[:, -1] = np.nan  # no choice, no limit
                    _extremes(slopes, falls[r, :k], rises[r, :k], 1, fresh)
                here = slice(r * columns + 1, (r + 1) * columns)
                new_a, new_c = np.where(banks, bank, ta), np.where(banks, 0.0, tc)
                if rows:  # past its end a turn's values are given
                    new_a = np.where(inside[:, r, None], new_a, value_a[:k, here])
                    new_c = np.where(inside[:, r, None], new_c, value_c[:k, here])
                value_a[:k, here], value_c[:k, here] = new_a, new_c
        if bounds:
            row_low, row_high = _ranges(
                falls,
                rises,
                x,
                ends,
                None if turns.low is None else turns.low[order],
                None if turns.high is None else turns.high[order],
            )
    unsort = np.argsort(order)
    if rows:
        return kept[0, unsort, :rows], kept[1, unsort, :rows]
    if bounds:
        shape = (count, width, columns)
        return Swept(
            both[0, unsort],
            both[1, unsort],
            row_low[unsort],
            row_high[unsort],
            value_a.reshape(shape)[unsort],
            value_c.reshape(shape)[unsort],
        )
    return both[0, unsort], both[1, unsort]


def _extremes(slopes, falls, rises, axis, fresh: bool) -> None:
    """Fold ``slopes`` (each an alternative's slope relative to the chosen one, over its
    margin at ``x``) into ``falls`` and ``rises`` (L,): their least and greatest for each
    pair; NaN (a tie of two equal choices) passes, as no limit."""
    if fresh:
        np.fmin.reduce(slopes, axis=axis, out=falls)
        np.fmax.reduce(slopes, axis=axis, out=rises)
    else:
        np.fmin(falls, np.fmin.reduce(slopes, axis=axis), out=falls)
        np.fmax(rises, np.fmax.reduce(slopes, axis=axis), out=rises)


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
