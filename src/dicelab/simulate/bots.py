"""Bots made for experiments: bank at a threshold (set-aside games), chase one box (Yahtzee).

>>> ThresholdBot(300).level, ChaseBox("yahtzee").box
('threshold', 'yahtzee')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dicelab.actions import Action
from dicelab.setaside.engine import State as SetAsideState
from dicelab.setaside.strategy import SetAsideBot, banks_at_threshold

if TYPE_CHECKING:
    from dicelab.yahtzee.engine import Engine as YahtzeeEngine
    from dicelab.yahtzee.engine import State as YahtzeeState


@dataclass(frozen=True)
class ThresholdBot(SetAsideBot):
    """Push your luck in Fivethousand or Thousand: set aside the dice worth most, and bank
    as soon as the turn is worth ``threshold`` points (when the rules allow it)."""

    threshold: int
    level = "threshold"

    def wants_to_bank(self, engine: object, state: SetAsideState) -> bool:
        return bool(banks_at_threshold(state.turn_points, state.dice_left, self.threshold))


@dataclass(frozen=True)
class ChaseBox:
    """Yahtzee: hold what :func:`dicelab.odds.box_odds` says gives the best chance of
    filling ``box``, and score it (or the first open box, if ``box`` can't be scored)."""

    box: str
    level = "chase_box"

    def choose(self, engine: YahtzeeEngine, state: YahtzeeState, rng: random.Random) -> Action:
        from dicelab.odds import box_odds
        from dicelab.yahtzee import Roll, Score
        from dicelab.yahtzee.holding import step_towards

        if not state.rolls_used:
            return Roll()
        boxes = engine.scorable_boxes(state)
        rolls_left = engine.rules.rolls - state.rolls_used
        if self.box not in boxes:
            return Score(boxes[0])
        if rolls_left:
            hold = box_odds(
                self.box, state.dice, None, rolls_left, engine.rules, state.card.boxes
            ).hold
            if len(hold) < 5:
                return step_towards(state, hold) or Roll()
        return Score(self.box)
