"""A strategy playing: :class:`StrategyBot` in a game (and on the engine path), its batch
form :class:`StrategyBatchBot` on the batch simulator; both read the same table
(:meth:`~dicelab.strategy.table.Strategy.banks`) and the same set-aside rule.

>>> from dicelab import simulate
>>> from dicelab.strategy.build import threshold
>>> bot = StrategyBot(threshold("traditional", bank_at=300))
>>> results = simulate.games(rules="traditional", players=[bot, "simple"], n=200, seed=1, progress=False)
>>> results.players
('bank at 300', 'simple')
"""

from __future__ import annotations

import numpy

from dicelab.errors import InvalidInputError
from dicelab.setaside.strategy import SetAsideBot
from dicelab.simulate.batch_turns import SetAsideBatchBot
from dicelab.strategy import keeping
from dicelab.strategy.table import Strategy


class StrategyBot(SetAsideBot):
    """A robot that plays ``strategy`` (two players: with more, the best other score is
    the opponent's)."""

    level = "strategy"

    def __init__(self, strategy: Strategy):
        if not isinstance(strategy, Strategy):
            raise TypeError(f"a StrategyBot plays a Strategy, not {type(strategy).__name__}")
        self.strategy = strategy

    def __repr__(self) -> str:
        return self.strategy.name

    def check_rules(self, rules) -> None:
        if rules != self.strategy.rules:
            raise InvalidInputError(
                f"{self.strategy.name} was made for other rules than this game's: make it again for them"
            )

    def keep(self, engine, state):
        self.check_rules(engine.rules)
        return keeping.part(engine, state, self.strategy.set_aside)

    def wants_to_bank(self, engine, state) -> bool:
        self.check_rules(engine.rules)
        safe = state.round_start if engine.rules.bust_keeps_completed_rounds else 0
        best_other = max((s for i, s in enumerate(state.scores) if i != state.player), default=0)
        return bool(
            self.strategy.banks(
                state.scores[state.player] + safe,
                best_other,
                state.turn_points - safe,
                state.dice_left,
                engine.in_final_turn(state),
            )
        )


class StrategyBatchBot(SetAsideBatchBot):
    """:class:`StrategyBot` for many turns at once."""

    level = "strategy"

    def __init__(self, rules, bot: StrategyBot):
        bot.check_rules(rules)
        self.strategy = bot.strategy
        self._zillions = rules.bust_keeps_completed_rounds
        self._keep = keeping.keep_table(rules, self.strategy.set_aside)

    def keep_table(self, throws):
        return self._keep

    def bank(self, turns):
        safe = turns.round_start if self._zillions else numpy.zeros_like(turns.turn_points)
        return self.strategy.banks(
            turns.banked + safe,
            turns.best_other,
            turns.turn_points - safe,
            turns.dice_left,
            turns.final,
        )
