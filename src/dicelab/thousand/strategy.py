"""Thousand bots: random, simple and cask-aware, the optimal one (in ``policy``) and the one
that plays to win (in ``win``); ``LEVELS`` says each in one line."""

from __future__ import annotations

from functools import partial

from dicelab import dice as _dice
from dicelab.players import RandomBot
from dicelab.setaside.strategy import SetAsideBot, win_bot
from dicelab.thousand.engine import Engine, State


class SimpleBot(SetAsideBot):
    """Saves as soon as the turn is worth 50 and the casks allow it."""

    level = "simple"
    threshold = 50

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        return state.turn_points >= self.threshold


class CaskAwareBot(SetAsideBot):
    """Weighs one more throw exactly: its points against the chance of a throw with no
    combination or one that overshoots 1000; avoids saving into a cask from below."""

    level = "cask_aware"

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        banked = state.scores[state.player]
        standing = banked + state.turn_points
        room = engine.rules.target - standing
        gain = 0.0
        for throw, p in _dice.outcomes(state.dice_left).items():
            best = engine.table.best_choice(throw)
            if best is None or best[1] > room:
                gain -= float(p) * state.turn_points
            else:
                gain += float(p) * best[1]
        cask = engine.rules.cask_at(standing)
        if cask and banked < cask[0]:
            gain += cask[1] - standing  # saving here would leave us stuck in the cask
        return gain <= 0


def optimal_bot():
    """The optimal bot; its module (numpy, exact policies) is imported on first use."""
    from dicelab.thousand.policy import OptimalBot

    return OptimalBot()


BOTS = {
    "random": RandomBot,
    "simple": SimpleBot,
    "cask_aware": CaskAwareBot,
    "optimal": optimal_bot,
    "win": partial(win_bot, "thousand"),
}
LEVELS = {  # one line per bot level, for a game's setup
    "random": "Random: any legal move.",
    "simple": "Simple: saves as soon as the turn is worth 50 and the casks allow it.",
    "cask_aware": "Cask-aware: weighs one more throw exactly and avoids saving into a cask.",
    "optimal": "Optimal for speed: the fewest turns on average to reach 1000 exactly.",
    "win": "Plays to win (two players): the best chance to beat this opponent from these scores.",
}
