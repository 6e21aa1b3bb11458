"""The optimal Yahtzee bot for many games at once.

The one-game bot asks :meth:`dicelab.yahtzee.Solution.best` after each roll, which works out
one turn's tables for its card: the value of every final roll (the best box, with the value
of the card after it from the solution), then of every hold (the mean over the dice rolled,
one die at a time: the keep-to-roll transition as a product of six-way averages), then of
every roll with rolls left (the best hold). Here those tables are made for a block of
different cards at once, one card per column, with the solver's own arithmetic, so every
value — and every choice between options that are worth the same — is bit for bit the one
the one-game bot sees. Games are grouped by card: early and late in a game, many share one.
"""

from __future__ import annotations

import numpy

from dicelab import dice as _dice
from dicelab.simulate.yahtzee_bots import BatchBot, play_decided
from dicelab.simulate.yahtzee_scores import ROLLS, score_tables
from dicelab.yahtzee.rules import Rules

BLOCK = 2048  # different cards whose turn tables are made together


class BatchOptimal(BatchBot):
    """:class:`dicelab.yahtzee.optimal.OptimalBot`, for many games at once."""

    def __init__(self, rules: Rules):
        from dicelab.yahtzee import solver

        self.rules = rules
        self.scores = score_tables(rules)
        self.solution = solver.solve(rules, progress=False)
        self.tables = self.solution._tables  # the solver's box tables: rewards, final values
        self.keeps = solver._keeps()  # the solver's holds: hold values, best holds
        self.ny = self.solution.values.shape[1]
        self.cap = self.tables.cap
        levels = self.keeps.levels[:5]
        start = numpy.cumsum([0] + [len(level) for level in levels])
        # for each roll, its holds (all but the five dice) in the order Solution.options lists them,
        # as rows of the stacked hold tables; padded with the last row, which is worth -inf
        holds = [[start[len(keep)] + self.keeps.index[len(keep)][keep] for keep in _dice.sub_multisets(roll)[:-1]]
                 for roll in ROLLS]
        self.none = start[-1]
        self.holds = numpy.full((len(ROLLS), max(map(len, holds))), self.none, dtype=numpy.int64)
        for roll, rows in enumerate(holds):
            self.holds[roll, :len(rows)] = rows
        self.hold_counts = numpy.array([_dice.counts(keep) for level in levels for keep in level] + [(0,) * 6])
        # the rolls whose boxes' points depend on the card (Yahtzees, with jokers or bonus)
        self.special = numpy.array([ROLLS.index(self.keeps.rolls[r]) for r in self.tables.special], dtype=numpy.int64)

    def solver_cards(self, mask, context, upper):
        """The solver's card (Yahtzee state ``y``, capped upper total ``u``) and its number."""
        y = (context == 2).astype(numpy.int64) if self.ny == 2 else numpy.zeros_like(context)
        u = numpy.minimum(upper, self.cap)
        return y, u, (mask * self.ny + y) * (self.cap + 1) + u

    def play(self, table, seat: int) -> None:
        """Play ``seat``'s turn in every game of ``table``, a block of different cards at a time."""
        key = self.solver_cards(table.mask[:, seat], table.context[:, seat], table.upper[:, seat])[2]
        cards, inverse = numpy.unique(key, return_inverse=True)
        inverse = inverse.ravel()
        order = numpy.argsort(inverse, kind="stable")
        bounds = numpy.searchsorted(inverse[order], numpy.arange(0, len(cards) + BLOCK, BLOCK))
        for block, (low, high) in enumerate(zip(bounds[:-1], bounds[1:])):
            if low == high:
                continue
            rows = order[low:high]
            first = block * BLOCK
            turn_tables = self._turn_tables(cards[first:first + BLOCK])
            column = inverse[rows] - first
            play_decided(table.turn(seat, rows), lambda turn, which: self._decide(turn, which, turn_tables, column))

    def _turn_tables(self, cards):
        """The offset of each card's values, and for each number of rolls left (from 1) the
        value less that offset of every hold (all but five dice) on each card (columns;
        flattened) with a last row of -inf: the values of :meth:`Solution._turn` for one card."""
        size = self.cap + 1
        mask, y, u = cards // (size * self.ny), cards // size % self.ny, cards % size
        special = len(self.special)
        legal = self.scores.legal(numpy.repeat(mask, special), numpy.tile(self.special, len(mask)))
        legal = legal.reshape(len(mask), special, len(self.scores.boxes)).transpose(1, 0, 2)
        values, offset = self.tables.final_values(self.solution.values, mask, y, u, legal)
        turn = []
        for _ in range(self.rules.rolls - 1):
            holds = self.keeps.hold_values(values)
            turn.append(numpy.concatenate(holds[:5] + [numpy.full((1, len(cards)), -numpy.inf)]).ravel())
            values = self.keeps.best_holds(holds)
        return offset, turn

    def _decide(self, turn, which, turn_tables, column):
        """The best option of :meth:`Solution.options` in each game: a box, or a hold."""
        scores, tables = self.scores, self.tables
        mask, context, upper = turn.card(which)
        roll = turn.roll_index(which)
        y, u, _ = self.solver_cards(mask, context, upper)
        matching = scores.matching_filled(mask, roll)
        points = scores.points[context, matching, roll]
        total = turn.table.totals(turn.rows[which], turn.seat)
        legal = scores.legal(mask, roll)
        bonus = scores.bonus[context, matching, roll]
        boxes = numpy.full((len(which), len(scores.boxes)), -numpy.inf)
        for box in numpy.flatnonzero(legal.any(axis=0)).tolist():
            boxes[:, box] = tables.reward(self.solution.values, box, points[:, box], mask, y, u)
        boxes = numpy.where(legal, total[:, None] + (boxes + bonus[:, None]), -numpy.inf)
        best = numpy.argmax(boxes, axis=1)
        lines = numpy.arange(len(which))
        rolls_left = self.rules.rolls - int(turn.rolls_used[which[0]])
        if not rolls_left:
            return best, numpy.zeros((len(which), 6), dtype=numpy.int64)
        offset, hold_values = turn_tables
        holds, columns = self.holds[roll], column[which]
        # as Solution.options sums a hold's value: (points on the card + offset) + value
        start = total + offset[columns]
        values = start[:, None] + hold_values[rolls_left - 1].take(holds * len(offset) + columns[:, None])
        hold = numpy.argmax(values, axis=1)
        is_box = boxes[lines, best] >= values[lines, hold]  # on a tie the box, listed first
        keep = self.hold_counts[holds[lines, hold]]
        return numpy.where(is_box, best, -1), keep
