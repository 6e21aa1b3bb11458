"""Strategies for Fivethousand that students design: data, not code.

A strategy is a decision table (:mod:`~dicelab.strategy.table`): bank or throw in every
state a player sees, and a named rule for the dice to set aside
(:mod:`~dicelab.strategy.keeping`). Make one with the builder :func:`threshold` or from a
function with :func:`from_function` (:mod:`~dicelab.strategy.build`); save it with
``to_json`` and read it back with :meth:`Strategy.from_json`. Judge it exactly
(:mod:`~dicelab.strategy.exact`): :func:`win_chance` against another strategy,
:func:`points_per_turn`, against the win robot itself with ``win_chance(s, "win")``
(:mod:`~dicelab.strategy.robot_match`), and beside it with :func:`compare_with_win_robot`
(:func:`win_robot_table` is the robot's own bank-or-throw decisions as a strategy, to judge
against exactly); play it with :class:`StrategyBot`, or in a :func:`dicelab.tournament`;
enter it in a class tournament with :func:`submit`.

>>> from dicelab import strategy
>>> careful = strategy.threshold({"target": 300}, bank_at=100)
>>> bold = strategy.threshold({"target": 300}, bank_at=200)
>>> print(strategy.win_chance(bold, careful))
0.5068 (throwing first 0.5488, second 0.4649)
>>> print(strategy.win_chance(bold, "win"))
0.3678 (throwing first 0.4341, second 0.3014)
"""

from dicelab.strategy.against_win import Comparison, compare_with_win_robot, win_robot_table
from dicelab.strategy.build import StrategyRefused, from_function, threshold
from dicelab.strategy.exact import HeadToHead, points_per_turn
from dicelab.strategy.judgement import win_chance
from dicelab.strategy.keeping import SET_ASIDE
from dicelab.strategy.robot import StrategyBot
from dicelab.strategy.submit import SubmitRefused, submit
from dicelab.strategy.table import DecisionState, Grid, Strategy

__all__ = [
    "SET_ASIDE",
    "Comparison",
    "DecisionState",
    "Grid",
    "HeadToHead",
    "Strategy",
    "StrategyBot",
    "StrategyRefused",
    "SubmitRefused",
    "compare_with_win_robot",
    "from_function",
    "points_per_turn",
    "submit",
    "threshold",
    "win_chance",
    "win_robot_table",
]
