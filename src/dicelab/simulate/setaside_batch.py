"""Fivethousand and Thousand games (or single turns) played many at once, in lockstep.

Every game still playing makes one throw per batch step: its dice come from a page of
:class:`~dicelab.simulate.streams.StepFaces`, the throw becomes a multiset number
(:mod:`dicelab.simulate.throws`), and a bust, the part set aside, a burn or the exact
finish, and banking are applied to all the games at once as numpy arrays, each seat's
decisions made by its batch bot (:mod:`dicelab.simulate.setaside_bots`). The rules are the
engines' (:mod:`dicelab.fivethousand.engine`, :mod:`dicelab.thousand.engine`), step for step.

>>> from dicelab.thousand import Rules
>>> bots = batch_bots(Rules(), ["simple", "cask_aware"])
>>> out = play_games(Rules(), bots, seed=1, games=numpy.arange(4))
>>> out["scores"].shape, bool((out["scores"][out["wins"]] == 1000).all())
((4, 2), True)
"""

from __future__ import annotations

import numpy

from dicelab.simulate.setaside_bots import Turns, batch_bot, may_bank_thousand
from dicelab.simulate.streams import StepChoices, StepFaces
from dicelab.simulate.throws import ThrowTable, throw_numbers


def batch_bots(rules, bots) -> list | None:
    """The batch forms of the seats' bots (level names or bot objects), or None if a seat's
    bot has none (then the games are played on the engine path)."""
    forms = [batch_bot(rules, bot) for bot in bots]
    return None if any(form is None for form in forms) else forms


def play_games(rules, batch_bots, seed: int, games) -> dict:
    """Play the games numbered ``games`` (an int64 array) of a run seeded ``seed``.

    Returns numpy arrays: ``scores`` (games, seats), ``wins`` (games, seats), ``turns``
    (games,), ``busts`` (games, seats), as in :class:`dicelab.simulate.GameResults`.
    """
    table = _Lockstep(rules, batch_bots, seed, games)
    table.run()
    if table.fivethousand:
        wins = table.scores == table.scores.max(axis=1, keepdims=True)
    else:
        wins = table.scores == rules.target
    return {"scores": table.scores, "wins": wins, "turns": table.turns, "busts": table.busts}


def play_turns(rules, batch_bot, seed: int, turns, banked: int = 0) -> dict:
    """Play the turns numbered ``turns`` (an int64 array): a lone player's first turn each,
    from a banked score of ``banked``. Returns numpy arrays ``points`` (what each turn
    added), ``busts`` (bool) and ``throws``, as in :class:`dicelab.simulate.TurnResults`."""
    table = _Lockstep(rules, [batch_bot], seed, turns, banked=banked, one_turn=True)
    table.run()
    return {"points": table.scores[:, 0] - banked, "busts": table.busts[:, 0] > 0, "throws": table.throws}


