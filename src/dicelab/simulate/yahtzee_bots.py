"""Batch forms of the random, greedy and chase-a-box Yahtzee bots.

Each plays one seat's turn in many games at once (:meth:`play`) and makes exactly the
decisions of its one-game form; the random bot makes its choices with the same
distribution (uniform over the legal actions, one step at a time), from the games' random
choices (:meth:`dicelab.simulate.yahtzee_play.Turn.choices`). A deciding bot answers, after each roll, with a box to score or the faces to hold
(:func:`play_decided` turns holds into the engine's die positions and rolls).
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from functools import cached_property

import numpy

from dicelab.dice import counts
from dicelab.simulate.yahtzee_play import CardBatch, Turn
from dicelab.yahtzee.rules import Rules
from dicelab.yahtzee.score_tables import ROLLS, score_tables
from dicelab.yahtzee.strategy import PAR, box_maximum, greedy_keep, greedy_preference

#: A batch bot's decision in the games ``which`` of a turn, after a roll: the box each
#: scores (-1: it holds and rolls on), and the faces each holds, as counts per face.
Decide = Callable[[Turn, numpy.ndarray], tuple[numpy.ndarray, numpy.ndarray]]


def play_decided(turn: Turn, decide: Decide) -> None:
    """Play a turn in every game of ``turn``: roll, then ask ``decide(turn, which)`` for
    (box per game, -1 to hold and roll on; faces to hold as counts per face) until every
    game has scored."""
    active = numpy.arange(len(turn.rows))
    turn.roll(active)
    while len(active):
        box, keep = decide(turn, active)
        done = box >= 0
        turn.score(active[done], box[done])
        active = active[~done]
        if len(active):
            turn.hold(active, keep[~done])
            turn.roll(active)


class YahtzeeBatchBot(abc.ABC):
    """What every batch bot shares: it is made from the rules (and its own settings) alone,
    and travels to another process as just those, to be remade there (from caches)."""

    rules: Rules

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.rules,)

    @abc.abstractmethod
    def play(self, table: CardBatch, seat: int) -> None:
        """Play ``seat``'s turn in every game of ``table``."""


