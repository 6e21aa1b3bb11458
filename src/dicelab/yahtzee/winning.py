"""Each player's chance to win a Yahtzee game, estimated from the optimal solitaire solution.

The players' cards fill independently (each has their own dice), so what decides the game is
the final score of each. :meth:`dicelab.yahtzee.Solution.outlook` gives its exact mean and
standard deviation under points-optimal play from the state on. The estimate takes each final
score as a normal variable with those moments, rounded to a whole number of points, the
players independent, and a shared win counting as a share (two tied leaders win half each).

It is an estimate, not an exact chance: a final score is not normal (it is lumpy: the upper
bonus and the Yahtzee box come in steps of 35 and 50 points or more, and late in the game a
few boxes decide it), and a player who plays to win does not play the points-optimal game the
moments describe. Against games played on by optimal robots it was within 3 percentage points
early in a game, and off by up to 8 late in it.

:func:`choose` is the choice of the win robot (:mod:`dicelab.yahtzee.win_bot`) among the
options after a roll, for one game or, with the same arithmetic, for many at once
(:mod:`dicelab.simulate.yahtzee_win`).

>>> shares = win_shares([Outlook(250.0, 40.0), Outlook(250.0, 40.0)])
>>> [round(share, 6) for share in shares]
[0.5, 0.5]
>>> round(win_shares([Outlook(300.0, 0.0), Outlook(250.0, 50.0)])[0], 3)  # 300 is 1 sd ahead
0.841
"""

from __future__ import annotations

import numpy as np

from dicelab.yahtzee.engine import State
from dicelab.yahtzee.solver import Outlook, solve

TAIL = 9.0  # standard deviations of a score covered on each side (the rest is below 1e-18)
# Gauss-Legendre nodes and weights on [0, 1]: exact for the polynomials of the shares, whose
# degree is the number of rivals (at most 7 at a table of 8)
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(4)
_NODES, _WEIGHTS = (_NODES + 1) / 2, _WEIGHTS / 2
# The win robot bounds chances over blocks of scores, coarse to fine, within CENTRE standard
# deviations of the mean (one block on each side beyond, holding less than 1e-4)
WIDTHS, CENTRE = (16, 4, 1), 4.0
SAME_CHANCE = (
    1e-9  # chances closer than this are equal for the win robot: the expected score decides
)


def chance_to_win(game, rules=None) -> list[float]:
    """Each player's estimated chance to win, from ``game`` (a :class:`dicelab.yahtzee.Game`,
    or a :class:`State` played under ``rules``: a preset name, a Rules or None for the
    default). A finished game gives each winner their share.

    The rules are solved the first time (seconds, then cached on disk). See the module for
    how the chance is estimated.
    """
    if isinstance(game, State):
        state, solution = game, solve(rules, progress=False)
    elif isinstance(getattr(game, "state", None), State):
        if rules is not None:
            raise ValueError("a game brings its own rules: give rules only with a State")
        state, solution = game.state, solve(game.rules, progress=False)
    else:
        raise TypeError(f"chance_to_win takes a yahtzee Game or State, not {game!r}")
    return win_shares([solution.outlook(state, player) for player in range(len(state.cards))])


def option_chances(solution, state: State) -> list[tuple]:
    """Every option of the player to move after a roll, in the order of
    :meth:`Solution.options` (best expected score first), with the estimated chance to win
    the game that it leaves (1 for every option of a player alone at the table)."""
    rivals = Rivals.at_table(
        [
            solution.outlook(state, player)
            for player in range(len(state.cards))
            if player != state.player
        ]
    )
    options = solution.options(state)
    chances = rivals.chances(
        np.zeros(len(options), dtype=np.int64),
        np.array([o.value for o in options]),
        np.array([o.std for o in options]),
    )
    return list(zip(options, chances.tolist()))


def win_shares(outlooks) -> list[float]:
    """The estimated chance of each player to win, given each player's outlook (the mean and
    standard deviation of the final score)."""
    outlooks = list(outlooks)
    means, stds = np.array([o.mean for o in outlooks]), np.array([o.std for o in outlooks])
    others = ~np.eye(len(outlooks), dtype=bool)  # table i: every player but i
    rivals = Rivals(
        means[None, :].repeat(len(outlooks), 0)[others].reshape(len(outlooks), -1),
        stds[None, :].repeat(len(outlooks), 0)[others].reshape(len(outlooks), -1),
    )
    return rivals.chances(np.arange(len(outlooks)), means, stds).tolist()


