"""Yahtzee (five dice, 13 boxes) and its presets: scratch, hasbro, free_joker, no_bonus, yatzy."""

from dicelab.yahtzee.engine import ACTIONS, Card, Engine, Hold, Release, Roll, Score, State
from dicelab.yahtzee.game import Game
from dicelab.yahtzee.rules import BOX_TITLES, COLOURS, PRESETS, Rules
from dicelab.yahtzee.scoring import score
from dicelab.yahtzee.strategy import BOTS

__all__ = ["ACTIONS", "BOTS", "BOX_TITLES", "COLOURS", "PRESETS", "Card", "Engine", "Game",
           "Hold", "Option", "Release", "Roll", "Rules", "Score", "Solution", "State", "score",
           "solve"]

_SOLVER = {"Option", "Solution", "solve"}


def __getattr__(name: str):
    """The solver's names, imported on first use (it needs numpy)."""
    if name in _SOLVER:
        from dicelab.yahtzee import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'dicelab.yahtzee' has no attribute {name!r}")
