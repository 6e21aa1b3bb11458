"""Exact judgement under a penalty for farkles in a row (the ``facebook`` preset's rule).

The ``penalty_after``-th farkle in a row costs ``penalty`` points, never taking a banked
score below ``score_floor``. The strategies don't see the farkles in a row (a decision
table has no such column: a score below 0 is in the lowest band), but the game does: a
state is the player to move, each seat's farkles in a row and both banked scores, from the
floor up. ``values[mover, s, t, i, j]``: the mover's chance to win, about to throw all
the dice with ``s`` farkles in a row and ``i + low`` units banked, against ``t`` and
``j + low``.

A bank moves to a higher total score (or ends the game), and a farkle that costs nothing
keeps the total and adds one to the farkles in a row: within a total the states are
judged from the most farkles in a row down, each with its farkle's worth known, and the
totals from the highest down (as the penalty win policy solves them,
:mod:`dicelab.fivethousand.penalty_win`). Only a penalty moves down, to a state not judged
yet in this order: a pass judges every state with those values as they stand (in place),
and passes repeat until the largest change, and the error it bounds, is below
:data:`TOLERANCE`.

Each pass costs about one judgement without the penalty for every pair of farkles in a
row, and passes take a dozen or more: seconds for small games and targets of a few thousand
points, but over an hour at the ``facebook`` preset's full size (10 000 points, scores
down to −2 500).

>>> from dicelab.strategy import threshold, win_chance
>>> rules = {"dice": 2, "target": 200, "bust_keeps_completed_rounds": False,
...          "penalty": 100, "penalty_after": 2, "score_floor": -100}
>>> print(win_chance(threshold(rules, bank_at=150), threshold(rules, bank_at=50)))
0.3760 (throwing first 0.4009, second 0.3510)
"""

from __future__ import annotations

import numpy

from dicelab.setaside.house import after_turn
from dicelab.strategy.exact import HeadToHead, _hot_column, _Match
from dicelab.strategy.sweep import throw_values

TOLERANCE = 1e-13  # the most a chance may still change when the passes stop
MAX_PASSES = 10_000


class PenaltyMatch(_Match):
    """Both strategies' chances to win under a farkle penalty (see the module)."""

    def __init__(self, strategies: tuple, game):
        self._prepare(strategies, game)
        rules, unit = game.rules, game.unit
        self.low = min(0, rules.score_floor // unit)
        self.streaks = rules.penalty_after
        scores = game.goal - self.low
        k = self.streaks
        self.values = numpy.full((2, k, k, scores, scores), 0.5)
        self.passes = 0
        change = previous = 1.0
        while True:
            change = self._pass()
            self.passes += 1
            ratio = change / previous if previous > 0 else 0.0
            if change == 0 or (ratio < 1 and change * ratio / (1 - ratio) < TOLERANCE):
                break
            if self.passes >= MAX_PASSES:
                raise RuntimeError(f"the penalty judgement did not settle in {MAX_PASSES} passes")
            previous = change

    @property
    def result(self) -> HeadToHead:
        zero = -self.low
        return HeadToHead(
            float(self.values[0, 0, 0, zero, zero]), float(1 - self.values[1, 0, 0, zero, zero])
        )

    def _pass(self) -> float:
        """Judge every state once, totals from the highest down; the largest change."""
        k, scores = self.streaks, self.values.shape[-1]
        change = 0.0
        for total in range(2 * scores - 2, -1, -1):
            a = numpy.arange(max(0, total - scores + 1), min(scores - 1, total) + 1)
            b = total - a
            for streaks in range(2 * k - 2, -1, -1):
                s = numpy.arange(max(0, streaks - k + 1), min(k - 1, streaks) + 1)
                t = streaks - s
                for who in (0, 1):
                    change = max(change, self._states(who, a, b, s, t))
        return change

    def _states(self, who: int, a, b, s, t) -> float:
        """Judge ``who`` to move at the scores (``a``, ``b``) with the farkles in a row
        (``s``, ``t``), each pair of scores with each pair of streaks; the largest change."""
        game, grid = self.game, self.grid
        u, dice, low = game.unit, game.dice, self.low
        a, s = numpy.repeat(a, len(s)), numpy.tile(s, len(a))
        b, t = numpy.repeat(b, len(t)), numpy.tile(t, len(b))
        mine, theirs = a + low, b + low
        needs = int(game.needs[1])
        top = max(grid.rows - 1, needs, game.goal - int(mine.min()))
        r = numpy.arange(top + game.widest + 1)
        total = mine[:, None] + r
        value = self._bank_value(who, t[:, None], b[:, None], theirs[:, None], total)
        left, streak = after_turn(game.rules, mine * u, s, numpy.ones(len(s), dtype=bool))
        farkle = 1 - self.values[1 - who, t, streak, b, left // u - low]
        own_band, their_band = grid.band_of(mine * u), grid.band_of(theirs * u)
        bank = self._decisions(who, own_band, their_band, r)
        bank &= (r >= needs)[None, :, None]
        tail = self._tail(who, own_band, their_band, theirs, mine, top, len(r))
        values = throw_values(
            game.outcomes(self.strategies[who]),
            _hot_column(game, bank),
            numpy.broadcast_to(value, (2,) + value.shape),
            numpy.array([numpy.zeros(len(a)), numpy.ones(len(a))]),
            None,
            top,
            tail,
        )[:, :, 0, dice]
        judged = values[0] + (values[1] - values[0]) * farkle
        before = self.values[who, s, t, a, b]
        self.values[who, s, t, a, b] = judged
        return float(numpy.abs(judged - before).max())

    def _bank_value(self, who, t, b, theirs, total):
        """What banking at ``total`` units is worth to ``who`` against ``theirs`` (index
        ``b``, ``t`` farkles in a row): the other to move with the mover's streak ended,
        or, at the target, the game won (after the other's last turn, when there is one)."""
        game = self.game
        below = (
            1
            - self.values[
                1 - who, t, 0, b, numpy.clip(total - self.low, 0, self.values.shape[-1] - 1)
            ]
        )
        if not game.rules.last_turn:
            return numpy.where(total < game.goal, below, 1.0)
        their_last = self.last[1 - who, 1, numpy.clip(total - theirs, 0, game.lead)]
        return numpy.where(total < game.goal, below, 1 - their_last)
