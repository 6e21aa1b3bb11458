"""Yahtzee bots below optimal play: a random player and a greedy one.

A bot returns one action at a time (a hold, a release, a roll or a box), so a widget can
show its turn step by step.
"""

from __future__ import annotations

from dicelab.dice import counts
from dicelab.players import RandomBot
from dicelab.yahtzee.engine import Roll, Score, State
from dicelab.yahtzee.holding import step_towards
from dicelab.yahtzee.rules import UPPER_BOXES

# What a box usually earns: a greedy bot scores where it beats this "par" by the most.
_PAR = {"ones": 2, "twos": 5, "threes": 8, "fours": 11, "fives": 14, "sixes": 17,
        "one_pair": 8, "two_pairs": 14, "three_of_a_kind": 15, "four_of_a_kind": 8,
        "full_house": 12, "small_straight": 15, "large_straight": 15, "yahtzee": 10, "chance": 22}


class GreedyBot:
    """Chases the most common face (or an open straight) and takes the best-looking box."""

    level = "greedy"

    def choose(self, engine, state: State, rng):
        if not state.rolls_used:
            return Roll()
        dice = tuple(sorted(state.dice))
        boxes = engine.scorable_boxes(state)
        best_box = max(boxes, key=lambda box: (engine.preview(state, box) - _PAR[box], -_PAR[box]))
        rolls_left = engine.rules.rolls - state.rolls_used
        made = engine.preview(state, best_box) >= _PAR[best_box] + 15
        if not rolls_left or made:
            return Score(best_box)
        step = step_towards(state, self._keep(engine, state, dice, boxes))
        return step or (Roll() if not all(state.held) else Score(best_box))

    def _keep(self, engine, state: State, dice: tuple, boxes) -> list:
        faces = sorted(set(dice))
        if {"small_straight", "large_straight"} & set(boxes):
            for run in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)):
                if set(run) <= set(faces):
                    return list(run)
        tally = counts(dice)
        face = max(range(1, 7), key=lambda f: (tally[f - 1], UPPER_BOXES[f - 1] in boxes, f))
        return [face] * tally[face - 1]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
BOTS["optimal"] = __import__("dicelab.yahtzee.optimal", fromlist=["OptimalBot"]).OptimalBot  # solves on first move
BOTS["win"] = __import__("dicelab.yahtzee.win_bot", fromlist=["WinBot"]).WinBot  # solves on first move

# What each level does, in one line (for a game's setup)
LEVELS = {
    "random": "Plays any legal move at random.",
    "greedy": "Chases the commonest face or a straight, and scores where it beats a box's usual points.",
    "optimal": "Plays for the highest expected final score, as if alone at the table.",
    "win": "Plays for the best chance to win against the players at the table.",
}
