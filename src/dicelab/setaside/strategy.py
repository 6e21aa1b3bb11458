"""Push-your-luck heuristics shared by the Fivethousand and Thousand bots."""

from __future__ import annotations

import abc

from dicelab.setaside.engine import Bank, SetAside, State, Throw
from dicelab.setaside.odds import throw_summary


def one_more_throw_gain(engine, state: State, at_risk: int) -> float:
    """Expected change of the turn's points from one more throw that risks ``at_risk``."""
    summary = throw_summary(engine.table, state.dice_left)
    return float(summary.mean_best_points - summary.bust * at_risk)


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
