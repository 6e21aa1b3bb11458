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

from functools import partial

import numpy

from dicelab import dice as _dice
from dicelab.simulate.yahtzee_bots import YahtzeeBatchBot, play_decided
from dicelab.simulate.yahtzee_play import CardBatch, Turn
from dicelab.yahtzee.rules import Rules
from dicelab.yahtzee.score_tables import ROLLS, score_tables

BLOCK = 2048  # different cards whose turn tables are made together
#: What stays the same through a turn in each of its games (see BatchOptimal._games).
Games = tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray, numpy.ndarray]
#: The box values of a block of cards, and the hold values per number of rolls left.
TurnTables = tuple[numpy.ndarray, list[numpy.ndarray]]


class BatchOptimal(YahtzeeBatchBot):
    """:class:`dicelab.yahtzee.optimal.OptimalBot`, for many games at once."""

    moments = False  # whether the turn tables carry second moments (for the spread of each option)
    turn_games: int | None = None  # the most games of one card played as one turn (None: all)

    def __init__(self, rules: Rules) -> None:
        from dicelab.yahtzee import solve_kernel, solver

        self.rules = rules
        self.scores = score_tables(rules)
        self.solution = solver.solve(rules, progress=False)
        self.keeps = solve_kernel.keeps()  # the solver's holds, in the order of its hold tables
        self.ny = self.solution.yahtzee_states
        self.cap = self.solution.upper_cap
        levels, start = self.keeps.levels[:5], self.keeps.first_row
        # for each roll, its holds (all but the five dice) in the order Solution.options lists them,
        # as rows of the stacked hold tables; padded with the last row, which is worth -inf
        holds = [
            [
                start[len(keep)] + self.keeps.index[len(keep)][keep]
                for keep in _dice.sub_multisets(roll)[:-1]
            ]
            for roll in ROLLS
        ]
        self.none = start[-1]
        # the score tables' points (per box) and Yahtzee bonus, one row per context, matching, roll
        points = self.scores.points.reshape(-1, len(self.scores.boxes))
        self.bonus = self.scores.bonus.reshape(-1)
        # the rows of each situation's points in each box among Solution.turn_tables' box values
        self.situation_rows = self.solution.reward_rows(
            numpy.arange(len(self.scores.boxes)), points
        )
        self.holds = numpy.full((len(ROLLS), max(map(len, holds))), self.none, dtype=numpy.int64)
        for roll, rows in enumerate(holds):
            self.holds[roll, : len(rows)] = rows
        self.hold_counts = numpy.array(
            [_dice.counts(keep) for level in levels for keep in level] + [(0,) * 6]
        )

    def solver_cards(
        self, mask: numpy.ndarray, context: numpy.ndarray, upper: numpy.ndarray
    ) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
        """The solver's card (Yahtzee state ``y``, capped upper total ``u``) and its number."""
        y, u = self.solution.solver_cards(mask, context, upper)[1:]
        return y, u, (mask * self.ny + y) * (self.cap + 1) + u

    def play(self, table: CardBatch, seat: int) -> None:
        """Play ``seat``'s turn in every game of ``table``, a block of different cards at a time."""
        key = self.solver_cards(table.mask[:, seat], table.context[:, seat], table.upper[:, seat])[
            2
        ]
        cards, inverse = numpy.unique(key, return_inverse=True)
        inverse = inverse.ravel()
        order = numpy.argsort(inverse, kind="stable")
        bounds = numpy.searchsorted(inverse[order], numpy.arange(0, len(cards) + BLOCK, BLOCK))
        for block, (low, high) in enumerate(zip(bounds[:-1], bounds[1:])):
            if low == high:
                continue
            rows = order[low:high]
            first = block * BLOCK
            turn_tables = self._turn_tables(cards[first : first + BLOCK])
            size = self.turn_games or len(rows)
            for part in (rows[start : start + size] for start in range(0, len(rows), size)):
                turn = table.turn(seat, part)
                games = self._games(turn, inverse[part] - first)
                play_decided(turn, partial(self._decide, turn_tables=turn_tables, games=games))

    @staticmethod
    def _games(turn: Turn, column: numpy.ndarray) -> Games:
        """What stays the same through ``turn`` in each of its games (read once, not after each
        roll): its card's ``column`` in the turn tables, the card's filled boxes and Yahtzee
        context, and the points on it."""
        mask, context = turn.card(slice(None))[:2]
        return column, mask, context, turn.table.totals(turn.rows, turn.seat)

    def _turn_tables(self, cards: numpy.ndarray) -> TurnTables:
        """The box values of :meth:`Solution.turn_tables` on each card (rows, cards), and for
        each number of rolls left (from 1) the value of every hold (all but five dice) on each
        card (flattened) with a last row of -inf: the values of :meth:`Solution.turn_values`.
        With :attr:`moments`, each is a pair (a first axis of two): the value and the second
        moment (0 in the last row); the box values' second half is the variance of the card
        after."""
        size = self.cap + 1
        mask, y, u = cards // (size * self.ny), cards // size % self.ny, cards % size
        none = numpy.full((1, len(cards)), -numpy.inf)
        if self.moments:
            none = numpy.stack([none, numpy.zeros_like(none)])
        rewards, holds_tables = self.solution.turn_tables(mask, y, u, spread=self.moments)
        turn = []
        for holds in holds_tables:
            stacked = numpy.concatenate([holds, none], axis=-2)
            turn.append(stacked.reshape(stacked.shape[:-2] + (-1,)))
        return rewards, turn

    def _decide(
        self, turn: Turn, which: numpy.ndarray, turn_tables: TurnTables, games: Games
    ) -> tuple[numpy.ndarray, numpy.ndarray]:
        """The best option of :meth:`Solution.options` in each game: a box, or a hold."""
        values, holds = self._options(turn, which, turn_tables, games)[::2]
        return self._play(numpy.argmax(values, axis=1), holds)

    def _play(
        self, option: numpy.ndarray, holds: numpy.ndarray
    ) -> tuple[numpy.ndarray, numpy.ndarray]:
        """The box (-1 for a hold) and the faces held (counts) of each game's ``option`` (a
        column of :meth:`_options`)."""
        boxes = len(self.scores.boxes)
        hold = numpy.maximum(option - boxes, 0)
        keep = (
            self.hold_counts[holds[numpy.arange(len(option)), hold]]
            if holds.shape[1]
            else numpy.zeros((len(option), 6), dtype=numpy.int64)
        )
        return numpy.where(option < boxes, option, -1), keep

    def _options(
        self, turn: Turn, which: numpy.ndarray, turn_tables: TurnTables, games: Games
    ) -> tuple[numpy.ndarray, numpy.ndarray | None, numpy.ndarray]:
        """Every option of :meth:`Solution.options` in each game, unsorted: a column per box
        (in the order of the rules), then a column per hold of the roll (in the order of
        :func:`dicelab.dice.sub_multisets`; none with no roll left). Returns the expected
        final scores (-inf where there is no such option), with :attr:`moments` the standard
        deviations of those scores (else None), and the rows of the holds in the hold tables."""
        scores = self.scores
        columns, mask, context, total = (array[which] for array in games)
        roll = turn.roll_index(which)
        matching = scores.matching_filled(mask, roll)
        situation = (context * 2 + matching) * len(ROLLS) + roll  # [context, matching, roll]
        legal = scores.legal(mask, roll)
        bonus = self.bonus.take(situation)
        rewards, hold_tables = turn_tables
        cards = rewards.shape[-1]
        rows = self.situation_rows.take(situation, axis=0)  # each box's box_values
        reward = rewards.reshape(rewards.shape[:-2] + (-1,)).take(
            rows * cards + columns[:, None], axis=-1
        )
        boxes, spread = reward if self.moments else (reward, None)
        rolls_left = self.rules.rolls - int(turn.rolls_used[which[0]])
        holds = (
            self.holds.take(roll, axis=0)
            if rolls_left
            else numpy.zeros((len(which), 0), dtype=numpy.int64)
        )
        count = boxes.shape[1]
        values = numpy.empty((len(which), count + holds.shape[1]))
        # as Solution.options sums a box's value: points on the card + (box value + bonus)
        numpy.add(boxes, bonus[:, None], out=values[:, :count])
        values[:, :count] += total[:, None]
        numpy.copyto(values[:, :count], -numpy.inf, where=~legal)
        if not rolls_left:
            return values, (None if spread is None else numpy.sqrt(spread)), holds
        hold = hold_tables[rolls_left - 1].take(holds * cards + columns[:, None], axis=-1)
        # as Solution.options sums a hold's value: points on the card + value
        numpy.add(hold[0] if self.moments else hold, total[:, None], out=values[:, count:])
        if spread is None:  # no moments
            return values, None, holds
        # as Solution.options takes a hold's spread: the second moment less the square of the value
        stds = numpy.sqrt(numpy.maximum(hold[1] - hold[0] * hold[0], 0.0))
        return values, numpy.concatenate([numpy.sqrt(spread), stds], axis=1), holds
