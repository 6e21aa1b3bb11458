"""Thousand: five dice, scoring dice set aside by themselves, casks, reach exactly 1000.

>>> score([2, 3, 4, 5, 6])
250
"""

from dicelab.lazy import lazy_names
from dicelab.setaside.combinations import best_throw_score, score_throw
from dicelab.thousand.engine import Bank, Engine, SetAside, State, Throw
from dicelab.thousand.game import Game
from dicelab.thousand.rules import PRESETS, Rules
from dicelab.thousand.strategy import BOTS, LEVELS

_POLICIES = ("solitaire_policy",)
# The optimal policies need numpy: they are imported on first use.
__getattr__ = lazy_names(__name__, {**{name: "policy" for name in _POLICIES}, "win_policy": "win"})


def score(dice, rules=None) -> int | None:
    """Points for these dice from one throw when all of them score; None otherwise."""
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
