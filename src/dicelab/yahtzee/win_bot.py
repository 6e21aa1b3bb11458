"""The Yahtzee bot that plays to win: among its options it takes the one with the best
estimated chance to win the game, against the players at the table.

This is Pawlewicz's "nearly optimal" multi-player heuristic: the optimal solitaire solution
gives, for each option, the mean and the standard deviation of the final score it leads to,
and for every other player those of their final score from their card; the chance to win
with each option is estimated as in :mod:`dicelab.yahtzee.winning` (normal final scores).
Ahead, it takes the safer of two near-equal options; behind late in the game, it will give up
expected points for the spread that may catch up. Alone at the table it plays the optimal
solitaire game. Ties in chance go to the higher expected score. A ``margin`` limits the
options weighed to those whose expected score is within that many points of the best.
The batch simulator plays it with exactly these decisions (:mod:`dicelab.simulate.yahtzee_win`).
"""

from __future__ import annotations

import math

from dicelab.yahtzee.engine import State
from dicelab.yahtzee.optimal import OptimalBot


class YahtzeeWinBot(OptimalBot):
    """Maximises its estimated chance to win the game (see the module)."""

    level = "win"

    def __init__(self, margin: float = math.inf):
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not margin >= 0:
            raise ValueError(f"the margin is a number of points, 0 or more, not {margin!r}")
        super().__init__()
        self.margin = margin

    def pick(self, engine, state: State):
        import numpy as np

        from dicelab.yahtzee.solver import solve
        from dicelab.yahtzee.winning import Rivals, choose

        solution = solve(engine.rules)
        options = solution.options(state)
        rivals = Rivals.at_table(
            [
                solution.outlook(state, player)
                for player in range(len(state.cards))
                if player != state.player
            ]
        )
        values, stds = np.array([[o.value for o in options]]), np.array([[o.std for o in options]])
        return options[int(choose(rivals, values, stds, self.margin)[0])]
