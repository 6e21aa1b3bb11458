"""One turn of Fivethousand played by a fixed policy, for many turns at once: the value of
throwing from every (points at risk, dice) given what banking and a farkle are worth.

This is policy evaluation, the fixed-play twin of the optimal solvers' sweeps
(:mod:`dicelab.setaside.sweep`): the same throw table, but where a solver takes the best
choice, a strategy's set-aside rule and bank-or-throw table decide. Points at risk only
grow within a round, so the values are found from the highest row down. From row ``top``
on the decisions no longer change and what banking is worth grows by the same step each
row: there the values are affine in the points at risk, found by solving the few linear
equations of the dice counts. The walk down the rows below ``top`` is compiled
(:mod:`dicelab.strategy.walk_kernel`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from dicelab.strategy import walk_kernel


@dataclass(frozen=True, eq=False)
class Outcomes:
    """What a throw of ``thrown[k]`` dice leads to under a set-aside rule, together
    ``probability[k]``: ``points[k]`` units set aside, then ``next[k]`` dice to throw, hot
    dice where ``hot[k]`` (every die set aside). ``bust[n]``: the farkle chance with ``n``."""

    dice: int
    thrown: numpy.ndarray
    points: numpy.ndarray
    next: numpy.ndarray
    hot: numpy.ndarray
    probability: numpy.ndarray
    weights: numpy.ndarray  # (outcomes, dice + 1): the probability in the column thrown
    bust: numpy.ndarray

    @classmethod
    def of(cls, throws, columns) -> Outcomes:
        """The outcomes of ``throws`` (a throw table of every choice) when row ``i`` sets
        aside its choice ``columns[i]``, rows leading to the same place added up."""
        rows = numpy.arange(len(throws.thrown))
        points = throws.points[rows, columns]
        left = throws.thrown - throws.kept[rows, columns]
        keys, where = numpy.unique(
            numpy.stack([throws.thrown, points, left]), axis=1, return_inverse=True
        )
        probability = numpy.bincount(where.ravel(), throws.probability, len(keys[0]))
        thrown, points, left = keys
        weights = numpy.zeros((len(thrown), throws.dice + 1))
        weights[numpy.arange(len(thrown)), thrown] = probability
        hot = left == 0
        return cls(
            throws.dice,
            thrown,
            points,
            numpy.where(hot, throws.dice, left),
            hot,
            probability,
            weights,
            throws.bust,
        )


def throw_values(
    outcomes: Outcomes, bank, value, farkle, hot, top: int, tail=None
) -> numpy.ndarray:
    """The value of throwing ``n`` dice with ``r`` units at risk, ``[..., r, n]`` for the
    turns ``p`` (and values ``x`` of anything unknown they are linear in):

    - ``bank[p, r, n]``: whether the policy banks with ``r`` at risk and ``n`` dice to throw
      (False where the rules don't let it);
    - ``value[x, p, r]``: what banking ``r`` is worth; ``farkle[x, p]`` what a farkle is;
    - ``hot[x, p, r]``: what hot dice reaching ``r`` are worth (a fresh round: Zillions
      rules), or None (the dice are thrown again in the same round, or banked);
    - from row ``top`` on, the values are ``tail[x, p, r - top, n]`` when given; otherwise
      ``bank`` is constant there and ``value`` affine. The arrays reach ``top`` plus the
      most units a throw sets aside.
    """
    xs, turns, width = value.shape
    dice = outcomes.dice
    out = outcomes
    values = numpy.zeros((xs, turns, width, dice + 1))
    if tail is not None:
        values[:, :, top:] = tail
    else:
        fresh = None if hot is None else hot[..., top]
        alpha, beta = _top(out, bank[:, top], value, farkle, fresh, top)
        values[:, :, top:] = (
            alpha[:, :, None] + beta[:, :, None] * numpy.arange(width - top)[:, None]
        )
    walk_kernel.run(values, bank, value, farkle, hot, top, out)
    return values


def _top(out: Outcomes, banks, value, farkle, hot, top: int):
    """``(alpha, beta)``, each ``[x, p, n]``: throwing ``n`` dice with ``top + d`` at risk
    is worth ``alpha + beta * d`` (the decisions ``banks[p, n]`` constant, banking worth
    ``value[top] + slope * d``)."""
    xs, turns = farkle.shape
    dice = out.dice
    slope = value[..., top + 1] - value[..., top]
    fresh = out.hot if hot is not None else numpy.zeros_like(out.hot)  # a fresh round
    at = banks[:, out.next] & ~fresh  # (p, k): banks after the outcome
    goes_on = ~banks[:, out.next] & ~fresh
    matrix = numpy.zeros((turns, dice + 1, dice + 1))
    turn = numpy.arange(turns)[:, None]
    numpy.add.at(matrix, (turn, out.thrown, out.next), out.probability * goes_on)
    system = numpy.eye(dice + 1) - matrix

    def solve(right):  # right[x, p, n]
        return numpy.linalg.solve(system, right.transpose(1, 2, 0)).transpose(2, 0, 1)

    beta = solve(slope[..., None] * (at @ out.weights)[None])
    gains = numpy.where(at, value[..., top, None] + slope[..., None] * out.points, 0.0)
    gains = gains + numpy.where(goes_on, beta[:, :, out.next] * out.points, 0.0)
    if hot is not None:
        gains = gains + numpy.where(fresh, hot[..., None], 0.0)
    alpha = solve(gains @ out.weights + farkle[..., None] * out.bust)
    return alpha, beta