def choose(
    rivals: Rivals,
    values: np.ndarray,
    stds: np.ndarray,
    margin: float = np.inf,
    tables: np.ndarray | None = None,
) -> np.ndarray:
    """The option the win robot takes in each row: the options of a decision at the table of
    the same number in ``rivals`` (or the number in ``tables``), best expected score first,
    with those expected final scores (``values``, -inf where there is no option) and their
    standard deviations. Weighed are those within ``margin`` points of the best; of them it
    takes the first whose chance to win is the best, to within :data:`SAME_CHANCE`.

    Only the options whose chance may be the best are worked out exactly: bounds over
    blocks of scores rule out the others first (see :meth:`Rivals.bounds`).

    >>> rivals = Rivals.at_table([Outlook(250.0, 40.0)])
    >>> choose(rivals, np.array([[260.0, 255.0, 240.0]]), np.array([[10.0, 60.0, 30.0]])).tolist()
    [0]
    >>> choose(Rivals.at_table([Outlook(300.0, 10.0)]), np.array([[260.0, 255.0]]), np.array([[10.0, 60.0]])).tolist()
    [1]
    """
    values, stds = np.asarray(values, dtype=float), np.asarray(stds, dtype=float)
    weighing = np.isfinite(values) & (values >= values[:, :1] - margin)
    chances = np.full(values.shape, -np.inf)
    if rivals.alone:
        chances[weighing] = 1.0
    else:
        row, option = np.nonzero(weighing)
        table = row if tables is None else np.asarray(tables)[row]
        sure = np.full(values.shape[0], -np.inf)  # a chance to win that some option has for sure
        for width in WIDTHS:
            lower, upper = rivals.bounds(
                table, values[row, option], stds[row, option], width, CENTRE
            )
            np.maximum.at(sure, row, lower)
            may_be_best = upper >= sure[row] - SAME_CHANCE
            row, option, table = row[may_be_best], option[may_be_best], table[may_be_best]
            # a decision left with one option that may be the best is made
            alone = np.bincount(row, minlength=len(values))[row] == 1
            chances[row[alone], option[alone]] = 1.0
            row, option, table = row[~alone], option[~alone], table[~alone]
        chances[row, option] = rivals.chances(table, values[row, option], stds[row, option])
    best = chances.max(axis=1, keepdims=True)
    return np.argmax(chances >= best - SAME_CHANCE, axis=1)


