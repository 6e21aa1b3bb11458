"""Exact odds for lessons, read from the rules engines so that a changed rule changes them.

Set-aside games (Fivethousand, Thousand): :func:`bust_probability`, :func:`throw_odds`
(the points a throw adds and the dice left after it) and :func:`bust_table`. Yahtzee:
:func:`box_odds`, :func:`situation_odds` and :func:`state_odds`, the chance of filling
each box within the rolls left and the distribution of its score. Each result has a
``table()`` (text, HTML in a notebook, ``to_dataframe()`` with pandas).

>>> from dicelab import odds
>>> odds.bust_probability("fivethousand", 6)
Fraction(5, 162)
>>> odds.bust_probability("fivethousand", 6, rules="farkle")
Fraction(5, 216)
"""

from dicelab.odds.boxes import BoxOdds, SituationOdds, box_odds, situation_odds, state_odds
from dicelab.odds.games import GAMES, resolve
from dicelab.odds.table import OddsTable
from dicelab.odds.throws import (
    ThrowOdds,
    bust_probability,
    bust_table,
    reach_chance,
    throw_odds,
)

__all__ = [
    "GAMES",
    "BoxOdds",
    "SituationOdds",
    "OddsTable",
    "ThrowOdds",
    "box_odds",
    "bust_probability",
    "bust_table",
    "reach_chance",
    "resolve",
    "situation_odds",
    "state_odds",
    "throw_odds",
]
