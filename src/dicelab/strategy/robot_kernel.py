"""The compiled walk down the win robot's turns behind :mod:`dicelab.strategy.robot_match`.

Where a strategy's set-aside rule picks the same dice in every state
(:mod:`dicelab.strategy.walk_kernel`), the win robot picks, state by state, the dice whose
state after is worth the most by its own chances to win. One function, :func:`walk`,
compiled by numba on first use with the solvers' own
:func:`dicelab.setaside.sweep_kernel.compiled` (numba imported only then, so that ``import
dicelab`` stays quick).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from dicelab.setaside.sweep_kernel import compiled


@cache
def _walk():
    return compiled(walk)


def run(values, choices, banks, value, fresh, farkle, use_hot: bool, top: int, throws) -> None:
    """Fill ``values`` below row ``top`` by :func:`walk` (``throws`` the throw table of every
    choice; the other arguments as :func:`walk` takes them)."""
    floats = np.float64
    _walk()(
        values,
        np.ascontiguousarray(choices, dtype=floats),
        np.ascontiguousarray(banks, dtype=np.bool_),
        np.ascontiguousarray(value, dtype=floats),
        np.ascontiguousarray(fresh, dtype=floats),
        np.ascontiguousarray(farkle, dtype=floats),
        use_hot,
        top,
        throws.dice,
        throws.thrown,
        throws.points,
        np.ascontiguousarray(throws.left),
        throws.valid,
        throws.probability,
        np.ascontiguousarray(throws.bust, dtype=floats),
    )


def walk(
    values,
    choices,
    banks,
    value,
    fresh,
    farkle,
    use_hot,
    top,
    dice,
    thrown,
    points,
    left,
    valid,
    probability,
    bust,
):
    """``values[x, p, r, n]`` for the rows ``r`` below ``top``: the value of throwing ``n``
    dice with ``r`` units at risk in turn ``p``, when each throw (row ``i`` of the throw
    table, ``thrown[i]`` dice with ``probability[i]``) sets aside the valid choice ``j``
    (``points[i, j]`` units, ``left[i, j]`` dice left) whose state after the robot values
    most, ``choices[p, at, n']`` (``n'`` the dice left, ``dice`` again on hot dice; column 0:
    hot dice starting a fresh round, when ``use_hot``), the first such choice on a tie.
    That state is then worth ``value[x, p, at]`` where ``banks[p, at, n']``, else
    ``fresh[x, p, at]`` (column 0) or the value of throwing on; a farkle is worth
    ``farkle[x, p]`` with the chance ``bust[n]``."""
    xs = farkle.shape[0]
    turns = farkle.shape[1]
    rows = thrown.shape[0]
    width = points.shape[1]
    total = np.empty((xs, dice + 1))
    for p in range(turns):
        for r in range(top - 1, -1, -1):
            total[:, :] = 0.0
            for i in range(rows):
                best = -np.inf
                chosen = 0
                for j in range(width):
                    if not valid[i, j]:
                        continue
                    column = left[i, j]
                    if column == 0 and not use_hot:
                        column = dice
                    worth = choices[p, r + points[i, j], column]
                    if worth > best:
                        best = worth
                        chosen = j
                at = r + points[i, chosen]
                column = left[i, chosen]
                if column == 0 and not use_hot:
                    column = dice
                n = thrown[i]
                chance = probability[i]
                for x in range(xs):
                    if banks[p, at, column]:
                        total[x, n] += chance * value[x, p, at]
                    elif column == 0:
                        total[x, n] += chance * fresh[x, p, at]
                    else:
                        total[x, n] += chance * values[x, p, at, column]
            for x in range(xs):
                lost = farkle[x, p]
                for n in range(dice + 1):
                    values[x, p, r, n] = total[x, n] + lost * bust[n]
