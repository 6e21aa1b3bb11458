"""Yahtzee (five dice, 13 boxes) and its presets: scratch, hasbro, free_joker, no_bonus, yatzy."""

from dicelab.lazy import lazy_names
from dicelab.yahtzee.engine import ACTIONS, Card, Engine, Hold, Release, Roll, Score, State
from dicelab.yahtzee.game import Game
from dicelab.yahtzee.rules import BOX_TITLES, COLOURS, PRESETS, Rules
from dicelab.yahtzee.scoring import score
from dicelab.yahtzee.strategy import BOTS

__all__ = ["ACTIONS", "BOTS", "BOX_TITLES", "COLOURS", "PRESETS", "Card", "Engine", "Game",
           "Hold", "Option", "Release", "Roll", "Rules", "Score", "Solution", "State", "score",
           "solve"]
# The solver needs numpy: its names are imported on first use.
__getattr__ = lazy_names(__name__, {"Option": "solver", "Solution": "solver", "solve": "solver"})
