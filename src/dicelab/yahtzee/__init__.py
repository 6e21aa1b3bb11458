"""Yahtzee (five dice, 13 boxes) and its presets: scratch, hasbro, free_joker, no_bonus, yatzy."""

from dicelab.lazy import lazy_names
from dicelab.yahtzee.engine import ACTIONS, Card, Engine, Hold, Release, Roll, Score, State
from dicelab.yahtzee.game import Game
from dicelab.yahtzee.rules import BOX_TITLES, COLOURS, PRESETS, Rules
from dicelab.yahtzee.scoring import score
from dicelab.yahtzee.strategy import BOTS, LEVELS

__all__ = [
    "ACTIONS",
    "BOTS",
    "BOX_TITLES",
    "COLOURS",
    "LEVELS",
    "PRESETS",
    "Card",
    "Engine",
    "Game",
    "Hold",
    "Option",
    "Outlook",
    "Release",
    "Roll",
    "Rules",
    "Score",
    "Solution",
    "State",
    "chance_to_win",
    "score",
    "solve",
]
# The solver needs numpy: its names are imported on first use.
__getattr__ = lazy_names(
    __name__,
    {
        "Option": "solver",
        "Outlook": "solver",
        "Solution": "solver",
        "solve": "solver",
        "chance_to_win": "winning",
    },
)
