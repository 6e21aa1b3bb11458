"""dicelab: Fivethousand, Thousand and Yahtzee in Jupyter notebooks.

Exact rules engines, bots from easy to optimal, exact odds and clickable widgets.

>>> from dicelab import fivethousand, yahtzee
>>> yahtzee.score("full_house", [3, 3, 3, 3, 3])
25
"""

from __future__ import annotations

from dicelab.errors import CorruptGameError, IllegalMoveError
from dicelab.lazy import lazy_names
from dicelab.players import Player

__version__ = "0.1.0"
_SUBMODULES = (
    "coach",
    "dice",
    "fivethousand",
    "odds",
    "plots",
    "simulate",
    "strategy",
    "thousand",
    "widgets",
    "yahtzee",
)
__all__ = [
    "CorruptGameError",
    "IllegalMoveError",
    "Player",
    "__version__",
    "tournament",
    *_SUBMODULES,
]
__getattr__ = lazy_names(
    __name__, {**{name: name for name in _SUBMODULES}, "tournament": "round_robin"}
)
