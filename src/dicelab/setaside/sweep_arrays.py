"""The arrays a sweep (:mod:`dicelab.setaside.sweep`) steps over.

A step of a sweep (one row, every pair) is a few passes of numpy over arrays of (pairs,
choices, rows of the throw table), choices first so that choices compare elementwise,
into work arrays that are reused (:class:`Scratch`). A throw table's rows are grouped by
their number of choices (:class:`SweepLayout`), so that a step does not look at the padding
of the rows with many choices for every row.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

import numpy as np


class Scratch:
    """A sweep's work arrays, reused by every step, and by every sweep of a thread up to
    :attr:`KEPT_ENTRIES` (a fresh large array costs more in page faults than the
    arithmetic on it): room for ``pairs`` pairs, ``entries`` choices of a group's rows and
    ``rows`` rows of a group (a and c)."""

    KEPT_ENTRIES = 1 << 20  # a thread keeps work arrays up to this size (8 MB each)
    _kept = threading.local()

    def __init__(self, pairs: int, entries: int, rows: int):
        self.pairs, self.entries, self.rows = pairs, entries, rows
        self.arrays = {
            "a": np.empty(entries),
            "c": np.empty(entries),
            "worth": np.empty(entries),
            "chosen": np.empty(rows),
            "weighted": np.empty(rows),
        }
        self.views: dict = {}
        self.past_last: dict = {}

    @classmethod
    def at_least(cls, count: int, layout: SweepLayout) -> Scratch:
        """Work arrays for ``count`` pairs of ``layout``: this thread's, grown if need be."""
        groups = layout.groups + [layout.merged]
        need = (
            count,
            count * max(group.flat.size for group in groups),
            2 * count * max(group.flat.shape[1] for group in groups),
        )
        kept = getattr(cls._kept, "scratch", None)
        have = (0, 0, 0) if kept is None else (kept.pairs, kept.entries, kept.rows)
        if kept is not None and all(h >= n for h, n in zip(have, need)):
            return kept
        scratch = cls(*(max(h, n) for h, n in zip(have, need)))
        if scratch.entries <= cls.KEPT_ENTRIES:
            cls._kept.scratch = scratch
        return scratch

    def of(self, group: ChoiceGroup, pairs: int) -> WorkArrays:
        """The work arrays of a step over ``group`` for ``pairs`` pairs."""
        key = (id(group), pairs)
        if key not in self.views:
            choices, rows = group.flat.shape

            def view(name, shape):
                return self.arrays[name][: math.prod(shape)].reshape(shape)

            if id(group) not in self.past_last:
                self.past_last[id(group)] = (
                    np.arange(self.pairs)[:, None] * group.flat.size
                    + np.arange(rows)
                    + group.flat.size
                )
            entries, kept = (pairs, choices, rows), (2, pairs, rows)
            self.views[key] = WorkArrays(
                view("a", entries),
                view("c", entries),
                view("worth", entries),
                view("chosen", kept),
                view("weighted", kept),
                self.past_last[id(group)][:pairs],
            )
        return self.views[key]


@dataclass(frozen=True)
class WorkArrays:
    """The work arrays of one group for some number of pairs: ``a``, ``c``, ``worth``
    (pairs, choices, rows); ``chosen`` and ``weighted`` (2, pairs, rows); ``past_last``
    (pairs, rows), the flat index in (pairs, choices, rows) of each row's place one past
    its last choice (less a choice's :attr:`ChoiceGroup.rank`, the place of that choice)."""

    a: np.ndarray
    c: np.ndarray
    worth: np.ndarray
    chosen: np.ndarray
    weighted: np.ndarray
    past_last: np.ndarray


