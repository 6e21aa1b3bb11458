"""The compiled walk down a fixed policy's turn behind
:func:`dicelab.strategy.sweep.throw_values`.

One function, :func:`walk`, compiled by numba on first use with the solvers' own
:func:`dicelab.setaside.sweep_kernel.compiled` (its machine code kept in dicelab's cache
folder beside theirs), so that ``import dicelab`` stays quick: numba is imported only when
a strategy is first judged. Each turn is walked on its own, from row ``top - 1`` down to
row 0, adding up each outcome of a throw in a fixed order (each outcome's branch taken
once for every value ``x`` the turn is linear in).
"""

from __future__ import annotations

import numpy as np

from dicelab.setaside.sweep_kernel import compiled


def run(values, bank, value, farkle, hot, top: int, outcomes) -> None:
    """Fill ``values`` below row ``top`` by :func:`walk` (the arguments as
    :func:`~dicelab.strategy.sweep.throw_values` takes them, ``hot`` None for none)."""
    floats = np.float64
    compiled(walk)(
        values,
        np.ascontiguousarray(bank, dtype=np.bool_),
        np.ascontiguousarray(value, dtype=floats),
        np.ascontiguousarray(farkle, dtype=floats),
        np.zeros((1, 1, 1)) if hot is None else np.ascontiguousarray(hot, dtype=floats),
        hot is not None,
        top,
        outcomes.thrown,
        outcomes.points,
        outcomes.next,
        outcomes.hot,
        outcomes.probability,
        np.ascontiguousarray(outcomes.bust, dtype=floats),
    )


def walk(
    values,
    bank,
    value,
    farkle,
    hot,
    use_hot,
    top,
    thrown,
    points,
    next_dice,
    is_hot,
    probability,
    bust,
):
    """``values[x, p, r, n]`` for the rows ``r`` below ``top``: the value of throwing ``n``
    dice with ``r`` units at risk, each outcome ``k`` (``thrown[k]`` dice, with
    ``probability[k]``) setting aside ``points[k]`` and leaving ``next_dice[k]`` to throw,
    then worth ``hot[x, p, at]`` (hot dice, when ``use_hot``), ``value[x, p, at]`` where
    ``bank[p, at, next]`` banks, else the value of throwing on; a farkle is worth
    ``farkle[x, p]`` with the chance ``bust[n]``."""
    xs = farkle.shape[0]
    turns = farkle.shape[1]
    columns = bust.shape[0]
    outcomes = thrown.shape[0]
    total = np.empty((xs, columns))
    for p in range(turns):
        for r in range(top - 1, -1, -1):
            total[:, :] = 0.0
            for k in range(outcomes):
                at = r + points[k]
                n = thrown[k]
                chance = probability[k]
                if use_hot and is_hot[k]:
                    for x in range(xs):
                        total[x, n] += chance * hot[x, p, at]
                elif bank[p, at, next_dice[k]]:
                    for x in range(xs):
                        total[x, n] += chance * value[x, p, at]
                else:
                    left = next_dice[k]
                    for x in range(xs):
                        total[x, n] += chance * values[x, p, at, left]
            for x in range(xs):
                lost = farkle[x, p]
                for n in range(columns):
                    values[x, p, r, n] = total[x, n] + lost * bust[n]
