"""The level solver behind the two-player win policies of Fivethousand and Thousand.

Both games are solved like Pig (Neller & Presser): the value of a state is the chance that
the player to move wins. A turn moves the banked scores up, except a bust (a farkle, a
burn) that gains nothing: it gives the same pair of scores with the players swapped. So
the pairs of scores are solved from the highest total down (a *level* is one total), each
pair ``(a, b)`` together with its swap ``(b, a)`` on top of the higher totals already
solved.

A sweep (:mod:`dicelab.setaside.sweep`) values a turn of many pairs as ``a + c * x`` in
the bust value ``x``, choosing with a guess of ``x``; the two linear equations of each pair
and its swap then give the exact values for those choices. When the exact bust values lie
in the ranges over which the choices stay best, the choices are the solution, and
otherwise the pairs whose ranges miss are swept again with them (policy iteration; the
first guess, a quadratic through the solved pairs nearby, is usually right).

Three things keep the work small (:func:`solve_level`):

- In Fivethousand a turn depends on the banked score only through the score standing, so
  the turn of ``(a, b)`` is the turn of ``(a + 1, b)`` (solved just before) one row
  lower. The rows whose ranges hold this pair's ``x`` are taken from it; only the rows
  below are swept (about two in five). Thousand does the same within a cask.
- A pair swept again keeps its own rows whose ranges still hold.
- Where banking and hot dice are never worth less with more points at risk, no state is,
  so each number of dice set aside needs only its most points (a third fewer choices).

The first two give the same numbers, bit for bit, as sweeping every row; the third the
same up to rounding (a tie between two choices may be broken the other way).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dicelab.setaside.sweep import PairTurns, sweep_with_ranges
from dicelab.setaside.sweep_kernel import compiled, copy_rows

MAX_SWEEPS = 50  # policy iteration per level; it settles in one or two
SLACK = 1e-13  # a bust value this far outside a choice's range changes no value by more


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
    beside: tuple[np.ndarray, Level] | None = None,
) -> Level:
    """Solve the ``L`` pairs of one level (total score) exactly.

    ``partner[l]`` is the index of pair l's swap in the level (itself for ``(a, a)``), or
    -1 when its bust value is ``known_x[l]``. ``make_turns(x)`` gives fresh :class:`~dicelab.setaside.sweep.PairTurns`
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

    ``beside`` is ``(donors, level)`` like ``above``, of pairs solved before whose turn is
    pair l's own, row for row, with another bust value (Fivethousand under a penalty: the
    same scores with one more farkle in a row); their rows that hold at pair l's bust value
    are taken first, then ``above``'s below them.
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
            given = _taken(_taken(given, x, beside, shift=0), x, above, shift=1)
        else:  # the pair's own rows that still hold
            given = _taken(given, x[todo], (todo, level), shift=0)
        level = _grown(level, count, given.value_a.shape[1:])
        width = given.value_a.shape[1]
        level.low[todo, :width] = -np.inf if given.low is None else given.low
        level.high[todo, :width] = np.inf if given.high is None else given.high
        fewer = _never_worse_with_more(given) if dominant else np.zeros(len(todo), dtype=bool)
        for these, tables in ((~fewer, (throws, next_dice)), (fewer, dominant)):
            if not these.any():
                continue
            pairs = todo[these]
            table, leads_to = tables
            swept = sweep_with_ranges(
                table, leads_to, given.take(np.nonzero(these)[0], width), x[pairs]
            )
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
        if not has_partner.any():  # every bust value was known: the choices made are best
            return level
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


def _never_worse_with_more(turns: PairTurns) -> np.ndarray:
    """Whether banking, and hot dice, are never worth less with more points at risk, in
    each pair's turn (L,); from 1 point at risk (a turn neither banks nor completes a
    round with none). A bank the rules forbid (-inf, below a minimum bank) is worth no
    more than one they allow."""
    with np.errstate(invalid="ignore"):  # -inf after -inf: no fall (NaN is not below 0)
        rises = ~np.any(np.diff(turns.bank[:, 1:], axis=1) < 0, axis=1)
        if turns.hot is not None:
            rises &= ~np.any(np.diff(turns.hot[:, 1:], axis=1) < 0, axis=1)
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


def _taken(turns: PairTurns, x: np.ndarray, source, shift: int) -> PairTurns:
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
    count, width = turns.value_a.shape[:2]
    value_a, value_c = turns.value_a, turns.value_c  # a fresh copy of the turns: filled in place
    low = np.full((count, width), -np.inf) if turns.low is None else turns.low
    high = np.full((count, width), np.inf) if turns.high is None else turns.high
    ends = np.where(serves, turns.ends, 0)
    compiled(copy_rows)(
        value_a,
        value_c,
        low,
        high,
        level.value_a,
        level.value_c,
        level.low,
        level.high,
        np.where(serves, d, -1),
        first,
        ends,
        shift,
    )
    return PairTurns(
        value_a,
        value_c,
        turns.bank,
        np.where(serves, first, turns.ends),
        turns.hot,
        low,
        high,
        turns.rethrow,
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
