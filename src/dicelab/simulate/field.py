"""Many pairings in one run of the batch simulator: a seat played by a field of bots.

A round robin of many short pairings would spend most of its time stepping small batches.
Played as one run instead, game ``g`` belongs to pairing ``g // games_each``, and each seat
is a :class:`FieldBot`: in that game it is the entrant its ``entrants`` list names for the
pairing. Its batch form asks each entrant's own batch form about that entrant's games only,
so every entrant decides exactly as it does alone; only the batch is larger.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import NoReturn

import numpy
from numpy.typing import ArrayLike

from dicelab.setaside.throws import ThrowChoices
from dicelab.simulate.batch_turns import SetAsideBatchBot, TurnBatch


class FieldBot:
    """The seat of a run whose game ``g`` is played by ``players[entrants[g // games_each]]``
    (each a level name or a bot object). It plays on the batch simulator only."""

    level = "field"

    def __init__(self, players: Iterable[object], entrants: ArrayLike, games_each: int) -> None:
        self.players = tuple(players)
        self.entrants = numpy.asarray(entrants, dtype=numpy.int64)
        self.games_each = games_each

    def choose(self, engine: object, state: object, rng: random.Random) -> NoReturn:
        raise TypeError("a field of entrants plays on the batch simulator only")

    def __repr__(self) -> str:
        return "field"


class FieldBatchBot(SetAsideBatchBot):
    """:class:`FieldBot` on the batch simulator: each turn answered by its game's entrant."""

    level = "field"
    cheap = False  # asked about the turns of its seat only

    def __init__(self, rules: object, field: FieldBot, forms: Sequence[SetAsideBatchBot]) -> None:
        self.field, self.forms = field, forms
        self.uses_choices = any(form.uses_choices for form in forms)

    @classmethod
    def make(
        cls,
        rules: object,
        field: FieldBot,
        form_of: Callable[[object, object], SetAsideBatchBot | None],
    ) -> FieldBatchBot | None:
        """The batch form, or None when an entrant has none (``form_of(rules, player)``:
        the batch form of each entrant, or None)."""
        forms = [form_of(rules, player) for player in field.players]
        made = [form for form in forms if form is not None]
        return cls(rules, field, made) if len(made) == len(forms) else None

    def keep_table(self, throws: ThrowChoices) -> None:
        return None  # by the game's entrant

    def keep(self, turns: TurnBatch, throws: ThrowChoices) -> numpy.ndarray:
        return self._each(turns, lambda form, some: form.keep(some, throws), numpy.int64)

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        return self._each(turns, lambda form, some: form.bank(some), bool)

    def _each(
        self,
        turns: TurnBatch,
        ask: Callable[[SetAsideBatchBot, TurnBatch], numpy.ndarray],
        dtype: type,
    ) -> numpy.ndarray:
        entrant = self.field.entrants.take(turns.game // self.field.games_each)
        answers: numpy.ndarray = numpy.zeros(len(turns), dtype=dtype)
        order = numpy.argsort(entrant, kind="stable")
        bounds = numpy.flatnonzero(numpy.diff(entrant[order], prepend=-1, append=-1))
        for start, stop in zip(bounds[:-1], bounds[1:]):
            rows = order[start:stop]
            answers[rows] = ask(self.forms[entrant[rows[0]]], turns.take(rows))
        return answers
