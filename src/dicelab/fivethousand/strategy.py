"""Fivethousand robots: random, simple and intelligent, the optimal one (in ``policy``) and the
one that plays to win (in ``win``); ``LEVELS`` says each in one line."""

from __future__ import annotations

from functools import partial

from dicelab.fivethousand.engine import Engine, State
from dicelab.players import RandomBot
from dicelab.setaside.strategy import (
    SetAsideBot,
    keep_fewest_for_points,
    one_more_throw_gain,
    win_bot,
)


class SimpleRobot(SetAsideBot):
    """Sets aside every scoring die and passes once the turn is worth 300 or more."""

    level = "simple"
    threshold = 300

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        return state.turn_points >= self.threshold and state.dice_left < engine.rules.dice


class IntelligentRobot(SetAsideBot):
    """Keeps few dice for the points, weighs the chance of farkling with the dice left
    against the points at stake, and in its last turn plays on until it is ahead."""

    level = "intelligent"

    def keep(self, engine: Engine, state: State):
        return keep_fewest_for_points(engine, state)

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        mine = state.scores[state.player] + state.turn_points
        best_other = max((s for i, s in enumerate(state.scores) if i != state.player), default=0)
        if engine.in_final_turn(state):
            return mine > best_other
        at_risk = (
            state.round_points if engine.rules.bust_keeps_completed_rounds else state.turn_points
        )
        return one_more_throw_gain(engine, state, at_risk) <= 0


def optimal_robot():
    """The optimal robot; its module (numpy, exact policies) is imported on first use."""
    from dicelab.fivethousand.policy import OptimalRobot

    return OptimalRobot()


BOTS = {
    "random": RandomBot,
    "simple": SimpleRobot,
    "intelligent": IntelligentRobot,
    "optimal": optimal_robot,
    "win": partial(win_bot, "fivethousand"),
}
LEVELS = {  # one line per robot level, for a game's setup
    "random": "Random: any legal move.",
    "simple": "Simple: keeps every scoring die and passes at 300 points.",
    "intelligent": "Intelligent (the original robot): weighs the farkle chance against the points at stake.",
    "optimal": "Optimal for points: the most points per turn, then the best chance to catch up in the last turn.",
    "win": "Plays to win (two players): the best chance to beat this opponent from these scores.",
}
