"""The batch forms of the bots that play by a rule of thumb: random, a points threshold,
Fivethousand's intelligent robot and Thousand's cask-aware bot. Each makes exactly the
decisions of its one-game bot, from the same tables; the random bot with the same chances,
from the run's choice stream."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy

from dicelab import dice as _dice
from dicelab.setaside.odds import throw_summary
from dicelab.setaside.policy import point_unit
from dicelab.simulate.batch_turns import SetAsideBatchBot
from dicelab.simulate.throws import MULTISETS, ThrowChoices


class RandomChoices(SetAsideBatchBot):
    """:class:`dicelab.players.RandomBot`: every legal action equally likely."""

    level = "random"
    uses_choices = True

    def keep(self, turns, throws):
        return numpy.floor(turns.choice[:, 0] * throws.count[turns.throw]).astype(numpy.int64)

    def bank(self, turns):
        return turns.choice[:, 1] >= 0.5  # one of [Throw, Bank]


@dataclass(frozen=True)
class Threshold(SetAsideBatchBot):
    """Bank once the turn is worth ``threshold`` (with ``not_hot``: and not with every die
    to throw again), setting aside the dice worth most."""

    threshold: int
    not_hot: int = 0  # the number of dice that forbids banking (hot dice), or 0
    level: str = "threshold"

    def bank(self, turns):
        wants = turns.turn_points >= self.threshold
        return wants & (turns.dice_left < self.not_hot) if self.not_hot else wants


class Intelligent(SetAsideBatchBot):
    """Fivethousand's :class:`~dicelab.fivethousand.strategy.IntelligentRobot`: keeps few
    dice for the points, banks when one more throw loses on average (exact fractions: from
    a number of points at risk that depends on the dice left), and in its last turn plays on
    until it is ahead."""

    level = "intelligent"

    def __init__(self, rules):
        from dicelab.fivethousand import Engine, State
        from dicelab.setaside.strategy import keep_fewest_for_points

        engine = Engine(rules)
        throws = ThrowChoices.of(rules)
        self._keep = throws.best.copy()
        for t in numpy.flatnonzero(throws.count).tolist():
            part = keep_fewest_for_points(
                engine,
                State(scores=(0,), dice_left=len(MULTISETS[t]), phase="choose", throw=MULTISETS[t]),
            ).dice
            self._keep[t] = throws.part_index(t, engine.table.score(part), len(part))
        self._at_risk_from = numpy.array(
            [_bank_from(throw_summary(engine.table, n)) if n else 0 for n in range(rules.dice + 1)],
            dtype=numpy.int64,
        )
        self._zillions = rules.bust_keeps_completed_rounds

    def keep(self, turns, throws):
        return self._keep[turns.throw]

    def bank(self, turns):
        at_risk = turns.turn_points - (turns.round_start if self._zillions else 0)
        usual = at_risk >= self._at_risk_from[turns.dice_left]
        ahead = turns.banked + turns.turn_points > turns.best_other
        return numpy.where(turns.final, ahead, usual)


def _bank_from(summary) -> int:
    """The fewest points at risk for which one more throw gains nothing on average:
    ``mean - bust * at_risk <= 0`` (huge when a throw can't bust and gains)."""
    if summary.bust == 0:
        return 0 if summary.mean_best_points <= 0 else numpy.iinfo(numpy.int64).max
    return math.ceil(Fraction(summary.mean_best_points) / summary.bust)


class CaskAware(SetAsideBatchBot):
    """Thousand's :class:`~dicelab.thousand.strategy.CaskAwareBot`: its exact one-throw
    gain, summed over the throws in the bot's own order, read from a table by (dice left,
    turn points, room below the target); then its cask rule."""

    level = "cask_aware"

    def __init__(self, rules):
        self.rules = rules
        self.unit = point_unit(rules.combinations())
        self._gain = _cask_gain_table(rules, self.unit)

    def bank(self, turns):
        standing = turns.banked + turns.turn_points
        # Clipped so that turns the bot is not asked about (over the target) index the table.
        room = numpy.clip((self.rules.target - standing) // self.unit, 0, self._gain.shape[2] - 1)
        _, points, rooms = self._gain.shape
        at = (
            turns.dice_left * points + numpy.minimum(turns.turn_points // self.unit, points - 1)
        ) * rooms + room
        gain = self._gain.reshape(-1)[at]
        low, high = self.rules.casks_at(standing)
        return numpy.where((high >= 0) & (turns.banked < low), gain + (high - standing), gain) <= 0


def _cask_gain_table(rules, unit: int) -> numpy.ndarray:
    """The cask-aware bot's one-throw gain by (dice, turn points // unit, room // unit), room
    capped where every throw fits (the sum is then the same)."""
    table = rules.combinations()
    top = max(
        table.best_choice(m)[1]
        for n in range(1, rules.dice + 1)
        for m in _dice.multisets(n)
        if table.best_choice(m)
    )
    turn_points = numpy.arange(rules.target // unit + 1)[:, None] * unit
    room = numpy.arange(top // unit + 1)[None, :] * unit
    gain = numpy.zeros((rules.dice + 1, len(turn_points), room.shape[1]))
    for n in range(1, rules.dice + 1):
        total = numpy.zeros(gain.shape[1:])
        for throw, p in _dice.outcomes(n).items():
            best = table.best_choice(throw)
            loss = total - float(p) * turn_points
            total = (
                loss
                if best is None
                else numpy.where(best[1] > room, loss, total + float(p) * best[1])
            )
        gain[n] = total
    return gain
