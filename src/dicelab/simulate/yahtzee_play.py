"""Many games of Yahtzee played in lockstep as numpy arrays: the cards, the dice of a turn.

Every game has the same number of turns, so turn ``t`` of seat ``s`` is played in all games
at once. A :class:`Turn` keeps its dice by position, as the engine does: a held die stays
where it is and the rolled faces, sorted, fill the other places in order.

The dice come from counter-based streams (:class:`dicelab.simulate.streams.StepThrows`):
roll ``r`` of turn ``t`` of a game reads that game's step ``t * rolls + r``, whether other
games roll then or not. Random choices come from such streams too, one per turn of each seat
(:class:`dicelab.simulate.streams.StepChoices`), a step per choice of that turn. So game
``i``'s dice and choices depend only on ``(seed, i)``.

>>> table = CardBatch(Rules(), seats=1, seed=3, games=numpy.arange(4))
>>> turn = table.turn(0)
>>> turn.roll(numpy.arange(4))
>>> turn.score(numpy.arange(4), numpy.full(4, table.scores.boxes.index("chance")))
>>> bool((table.totals()[:, 0] == turn.dice.sum(axis=1)).all())
True
"""

from __future__ import annotations

from functools import cache

import numpy
from numpy.typing import ArrayLike

from dicelab.simulate.streams import StepChoices, StepThrows
from dicelab.simulate.throws import CODE_FACES
from dicelab.yahtzee.rules import Rules
from dicelab.yahtzee.score_tables import score_tables
from dicelab.yahtzee.scoring import bonus_of_upper_total

#: Games (or seats) picked out: an index array, a slice or one number.
Index = numpy.ndarray | slice | int
_HELD_BITS = 1 << numpy.arange(5)  # a set of held dice as bits (bit i: die i)


@cache
def placed_throws() -> numpy.ndarray:
    """For each set of held dice (bit ``i`` for die ``i``: 32 sets) and each dice code below
    6**5, the dice thrown where none is held: the faces of as many first dice of the code
    (:data:`~dicelab.simulate.throws.CODE_FACES`), sorted as the engine sorts a throw, in the
    free places in order, and 0 in the held places: an array (32, 6**5, 5).

    >>> placed_throws()[0b01010, 5 + 6 * 0 + 36 * 2].tolist()
    [1, 0, 3, 0, 6]
    """
    faces = CODE_FACES[: 6**5, :5]
    table = numpy.zeros((32, 6**5, 5), dtype=numpy.int8)
    for held in range(32):
        free = [die for die in range(5) if not held >> die & 1]
        table[held][:, free] = numpy.sort(faces[:, : len(free)], axis=1)
    return table


class CardBatch:
    """The cards of ``seats`` players in each of the games numbered ``games`` of a run."""

    def __init__(self, rules: Rules, seats: int, seed: int, games: ArrayLike) -> None:
        self.rules = rules
        self.scores = score_tables(rules)
        self.seed = seed
        self.games = numpy.asarray(games, dtype=numpy.int64)
        self.seats = seats
        self._throws = StepThrows(seed, self.games)
        shape = (len(self.games), seats)
        self.mask = numpy.zeros(shape, dtype=numpy.int64)  # filled boxes, one bit each
        self.context = numpy.zeros(
            shape, dtype=numpy.int64
        )  # Yahtzee box: 0 open, 1 full value, 2 other
        self.upper = numpy.zeros(shape, dtype=numpy.int64)  # upper section so far
        self.box_sum = numpy.zeros(shape, dtype=numpy.int64)  # every box so far
        self.yahtzee_bonuses = numpy.zeros(shape, dtype=numpy.int64)
        self.busts = numpy.zeros(shape, dtype=numpy.int64)  # boxes filled with 0
        self.throws = numpy.zeros(shape, dtype=numpy.int64)  # rolls of the dice

    def seat_turn(self, seat: int, rows: numpy.ndarray) -> int:
        """The number of ``seat``'s turn about to be played in the games at ``rows`` (every
        seat's turns counted in order of play: turn ``k`` of seat ``s`` is ``k * seats + s``)."""
        filled = int(self.mask[rows[0], seat]).bit_count() if len(rows) else 0
        return filled * self.seats + seat

    def throw_codes(
        self, seat_turn: int, rows: numpy.ndarray, rolls_used: numpy.ndarray
    ) -> numpy.ndarray:
        """The dice codes (below 6**6, see :class:`StepThrows`) of the next roll in the games at
        ``rows``, which have rolled ``rolls_used`` times in turn ``seat_turn``."""
        return self._throws.codes(seat_turn * self.rules.rolls + rolls_used, rows)

    def totals(self, rows: Index = slice(None), seat: Index = slice(None)) -> numpy.ndarray:
        """Boxes plus the upper bonus plus the Yahtzee bonuses, as :meth:`Card.total`."""
        rules = self.rules
        totals: numpy.ndarray = (
            self.box_sum[rows, seat]
            + self.yahtzee_bonuses[rows, seat] * rules.yahtzee_bonus
            + bonus_of_upper_total(rules, self.upper[rows, seat])
        )
        return totals

    def turn(self, seat: int, rows: ArrayLike | None = None) -> Turn:
        """A new turn for ``seat`` in the games at batch ``rows`` (all by default)."""
        return Turn(self, seat, numpy.arange(len(self.games)) if rows is None else rows)