@dataclass(frozen=True)
class ChoiceGroup:
    """Rows of a throw table with about as many choices each, cut to that many choices,
    in order of the dice thrown; choices first (each choice's rows are contiguous, so that
    a sweep compares choices elementwise). Their sums by ``starts`` (segments of rows) are
    added, in order, to the columns ``dice`` (one per segment): by the slice ``into`` when
    the columns are consecutive and distinct, one by one otherwise."""

    flat: np.ndarray  # (choices, rows): flat index of the state after each choice, at r = 0
    points: np.ndarray  # (choices, rows)
    hot: np.ndarray  # (choices, rows)
    probability: np.ndarray
    starts: np.ndarray
    dice: np.ndarray
    into: slice | None
    rank: np.ndarray  # (choices, 1): the first choice ranks highest, as argmax breaks ties

    @classmethod
    def of_rows(cls, flat, points, hot, probability, starts, dice) -> ChoiceGroup:
        """The group of ``flat``, ``points``, ``hot`` given as (rows, choices). A choice's
        rank is how far it lies before the end of a row in a flat (choices, rows) array."""

        def choices_first(block):
            return np.ascontiguousarray(block.T)

        choices, rows = flat.shape[1], flat.shape[0]
        rank = (np.arange(choices, 0, -1, dtype=np.int32) * rows)[:, None]
        into = (
            slice(int(dice[0]), int(dice[-1]) + 1)
            if np.array_equal(dice, np.arange(dice[0], dice[-1] + 1))
            else None
        )
        return cls(
            choices_first(flat),
            choices_first(points),
            choices_first(hot),
            probability,
            starts,
            dice,
            into,
            rank,
        )


@dataclass(frozen=True)
class SweepLayout:
    """A throw table's rows for a sweep: in ``groups`` by number of choices, so that a sweep
    does not look at the padding of the rows with many choices for every row; or all in
    ``merged``, which a sweep of fewer than ``merge_below`` pairs takes (fewer steps over
    numpy arrays cost less than the padding). Both add the same sums in the same order."""

    groups: list
    merged: ChoiceGroup
    merge_below: int

    @property
    def reach(self) -> int:
        """How far past a row's first state (flat) its choices look: one past the furthest."""
        return int(self.merged.flat.max()) + 1


LAYOUTS: dict = {}
GROUP_WIDTHS = (1, 3, 7)  # rows are grouped by choices up to these (and the rest)
STEP_ENTRIES = 4000  # a step over one group costs about as much as this many entries of a pair


def layout_of(throws, next_dice, columns: int) -> SweepLayout:
    """The :class:`SweepLayout` of a throw table (kept)."""
    key = (id(throws), columns)
    if key not in LAYOUTS:
        choices = throws.valid.sum(axis=1)
        groups, low, blocks = [], 0, []
        for high in GROUP_WIDTHS + (throws.valid.shape[1],):
            rows = np.nonzero((choices > low) & (choices <= high))[0]
            low = high
            if not len(rows):
                continue
            rows = rows[np.argsort(throws.thrown[rows], kind="stable")]
            dice, starts = np.unique(throws.thrown[rows], return_index=True)
            order = np.argsort(~throws.valid[rows], axis=1, kind="stable")[:, :high]  # valid first
            pick_rows = rows[:, None]
            points = throws.points[pick_rows, order]
            flat = np.where(
                throws.valid[pick_rows, order], points * columns + next_dice[pick_rows, order], 0
            )
            hot = throws.left[pick_rows, order] == 0
            groups.append(
                ChoiceGroup.of_rows(flat, points, hot, throws.probability[rows], starts, dice)
            )
            # padding leads to no state
            blocks.append((flat, points, hot))
        width = max(flat.shape[1] for flat, _, _ in blocks)

        def padded(index):
            return np.concatenate(
                [
                    np.pad(block[index], ((0, 0), (0, width - block[index].shape[1])))
                    for block in blocks
                ]
            )

        offsets = np.cumsum([0] + [group.flat.shape[1] for group in groups])
        merged = ChoiceGroup.of_rows(
            padded(0),
            padded(1),
            padded(2),
            np.concatenate([group.probability for group in groups]),
            np.concatenate([group.starts + offset for group, offset in zip(groups, offsets)]),
            np.concatenate([group.dice for group in groups]),
        )
        extra = merged.flat.size - sum(group.flat.size for group in groups)
        LAYOUTS[key] = (
            throws,
            SweepLayout(groups, merged, (len(groups) - 1) * STEP_ENTRIES // max(extra, 1)),
        )
        # the table is kept so that its id stays its own
    return LAYOUTS[key][1]