class BatchRandom(YahtzeeBatchBot):
    """The random bot: each step a uniformly random legal action, as :class:`RandomBot`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def play(self, table: CardBatch, seat: int) -> None:
        turn = table.turn(seat)
        active = numpy.arange(len(turn.rows))
        turn.roll(active)  # the only legal action before the first roll
        while len(active):
            active = self.step(turn, active)

    def step(self, turn: Turn, active: numpy.ndarray) -> numpy.ndarray:
        """One random legal action in each game of ``active`` (after a roll); returns the
        games whose turn goes on."""
        scores, rolls = turn.table.scores, self.rules.rolls
        held, used = turn.held[active], turn.rolls_used[active]
        legal = scores.legal(turn.card(active)[0], turn.roll_index(active))
        can_roll = ((used < rolls) & ~held.all(axis=1)).astype(numpy.int64)
        toggles = (used < rolls).astype(numpy.int64)  # hold or release any die between rolls
        options = can_roll + 5 * toggles + legal.sum(axis=1)
        chance = turn.choices(active)
        pick = numpy.minimum((chance * options).astype(numpy.int64), options - 1)
        rolling = (can_roll == 1) & (pick == 0)
        after_roll = pick - can_roll
        toggling = ~rolling & (after_roll < 5 * toggles)
        scoring = ~rolling & ~toggling
        turn.held[active[toggling], after_roll[toggling]] ^= True
        nth = (after_roll - 5 * toggles)[scoring]
        turn.score(
            active[scoring],
            numpy.argmax(numpy.cumsum(legal[scoring], axis=1) > nth[:, None], axis=1),
        )
        turn.roll(active[rolling])
        going_on: numpy.ndarray = active[~scoring]
        return going_on


class BatchGreedy(YahtzeeBatchBot):
    """The greedy bot (:class:`dicelab.yahtzee.strategy.GreedyBot`), from tables of its own
    functions over the 252 rolls."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.scores = score_tables(rules)
        boxes = rules.boxes
        self.par = numpy.array([PAR[box] for box in boxes])
        self.maximum = numpy.array([box_maximum(rules, box) for box in boxes])
        self.keeps = numpy.array(
            [[counts(greedy_keep(rules, box, roll)) for roll in ROLLS] for box in boxes]
        )

    def play(self, table: CardBatch, seat: int) -> None:
        play_decided(table.turn(seat), self.decide)

    def decide(self, turn: Turn, which: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
        rules, scores = self.rules, self.scores
        mask, context, upper = turn.card(which)
        roll = turn.roll_index(which)
        points = scores.points[context, scores.matching_filled(mask, roll), roll]
        preference = greedy_preference(rules, scores.upper, points, upper[:, None], self.par)
        key = numpy.where(scores.legal(mask, roll), preference, numpy.iinfo(numpy.int64).min)
        best = numpy.argmax(key, axis=1)
        lines = numpy.arange(len(which))
        keep = self.keeps[best, roll]
        stop = (
            (turn.rolls_used[which] == rules.rolls)
            | (points[lines, best] == self.maximum[best])
            | (keep.sum(axis=1) == 5)
        )
        return numpy.where(stop, best, -1), keep


class BatchChaseBox(YahtzeeBatchBot):
    """:class:`dicelab.simulate.ChaseBox`: holds what :func:`dicelab.odds.box_odds` says
    fills ``box`` most often, and scores it (the first open box when it can't)."""

    def __init__(self, rules: Rules, box: str) -> None:
        self.rules, self.box_name = rules, box
        self.scores = score_tables(rules)
        self.box = rules.boxes.index(box) if box in rules.boxes else -1
        # (rolls left, joker card or -1, roll) -> faces held, as counts
        self._holds: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.rules, self.box_name)

    def play(self, table: CardBatch, seat: int) -> None:
        play_decided(table.turn(seat), self.decide)

    def decide(self, turn: Turn, which: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
        mask = turn.card(which)[0]
        roll = turn.roll_index(which)
        legal = self.scores.legal(mask, roll)
        first = numpy.argmax(legal, axis=1)
        keep = numpy.zeros((len(which), 6), dtype=numpy.int64)
        if self.box < 0:
            return first, keep
        chased = legal[:, self.box]
        rolls_left = self.rules.rolls - int(turn.rolls_used[which[0]])
        if rolls_left:
            keep[chased] = self._hold(rolls_left, mask[chased], roll[chased])
        stop = ~chased | (keep.sum(axis=1) == 5) | (rolls_left == 0)
        return numpy.where(chased, numpy.where(stop, self.box, -1), first), keep

    @cached_property
    def _yahtzee_bit(self) -> int:
        boxes = self.rules.boxes
        return (
            1 << boxes.index("yahtzee") if "yahtzee" in boxes and self.rules.joker != "none" else 0
        )

    def _hold(self, rolls_left: int, mask: numpy.ndarray, roll: numpy.ndarray) -> numpy.ndarray:
        """The faces :func:`box_odds` holds, for each (card, roll); the card matters only to
        jokers, once the Yahtzee box is filled, and in forced order (the box the turn fills)."""
        card = mask if self.rules.forced_order else numpy.where(mask & self._yahtzee_bit, mask, -1)
        keys = card * len(ROLLS) + roll
        unique, inverse = numpy.unique(keys, return_inverse=True)
        holds = numpy.array(
            [
                self._hold_of(rolls_left, int(key) // len(ROLLS), int(key) % len(ROLLS))
                for key in unique.tolist()
            ]
        ).reshape(len(unique), 6)
        held: numpy.ndarray = holds[inverse.ravel()]
        return held

    def _hold_of(self, rolls_left: int, card: int, roll: int) -> tuple[int, ...]:
        key = (rolls_left, card, roll)
        if key not in self._holds:
            from dicelab.odds import box_odds

            filled = {
                box: 0 for i, box in enumerate(self.rules.boxes) if card >= 0 and card >> i & 1
            }
            hold = box_odds(self.box_name, ROLLS[roll], None, rolls_left, self.rules, filled).hold
            self._holds[key] = counts(hold)
        return self._holds[key]
