"""Fivethousand robots: random, simple and intelligent, the optimal one (in ``policy``) and the
one that plays to win (in ``win``); ``LEVELS`` says each in one line."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

import numpy as np
from numpy.typing import ArrayLike

from dicelab.fivethousand.engine import Engine, State
from dicelab.fivethousand.rules import Rules
from dicelab.players import RandomBot
from dicelab.protocols import Bot
from dicelab.setaside.strategy import (
    SetAsideBot,
    banks_at_threshold,
    keep_fewest_for_points,
    no_gain_from,
    win_bot,
)


class SimpleBot(SetAsideBot):
    """Sets aside every scoring die and passes once the turn is worth 300 or more."""

    level = "simple"
    threshold = 300

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        return bool(
            banks_at_threshold(
                state.turn_points, state.dice_left, self.threshold, not_hot=engine.rules.dice
            )
        )


class IntelligentBot(SetAsideBot):
    """Keeps few dice for the points, weighs the chance of farkling with the dice left
    against the points at stake, and in its last turn plays on until it is ahead."""

    level = "intelligent"

    def keep(self, engine: Engine, state: State):
        return keep_fewest_for_points(engine, state)

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        mine = state.scores[state.player] + state.turn_points
        best_other = max((s for i, s in enumerate(state.scores) if i != state.player), default=0)
        at_risk = (
            state.round_points if engine.rules.bust_keeps_completed_rounds else state.turn_points
        )
        final = engine.in_final_turn(state)
        return bool(
            intelligent_banks(engine.rules, at_risk, state.dice_left, mine, best_other, final)
        )


def intelligent_banks(
    rules: Rules,
    at_risk: ArrayLike,
    dice_left: ArrayLike,
    mine: ArrayLike,
    best_other: ArrayLike,
    final: ArrayLike,
) -> np.ndarray:
    """Whether the intelligent robot banks, for single turns or numpy arrays of them alike
    (the one-game and the batch robots both ask it): in its last turn once it is ahead
    (``mine`` against the best other score), otherwise once the points at risk reach
    :func:`bank_from` for the dice left.

    >>> from dicelab.fivethousand import Rules
    >>> intelligent_banks(Rules(), 350, 2, 350, 0, False).tolist()
    True
    """
    usual = np.asarray(at_risk) >= np.asarray(bank_from(rules))[np.asarray(dice_left)]
    return np.where(final, np.asarray(mine) > np.asarray(best_other), usual)


@lru_cache(maxsize=16)
def bank_from(rules: Rules) -> tuple[int, ...]:
    """The intelligent robot's rule, by dice left: it banks once this many points are at
    risk (one more throw then gains nothing on average; the batch form reads the same)."""
    return no_gain_from(rules.combinations(), rules.dice)


def optimal_robot():
    """The optimal robot; its module (numpy, exact policies) is imported on first use."""
    from dicelab.fivethousand.policy import OptimalBot

    return OptimalBot()


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "simple": SimpleBot,
    "intelligent": IntelligentBot,
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
