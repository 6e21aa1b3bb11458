"""The Yahtzee robot that plays to win, for many games at once.

:class:`dicelab.yahtzee.win_bot.YahtzeeWinBot` weighs every option after a roll by its estimated
chance to win: the option's expected final score and its spread against those of each other
player's card (:mod:`dicelab.yahtzee.winning`). Here the options of each game come from the
batch optimal robot's turn tables, carrying second moments as the solver's do, with the
one-game arithmetic; the chances from the same :class:`~dicelab.yahtzee.winning.Rivals`,
which gives each game the numbers it would give that game alone; and the choice from the same
rule (:func:`~dicelab.yahtzee.winning.choose`). So every decision is the one-game robot's.
"""

from __future__ import annotations

import math

import numpy

from dicelab.simulate.yahtzee_optimal import BatchOptimal, Games, TurnTables
from dicelab.simulate.yahtzee_play import CardBatch, Turn
from dicelab.yahtzee.rules import Rules
from dicelab.yahtzee.winning import Rivals, choose


class BatchWin(BatchOptimal):
    """:class:`dicelab.yahtzee.win_bot.YahtzeeWinBot` (with its ``margin``), for many games at once."""

    moments = True
    turn_games = (
        1024  # a turn's rivals hold about a thousand scores per game: kept in memory bounds
    )

    def __init__(self, rules: Rules, margin: float = math.inf) -> None:
        super().__init__(rules)
        self.margin = margin
        self._rivals: tuple[Turn | None, Rivals | None] = (None, None)  # (turn, its rivals)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.rules, self.margin)

    def play(self, table: CardBatch, seat: int) -> None:
        super().play(table, seat)
        self._rivals = (None, None)  # the table is played: let it go

    def rivals(self, turn: Turn) -> Rivals:
        """The other players of each game of ``turn`` (a table for each of its rows): the
        expected final score of each card and its spread, as :meth:`Solution.outlook` gives
        them for a player not to move. They stay the same through the turn."""
        known, rivals = self._rivals
        if known is turn and rivals is not None:
            return rivals
        table, rows = turn.table, turn.rows
        seats = [seat for seat in range(table.seats) if seat != turn.seat]
        means, stds = numpy.zeros((len(rows), len(seats))), numpy.zeros((len(rows), len(seats)))
        for column, seat in enumerate(seats):
            mask = table.mask[rows, seat]
            y, u = self.solver_cards(mask, table.context[rows, seat], table.upper[rows, seat])[:2]
            place = self.solution.places(mask, y, u)
            means[:, column] = table.totals(rows, seat) + self.solution.values[place]
            stds[:, column] = numpy.sqrt(self.solution.variances[place])
        rivals = Rivals(means, stds)
        self._rivals = (turn, rivals)
        return rivals

    def _decide(
        self, turn: Turn, which: numpy.ndarray, turn_tables: TurnTables, games: Games
    ) -> tuple[numpy.ndarray, numpy.ndarray]:
        """The option of each game with the best estimated chance to win, among those within
        the margin of the best expected score; ties as :meth:`YahtzeeWinBot.pick` breaks them."""
        values, stds, holds = self._options(turn, which, turn_tables, games)
        assert stds is not None, "the win robot's turn tables carry second moments"
        # in the order of Solution.options: best expected score first, ties in listed order
        order = numpy.argsort(-values, axis=1, kind="stable")
        values, stds = (numpy.take_along_axis(array, order, axis=1) for array in (values, stds))
        option = order[
            numpy.arange(len(which)), choose(self.rivals(turn), values, stds, self.margin, which)
        ]
        return self._play(option, holds)
