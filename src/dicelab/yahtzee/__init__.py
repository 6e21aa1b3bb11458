"""Yahtzee (five dice, 13 boxes) and its presets: scratch, hasbro, free_joker, no_bonus, yatzy."""

from dicelab.yahtzee.engine import ACTIONS, Card, Engine, Hold, Release, Roll, Score, State
from dicelab.yahtzee.game import Game
from dicelab.yahtzee.rules import BOX_TITLES, COLOURS, PRESETS, Rules
from dicelab.yahtzee.scoring import score
from dicelab.yahtzee.strategy import BOTS

__all__ = ["ACTIONS", "BOTS", "BOX_TITLES", "COLOURS", "PRESETS", "Card", "Engine", "Game",
           "Hold", "Release", "Roll", "Rules", "Score", "State", "score"]
