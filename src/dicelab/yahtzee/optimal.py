"""The optimal Yahtzee bot: plays the move with the highest expected final score.

It plays its own card as in a solitaire game (also when other players are at the table),
from :func:`dicelab.yahtzee.solve` of the game's rules, solved on its first move (a few
seconds, then cached). Like the other bots it returns one action at a time: the holds and
releases that make up its choice of dice, then the roll, or the box to score.
"""

from __future__ import annotations

from dicelab.yahtzee.engine import Roll, Score, State
from dicelab.yahtzee.holding import step_towards


class OptimalBot:
    """Maximises the expected final score of its own card (solitaire-optimal play)."""

    level = "optimal"

    def __init__(self):
        # (situation, option): one choice serves a whole hold sequence
        self._decision: tuple = (None, None)

    def prepare(self, engine, players: int | None = None) -> None:
        """Solve the game's rules now (seconds the first time, then cached on disk), for any
        table."""
        from dicelab.yahtzee.solver import solve

        solve(engine.rules, progress=False)

    def choose(self, engine, state: State, rng):
        if not state.rolls_used:
            return Roll()
        option = self._best(engine, state)
        if option.kind == "box":
            return Score(option.box)
        return step_towards(state, option.keep) or Roll()

    def _best(self, engine, state: State):
        situation = (
            engine.rules,
            state.cards,
            state.player,
            tuple(sorted(state.dice)),
            state.rolls_used,
        )
        if self._decision[0] != situation:
            self._decision = (situation, self.pick(engine, state))
        return self._decision[1]

    def pick(self, engine, state: State):
        """The option to play after a roll (a :class:`dicelab.yahtzee.Option`)."""
        from dicelab.yahtzee.solver import solve  # numpy and the solve only when a bot plays

        return solve(engine.rules).best(state)
