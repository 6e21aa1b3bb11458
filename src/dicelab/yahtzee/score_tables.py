"""What every Yahtzee box scores for each of the 252 rolls, as arrays, for the solver and the batch simulator.

A roll is a multiset of five dice, numbered in the order of :func:`dicelab.dice.multisets`.
What a box scores depends on the roll and, through jokers and the Yahtzee bonus, on two facts
of the card: the Yahtzee box (0 open, 1 holding its full value, 2 holding anything else) and
whether the upper box of the roll's face is filled. The tables are built by calling
:mod:`dicelab.yahtzee.scoring` once per box, roll and card context, so they say exactly what
the engine says.

>>> tables = score_tables(Rules())
>>> roll = tables.roll_index(numpy.array([[2, 2, 3, 3, 3]]))
>>> int(tables.points[0, 0, roll[0], tables.boxes.index("full_house")])
25
"""

from __future__ import annotations

from functools import cache

import numpy

from dicelab.dice import multisets
from dicelab.yahtzee.rules import UPPER_BOXES, Rules
from dicelab.yahtzee.scoring import box_points, is_yahtzee, reads_the_card, yahtzee_bonus

ROLLS = multisets(5)
_POWERS = numpy.array(
    [0] + [6**k for k in range(6)], dtype=numpy.int64
)  # a die showing f counts 6 ** (f - 1)
_CODES = numpy.full(6**6, -1, dtype=numpy.int64)  # the counts of faces as a base-6 number -> roll
_CODES[_POWERS[numpy.array(ROLLS)].sum(axis=1)] = numpy.arange(len(ROLLS))


class ScoreTables:
    """The points of every box (``points[context, matching filled, roll, box]``), the Yahtzee
    bonus (``bonus[context, matching filled, roll]``) and facts about boxes and rolls."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.boxes = rules.boxes
        self.yahtzee_box = self.boxes.index("yahtzee") if "yahtzee" in self.boxes else -1
        # for each roll, the box index of the upper box of its (first) face, or -1
        self.matching = numpy.array([self._index(UPPER_BOXES[roll[0] - 1]) for roll in ROLLS])
        self.is_yahtzee = numpy.array([is_yahtzee(roll) for roll in ROLLS])
        # A roll that does not read the card is scored once; the others in each context.
        plain = [[box_points(rules, box, roll, {}) for box in self.boxes] for roll in ROLLS]
        self.points = numpy.tile(numpy.array(plain, dtype=numpy.int64), (3, 2, 1, 1))
        self.bonus = numpy.zeros((3, 2, len(ROLLS)), dtype=numpy.int64)
        for r, roll in enumerate(ROLLS):
            if not reads_the_card(roll):
                continue
            for c in range(3):
                for m in range(2):
                    card = self.context(c, m, roll)
                    self.points[c, m, r] = [
                        box_points(rules, box, roll, card) for box in self.boxes
                    ]
                    self.bonus[c, m, r] = yahtzee_bonus(rules, roll, card)
        self.upper = numpy.array([box in UPPER_BOXES for box in self.boxes])
        self.bits = 1 << numpy.arange(len(self.boxes), dtype=numpy.int64)

    def _index(self, box: str) -> int:
        return self.boxes.index(box) if box in self.boxes else -1

    def context(self, c: int, m: int, roll) -> dict:
        """A filled-box dict with Yahtzee context ``c`` and, if ``m``, the upper box of the roll's
        face filled: all the scoring functions look at besides the roll."""
        filled = {}
        if c and self.yahtzee_box >= 0:
            filled["yahtzee"] = self.rules.yahtzee if c == 1 else 0
        if m and UPPER_BOXES[roll[0] - 1] in self.boxes:
            filled[UPPER_BOXES[roll[0] - 1]] = 0
        return filled

    @staticmethod
    def roll_index(dice) -> numpy.ndarray:
        """The roll number of each row of five dice (any order within a row)."""
        return _CODES[_POWERS[dice].sum(axis=1)]

    def yahtzee_context(self, points) -> numpy.ndarray:
        """The Yahtzee context a card gets when ``points`` are scored in its Yahtzee box."""
        return numpy.where(points == self.rules.yahtzee, 1, 2)

    def matching_filled(self, mask, roll) -> numpy.ndarray:
        """0/1 per row: is the upper box of the roll's face filled on the card ``mask``."""
        matching = self.matching[roll]
        return ((matching >= 0) & (mask >> numpy.maximum(matching, 0) & 1).astype(bool)).astype(
            numpy.int64
        )

    def legal(self, mask, roll) -> numpy.ndarray:
        """Boolean (rows, boxes): the boxes each roll may be scored in on each card, as
        :func:`dicelab.yahtzee.scoring.legal_boxes` says: the open ones, but a further
        Yahtzee under the forced joker goes in its upper box if open, else in an open lower
        box if any; in forced order only the first open box."""
        legal = (mask[:, None] & self.bits) == 0
        if self.rules.forced_order:
            first = numpy.zeros_like(legal)
            first[numpy.arange(len(mask)), legal.argmax(axis=1)] = True
            return first & legal
        if self.rules.joker != "forced" or self.yahtzee_box < 0:
            return legal
        joker = self.is_yahtzee[roll] & (mask >> self.yahtzee_box & 1).astype(bool)
        if not joker.any():
            return legal
        matching = self.matching[roll]
        lines = numpy.arange(len(mask))
        upper_open = (matching >= 0) & legal[lines, numpy.maximum(matching, 0)]
        lower = legal & ~self.upper
        narrowed = numpy.where(
            upper_open[:, None],
            numpy.arange(len(self.boxes)) == matching[:, None],
            numpy.where(lower.any(axis=1)[:, None], lower, legal),
        )
        return numpy.where(joker[:, None], narrowed, legal)


@cache
def score_tables(rules: Rules) -> ScoreTables:
    return ScoreTables(rules)
