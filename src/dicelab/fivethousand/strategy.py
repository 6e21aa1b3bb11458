"""Fivethousand robots: random, simple and intelligent, and the optimal one (in ``policy``)."""

from __future__ import annotations

from dicelab.fivethousand.engine import Engine, State
from dicelab.players import RandomBot
from dicelab.setaside.strategy import keep_fewest_for_points, keep_most, one_more_throw_gain, throw_or_bank
from dicelab.setaside.engine import Throw


class SimpleRobot:
    """Sets aside every scoring die and passes once the turn is worth 300 or more."""

    level = "simple"
    threshold = 300

    def choose(self, engine: Engine, state: State, rng):
        if state.phase == "throw":
            return Throw()
        if state.phase == "choose":
            return keep_most(engine, state)
        return throw_or_bank(engine, state, state.turn_points >= self.threshold
                             and state.dice_left < engine.rules.dice)


class IntelligentRobot:
    """Keeps few dice for the points, weighs the chance of farkling with the dice left
    against the points at stake, and in its last turn plays on until it is ahead."""

    level = "intelligent"

    def choose(self, engine: Engine, state: State, rng):
        if state.phase == "throw":
            return Throw()
        if state.phase == "choose":
            return keep_fewest_for_points(engine, state)
        return throw_or_bank(engine, state, self._should_bank(engine, state))

    @staticmethod
    def _should_bank(engine: Engine, state: State) -> bool:
        mine = state.scores[state.player] + state.turn_points
        best_other = max((s for i, s in enumerate(state.scores) if i != state.player), default=0)
        if engine.in_final_turn(state):
            return mine > best_other
        at_risk = state.round_points if engine.rules.bust_keeps_completed_rounds else state.turn_points
        return one_more_throw_gain(engine, state, at_risk) <= 0


def optimal_robot():
    """The optimal robot; its module (numpy, exact policies) is imported on first use."""
    from dicelab.fivethousand.policy import OptimalRobot

    return OptimalRobot()


BOTS = {"random": RandomBot, "simple": SimpleRobot, "intelligent": IntelligentRobot, "optimal": optimal_robot}