class Turn:
    """One turn of one seat in some games: ``dice`` by position, ``held``, ``rolls_used``.

    Methods take ``which``: positions in this turn's ``rows``.
    """

    def __init__(self, table: CardBatch, seat: int, rows: ArrayLike) -> None:
        self.table, self.seat = table, seat
        self.rows = numpy.asarray(rows, dtype=numpy.int64)
        self.number = table.seat_turn(seat, self.rows)
        self._choices: StepChoices | None = None
        self._choices_made = 0  # steps of this turn's choice stream read so far
        size = len(self.rows)
        self.dice = numpy.zeros((size, 5), dtype=numpy.int64)
        self.held = numpy.zeros((size, 5), dtype=bool)
        self.rolls_used = numpy.zeros(size, dtype=numpy.int64)

    def card(self, which: Index) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
        """(filled mask, Yahtzee context, upper total) of the player's card in those games."""
        rows, seat = self.rows[which], self.seat
        table = self.table
        return table.mask[rows, seat], table.context[rows, seat], table.upper[rows, seat]

    def roll_index(self, which: Index) -> numpy.ndarray:
        index: numpy.ndarray = self.table.scores.roll_index(self.dice[which])
        return index

    def roll(self, which: ArrayLike) -> None:
        """Roll every die that is not held."""
        which = numpy.asarray(which, dtype=numpy.int64)
        if not len(which):
            return
        held = self.held[which]
        codes = self.table.throw_codes(self.number, self.rows[which], self.rolls_used[which])
        placed = (
            placed_throws().reshape(-1, 5).take(held @ _HELD_BITS * 6**5 + codes % 6**5, axis=0)
        )
        self.dice[which] = self.dice[which] * held + placed
        self.rolls_used[which] += 1
        self.table.throws[self.rows[which], self.seat] += 1

    def choices(self, which: ArrayLike) -> numpy.ndarray:
        """One uniform float in [0, 1) for each game of ``which`` (distinct positions), for a
        bot that chooses at random: the games' next step of this turn's choice stream."""
        if self._choices is None:
            table = self.table
            self._choices = StepChoices(table.seed, table.games[self.rows], stream=(self.number,))
        step, self._choices_made = self._choices_made, self._choices_made + 1
        return self._choices.floats(step, numpy.asarray(which, dtype=numpy.int64), lanes=1)[:, 0]

    def hold(self, which: ArrayLike, keep: ArrayLike) -> None:
        """Hold the dice showing the faces ``keep`` (counts per face, rows of six) and release
        the others, as :func:`dicelab.yahtzee.holding.step_towards` leads there one die at a
        time: dice already held keep their place when their face is wanted."""
        which = numpy.asarray(which, dtype=numpy.int64)
        dice = self.dice[which]
        wanted = numpy.asarray(keep).take(dice + (6 * numpy.arange(len(which)) - 1)[:, None]).T
        faces = dice.T.astype(numpy.int8)  # a row per die
        held = self.held[which].T.copy()
        # one die after another, the held dice first, each group in place order: a die is
        # taken while its face is still wanted, that is when fewer dice of its face came
        # before it than the faces wanted (die by die: five dice make short rows)
        taken = numpy.empty_like(held)
        for i in range(5):
            before = numpy.zeros(len(which), dtype=numpy.int8)
            for j in range(5):
                if j != i:
                    earlier = held[j] | ~held[i] if j < i else held[j] & ~held[i]
                    before += (faces[j] == faces[i]) & earlier
            taken[i] = before < wanted[i]
        self.held[which] = taken.T

    def score(self, which: ArrayLike, box: numpy.ndarray) -> None:
        """Score the dice in ``box`` (box numbers, one per game), as the engine does."""
        which = numpy.asarray(which, dtype=numpy.int64)
        if not len(which):
            return
        table, scores = self.table, self.table.scores
        rows, seat = self.rows[which], self.seat
        roll = self.roll_index(which)
        mask, context = table.mask[rows, seat], table.context[rows, seat]
        matching = scores.matching_filled(mask, roll)
        points = scores.points[context, matching, roll, box]
        table.yahtzee_bonuses[rows, seat] += scores.bonus[context, matching, roll] > 0
        table.box_sum[rows, seat] += points
        table.upper[rows, seat] += numpy.where(scores.upper[box], points, 0)
        table.busts[rows, seat] += points == 0
        if scores.yahtzee_box >= 0:
            table.context[rows, seat] = numpy.where(
                box == scores.yahtzee_box, scores.yahtzee_context(points), context
            )
        table.mask[rows, seat] = mask | scores.bits[box]
