"""Clickable games for notebooks: each game is one AnyWidget, drawn from shared components;
beside them the rule lab and the strategy widgets (a builder, a card, a leaderboard).

>>> from dicelab.widgets import YahtzeeGame
>>> YahtzeeGame(players=["Ann"], seed=1).game.current_player.name
'Ann'
"""

from __future__ import annotations

from dicelab.lazy import lazy_names

__all__ = [
    "FivethousandGame",
    "Leaderboard",
    "RuleLab",
    "StrategyBuilder",
    "StrategyCard",
    "ThousandGame",
    "YahtzeeGame",
    "saved_games",
]
# Each game's widget is imported on first use, so one game never slows another down.
__getattr__ = lazy_names(
    __name__,
    {
        "FivethousandGame": "fivethousand",
        "ThousandGame": "thousand",
        "YahtzeeGame": "yahtzee",
        "RuleLab": "rule_lab",
        "saved_games": "saving",
        "StrategyBuilder": "strategy_builder",
        "StrategyCard": "strategy_card",
        "Leaderboard": "leaderboard",
    },
)
