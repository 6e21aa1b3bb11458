"""Which judgement a pair of strategies gets, remembered: :mod:`dicelab.strategy.exact`'s, or
under a penalty for farkles in a row :mod:`dicelab.strategy.penalty`'s.

>>> from dicelab.strategy.build import threshold
>>> careful = threshold({"target": 300}, bank_at=100)
>>> bold = threshold({"target": 300}, bank_at=200)
>>> print(win_chance(bold, careful))
0.5068 (throwing first 0.5488, second 0.4649)

Either side may be the win robot itself, named ``"win"`` (as the house robots are named):
its own decisions and the dice it picks in every state
(:mod:`dicelab.strategy.robot_match`).

>>> print(win_chance(bold, "win"))
0.3678 (throwing first 0.4341, second 0.3014)
"""

from __future__ import annotations

from dicelab.errors import InvalidInputError
from dicelab.memo import once_per_key
from dicelab.strategy.exact import HeadToHead, _game, _Match, _rules_of
from dicelab.strategy.penalty import PenaltyMatch
from dicelab.strategy.robot_match import against_win_robot
from dicelab.strategy.table import Strategy

JUDGED = 4096  # the judgements remembered (a class's round robin is about 600 pairs)
WIN_ROBOT = "win"  # what names the win robot as a side


@once_per_key(maxsize=JUDGED)
def _judged(keys: tuple) -> HeadToHead:
    strategies = tuple(key.strategy for key in keys)
    game = _game(strategies[0].rules)
    if game.rules.penalty:
        return PenaltyMatch(strategies, game).result
    return _Match(strategies, game).result


def win_chance(a: Strategy | str, b: Strategy | str, rules=None) -> HeadToHead:
    """The exact chance that strategy ``a`` beats strategy ``b`` in a two-player game
    (a shared win counts half), throwing first and second (remembered once judged).
    Either may be ``"win"``, the win robot itself (without a farkle penalty or compulsory
    hot dice). Simulated games to compare with it count a shared win half, as
    :func:`dicelab.simulate.head_to_head` does (``GameResults.win_rate`` counts it for each
    winner, and shared wins are common under Zillions rules with a last turn)."""
    robots = [side == WIN_ROBOT for side in (a, b) if isinstance(side, str)]
    if robots and not all(robots):
        raise InvalidInputError(f'a side is a strategy or "{WIN_ROBOT}" (the win robot)')
    if isinstance(a, str) and isinstance(b, str):
        raise InvalidInputError(
            "the win robot against itself is fivethousand.win_policy(rules).first_player_wins"
        )
    if isinstance(a, str):
        theirs = _against_robot(b, rules)
        return HeadToHead(1 - theirs.second, 1 - theirs.first)
    if isinstance(b, str):
        return _against_robot(a, rules)
    _rules_of((a, b), rules)
    return _judged((_Key(a), _Key(b)))


def _against_robot(strategy, rules) -> HeadToHead:
    _rules_of((strategy,), rules)
    return _robot_judged(_Key(strategy))


@once_per_key(maxsize=JUDGED)
def _robot_judged(key: _Key) -> HeadToHead:
    return against_win_robot(key.strategy)


class _Key:
    """A strategy as a key of the memo of judgements: equal tables judge alike."""

    def __init__(self, strategy: Strategy):
        self.strategy = strategy
        self._hash = hash(strategy.to_json())

    def __eq__(self, other) -> bool:
        return isinstance(other, _Key) and self.strategy == other.strategy

    def __hash__(self) -> int:
        return self._hash
