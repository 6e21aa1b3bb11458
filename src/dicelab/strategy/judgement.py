"""Which judgement a pair of strategies gets, remembered: :mod:`dicelab.strategy.exact`'s, or
under a penalty for farkles in a row :mod:`dicelab.strategy.penalty`'s.

>>> from dicelab.strategy.build import threshold
>>> careful = threshold({"target": 300}, bank_at=100)
>>> bold = threshold({"target": 300}, bank_at=200)
>>> print(win_chance(bold, careful))
0.5068 (throwing first 0.5488, second 0.4649)
"""

from __future__ import annotations

from dicelab.memo import once_per_key
from dicelab.strategy.exact import HeadToHead, _game, _Match, _rules_of
from dicelab.strategy.penalty import PenaltyMatch
from dicelab.strategy.table import Strategy

JUDGED = 4096  # the judgements remembered (a class's round robin is about 600 pairs)


@once_per_key(maxsize=JUDGED)
def _judged(keys: tuple) -> HeadToHead:
    strategies = tuple(key.strategy for key in keys)
    game = _game(strategies[0].rules)
    if game.rules.penalty:
        return PenaltyMatch(strategies, game).result
    return _Match(strategies, game).result


def win_chance(a: Strategy, b: Strategy, rules=None) -> HeadToHead:
    """The exact chance that strategy ``a`` beats strategy ``b`` in a two-player game
    (a shared win counts half), throwing first and second (remembered once judged)."""
    _rules_of((a, b), rules)
    return _judged((_Key(a), _Key(b)))


class _Key:
    """A strategy as a key of the memo of judgements: equal tables judge alike."""

    def __init__(self, strategy: Strategy):
        self.strategy = strategy
        self._hash = hash(strategy.to_json())

    def __eq__(self, other) -> bool:
        return isinstance(other, _Key) and self.strategy == other.strategy

    def __hash__(self) -> int:
        return self._hash