class _Lockstep:
    """The games of a batch, as arrays, and the step that plays one throw in each."""

    def __init__(self, rules, bots, seed: int, games, banked: int = 0, one_turn: bool = False):
        from dicelab import fivethousand

        games = numpy.asarray(games, dtype=numpy.int64)
        n, seats = len(games), len(bots)
        self.rules, self.bots, self.one_turn = rules, bots, one_turn
        self.fivethousand = isinstance(rules, fivethousand.Rules)
        self.sets_aside_itself = not self.fivethousand and not rules.choose_keep
        self.table = ThrowTable.of(rules)
        self.faces = StepFaces(seed, games)
        self.choices = StepChoices(seed, games) if any(bot.uses_choices for bot in bots) else None
        self.scores = numpy.full((n, seats), banked, dtype=numpy.int64)
        self.player = numpy.zeros(n, dtype=numpy.int64)
        self.turn_points = numpy.zeros(n, dtype=numpy.int64)
        self.round_start = numpy.zeros(n, dtype=numpy.int64)
        self.dice_left = numpy.full(n, rules.dice, dtype=numpy.int64)
        self.final_left = numpy.full(n, -1, dtype=numpy.int64)  # last turns still owed, once due
        self.playing = numpy.ones(n, dtype=bool)
        self.turns = numpy.zeros(n, dtype=numpy.int64)
        self.busts = numpy.zeros((n, seats), dtype=numpy.int64)
        self.throws = numpy.zeros(n, dtype=numpy.int64)

    def run(self) -> None:
        while self.playing.any():
            self.step()

    def step(self) -> None:
        """Every game still playing throws its dice left, then sets aside and decides."""
        rows = numpy.flatnonzero(self.playing)
        faces = self.faces.page(self.playing)[rows]
        faces = numpy.where(numpy.arange(6) < self.dice_left[rows, None], faces, 0)
        throw = throw_numbers(faces)
        choice = self.choices.page(self.playing)[rows] if self.choices else None
        self.throws[rows] += 1
        bust = self.table.count[throw] == 0
        self._bust(rows[bust])
        rows, throw = rows[~bust], throw[~bust]
        choice = None if choice is None else choice[~bust]
        if self.sets_aside_itself:
            part = self.table.best[throw]
        else:
            part = self._ask("keep", self._turns(rows, throw, choice))
        going_on = self._set_aside(rows, self.table.choices[throw, part])
        rows, throw = rows[going_on], throw[going_on]
        turns = self._turns(rows, throw, None if choice is None else choice[going_on])
        may = self._may_bank(turns)
        asked = rows[may]
        bank = self._ask("bank", turns.take(may)) if len(asked) else numpy.zeros(0, dtype=bool)
        bankers = asked[bank]
        self.scores[bankers, self.player[bankers]] += self.turn_points[bankers]
        self._end_turn(bankers, bust=False)

    def _turns(self, rows, throw, choice) -> Turns:
        return Turns(self.scores[rows], self.player[rows], self.turn_points[rows], self.round_start[rows],
                     self.dice_left[rows], self.final_left[rows] > 0, throw, choice)

    def _ask(self, question: str, turns: Turns) -> numpy.ndarray:
        """Each seat's bot's answer (``keep`` or ``bank``) for the turns it plays."""
        if len(self.bots) == 1:
            return self._answer(self.bots[0], question, turns)
        answers = None
        for seat, bot in enumerate(self.bots):
            mine = turns.player == seat
            if mine.any():
                answer = self._answer(bot, question, turns.take(mine))
                if answers is None:
                    answers = numpy.zeros(len(turns), dtype=answer.dtype)
                answers[mine] = answer
        return answers if answers is not None else numpy.zeros(0, dtype=numpy.int64)

    def _answer(self, bot, question: str, turns: Turns) -> numpy.ndarray:
        return bot.keep(turns, self.table) if question == "keep" else bot.bank(turns)

    def _set_aside(self, rows, part):
        """Set aside ``part`` (points, dice) in ``rows``; a Thousand burn or exact finish
        ends the turn there. Returns which of ``rows`` go on to decide (a mask)."""
        points, dice = part[:, 0], part[:, 1]
        turn_points = self.turn_points[rows] + points
        dice_left = self.dice_left[rows] - dice
        hot = dice_left == 0
        self.turn_points[rows] = turn_points
        self.round_start[rows] = numpy.where(hot, turn_points, self.round_start[rows])
        self.dice_left[rows] = numpy.where(hot, self.rules.dice, dice_left)
        if self.fivethousand:
            return numpy.ones(len(rows), dtype=bool)
        standing = self.scores[rows, self.player[rows]] + turn_points
        burned, won = standing > self.rules.target, standing == self.rules.target
        self._end_turn(rows[burned], bust=True)
        winners = rows[won]
        self.scores[winners, self.player[winners]] = self.rules.target
        self._end_turn(winners, bust=False, over=True)
        return ~(burned | won)

    def _may_bank(self, turns: Turns) -> numpy.ndarray:
        if self.fivethousand:
            return numpy.ones(len(turns), dtype=bool)
        return may_bank_thousand(self.rules, turns.banked, turns.turn_points)

    def _bust(self, rows) -> None:
        if self.fivethousand and self.rules.bust_keeps_completed_rounds:
            self.scores[rows, self.player[rows]] += self.round_start[rows]
        self._end_turn(rows, bust=True)

    def _end_turn(self, rows, bust: bool, over: bool = False) -> None:
        """End the turns in ``rows``: count them, pass the dice on, end the games that end."""
        self.turns[rows] += 1
        self.busts[rows, self.player[rows]] += bust
        self.turn_points[rows] = 0
        self.round_start[rows] = 0
        self.dice_left[rows] = self.rules.dice
        if self.one_turn or over:
            self.playing[rows] = False
            return
        seats = self.scores.shape[1]
        if self.fivethousand:
            owed = self.final_left[rows]
            reached = self.scores[rows, self.player[rows]] >= self.rules.target
            owed = numpy.where(owed < 0, numpy.where(reached, seats - 1, -1), owed - 1)
            self.final_left[rows] = owed
            self.playing[rows[owed == 0]] = False
        self.player[rows] = (self.player[rows] + 1) % seats
