"""Clickable games for Jupyter: one controller per game, built from shared components.

>>> from dicelab.widgets import YahtzeeGame
>>> YahtzeeGame(players=["Ann"], seed=1).game.current_player.name
'Ann'
"""

from __future__ import annotations

import importlib

__all__ = ["FivethousandGame", "ThousandGame", "YahtzeeGame"]

_MODULES = {"FivethousandGame": "fivethousand", "ThousandGame": "thousand", "YahtzeeGame": "yahtzee"}


def __getattr__(name: str):
    """Import a game's widget on first use, so one missing or slow game never blocks another."""
    if name in _MODULES:
        return getattr(importlib.import_module(f"dicelab.widgets.{_MODULES[name]}"), name)
    raise AttributeError(f"module 'dicelab.widgets' has no attribute {name!r}")
