"""What a learner sees of a game: named whole-number fields, as a Dict or one flat vector.

Every field is an int64 array with bounds that the rules give. The Gymnasium environment
returns them as a ``Dict`` (by name); the PettingZoo environments as one flat vector, read
with :attr:`Observer.slices`. Fields are seen from one seat: "scores" starts with that
seat's own, then the others in turn order.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass

import numpy as np

from dicelab.dice import counts
from dicelab.extras import require
from dicelab.yahtzee.rules import UPPER_BOXES
from dicelab.yahtzee.scoring import box_points

spaces = require("gymnasium.spaces", "rl", "dicelab.rl")

# A Fivethousand turn has no upper limit (hot dice can go on and on), but passing this
# bound would take hundreds of thousands of hot-dice rounds in a row.
UNBOUNDED_POINTS = 2**31 - 1


@dataclass(frozen=True)
class Field:
    """One named part of an observation: ``size`` numbers from 0 to ``high``."""

    name: str
    size: int
    high: int
    means: str


class Observer(abc.ABC):
    """Turns states into observations for one game; subclasses list the fields."""

    def __init__(self, engine, seats: int, table: bool):
        self.engine, self.rules, self.seats, self.table = engine, engine.rules, seats, table
        self.fields = tuple(self._fields())
        starts = np.cumsum([0] + [field.size for field in self.fields])
        self.slices = {
            field.name: slice(int(a), int(b))
            for field, a, b in zip(self.fields, starts, starts[1:])
        }
        self.size = int(starts[-1])

    def dict_space(self):
        return spaces.Dict(
            {
                field.name: spaces.Box(0, field.high, (field.size,), np.int64)
                for field in self.fields
            }
        )

    def flat_space(self):
        high = np.concatenate([np.full(field.size, field.high, np.int64) for field in self.fields])
        return spaces.Box(np.zeros(self.size, np.int64), high, dtype=np.int64)

    def as_dict(self, state, seat: int) -> dict:
        values = self._values(state, seat)
        return {
            field.name: np.array(values[field.name], dtype=np.int64).reshape(field.size)
            for field in self.fields
        }

    def as_flat(self, state, seat: int) -> np.ndarray:
        return np.concatenate(list(self.as_dict(state, seat).values()))

    @abc.abstractmethod
    def _fields(self) -> list[Field]:
        """The fields of the observation, in order."""

    @abc.abstractmethod
    def _values(self, state, seat: int) -> dict:
        """The value of each field for ``seat`` in ``state``."""

    def _table_fields(self, high: int, what: str) -> list[Field]:
        if not self.table:
            return []
        return [
            Field("to_move", 1, 1, "1 when this seat decides now"),
            Field("others", self.seats - 1, high, f"the other seats' {what}, in turn order"),
        ]

    def _table_values(self, state, seat: int, standings) -> dict:
        later = [(seat + k) % self.seats for k in range(1, self.seats)]
        return {
            "to_move": int(not state.is_over and state.player == seat),
            "others": [standings[other] for other in later],
        }


class YahtzeeObserver(Observer):
    """Yahtzee: the dice, the rolls left and this seat's card."""

    def _fields(self) -> list[Field]:
        rules, n = self.rules, len(self.rules.boxes)
        points = max(
            30, rules.full_house, rules.small_straight, rules.large_straight, rules.yahtzee
        )
        total = n * points + rules.upper_bonus + n * rules.yahtzee_bonus
        upper = sum(5 * (UPPER_BOXES.index(box) + 1) for box in rules.upper_boxes)
        return [
            Field(
                "dice",
                5,
                6,
                "the faces by position (bit i of a hold is die i); 0 before the first roll",
            ),
            Field("counts", 6, 5, "how many dice show each face 1-6"),
            Field("rolls_left", 1, rules.rolls, "rolls left this turn"),
            Field(
                "open_boxes", n, 1, "1 for each box of rules.boxes still open on this seat's card"
            ),
            Field(
                "box_points",
                n,
                points,
                "what the dice would score in each open box, jokers included",
            ),
            Field(
                "upper_total", 1, upper, "points in the upper boxes so far (the bonus counts them)"
            ),
            Field("yahtzee_bonuses", 1, n, "Yahtzee bonuses earned"),
            Field("total", 1, total, "this seat's total so far, bonuses included"),
            *self._table_fields(total, "totals"),
        ]

    def _values(self, state, seat: int) -> dict:
        card, dice = state.cards[seat], tuple(sorted(state.dice))
        filled = card.boxes
        totals = [c.total(self.rules) for c in state.cards]
        return {
            "dice": state.dice or (0,) * 5,
            "counts": counts(state.dice),
            "rolls_left": self.rules.rolls - state.rolls_used,
            "open_boxes": [int(box not in filled) for box in self.rules.boxes],
            "box_points": [
                box_points(self.rules, box, dice, filled) if dice and box not in filled else 0
                for box in self.rules.boxes
            ],
            "upper_total": card.upper_total(),
            "yahtzee_bonuses": card.yahtzee_bonuses,
            "total": totals[seat],
            **(self._table_values(state, seat, totals) if self.table else {}),
        }


class SetAsideObserver(Observer):
    """Fivethousand and Thousand: the throw to choose from, the turn so far, the scores."""

    def __init__(self, engine, seats: int, table: bool, points_high: int):
        self.points_high = points_high
        super().__init__(engine, seats, table)

    def _fields(self) -> list[Field]:
        dice, high = self.rules.dice, self.points_high
        return [
            Field(
                "throw",
                dice,
                6,
                "the throw to set dice aside from, sorted (bit i of a set-aside "
                "is throw[i]); zeros when there is none",
            ),
            Field("counts", 6, dice, "how many dice of that throw show each face 1-6"),
            Field("dice_left", 1, dice, "dice thrown (while choosing) or to throw next"),
            Field("turn_points", 1, high, "the points of this turn so far"),
            Field("kept_on_bust", 1, high, "the turn points that a bust would still bank"),
            Field(
                "final_round",
                1,
                1,
                "1 once someone has reached the target and the last turns are on",
            ),
            Field("score", 1, high, "this seat's banked score"),
            *self._table_fields(high, "banked scores"),
        ]

    def _values(self, state, seat: int) -> dict:
        throw = state.throw if state.phase == "choose" else ()
        return {
            "throw": throw + (0,) * (self.rules.dice - len(throw)),
            "counts": counts(throw),
            "dice_left": state.dice_left,
            "turn_points": state.turn_points if not state.is_over else 0,
            "kept_on_bust": self.engine.points_kept_on_bust(state) if not state.is_over else 0,
            "final_round": int(state.final_turns is not None),
            "score": state.scores[seat],
            **(self._table_values(state, seat, state.scores) if self.table else {}),
        }
