"""Push-your-luck heuristics shared by the Fivethousand and Thousand bots."""

from __future__ import annotations

import abc
import math
import sys
from fractions import Fraction

from dicelab.setaside.engine import Bank, SetAside, State, Throw
from dicelab.setaside.odds import throw_summary


def banks_at_threshold(turn_points, dice_left, threshold: int, not_hot: int = 0):
    """Whether a threshold bot banks: once the turn is worth ``threshold``, and (with
    ``not_hot``, the number of dice of hot dice) not with every die to throw again. For
    single turns or numpy arrays of them alike: the one-game and the batch bots both ask it.

    >>> banks_at_threshold(300, 6, 300, not_hot=6), banks_at_threshold(300, 2, 300, not_hot=6)
    (False, True)
    """
    wants = turn_points >= threshold
    return wants & (dice_left < not_hot) if not_hot else wants


def no_gain_from(table, dice: int) -> tuple:
    """By dice left to throw (0 to ``dice``), the fewest points at risk from which one more
    throw gains nothing on average: ``mean points - farkle chance * at risk <= 0``, in
    exact fractions (huge when a throw can't farkle and gains; 0 for no dice).

    >>> from dicelab.fivethousand import Rules
    >>> no_gain_from(Rules().combinations(), 6)[1:]
    (38, 113, 313, 898, 2793, 10008)
    """
    froms = [0]
    for n in range(1, dice + 1):
        summary = throw_summary(table, n)
        if summary.bust == 0:
            froms.append(0 if summary.mean_best_points <= 0 else sys.maxsize)
        else:
            froms.append(math.ceil(Fraction(summary.mean_best_points) / summary.bust))
    return tuple(froms)


def keep_most(engine, state: State) -> SetAside:
    """Set aside the dice worth most (ties: more dice)."""
    return SetAside(engine.table.best_choice(state.throw)[0])


def keep_fewest_for_points(engine, state: State) -> SetAside:
    """Set aside the highest-scoring single combination, keeping as many dice as possible
    to throw again, unless every die scores (then take them all for hot dice)."""
    choices = engine.table.scoring_choices(state.throw)
    best_dice, best_points = engine.table.best_choice(state.throw)
    if len(best_dice) == len(state.throw):
        return SetAside(best_dice)
    value = {part: points + 60 * (len(state.throw) - len(part)) for part, points in choices.items()}
    return SetAside(max(value, key=lambda part: (value[part], -len(part))))


def win_bot(game: str):
    """The bot of ``game`` ("fivethousand" or "thousand") that plays to win (two players;
    with more it plays like the game's optimal bot). Its modules (numpy, the exact
    policies) are imported on first use."""
    from dicelab.registry import GAMES
    from dicelab.setaside.win import SetAsideWinBot

    spec = GAMES[game]
    return SetAsideWinBot(spec.win_policy, spec.bots["optimal"]())


class SetAsideBot(abc.ABC):
    """A bot of a set-aside game: it throws when it must, sets aside what :meth:`keep`
    says, and banks when :meth:`wants_to_bank` and the rules allow it."""

    def choose(self, engine, state: State, rng):
        if state.phase == "choose":
            return self.keep(engine, state)
        if (
            state.phase == "decide"
            and self.wants_to_bank(engine, state)
            and engine.bank_refusal(state) is None
        ):
            return Bank()
        return Throw()

    def keep(self, engine, state: State) -> SetAside:
        """The dice to set aside from the throw (by default the ones worth most)."""
        return keep_most(engine, state)

    @abc.abstractmethod
    def wants_to_bank(self, engine, state: State) -> bool:
        """Whether to bank now rather than throw on (asked when banking may be allowed)."""
