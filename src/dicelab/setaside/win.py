"""What the two-player win policies of Fivethousand and Thousand share.

Both games are solved like Pig (Neller & Presser): the value of a state is the chance that
the player to move wins. A turn moves the banked scores up, except a bust (a farkle, a
burn) that gains nothing: it gives the same pair of scores with the players swapped. So
the pairs of scores are solved from the highest total down, each pair ``(a, b)`` together
with its swap ``(b, a)`` on top of the higher totals already solved.

Within one turn of a pair, the value of every state is affine in the value ``x`` of a
bust (one number per pair: the chance to win once the opponent moves at ``(b, a)``):
``value = a + c * x`` for the choices made. :func:`sweep` computes a turn of many pairs at
once this way, choosing with a guess of ``x``; the two linear equations of each pair and
its swap then give the exact values for those choices. Each comparison the sweep makes is
between two values affine in ``x``, so it also gives the range of ``x`` over which every
choice stays best; when the exact bust values lie in their ranges, the choices are the
solution, and otherwise the pairs whose ranges miss are swept again with them (policy
iteration; the first guess, a quadratic through the solved pairs nearby, is usually
right).

A sweep walks the turn's points at risk ``r`` down, from the top (where every pair's
boundary values are given) to 0, every pair and every number of dice at once. It keeps,
for each row, the range of ``x`` over which the choices of that row and of every row
above stay best. Three things keep the work small (:func:`solve_level`):

- In Fivethousand a turn depends on the banked score only through the score standing, so
  the turn of ``(a, b)`` is the turn of ``(a + 1, b)`` (solved just before) one row
  lower. The rows whose ranges hold this pair's ``x`` are taken from it; only the rows
  below are swept (about two in five). Thousand does the same within a cask.
- A pair swept again keeps its own rows whose ranges still hold.
- Where banking and hot dice are never worth less with more points at risk, no state is,
  so each number of dice set aside needs only its most points (a third fewer choices).

The first two give the same numbers, bit for bit, as sweeping every row; the third the
same up to rounding (a tie between two choices may be broken the other way).

A step of a sweep (one row, every pair) is a few passes of numpy over arrays of (pairs,
choices, rows of the throw table), choices first so that choices compare elementwise,
into work arrays that are reused (:class:`_Scratch`). Each alternative's slope relative to
the chosen one over its margin gives, by its least and greatest, where the choices of a
row change (:func:`_ranges`, worked out once the sweep is done), with no masks.
"""

from __future__ import annotations

import abc
import math
import threading
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dicelab.setaside.policy import SetAsidePolicy

MAX_SWEEPS = 50  # policy iteration per level; it settles in one or two
SLACK = 1e-13  # a bust value this far outside a choice's range changes no value by more


