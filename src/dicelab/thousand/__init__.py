"""Thousand: five dice, scoring dice set aside by themselves, casks, reach exactly 1000.

>>> score([2, 3, 4, 5, 6])
250
"""

from dicelab.thousand.engine import Bank, Engine, SetAside, State, Throw
from dicelab.thousand.game import Game
from dicelab.thousand.rules import PRESETS, Rules
from dicelab.thousand.strategy import BOTS

_POLICIES = ("solitaire_policy",)  # in dicelab.thousand.policy, imported on first use (numpy)


def __getattr__(name: str):
    """The optimal policies, imported on first use so this module stays fast to import."""
    if name in _POLICIES:
        from dicelab.thousand import policy

        return getattr(policy, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def score(dice, rules=None) -> int | None:
    """Points for these dice from one throw when all of them score; None otherwise."""
    return Rules.coerce(rules).combinations().score(tuple(sorted(dice)))


__all__ = ["BOTS", "Bank", "Engine", "Game", "PRESETS", "Rules", "SetAside", "State", "Throw", "score", *_POLICIES]
