"""Yahtzee bots below optimal play: a random player and a greedy one.

A bot returns one action at a time (a hold, a release, a roll or a box), so a widget can
show its turn step by step.

The greedy bot looks no further than the box in front of it. After each roll it finds the
box that would add the most points to its total *now* (the box's points, jokers included,
plus the upper bonus if this box completes it); ties go to the box that usually earns least,
so a valuable box is not spent on a poor roll. It scores that box after the last roll, or at
once when the dice already make the most that box can ever score. Otherwise it holds the
dice that build that box and rolls the rest (see :func:`greedy_keep`).

>>> from dicelab.yahtzee.engine import Card, Engine, State
>>> from dicelab.yahtzee.rules import Rules
>>> card = Card(tuple((box, 0) for box in Rules().boxes if box not in ("ones", "sixes", "chance")))
>>> state = State(cards=(card,), dice=(1, 3, 5, 6, 6), rolls_used=3)
>>> GreedyBot().choose(Engine(Rules()), state, None)
Score(box='chance')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from dicelab.dice import counts, from_counts, multisets
from dicelab.players import RandomBot
from dicelab.protocols import Bot
from dicelab.yahtzee.engine import Roll, Score, State
from dicelab.yahtzee.holding import step_towards
from dicelab.yahtzee.rules import UPPER_BOXES, Rules
from dicelab.yahtzee.scoring import bonus_of_upper_total, score

# What a box usually earns: between boxes worth the same now, the greedy bot scores the one
# with the lower "par", keeping the richer box for a better roll.
PAR = {
    "ones": 2,
    "twos": 5,
    "threes": 8,
    "fours": 11,
    "fives": 14,
    "sixes": 17,
    "one_pair": 8,
    "two_pairs": 14,
    "three_of_a_kind": 15,
    "four_of_a_kind": 8,
    "full_house": 12,
    "small_straight": 15,
    "large_straight": 15,
    "yahtzee": 10,
    "chance": 22,
}
_PAR_SCALE = 64  # above every par: a point more now outweighs any difference of par
# The runs of faces each straight needs, in each style of the rules.
_STRAIGHTS = {
    ("yahtzee", "small_straight"): ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)),
    ("yahtzee", "large_straight"): ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6)),
    ("yatzy", "small_straight"): ((1, 2, 3, 4, 5),),
    ("yatzy", "large_straight"): ((2, 3, 4, 5, 6),),
}
_SUM_BOXES = ("three_of_a_kind", "four_of_a_kind")  # made, they score every die (yahtzee style)


@cache
def box_maximum(rules: Rules, box: str) -> int:
    """The most ``box`` can score with any five dice under ``rules``.

    >>> box_maximum(Rules(), "chance"), box_maximum(Rules(), "fours")
    (30, 20)
    """
    return max(score(box, dice, rules) for dice in multisets(5))


def greedy_preference(rules: Rules, upper_box: Any, points: Any, upper_total: Any, par: Any) -> Any:
    """How much the greedy bot wants to score ``points`` in a box (the highest is scored):
    what it adds to the total now, the upper bonus included when an upper box
    (``upper_box``) completes it (``upper_total`` is the upper section before this box),
    ties going to the box whose ``par`` is lower. Numbers, or numpy arrays for the batch
    simulator.

    >>> greedy_preference(Rules(), True, 12, 55, PAR["fours"]) - greedy_preference(Rules(), False, 12, 55, PAR["chance"])
    2251
    """
    bonus = bonus_of_upper_total(rules, upper_total + points) - bonus_of_upper_total(
        rules, upper_total
    )
    return (points + upper_box * bonus) * _PAR_SCALE - par


def greedy_keep(rules: Rules, box: str, dice: tuple) -> tuple:
    """The faces of ``dice`` (sorted) the greedy bot holds to build ``box`` with the next roll.

    An upper box keeps its face; a straight the faces of the run it needs that has most of
    them already; a full house the faces shown twice or more (three at most of each); one
    pair and two pairs their highest pairs; the other boxes the most common face (the higher
    on a tie), and boxes that score every die also keep, once the box is made, the other
    dice showing 4 or more (a rerolled die shows 3.5 on average; Chance keeps only those; in
    the yatzy style only Chance scores every die).

    >>> greedy_keep(Rules(), "large_straight", (1, 2, 3, 5, 5))
    (1, 2, 3, 5)
    >>> greedy_keep(Rules(), "four_of_a_kind", (2, 6, 6, 6, 6)), greedy_keep(Rules(), "chance", (1, 3, 5, 6, 6))
    ((6, 6, 6, 6), (5, 6, 6))
    """
    tally = counts(dice)
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return (face,) * tally[face - 1]
    if box in ("small_straight", "large_straight"):
        runs = _STRAIGHTS[rules.style, box]
        run = max(reversed(runs), key=lambda run: sum(1 for face in run if tally[face - 1]))
        return tuple(face for face in run if tally[face - 1])
    if box == "full_house":
        return from_counts(min(n, 3) if n >= 2 else 0 for n in tally)
    pairs = [face for face in range(6, 0, -1) if tally[face - 1] >= 2]
    if box in ("one_pair", "two_pairs") and pairs:
        return tuple(
            sorted(face for face in pairs[: 1 if box == "one_pair" else 2] for _ in range(2))
        )
    if box == "chance":
        return tuple(face for face in dice if face >= 4)
    face = max(range(1, 7), key=lambda f: (tally[f - 1], f))
    keep = [face] * tally[face - 1]
    if box in _SUM_BOXES and rules.style == "yahtzee" and score(box, dice, rules):
        keep += [f for f in dice if f >= 4 and f != face]
    return tuple(sorted(keep))


class GreedyBot:
    """Scores the box worth the most points now; between rolls holds the dice that build it."""

    level = "greedy"

    def choose(self, engine, state: State, rng):
        if not state.rolls_used:
            return Roll()
        rules = engine.rules
        upper = state.card.upper_total()
        gains = {box: engine.preview(state, box) for box in engine.scorable_boxes(state)}
        best = max(
            gains,
            key=lambda box: greedy_preference(
                rules, box in UPPER_BOXES, gains[box], upper, PAR[box]
            ),
        )
        if state.rolls_used == rules.rolls or gains[best] == box_maximum(rules, best):
            return Score(best)
        keep = greedy_keep(rules, best, tuple(sorted(state.dice)))
        if len(keep) == 5:
            return Score(best)
        return step_towards(state, keep) or Roll()


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
BOTS["optimal"] = __import__(
    "dicelab.yahtzee.optimal", fromlist=["OptimalBot"]
).OptimalBot  # solves on first move
BOTS["win"] = __import__(
    "dicelab.yahtzee.win_bot", fromlist=["YahtzeeWinBot"]
).YahtzeeWinBot  # solves on first move

# What each level does, in one line (for a game's setup)
LEVELS = {
    "random": "Plays any legal move at random.",
    "greedy": "Aims at the box adding the most points now (bonus counted), holds for it, scores there.",
    "optimal": "Plays for the highest expected final score, as if alone at the table.",
    "win": "Plays for the best chance to win against the players at the table.",
}