@dataclass
class Turns:
    """The turns of ``L`` pairs of scores to sweep, in units of points.

    ``value_a``/``value_c`` (L, width, dice + 1): the value of a state with ``r`` points at
    risk and ``n`` dice to throw next, after the player has set dice aside (bank or throw),
    as ``a + c * x``. Entries at and above ``ends[l]`` are given (the turn ends there);
    the sweep fills those below. ``bank`` (L, width): the value of banking ``r`` points,
    ``-inf`` where the rules forbid it. ``hot`` (L, width) or None: the value of hot dice
    after reaching ``r`` points when a bonus round starts afresh (Zillions rules); None
    when hot dice go on with the same points at risk. ``low``/``high`` (L, width) or None:
    the bust values for which each given row's values hold (rows taken from another
    pair's turn, :func:`solve_level`); None when they hold for any.
    """

    value_a: np.ndarray
    value_c: np.ndarray
    bank: np.ndarray
    ends: np.ndarray
    hot: np.ndarray | None = None
    low: np.ndarray | None = None
    high: np.ndarray | None = None

    def take(self, pairs: np.ndarray, width: int) -> Turns:
        """The turns of ``pairs`` (indices), cut to ``width`` rows."""

        def cut(rows):
            return None if rows is None else rows[pairs, :width]

        return Turns(
            cut(self.value_a),
            cut(self.value_c),
            cut(self.bank),
            self.ends[pairs],
            cut(self.hot),
            cut(self.low),
            cut(self.high),
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


def sweep(
    throws, next_dice, turns: Turns, x: np.ndarray, rows: int | None = None, bounds: bool = False
):
    """Solve ``turns`` below their ends, choosing with bust value ``x`` (L,).

    Returns the value of throwing with nothing at risk, (L, dice + 1) as ``(a, c)``; with
    ``bounds`` a :class:`Swept` instead, with the range of bust values over which each row's
    choices stay best (each compares two values affine in ``x``). With ``rows`` it returns
    instead the throw values of ``r = 0 .. rows - 1`` (L, rows, dice + 1), also where ``r``
    is at or past a turn's end (from the given values there); the turns' width must then
    reach ``rows - 1`` plus the most points of a throw.

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
    layout = _layout(throws, next_dice, columns)
    if top * columns + layout.reach > value_a.shape[1]:  # the look-ups below do not check
        raise ValueError(f"turns {width} rows wide are too narrow for a sweep from row {top}")
    scratch = _Scratch.at_least(count, layout)
    kept = np.zeros((2, count, len(reach), columns)) if rows else None
    bust = np.repeat(np.stack([np.zeros(columns), throws.bust])[:, None, :], count, axis=1)
    inside = ends[:, None] > reach  # (L, r)
    if bounds:  # each row's nearest changes of choice below and above x, as slopes over margins
        falls, rises = np.full((len(reach), count), np.nan), np.full((len(reach), count), np.nan)
    both = None
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
                    np.add.at(both, (slice(None), slice(None), group.dice), sums)
            if rows:
                kept[:, :, r] = both
            if r > 0:
                ta, tc = both[:, :, 1:]
                bank = bank_of[:k, r, None]
                throw = ta + tc * x[:k, None]
                banks = bank >= throw
                if rows:
                    banks &= inside[:, r, None]
                if (
                    bounds
                ):  # bank or throw, like any choice: banking, throwing's slope c over the margin
                    # bank - throw; throwing, banking's slope -c over throw - bank: c / (bank - throw) both ways
                    _extremes(tc / (bank - throw), falls[r, :k], rises[r, :k], 1, fresh)
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


class _Scratch:
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
    def at_least(cls, count: int, layout: _Layout) -> _Scratch:
        """Work arrays for ``count`` pairs of ``layout``: this thread's, grown if need be."""
        groups = layout.groups + [layout.merged]
        need = (
            count,
            count * max(group.flat.size for group in groups),
            2 * count * max(group.flat.shape[1] for group in groups),
        )
        kept = getattr(cls._kept, "scratch", None)
        have = (0, 0, 0) if kept is None else (kept.pairs, kept.entries, kept.rows)
        if all(h >= n for h, n in zip(have, need)):
            return kept
        scratch = cls(*(max(h, n) for h, n in zip(have, need)))
        if scratch.entries <= cls.KEPT_ENTRIES:
            cls._kept.scratch = scratch
        return scratch

    def of(self, group: _Group, pairs: int) -> _Work:
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
            self.views[key] = _Work(
                view("a", entries),
                view("c", entries),
                view("worth", entries),
                view("chosen", kept),
                view("weighted", kept),
                self.past_last[id(group)][:pairs],
            )
        return self.views[key]


@dataclass(frozen=True)
class _Work:
    """The work arrays of one group for some number of pairs: ``a``, ``c``, ``worth``
    (pairs, choices, rows); ``chosen`` and ``weighted`` (2, pairs, rows); ``past_last``
    (pairs, rows), the flat index in (pairs, choices, rows) of each row's place one past
    its last choice (less a choice's :attr:`_Group.rank`, the place of that choice)."""

    a: np.ndarray
    c: np.ndarray
    worth: np.ndarray
    chosen: np.ndarray
    weighted: np.ndarray
    past_last: np.ndarray


@dataclass(frozen=True)
class _Group:
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
    def of_rows(cls, flat, points, hot, probability, starts, dice) -> _Group:
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
class _Layout:
    """A throw table's rows for a sweep: in ``groups`` by number of choices, so that a sweep
    does not look at the padding of the rows with many choices for every row; or all in
    ``merged``, which a sweep of fewer than ``merge_below`` pairs takes (fewer steps over
    numpy arrays cost less than the padding). Both add the same sums in the same order."""

    groups: list
    merged: _Group
    merge_below: int

    @property
    def reach(self) -> int:
        """How far past a row's first state (flat) its choices look: one past the furthest."""
        return int(self.merged.flat.max()) + 1


_LAYOUTS: dict = {}
GROUP_WIDTHS = (1, 3, 7)  # rows are grouped by choices up to these (and the rest)
STEP_ENTRIES = 4000  # a step over one group costs about as much as this many entries of a pair


def _layout(throws, next_dice, columns: int) -> _Layout:
    """The :class:`_Layout` of a throw table (kept)."""
    key = (id(throws), columns)
    if key not in _LAYOUTS:
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
            groups.append(_Group.of_rows(flat, points, hot, throws.probability[rows], starts, dice))
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
        merged = _Group.of_rows(
            padded(0),
            padded(1),
            padded(2),
            np.concatenate([group.probability for group in groups]),
            np.concatenate([group.starts + offset for group, offset in zip(groups, offsets)]),
            np.concatenate([group.dice for group in groups]),
        )
        extra = merged.flat.size - sum(group.flat.size for group in groups)
        _LAYOUTS[key] = (
            throws,
            _Layout(groups, merged, (len(groups) - 1) * STEP_ENTRIES // max(extra, 1)),
        )
        # the table is kept so that its id stays its own
    return _LAYOUTS[key][1]


@dataclass
class Level:
    """The pairs of one level (total score) as solved: ``start`` (L,), each pair's chance to
    win about to throw all the dice, and its turn as last swept: the values of every state
    ``value_a``/``value_c`` (L, width, dice + 1), for each row the bust values ``low``..
    ``high`` (L, width) over which its choices and those of every row above stay best, and
    ``ends`` (L,), the rows up to which the turn was the game's own (its ends then)."""

    start: np.ndarray
    value_a: np.ndarray
    value_c: np.ndarray
    low: np.ndarray
    high: np.ndarray
    ends: np.ndarray


FIRST_KEPT = 1  # a turn's row 0 holds no values: a sweep never keeps it


def solve_level(
    throws,
    next_dice,
    make_turns,
    partner: np.ndarray,
    known_x: np.ndarray,
    guess_x: np.ndarray,
    above: tuple[np.ndarray, Level] | None = None,
    dominant=None,
) -> Level:
    """Solve the ``L`` pairs of one level (total score) exactly.

    ``partner[l]`` is the index of pair l's swap in the level (itself for ``(a, a)``), or
    -1 when its bust value is ``known_x[l]``. ``make_turns(x)`` gives fresh :class:`Turns`
    for bust values ``x`` (a game may end a turn early where ``x`` proves banking best).

    Policy iteration, pair by pair: a pair is swept again only while its exact bust value
    lies outside the range its choices hold for, or its turn now reaches further; and then
    only the rows whose choices no longer hold (those above are kept).

    ``above`` is ``(donors, level)``: ``donors[l]`` is the index in the solved ``level``
    (the one above) of the pair whose player to move has one unit more against the same
    opponent, or -1. In a game whose turns depend only on the score standing (banked plus
    at risk) and the opponent's, pair l's row ``r`` is then the donor's row ``r - 1``; the
    rows whose choices stay best at pair l's bust value are taken from the donor, not swept.

    ``dominant`` is ``(throws, next_dice)`` of the throw table with, for each number of dice
    set aside, only the most points: a pair is swept with it when neither banking nor hot
    dice are ever worth less with more points at risk. Then no state is (by induction from
    the top of the turn), so the fewer points are never the better choice.
    """
    dice = throws.dice
    has_partner = partner >= 0
    mate = np.where(has_partner, partner, 0)
    x = np.where(has_partner, guess_x, known_x)
    count = len(x)
    a, c = np.zeros(count), np.zeros(count)
    swept_ends = np.zeros(count, dtype=np.int64)
    level = None
    todo = np.arange(count)
    turns = make_turns(x)
    for sweeps in range(MAX_SWEEPS):
        given = turns.take(todo, turns.value_a.shape[1])
        if sweeps == 0:
            given = _taken(given, x, above, shift=1)
        else:  # the pair's own rows that still hold
            given = _taken(given, x[todo], (todo, level), shift=0)
        level = _grown(level, count, given.value_a.shape[1:])
        width = given.value_a.shape[1]
        level.low[todo, :width] = -np.inf if given.low is None else given.low
        level.high[todo, :width] = np.inf if given.high is None else given.high
        fewer = _never_worse_with_more(given) if dominant else np.zeros(len(todo), dtype=bool)
        for these, table in ((~fewer, (throws, next_dice)), (fewer, dominant)):
            if not these.any():
                continue
            pairs = todo[these]
            swept = sweep(*table, given.take(np.nonzero(these)[0], width), x[pairs], bounds=True)
            level.value_a[pairs, :width], level.value_c[pairs, :width] = (
                swept.value_a,
                swept.value_c,
            )
            rows = swept.low.shape[1]
            level.low[pairs, :rows], level.high[pairs, :rows] = swept.low, swept.high
            a[pairs], c[pairs] = swept.throw_a[:, dice], swept.throw_c[:, dice]
        swept_ends[todo] = turns.ends[todo]
        level.ends = swept_ends
        level.start = np.where(
            has_partner, (a + c * (1 - a[mate] - c[mate])) / (1 - c * c[mate]), a + c * known_x
        )
        x = np.where(has_partner, 1 - level.start[mate], known_x)
        turns = make_turns(x)
        holds = (level.low[:, 0] - SLACK <= x) & (x <= level.high[:, 0] + SLACK)
        todo = np.nonzero(~((holds | ~has_partner) & (turns.ends <= swept_ends)))[
            0
        ]  # a known x is exact
        if not len(todo):  # every choice made stays best at the exact bust values: the solution
            return level
    raise RuntimeError("the win policy did not settle; please report these rules")


def one_unit_up(mover: np.ndarray, above: np.ndarray) -> np.ndarray:
    """The donors of a level's pairs (``mover`` against ``total - mover``) in the level
    above (``above`` against ``total + 1 - above``): the index of the pair with the mover
    one unit up, -1 where it is not there.

    >>> one_unit_up(np.array([0, 1, 2]), np.array([1, 2])).tolist()
    [0, 1, -1]
    """
    index = mover + 1 - above[0]
    return np.where(index < len(above), index, -1)


def _never_worse_with_more(turns: Turns) -> np.ndarray:
    """Whether banking, and hot dice, are never worth less with more points at risk, in
    each pair's turn (L,); from 1 point at risk (a turn neither banks nor completes a
    round with none)."""
    rises = np.all(np.diff(turns.bank[:, 1:], axis=1) >= 0, axis=1)
    if turns.hot is not None:
        rises &= np.all(np.diff(turns.hot[:, 1:], axis=1) >= 0, axis=1)
    return rises


def _grown(level: Level | None, count: int, shape: tuple) -> Level:
    """``level``'s arrays (or new ones) with room for ``shape`` (width, dice + 1) per pair."""
    if level is not None and level.value_a.shape[1] >= shape[0]:
        return level
    grown = Level(
        np.zeros(count),
        np.zeros((count,) + shape),
        np.zeros((count,) + shape),
        np.full((count, shape[0]), -np.inf),
        np.full((count, shape[0]), np.inf),
        np.zeros(count, dtype=np.int64),
    )
    if level is not None:
        old = level.value_a.shape[1]
        for name in ("value_a", "value_c", "low", "high"):
            getattr(grown, name)[:, :old] = getattr(level, name)
        grown.ends = level.ends
    return grown


def _taken(turns: Turns, x: np.ndarray, source, shift: int) -> Turns:
    """``turns`` with the rows that ``source`` has solved and whose choices hold at ``x``.

    ``source`` is ``(index, level)`` or None: pair l's row ``r`` is row ``r - shift`` of
    ``level``'s pair ``index[l]`` (none where -1), at the same score standing. Rows from
    ``e`` to the turn's end are taken, where ``e - shift`` is the lowest row of that pair
    whose range holds ``x``; the turn then ends at ``e`` for a sweep. A pair serves only
    if its own rows reach as far.
    """
    if source is None:
        return turns
    index, level = source
    serves = index >= 0
    d = np.where(serves, index, 0)
    holds = (level.low[d] - SLACK <= x[:, None]) & (
        x[:, None] <= level.high[d] + SLACK
    )  # (L, its rows)
    lowest = holds.shape[1] - np.cumprod(holds[:, ::-1], axis=1).sum(
        axis=1
    )  # the ranges nest upwards
    first = np.maximum(lowest, FIRST_KEPT) + shift
    serves &= (first < turns.ends) & (turns.ends - shift <= level.ends[d])
    if not serves.any():
        return turns
    r = np.arange(turns.value_a.shape[1])
    taken = serves[:, None] & (r >= first[:, None]) & (r < turns.ends[:, None])
    rows = (d[:, None], np.clip(r - shift, 0, level.value_a.shape[1] - 1))
    value_a = np.where(taken[:, :, None], level.value_a[rows], turns.value_a)
    value_c = np.where(taken[:, :, None], level.value_c[rows], turns.value_c)
    low = np.where(taken, level.low[rows], -np.inf if turns.low is None else turns.low)
    high = np.where(taken, level.high[rows], np.inf if turns.high is None else turns.high)
    return Turns(
        value_a, value_c, turns.bank, np.where(serves, first, turns.ends), turns.hot, low, high
    )


NEIGHBOURS = (
    (1, 0),
    (0, 1),
    (1, 1),
    (2, 0),
    (0, 2),
    (2, 1),
    (1, 2),
    (2, 2),
)  # solved before (m, o)
# the least-squares quadratic a + b m + c o + d m^2 + e m o + f o^2 through them, read at (0, 0)
QUADRATIC = np.linalg.pinv(
    np.array([[1, m, o, m * m, m * o, o * o] for m, o in NEIGHBOURS], dtype=float)
)[0]


def guess_values(values: np.ndarray, mover: np.ndarray, other: np.ndarray) -> np.ndarray:
    """A first guess of ``values[mover, other]`` (chances to win of pairs of one level)
    from the solved pairs above it: the least-squares quadratic through the eight pairs up
    to two units up in each score; nearer the edge the plane through three,
    ``V(m + 1, o) + V(m, o + 1) - V(m + 1, o + 1)``, or ``V(m, o + 1)`` at the edge.

    >>> m, o = np.meshgrid(np.arange(6.0), np.arange(6.0), indexing="ij")
    >>> values = 0.5 + 0.01 * m - 0.02 * o + 0.001 * m * o - 0.002 * o * o
    >>> bool(np.isclose(guess_values(values, np.array([1]), np.array([1]))[0], values[1, 1]))
    True
    """
    rows, columns = values.shape
    up, right = np.minimum(mover + 1, rows - 1), np.minimum(other + 1, columns - 1)
    plane = values[up, other] + values[mover, right] - values[up, right]
    guess = np.where(mover + 1 < rows, plane, values[mover, right])
    inner = (mover + 2 < rows) & (other + 2 < columns)
    if inner.any():
        m, o = mover[inner], other[inner]
        quadratic = sum(
            weight * values[m + dm, o + do] for weight, (dm, do) in zip(QUADRATIC, NEIGHBOURS)
        )
        guess[inner] = quadratic
    return np.clip(guess, 0.0, 1.0)


class WinPolicy(SetAsidePolicy, abc.ABC):
    """A two-player policy that maximises the chance to win of the player to move.

    Subclasses give :meth:`chance_to_win` for every engine state; the options of a state
    (:meth:`options`, :meth:`action`) are then valued by that chance.
    """

    @property
    @abc.abstractmethod
    def first_player_wins(self) -> float:
        """The chance that the first player wins from 0–0, before anyone has thrown."""

    @abc.abstractmethod
    def chance_to_win(self, state) -> float:
        """The chance that the player to move in ``state`` wins (a shared win counts half)."""

    # What a subclass gives to read its turns after solving (units of points):
    #   pairs_by_level(): the (mine, theirs) arrays of each level; level_turns(mine, theirs,
    #   rows): their Turns, wide enough for ``rows`` rows of throw values; bust_values(mine,
    #   theirs): the exact bust values; table_rows(mine, theirs): the rows of throw values
    #   a turn can reach (past the last one, every row equals it); longest_turn: the most
    #   units at risk a sweep looks at.

    def throw_tables(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The chance to win by throwing, (pairs, rows, dice + 1) by (units at risk, dice to
        throw), in the turns from banked (safe) ``mine`` against ``theirs`` units (arrays).
        Pair ``l``'s table is its first ``table_rows(mine, theirs)[l]`` rows; each is the same
        number, bit for bit, whichever pairs are asked together."""
        rows = int(self.table_rows(mine, theirs).max())
        x = self.bust_values(mine, theirs)
        throw_a, throw_c = sweep(
            self.throws, self.next_dice, self.level_turns(mine, theirs, rows), x, rows=rows
        )
        return throw_a + throw_c * x[:, None, None]

    @lru_cache(maxsize=256)
    def turn_values(self, mine: int, theirs: int) -> np.ndarray:
        """The chance to win by throwing, by (units at risk, dice to throw), in a turn from
        banked (safe) ``mine`` against ``theirs`` units; past its last row, every row of
        the turn equals the last one."""
        return self.throw_tables(np.array([mine]), np.array([theirs]))[0]

    def decision_arrays(self) -> dict:
        """Every decision as look-up arrays, for a batch simulator (units of points):

        ``throw[m, b, r, n]`` (float32): the chance to win of throwing ``n`` dice now with
        ``m`` banked (safe) and ``r`` at risk against ``b``; ``bank[m, b, r]``: of banking
        ``r`` (``-inf`` where the rules forbid it). Throw iff ``throw > bank``; set aside
        the dice whose resulting state is worth most. Entries past the rows a turn can
        reach (:meth:`turn_values`) are 0.
        """
        size = (self.start.shape[0], self.start.shape[1], self.longest_turn + 1)
        throw = np.zeros(size + (self.rules.dice + 1,), dtype=np.float32)
        bank = np.zeros(size, dtype=np.float32)
        for mine, theirs in self.pairs_by_level():
            rows = np.minimum(self.table_rows(mine, theirs), size[2])
            top = int(rows.max())
            reached = np.arange(top) < rows[:, None]
            turns = self.level_turns(mine, theirs, top)
            tables = self.throw_tables(mine, theirs)[:, :top]
            throw[mine, theirs, :top] = np.where(reached[:, :, None], tables, 0.0)
            bank[mine, theirs, :top] = np.where(reached, turns.bank[:, :top], 0.0)
        return {"throw": throw, "bank": bank}

    def chances(self, state) -> tuple[float, float]:
        """Each seat's chance to win in ``state``, in seat order."""
        mine = self.chance_to_win(state)
        return (mine, 1 - mine) if state.player == 0 else (1 - mine, mine)

    def check_two_players(self, state) -> None:
        if len(state.scores) != 2:
            raise ValueError(f"the win policy is for two players, not {len(state.scores)}")


class WinBot:
    """Plays a two-player game for the best chance to win (``policy_for(rules)`` gives the
    game's win policy); with more players it plays like ``fallback``."""

    level = "win"

    def __init__(self, policy_for, fallback):
        self.policy_for = policy_for
        self.fallback = fallback

    def prepare(self, engine, players: int | None = None) -> None:
        """Solve the game now (or read it from the disk cache) rather than at the first move.
        At a table of ``players`` other than two the robot plays like ``fallback`` all game,
        so only the fallback is prepared."""
        if players is None or players == 2:
            self.policy_for(engine.rules)
        elif hasattr(self.fallback, "prepare"):
            self.fallback.prepare(engine, players=players)

    def choose(self, engine, state, rng):
        if len(state.scores) != 2:
            return self.fallback.choose(engine, state, rng)
        return self.policy_for(engine.rules).action(state)
