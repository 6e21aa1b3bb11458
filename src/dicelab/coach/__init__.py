"""Advice for a human player: the best options with their values, the odds behind them, and
what each decision cost against the best one.

A coach reads a game's optimal policy: for Yahtzee the solitaire solution (values are the
player's expected final score), for Fivethousand the turn policy (expected points of the
turn) and in a last turn the final-turn policy (the chance to win), for Thousand the
solitaire policy (expected turns to reach the target, lower is better). Those leave the
other players out. A set-aside coach made with ``rating="win"`` rates a two-player game by the
exact chance to win it instead (the game's win policy).

A decision is what a player commits to in one go: in Yahtzee the dice held when pressing
Roll, or the box scored; in the set-aside games the dice set aside and whether to throw on
or bank. Its cost is how much worse its value is than the best option's, in the measure's
unit; the best move costs 0. A :class:`Ledger` collects the decisions of a game.

>>> from dicelab import fivethousand
>>> from dicelab.fivethousand import SetAside, Bank
>>> coach = FivethousandCoach(fivethousand.Rules())
>>> engine = fivethousand.Engine(coach.rules)
>>> state = engine.apply_chance(engine.apply(engine.initial_state(1), fivethousand.Throw()),
...                             (1, 2, 3, 4, 6, 6))
>>> coach.advise(state).choices[0].label
'set aside 1 and throw 5 dice'
>>> decision = coach.rate(state, [SetAside((1,)), Bank()], "Ann")
>>> decision.taken.label, decision.cost > 0
('set aside 1 and pass (100 points)', True)
"""

from dicelab.coach.base import Coach
from dicelab.coach.ledger import (
    FINAL_SCORE,
    GAME_WIN_CHANCE,
    TOP,
    TURN_POINTS,
    TURNS_TO_FINISH,
    WIN_CHANCE,
    Advice,
    Choice,
    Decision,
    Ledger,
    Measure,
    Summary,
    chance,
)
from dicelab.coach.setaside import FivethousandCoach, SetAsideCoach, ThousandCoach
from dicelab.coach.yahtzee import YahtzeeCoach

__all__ = [
    "FINAL_SCORE",
    "GAME_WIN_CHANCE",
    "TOP",
    "TURN_POINTS",
    "TURNS_TO_FINISH",
    "WIN_CHANCE",
    "Advice",
    "Choice",
    "Coach",
    "Decision",
    "FivethousandCoach",
    "Ledger",
    "Measure",
    "SetAsideCoach",
    "Summary",
    "ThousandCoach",
    "YahtzeeCoach",
    "chance",
]
