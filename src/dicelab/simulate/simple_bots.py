"""The batch forms of the bots that play by a rule of thumb: random, a points threshold,
Fivethousand's intelligent robot and Thousand's cask-aware bot.

Each rule is written once, in its game's strategy module, for single turns and arrays
alike (:func:`~dicelab.setaside.strategy.banks_at_threshold`,
:func:`~dicelab.fivethousand.strategy.intelligent_banks`,
:func:`~dicelab.thousand.strategy.cask_aware_saves`): the one-game bot asks it of one turn,
the batch form here of a batch, so both make the same decisions. Only the random bot has
two forms, because the one-game bot draws from the engine's ``random.Random`` and the batch
from the run's choice stream; they make their choices with the same chances.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from dicelab.fivethousand.rules import Rules as FivethousandRules
from dicelab.fivethousand.strategy import bank_from, intelligent_banks
from dicelab.setaside.strategy import banks_at_threshold
from dicelab.setaside.throws import MULTISETS, ThrowChoices
from dicelab.simulate.batch_turns import SetAsideBatchBot, TurnBatch
from dicelab.thousand.rules import Rules as ThousandRules
from dicelab.thousand.strategy import cask_aware_saves, cask_gain_table


class RandomChoices(SetAsideBatchBot):
    """:class:`dicelab.players.RandomBot`: every legal action equally likely."""

    level = "random"
    uses_choices = True

    def keep(self, turns: TurnBatch, throws: ThrowChoices) -> numpy.ndarray:
        part: numpy.ndarray = numpy.floor(turns.choice[:, 0] * throws.count[turns.throw])
        return part.astype(numpy.int64)

    def keep_table(self, throws: ThrowChoices) -> None:
        return None  # a part at random

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        banks: numpy.ndarray = turns.choice[:, 1] >= 0.5  # one of [Throw, Bank]
        return banks


@dataclass(frozen=True)
class Threshold(SetAsideBatchBot):
    """Bank once the turn is worth ``threshold`` (with ``not_hot``: and not with every die
    to throw again), setting aside the dice worth most."""

    threshold: int
    not_hot: int = 0  # the number of dice that forbids banking (hot dice), or 0
    level: str = "threshold"

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        return numpy.asarray(
            banks_at_threshold(turns.turn_points, turns.dice_left, self.threshold, self.not_hot)
        )


class Intelligent(SetAsideBatchBot):
    """Fivethousand's :class:`~dicelab.fivethousand.strategy.IntelligentBot`: keeps few
    dice for the points, banks when one more throw loses on average (exact fractions: from
    a number of points at risk that depends on the dice left), and in its last turn plays on
    until it is ahead."""

    level = "intelligent"

    def __init__(self, rules: FivethousandRules) -> None:
        from dicelab.fivethousand import Engine, State
        from dicelab.setaside.strategy import keep_fewest_for_points

        engine = Engine(rules)
        throws = ThrowChoices.of(rules)
        self._keep: numpy.ndarray = throws.best.copy()
        for t in numpy.flatnonzero(throws.count).tolist():
            part = keep_fewest_for_points(
                engine,
                State(scores=(0,), dice_left=len(MULTISETS[t]), phase="choose", throw=MULTISETS[t]),
            ).dice
            points = engine.table.score(part)
            assert points is not None, "the fewest dice for the points score"
            self._keep[t] = throws.part_index(t, points, len(part))
        self.rules = rules
        self._zillions = rules.bust_keeps_completed_rounds
        bank_from(rules)  # made now, not at the first decision

    def keep_table(self, throws: ThrowChoices) -> numpy.ndarray:
        return self._keep

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        at_risk = turns.turn_points - (turns.round_start if self._zillions else 0)
        mine = turns.banked + turns.turn_points
        return intelligent_banks(
            self.rules, at_risk, turns.dice_left, mine, turns.best_other, turns.final
        )


class CaskAware(SetAsideBatchBot):
    """Thousand's :class:`~dicelab.thousand.strategy.CaskAwareBot`: its exact one-throw
    gain, summed over the throws in the bot's own order, read from a table by (dice left,
    turn points, room below the target); then its cask rule."""

    level = "cask_aware"

    def __init__(self, rules: ThousandRules) -> None:
        self.rules = rules
        cask_gain_table(rules)  # made now, not at the first decision

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        return cask_aware_saves(self.rules, turns.banked, turns.turn_points, turns.dice_left)
