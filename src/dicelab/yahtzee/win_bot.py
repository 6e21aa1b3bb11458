"""The Yahtzee bot that plays to win: among its options it takes the one with the best
estimated chance to win the game, against the players at the table.

This is Pawlewicz's "nearly optimal" multi-player heuristic: the optimal solitaire solution
gives, for each option, the mean and the standard deviation of the final score it leads to,
and for every other player those of their final score from their card; the chance to win
with each option is estimated as in :mod:`dicelab.yahtzee.winning` (normal final scores).
Ahead, it takes the safer of two near-equal options; behind late in the game, it will give up
expected points for the spread that may catch up. Alone at the table it plays the optimal
solitaire game. Ties in chance go to the higher expected score.
"""

from __future__ import annotations

from dicelab.yahtzee.engine import State
from dicelab.yahtzee.optimal import OptimalBot

SAME_CHANCE = 1e-9  # chances closer than this are equal: the expected score decides


class WinBot(OptimalBot):
    """Maximises its estimated chance to win the game (see the module)."""

    level = "win"

    def pick(self, engine, state: State):
        from dicelab.yahtzee.solver import solve
        from dicelab.yahtzee.winning import option_chances

        chances = option_chances(solve(engine.rules), state)
        best = max(chance for _, chance in chances)
        return next(option for option, chance in chances if chance >= best - SAME_CHANCE)
