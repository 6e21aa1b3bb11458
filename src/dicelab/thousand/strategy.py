"""Thousand bots: random, simple and cask-aware, the optimal one (in ``policy``) and the one
that plays to win (in ``win``); ``LEVELS`` says each in one line."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

import numpy as np
from numpy.typing import ArrayLike

from dicelab import dice as _dice
from dicelab.players import RandomBot
from dicelab.protocols import Bot
from dicelab.setaside.policy import point_unit
from dicelab.setaside.strategy import SetAsideBot, banks_at_threshold, win_bot
from dicelab.thousand.engine import Engine, State
from dicelab.thousand.rules import Rules


class SimpleBot(SetAsideBot):
    """Saves as soon as the turn is worth 50 and the casks allow it."""

    level = "simple"
    threshold = 50

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        return bool(banks_at_threshold(state.turn_points, state.dice_left, self.threshold))


class CaskAwareBot(SetAsideBot):
    """Weighs one more throw exactly: its points against the chance of a throw with no
    combination or one that overshoots 1000; avoids saving into a cask from below."""

    level = "cask_aware"

    def wants_to_bank(self, engine: Engine, state: State) -> bool:
        banked = state.scores[state.player]
        return bool(cask_aware_saves(engine.rules, banked, state.turn_points, state.dice_left))


def cask_aware_saves(
    rules: Rules, banked: ArrayLike, turn_points: ArrayLike, dice_left: ArrayLike
) -> np.ndarray:
    """Whether the cask-aware bot saves, for single turns or numpy arrays of them alike (the
    one-game and the batch bots both ask it): its exact one-throw gain, read from
    :func:`cask_gain_table` by (dice left, turn points, room below the target), plus, below
    a cask the turn would stop in, the points still needed to get through it; it saves when
    that gain is not positive.

    >>> from dicelab.thousand import Rules
    >>> cask_aware_saves(Rules(), 0, 50, 1).tolist(), cask_aware_saves(Rules(), 0, 50, 5).tolist()
    (True, False)
    """
    gain, unit = cask_gain_table(rules)
    mine, points_now = np.asarray(banked), np.asarray(turn_points)
    standing = mine + points_now
    _, points, rooms = gain.shape
    # Clipped so that turns the bot is not asked about (over the target) index the table.
    room = np.clip((rules.target - standing) // unit, 0, rooms - 1)
    one_throw = gain[np.asarray(dice_left), np.minimum(points_now // unit, points - 1), room]
    low, high = rules.casks_at(standing)
    stuck = (high >= 0) & (mine < low)  # saving here would leave it stuck in the cask
    saves: np.ndarray = np.where(stuck, one_throw + (high - standing), one_throw) <= 0
    return saves


def cask_gain_table(rules: Rules) -> tuple[np.ndarray, int]:
    """The cask-aware bot's expected gain from one more throw, by (dice left, turn points //
    unit, room below the target // unit), and the unit: a throw adds its best points where
    they fit the room and loses the turn's points otherwise (no combination, or past the
    target), summed over the throws in the order of :func:`dicelab.dice.outcomes`. The
    room is capped where every throw fits (the sum is then the same)."""
    return _gain_table(rules.combinations(), rules.dice, rules.target)


@lru_cache(maxsize=16)
def _gain_table(table, dice: int, target: int) -> tuple:
    """:func:`cask_gain_table` for what it depends on (not the table rules: casks, bolts,
    the dump truck), so rules alike in these share it."""
    unit = point_unit(table)
    top = max(
        table.best_choice(m)[1]
        for n in range(1, dice + 1)
        for m in _dice.multisets(n)
        if table.best_choice(m)
    )
    turn_points = np.arange(target // unit + 1)[:, None] * unit
    room = np.arange(top // unit + 1)[None, :] * unit
    gain = np.zeros((dice + 1, len(turn_points), room.shape[1]))
    for n in range(1, dice + 1):
        total = np.zeros(gain.shape[1:])
        for throw, p in _dice.outcomes(n).items():
            best = table.best_choice(throw)
            loss = total - float(p) * turn_points
            total = (
                loss if best is None else np.where(best[1] > room, loss, total + float(p) * best[1])
            )
        gain[n] = total
    return gain, unit


def optimal_bot():
    """The optimal bot; its module (numpy, exact policies) is imported on first use."""
    from dicelab.thousand.policy import OptimalBot

    return OptimalBot()


BOTS: dict[str, Callable[[], Bot]] = {
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
