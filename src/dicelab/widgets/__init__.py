"""Clickable games for notebooks: each game is one AnyWidget, drawn from shared components.

>>> from dicelab.widgets import YahtzeeGame
>>> YahtzeeGame(players=["Ann"], seed=1).game.current_player.name
'Ann'
"""

from __future__ import annotations

from dicelab.lazy import lazy_names

__all__ = ["FivethousandGame", "RuleLab", "ThousandGame", "YahtzeeGame", "saved_games"]
# Each game's widget is imported on first use, so one game never slows another down.
__getattr__ = lazy_names(
    __name__,
    {
        "FivethousandGame": "fivethousand",
        "ThousandGame": "thousand",
        "YahtzeeGame": "yahtzee",
        "RuleLab": "rule_lab",
        "saved_games": "saving",
    },
)
