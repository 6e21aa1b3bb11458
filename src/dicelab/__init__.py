"""dicelab: Fivethousand, Thousand and Yahtzee in Jupyter notebooks.

Exact rules engines, bots from easy to optimal, exact odds and clickable widgets.

>>> from dicelab import fivethousand, yahtzee
>>> yahtzee.score("full_house", [3, 3, 3, 3, 3])
25
"""

from __future__ import annotations

import importlib

from dicelab.errors import CorruptGameError, IllegalMoveError
from dicelab.players import Player

__version__ = "0.1.0"
_LAZY = ("coach", "dice", "fivethousand", "odds", "plots", "simulate", "thousand", "widgets", "yahtzee")
__all__ = ["CorruptGameError", "IllegalMoveError", "Player", "__version__", *_LAZY]


def __getattr__(name: str):
    """Import a submodule on first use, so ``import dicelab`` stays fast."""
    if name in _LAZY:
        return importlib.import_module(f"dicelab.{name}")
    raise AttributeError(f"module 'dicelab' has no attribute {name!r}")