class Rivals:
    """The other players at each of several tables, for weighing the options of the player to
    move there: the estimated chance to win that goes with each outlook of that player's own
    final score. ``means`` and ``stds`` have a row per table and a column per rival (no
    column: the player is alone, and wins).

    Every table is worked out with the same arithmetic in the same order however many are
    weighed together, so a robot deciding for many games at once gets the chances, bit for
    bit, of one deciding for a single game.
    """

    def __init__(self, means: np.ndarray, stds: np.ndarray) -> None:
        means, stds = np.asarray(means, dtype=float), np.asarray(stds, dtype=float)
        tables, count = means.shape
        self.alone = count == 0
        if self.alone:
            self.start, self.length = np.zeros(tables), np.ones(tables, dtype=np.int64)
        else:
            low = (means - TAIL * stds).min(axis=1)
            high = (means + TAIL * stds).max(axis=1)
            self.start = np.floor(low) - 1
            self.length = (np.ceil(high) + 2 - self.start).astype(np.int64)
        # each table's whole scores start[t], start[t] + 1, ... are a run of the flat arrays
        self.first = np.cumsum(self.length) - self.length
        # the share won with each score: the mean over t in [0, 1] of the product over the
        # rivals of P(below) + t P(equal), which is sum over the ties of 1 / (1 + ties)
        products = [np.ones(self.length.sum()) for _ in _NODES]
        for rival in range(count):
            below, equal = _below_and_equal(
                self.start, self.length, means[:, rival], stds[:, rival]
            )
            for node, product in zip(_NODES, products):
                product *= below + node * equal
        share = _WEIGHTS[0] * products[0]
        for weight, product in zip(_WEIGHTS[1:], products[1:]):
            share += weight * product
        self.share = np.append(share, 0.0)  # and a 0 past the last table, for the ends of runs

    @classmethod
    def at_table(cls, outlooks) -> Rivals:
        """The rivals at one table (table 0), from their outlooks."""
        outlooks = list(outlooks)
        return cls(
            np.array([[o.mean for o in outlooks]]).reshape(1, -1),
            np.array([[o.std for o in outlooks]]).reshape(1, -1),
        )

    def chance(self, own: Outlook, table: int = 0) -> float:
        """The estimated chance to win with this outlook of one's own final score."""
        return float(self.chances(np.array([table]), np.array([own.mean]), np.array([own.std]))[0])

    def chances(self, tables, means, stds) -> np.ndarray:
        """The estimated chance to win of each own outlook (``means``, ``stds``) at the table
        of the same position in ``tables``."""
        return self._sums(tables, means, stds, 1)[0]

    def bounds(self, tables, means, stds, width: int = 16, centre: float | None = None):
        """A lower and an upper bound of each of :meth:`chances`, from the distribution
        function at every ``width``-th score only, or, given a ``centre``, at every
        ``width``-th score within that many standard deviations of the mean and at the ends:
        the share won rises with the score, so over each block of scores it lies between its
        values at the ends of the block."""
        lower, upper = self._sums(tables, means, stds, width, centre)
        slack = 1e-12  # more than the rounding of the sums
        return np.maximum(lower - slack, 0.0), np.minimum(upper + slack, 1.0)

    def _sums(
        self, tables, means, stds, width: int, centre: float | None = None, block: int = 1 << 16
    ):
        """The chances (``width`` 1, no ``centre``) or their lower and upper bounds (see
        :meth:`bounds`), ``block`` scores at a time."""
        tables = np.asarray(tables, dtype=np.int64)
        means, stds = np.asarray(means, dtype=float), np.asarray(stds, dtype=float)
        if self.alone:
            return np.ones(len(tables)), np.ones(len(tables))
        start, length = self.start[tables], self.length[tables]
        # only the scores within reach of each outlook (beyond, its chances are below 1e-18)
        low = np.clip(np.ceil(means - TAIL * stds - 1) - start, 0, length).astype(np.int64)
        high = np.clip(np.floor(means + TAIL * stds + 1) + 1 - start, 0, length).astype(np.int64)
        # no score in reach: above every score a rival may make, or below
        lower = (low == length).astype(float)
        upper = lower.copy()
        reach = np.flatnonzero(low < high)
        ends = np.cumsum((high[reach] - low[reach]) // width + 4)
        parts = (
            np.split(reach, np.searchsorted(ends, np.arange(block, ends[-1], block)))
            if len(reach)
            else []
        )
        for part in (part for part in parts if len(part)):
            scores, count = start[part] + low[part], high[part] - low[part]
            if centre is None:
                first, step = _steps(count, width)
            else:
                middle = [
                    np.clip(edge - scores, 0, count).astype(np.int64)
                    for edge in (
                        np.ceil(means[part] - centre * stds[part]),
                        np.floor(means[part] + centre * stds[part]) + 1,
                    )
                ]
                first, step = _steps(count, width, middle)
            below = _below_at(scores, first, step, means[part], stds[part])
            lower[part], upper[part] = self._reached(
                tables[part],
                low[part],
                high[part] == length[part],
                below,
                first,
                step,
                width > 1 or centre is not None,
            )
        return lower, upper

    def _reached(self, tables, low, top, below, first, step, bounded: bool):
        """The chance of each outlook over its run of scores (from ``low`` in its table's run;
        ``top`` where it reaches the table's highest score), as the sum over the blocks between
        its points ``step`` of P(own score in the block) times the share won there (the
        block's first score, and if ``bounded`` also its last: a lower and an upper bound)."""
        points = np.diff(np.append(first, len(below)))
        last = first + points - 1  # each run's closing point, past its last score
        equal = np.empty_like(below)  # P(own score in the block from each point to the next)
        np.subtract(below[1:], below[:-1], out=equal[:-1])
        equal[last] = 0.0
        # the place in the shares of each block's first score, and of its last
        first_score = np.repeat(self.first[tables] + low, points) + step
        last_score = np.empty_like(first_score)
        last_score[:-1] = first_score[1:] - 1
        first_score[last] = last_score[last] = len(self.share) - 1  # the 0 past the last table
        above = np.where(top, 1.0 - below[last - 1] - equal[last - 1], 0.0)  # above every rival
        sums = [
            np.add.reduceat(equal * self.share[place], first)
            for place in ((first_score, last_score) if bounded else (first_score,))
        ]
        return [np.clip(total + above, 0.0, 1.0) for total in (sums * 2)[:2]]


def _steps(count, width: int = 1, middle=None):
    """Where in each run of whole scores (``count[i]`` scores in run ``i``) the distribution
    function is taken: every ``width``-th score and the end of the run, or, with ``middle``
    (the first and the end of the scores in the middle of each run), the start of the run,
    every ``width``-th score of the middle, its end and the end of the run. Returns the first
    place of each run in the flat points, and each point's score less the run's first.

    >>> _steps(np.array([10]), 4)[1].tolist(), _steps(np.array([10]), 3, (np.array([2]), np.array([8])))[1].tolist()
    ([0, 4, 8, 10], [0, 2, 5, 8, 10])
    """
    count = np.asarray(count, dtype=np.int64)
    if middle is None:
        points = (count + width - 1) // width + 1
        first = np.cumsum(points) - points
        step = np.arange(points.sum()) - np.repeat(first, points)
        if width > 1:
            step *= width
            np.minimum(step, np.repeat(count, points), out=step)
        return first, step
    begin, end = middle
    inside = (end - begin + width - 1) // width
    points = inside + 3
    first = np.cumsum(points) - points
    step = (np.arange(points.sum()) - np.repeat(first, points)) * width + np.repeat(
        begin - width, points
    )
    step[first], step[first + inside + 1], step[first + inside + 2] = 0, end, count
    return first, step


def _below_at(start, first, step, means, stds):
    """P(final score < k) at the points ``step`` of each run (see :func:`_steps`), k = the
    run's ``start`` + step, for a final score with the mean and standard deviation
    ``means[i]`` and ``stds[i]`` in run ``i``: a normal variable rounded to the nearest whole
    number (a point mass with no spread)."""
    points = np.diff(np.append(first, len(step)))
    halfway = np.repeat(start, points) + step
    halfway -= 0.5
    exact = stds <= 0
    z = halfway - np.repeat(means, points)
    z /= np.repeat(np.where(exact, 1.0, stds), points)
    below = _normal_cdf(z)
    if exact.any():
        places = np.flatnonzero(np.repeat(exact, points))
        below[places] = halfway[places] + 0.5 > np.round(np.repeat(means, points)[places])
    return below


def _below_and_equal(start, count, means, stds):
    """P(final score < k) and P(final score = k) for runs of whole scores k (run i: ``count[i]``
    scores from ``start[i]``, see :func:`_below_at`), flat, run after run.

    >>> below, equal = _below_and_equal(np.array([249.0]), np.array([3]), np.array([250.0]), np.array([0.0]))
    >>> below.tolist(), equal.tolist()
    ([0.0, 0.0, 1.0], [0.0, 1.0, 0.0])
    """
    first, step = _steps(count)
    below = _below_at(start, first, step, means, stds)
    keep = np.ones(len(below), dtype=bool)
    keep[first + np.asarray(count)] = False
    return below[keep], (below[1:] - below[:-1])[keep[:-1]]


def _normal_cdf(z: np.ndarray) -> np.ndarray:
    """The standard normal distribution function, to within 1e-7 (Abramowitz and Stegun
    7.1.26 for erf; numpy has no erf of its own). Works in place: ``z`` is used up.

    >>> [round(p, 4) for p in _normal_cdf(np.array([-1.0, 0.0, 1.96])).tolist()]
    [0.1587, 0.5, 0.975]
    """
    positive = z >= 0
    x = np.abs(z, out=z)
    x /= np.sqrt(2.0)
    t = 0.3275911 * x
    t += 1.0
    np.divide(1.0, t, out=t)
    poly = 1.061405429 * t
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += coefficient
        poly *= t
    np.multiply(x, x, out=x)
    np.negative(x, out=x)
    tail = np.exp(x, out=x)
    tail *= poly
    tail *= 0.5  # P(Z > |z|)
    return np.subtract(1.0, tail, out=tail, where=positive)
