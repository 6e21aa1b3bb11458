"""The turns of a batch at one decision (:class:`TurnBatch`), and what a set-aside batch bot
answers about them (:class:`SetAsideBatchBot`).

A batch bot answers the two questions a set-aside turn asks, for arrays of turns:
:meth:`SetAsideBatchBot.keep`, which scoring part of the throw to set aside (asked only
where the rules let the player choose), and :meth:`SetAsideBatchBot.bank`, whether to bank
now (asked only where the rules allow it).
"""

from __future__ import annotations

import abc
from typing import Any

import numpy
from numpy.typing import ArrayLike

from dicelab.setaside.throws import ThrowChoices

Array = numpy.ndarray  # one value per turn (or per turn and seat)


class TurnBatch:
    """TurnBatch of a batch at one decision, one entry per turn (numpy arrays).

    ``scores`` (turns, seats) banked scores, ``player`` whose turn it is, ``turn_points``
    and ``round_start`` as in :class:`dicelab.setaside.State`, ``dice_left`` the dice left to
    throw, ``final`` whether it is the player's last turn (Fivethousand), ``throw`` the
    thrown multiset's number (:mod:`dicelab.simulate.throws`) when dice are to be set aside,
    ``choice`` (turns, 2) uniform floats for bots that choose at random; ``on_board``
    whether the player has got on the board and ``streak`` their farkles in a row
    (Fivethousand's opening and penalty; None: on the board, none); ``game`` each turn's
    game number in the run (-1 for a game already ended; None where not known).

    With ``rows``, the turns are those rows of the arrays given, each array gathered only
    when a bot first reads it (most bots read two or three of them).
    """

    FIELDS = (
        "scores",
        "player",
        "turn_points",
        "round_start",
        "dice_left",
        "final",
        "throw",
        "choice",
        "on_board",
        "streak",
        "game",
    )

    def __init__(
        self,
        scores: Array,
        player: Array,
        turn_points: Array,
        round_start: Array,
        dice_left: Array,
        final: Array,
        throw: Array | None,
        choice: Array | None = None,
        rows: Array | None = None,
        banked: Array | None = None,
        on_board: Array | None = None,
        streak: Array | None = None,
        best_other: Array | None = None,
        game: Array | None = None,
    ) -> None:
        given = locals()  # the arguments, read by the names in FIELDS
        self._arrays = {name: given[name] for name in self.FIELDS}
        self._rows = rows
        self._banked = (
            banked if banked is None or rows is None else banked[rows]
        )  # when known already
        self._best_other = best_other  # likewise (of these turns, rows taken)

    def __getattr__(self, name: str) -> Any:  # an array of FIELDS (None when not given)
        if name not in TurnBatch.FIELDS:
            raise AttributeError(name)
        value = self._arrays[name]
        if value is not None and self._rows is not None:
            value = value.take(self._rows, axis=0)  # (take: numpy's fastest gather)
        self.__dict__[name] = value
        return value

    @classmethod
    def of(
        cls,
        scores: ArrayLike,
        player: ArrayLike,
        turn_points: ArrayLike,
        round_start: ArrayLike | None = None,
        dice_left: ArrayLike | None = None,
        final: ArrayLike | None = None,
        throw: ArrayLike | None = None,
        choice: Array | None = None,
    ) -> TurnBatch:
        """TurnBatch from arrays, zeros (or False) for what is not given."""
        zeros = numpy.zeros(len(numpy.asarray(player)), dtype=numpy.int64)
        return cls(
            numpy.asarray(scores, dtype=numpy.int64),
            numpy.asarray(player, dtype=numpy.int64),
            numpy.asarray(turn_points, dtype=numpy.int64),
            zeros if round_start is None else numpy.asarray(round_start, dtype=numpy.int64),
            zeros if dice_left is None else numpy.asarray(dice_left, dtype=numpy.int64),
            zeros.astype(bool) if final is None else numpy.asarray(final, dtype=bool),
            zeros if throw is None else numpy.asarray(throw, dtype=numpy.int64),
            choice,
        )

    def __len__(self) -> int:
        return len(self.player)

    def take(self, rows: ArrayLike) -> TurnBatch:
        """The turns at ``rows`` (an index array or a mask)."""
        index = numpy.asarray(rows)
        if index.dtype == bool:
            index = numpy.flatnonzero(index)
        taken = TurnBatch(**self._arrays, rows=index if self._rows is None else self._rows[index])
        taken._banked = None if self._banked is None else self._banked[index]
        taken._best_other = None if self._best_other is None else self._best_other[index]
        return taken

    @property
    def banked(self) -> numpy.ndarray:
        """The banked score of the player to move."""
        if self._banked is None:
            self._banked = numpy.take_along_axis(self.scores, self.player[..., None], axis=-1)[
                ..., 0
            ]
        return self._banked

    @property
    def best_other(self) -> numpy.ndarray:
        """The best banked score of the other players (0 alone), worked out once."""
        if self._best_other is None:
            if self.scores.shape[-1] == 1:
                self._best_other = numpy.zeros(self.player.shape, dtype=numpy.int64)
            else:  # seat by seat: a max over a short last axis is slow in numpy
                best: numpy.ndarray | None = None
                for seat in range(self.scores.shape[-1]):
                    theirs = numpy.where(
                        self.player == seat, numpy.iinfo(numpy.int64).min, self.scores[..., seat]
                    )
                    best = theirs if best is None else numpy.maximum(best, theirs)
                assert best is not None, "two seats at least here"
                self._best_other = best
        return self._best_other


class SetAsideBatchBot(abc.ABC):
    """A set-aside bot's decisions for many turns at once (see the module docstring)."""

    level: str
    uses_choices = False  # True when it reads TurnBatch.choice
    cheap = True  # True when answering for every turn costs less than picking out its own

    def keep(self, turns: TurnBatch, throws: ThrowChoices) -> numpy.ndarray:
        """Index (into ``throws.choices[turns.throw]``) of the part to set aside: by default
        the part :meth:`keep_table` gives the throw."""
        table = self.keep_table(throws)
        assert table is not None, "a bot that keeps by more than the throw overrides keep"
        kept: numpy.ndarray = table[turns.throw]
        return kept

    def keep_table(self, throws: ThrowChoices) -> numpy.ndarray | None:
        """The part each throw (by number) sets aside when the bot keeps by the throw alone,
        as :meth:`keep` answers; None for a bot whose :meth:`keep` reads more of the turn.
        By default the part worth most (ties: more dice)."""
        return throws.best

    @abc.abstractmethod
    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        """Whether to bank now, for turns whose rules allow it (bool array)."""
