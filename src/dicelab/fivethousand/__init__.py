"""Fivethousand: six dice, set aside scoring dice, pass before you farkle; at 5000 the others get one last turn.

Presets: zillions (the default, the source rules), traditional, farkle, greed, playmonster,
facebook, zilch, busche_neller.

>>> score([1, 5, 5])
200
"""

from dicelab.fivethousand.engine import Bank, Engine, SetAside, State, Throw
from dicelab.fivethousand.game import Game
from dicelab.fivethousand.rules import PRESETS, Rules
from dicelab.fivethousand.strategy import BOTS, LEVELS
from dicelab.lazy import lazy_names
from dicelab.setaside.combinations import best_throw_score, score_throw

_POLICIES = ("turn_policy", "final_turn_policy", "points_per_turn")
# The optimal policies need numpy: they are imported on first use.
__getattr__ = lazy_names(__name__, {**{name: "policy" for name in _POLICIES}, "win_policy": "win"})


def score(dice, rules=None) -> int | None:
    """Points for setting these dice aside from one throw; None when a die would not score."""
    return score_throw(Rules.coerce(rules), dice)


def best_score(dice, rules=None) -> int:
    """The most points these dice from one throw can score, the dice that score nothing
    left out (0 when none scores): the scoring katas' count. :func:`score` is strict."""
    return best_throw_score(Rules.coerce(rules), dice)


__all__ = [
    "BOTS",
    "LEVELS",
    "Bank",
    "Engine",
    "Game",
    "PRESETS",
    "Rules",
    "SetAside",
    "State",
    "Throw",
    "best_score",
    "score",
    "win_policy",
    *_POLICIES,
]
