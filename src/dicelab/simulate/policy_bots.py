"""The batch forms of the bots that play by a policy's values of states (the optimal and
win robots): :class:`PolicyBot` over :class:`StateValues`, ranking options as the one-game
policy does, the same floating-point sums in the same order.

Why two forms: the values are one definition, the policy's (its arrays, read by both), but
the one-game form (:meth:`dicelab.setaside.policy.SetAsidePolicy.options`) lists every
option of one engine state with its value, for the coach, by the engine's own transitions,
while this form only needs each turn's first best part, for thousands of turns at once, and
finds it with one pass over flat arrays of every (turn, part). The two orders are the same
by construction (parts in the engine's order, banking before throwing, the first best wins
ties), and ``tests/test_simulate_batch_bots.py`` checks that they pick the same part and
the same bank on every state it draws."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy

from dicelab.setaside.throws import ThrowChoices
from dicelab.setaside.turn import TurnRules
from dicelab.simulate.batch_turns import SetAsideBatchBot, TurnBatch


class StateValues:
    """A set-aside policy's values of :class:`TurnBatch`: what :class:`PolicyBot` asks of a
    policy. Wraps a policy with ``bank_values(banked, turn_points)``, ``throw_values(banked,
    turn_points, round_start, dice_left)`` and, where setting dice aside can end a turn,
    ``ended_values(banked, won)``, over numpy arrays (any shape); ``lowest`` when a lower
    value is better; ``reads`` names the fields of :class:`TurnBatch` the values depend on (turns
    alike in them and in their throw get one decision). A policy that needs more of the
    state (the opponents' scores) gets a subclass reading it from the turns."""

    def __init__(
        self,
        policy: Any,
        reads: tuple[str, ...] = ("banked", "turn_points", "round_start", "dice_left"),
    ) -> None:
        self.policy = policy
        self.lowest = policy.lowest
        self.reads = reads  # the fields of TurnBatch the values depend on

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        return numpy.asarray(self.policy.bank_values(turns.banked, turns.turn_points))

    def throw(self, turns: TurnBatch) -> numpy.ndarray:
        return numpy.asarray(
            self.policy.throw_values(
                turns.banked, turns.turn_points, turns.round_start, turns.dice_left
            )
        )

    def ended(self, turns: TurnBatch, won: numpy.ndarray) -> numpy.ndarray:
        return numpy.asarray(self.policy.ended_values(turns.banked, won))

    def banks(self, turns: TurnBatch) -> numpy.ndarray:
        """Whether banking is best in each of ``turns`` (a tie banks, as the ranked options
        have it)."""
        bank, throw = self.bank(turns), self.throw(turns)
        return bank <= throw if self.lowest else bank >= throw


class SolitaireValues(StateValues):
    """Thousand's solitaire policy: with the bolts its throws and burns also read the
    player's scoreless turns in a row."""

    def throw(self, turns: TurnBatch) -> numpy.ndarray:
        return numpy.asarray(
            self.policy.throw_values(
                turns.banked, turns.turn_points, turns.round_start, turns.dice_left, _streak(turns)
            )
        )

    def ended(self, turns: TurnBatch, won: numpy.ndarray) -> numpy.ndarray:
        return numpy.asarray(self.policy.ended_values(turns.banked, won, _streak(turns)))


def _streak(turns: TurnBatch) -> numpy.ndarray | int:
    return 0 if turns.streak is None else turns.streak


class FinalTurnValues(StateValues):
    """Fivethousand's final-turn policies: each turn against its own leader's score."""

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        return numpy.asarray(
            self.policy.bank_values(turns.banked, turns.turn_points, to_beat=turns.best_other)
        )

    def throw(self, turns: TurnBatch) -> numpy.ndarray:
        on_board = True if turns.on_board is None else turns.on_board
        return numpy.asarray(
            self.policy.throw_values(
                turns.banked,
                turns.turn_points,
                turns.round_start,
                turns.dice_left,
                to_beat=turns.best_other,
                needs=self.policy.rules.bank_needs(on_board),
            )
        )


BatchValues = Callable[[TurnBatch], Iterable[tuple[numpy.ndarray, StateValues]]]
"""Which values play which turns: pairs of (mask of the turns, their values)."""


class PolicyBot(SetAsideBatchBot):
    """Plays by policies' values of states (:class:`StateValues`); ``values(turns)`` says
    which values play which turns, as pairs of (mask, values). Options are ranked as
    :class:`dicelab.setaside.policy.SetAsidePolicy` ranks them: each part of the throw in
    the engine's order, banking before throwing; the first best wins ties."""

    cheap = False

    def __init__(self, rules: TurnRules, values: BatchValues, level: str) -> None:
        self.rules = rules
        self.values = values
        self.level = level

    def keep(self, turns: TurnBatch, throws: ThrowChoices) -> numpy.ndarray:
        picked = numpy.zeros(len(turns), dtype=numpy.int64)
        for rows, values in self.values(turns):
            if rows.any():
                mine = turns.take(rows)
                columns = [mine.throw] + [getattr(mine, field) for field in values.reads]
                first, back = distinct_rows(columns)
                picked[rows] = self._keep(mine.take(first), throws, values)[back]
        return picked

    def keep_table(self, throws: ThrowChoices) -> None:
        return None  # by the values of the states after each part

    def _keep(self, turns: TurnBatch, throws: ThrowChoices, policy: StateValues) -> numpy.ndarray:
        """The part each of ``turns`` sets aside, by ``policy``'s values."""
        # One entry per (turn, distinct part of its throw), the parts of a turn together.
        counts = throws.distinct_count[turns.throw]
        row = numpy.repeat(numpy.arange(len(turns)), counts)
        start = numpy.cumsum(counts) - counts
        throw = turns.throw.take(row)  # (take: numpy's fastest gather)
        width = throws.distinct.shape[1]
        choice = throws.distinct.ravel().take(throw * width + numpy.arange(len(row)) - start[row])
        part = throw * throws.choices.shape[1] + choice  # flat, into the parts' (points, dice)
        turn_points = turns.turn_points.take(row) + throws.choices[..., 0].ravel().take(part)
        round_start, dice_left, _ = self.rules.next_throw(
            turn_points,
            turns.round_start.take(row),
            turns.dice_left.take(row) - throws.choices[..., 1].ravel().take(part),
        )
        on_board, streak = turns.on_board, turns.streak
        after = TurnBatch(
            turns.scores.take(row, axis=0),
            turns.player.take(row),
            turn_points,
            round_start,
            dice_left,
            turns.final.take(row),
            None,
            banked=turns.banked.take(row),
            on_board=None if on_board is None else on_board.take(row),
            streak=None if streak is None else streak.take(row),
            best_other=turns.best_other.take(row),
        )
        values, valid = self._option_values(policy, after)
        values = -values if policy.lowest else values
        # The first best option of each turn: options in order, banking before throwing.
        flat = numpy.where(valid, values, -numpy.inf).ravel()
        best = numpy.maximum.reduceat(flat, 2 * start)
        hits = numpy.flatnonzero(flat == numpy.repeat(best, 2 * counts))
        turn = row.take(hits // 2)  # in order: each turn's first hit where the turn changes
        first = numpy.flatnonzero(numpy.diff(turn, prepend=-1))
        picked: numpy.ndarray = choice.take(hits.take(first) // 2)
        return picked

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        banks = numpy.zeros(len(turns), dtype=bool)
        for rows, policy in self.values(turns):
            banks[rows] = policy.banks(turns.take(rows))
        return banks

    def _option_values(
        self, policy: StateValues, after: TurnBatch
    ) -> tuple[numpy.ndarray, numpy.ndarray]:
        """Values (bank, throw) of the states after setting each part aside, and which of
        them are options (banking where the rules allow it; a turn that setting aside
        ended has one option, its value in the bank column)."""
        shape = after.turn_points.shape
        values = numpy.zeros(shape + (2,))
        valid = numpy.ones(shape + (2,), dtype=bool)
        rules = self.rules
        needs = rules.turn_needs(after.banked, True if after.on_board is None else after.on_board)
        may = rules.allows_bank(after.turn_points, needs, after.dice_left == rules.dice)
        if rules.exact_finish:  # Thousand: a burn or the exact finish
            won, burned = rules.finish(after.banked, after.turn_points)
            ended = won | burned
            after = TurnBatch(
                after.scores,
                after.player,
                numpy.where(ended, 0, after.turn_points),
                after.round_start,
                after.dice_left,
                after.final,
                None,
                banked=after.banked,
                on_board=after.on_board,
                streak=after.streak,  # (a burn's value, and the throws', read it under bolts)
                best_other=after.best_other,
            )
            values[..., 0] = numpy.where(ended, policy.ended(after, won), policy.bank(after))
            valid[..., 0] = ended | may
            valid[..., 1] = ~ended
        else:  # Fivethousand: banking needs the minimum bank (hot dice, when optional)
            values[..., 0] = policy.bank(after)
            valid[..., 0] = may
        values[..., 1] = policy.throw(after)
        return values, valid


def distinct_rows(columns: list[numpy.ndarray]) -> tuple[numpy.ndarray, numpy.ndarray]:
    """The first row of each distinct combination of ``columns`` (integer or bool arrays of
    one length), and the index of each row's combination among them. Each row becomes one
    int64 in mixed radix (each column's own range), unless the ranges are too wide for it.

    >>> first, back = distinct_rows([numpy.array([3, 1, 3, 1]), numpy.array([0, 5, 0, 6])])
    >>> first.tolist(), back.tolist()
    ([0, 1, 3], [0, 1, 0, 2])
    """
    values = [numpy.asarray(column).astype(numpy.int64) for column in columns]
    key: numpy.ndarray = numpy.zeros(len(values[0]), dtype=numpy.int64)
    span = 1
    for column in values:
        low = int(column.min())
        width = int(column.max()) - low + 1
        if span * width >= 2**62:  # too wide for one number: the rows' bytes
            rows = numpy.ascontiguousarray(numpy.stack(values, axis=1))
            key = rows.view(numpy.dtype((numpy.void, 8 * len(values)))).ravel()
            break
        key += (column - low) * span
        span *= width
    _, first, back = numpy.unique(key, return_index=True, return_inverse=True)
    return first, back.ravel()
