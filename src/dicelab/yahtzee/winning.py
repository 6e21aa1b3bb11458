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
    rivals = Rivals(solution.outlook(state, player) for player in range(len(state.cards))
                    if player != state.player)
    return [(option, rivals.chance(Outlook(option.value, option.std))) for option in solution.options(state)]


def win_shares(outlooks) -> list[float]:
    """The estimated chance of each player to win, given each player's outlook (the mean and
    standard deviation of the final score)."""
    outlooks = list(outlooks)
    return [Rivals(outlooks[:i] + outlooks[i + 1:]).chance(own) for i, own in enumerate(outlooks)]


class Rivals:
    """The other players of the table, for weighing the options of the player to move: the
    estimated chance to win that goes with each outlook of the player's own final score."""

    def __init__(self, outlooks):
        outlooks = list(outlooks)
        if outlooks:
            low = min(o.mean - TAIL * o.std for o in outlooks)
            high = max(o.mean + TAIL * o.std for o in outlooks)
            self.scores = np.arange(np.floor(low) - 1, np.ceil(high) + 2)
        else:
            self.scores = np.zeros(1)
        # the share won with each score: the mean over t in [0, 1] of the product over the
        # rivals of P(below) + t P(equal), which is sum over the ties of 1 / (1 + ties)
        products = np.ones((len(_NODES), len(self.scores)))
        for outlook in outlooks:
            below, equal = _below_and_equal(outlook, self.scores)
            products *= below + _NODES[:, None] * equal
        self.share = _WEIGHTS @ products
        self.alone = not outlooks

    def chance(self, own: Outlook) -> float:
        """The estimated chance to win with this outlook of one's own final score."""
        if self.alone:
            return 1.0
        # only the scores within reach of this outlook (beyond, its chances are below 1e-18)
        low = np.searchsorted(self.scores, own.mean - TAIL * own.std - 1)
        high = np.searchsorted(self.scores, own.mean + TAIL * own.std + 1, side="right")
        if low == high:
            return float(low == len(self.scores))  # above every score a rival may make, or below
        below, equal = _below_and_equal(own, self.scores[low:high])
        above = 1.0 - below[-1] - equal[-1] if high == len(self.scores) else 0.0  # above every rival
        return float(np.clip(equal @ self.share[low:high] + above, 0.0, 1.0))


def _below_and_equal(outlook: Outlook, scores: np.ndarray):
    """P(final score < k) and P(final score = k) for each whole score k of ``scores``: a
    normal variable rounded to the nearest whole number (a point mass with no spread)."""
    if outlook.std <= 0:
        exact = np.round(outlook.mean)
        return (scores > exact).astype(float), (scores == exact).astype(float)
    below = _normal_cdf((scores - 0.5 - outlook.mean) / outlook.std)
    equal = _normal_cdf((scores + 0.5 - outlook.mean) / outlook.std) - below
    return below, equal


def _normal_cdf(z: np.ndarray) -> np.ndarray:
    """The standard normal distribution function, to within 1e-7 (Abramowitz and Stegun
    7.1.26 for erf; numpy has no erf of its own)."""
    x = np.abs(z) / np.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    tail = 0.5 * poly * np.exp(-x * x)  # P(Z > |z|)
    return np.where(z >= 0, 1.0 - tail, tail)
