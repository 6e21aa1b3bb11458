"""Scoring of the set-aside games (Fivethousand and Thousand): combination tables.

In both games the dice set aside from one throw score as the best split of them into
combinations, and a set with a die that no combination uses does not score. A game's
combinations are a :class:`CombinationTable`.

>>> table = CombinationTable.from_rows([((1,), 100), ((5,), 50), ((1, 1, 1), 1000)])
>>> table.score((1, 1, 1, 1, 5))
1150
>>> table.score((1, 2)) is None
True

What the set-aside machinery reads of a game's ``Rules`` is :class:`SetAsideRules`:

>>> from dicelab import fivethousand, thousand
>>> isinstance(fivethousand.Rules(), SetAsideRules), isinstance(thousand.Rules(), SetAsideRules)
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, NoReturn, Protocol, runtime_checkable

from dicelab import dice as _dice
from dicelab import validation
from dicelab.dice import Dice

_NO_SPLIT = -1


@dataclass(frozen=True)
class CombinationTable:
    """Combinations of faces (as face tallies) and the points each is worth."""

    combinations: tuple[tuple[tuple[int, ...], int], ...]

    def __hash__(self) -> int:
        # Tables key many caches; hash the combinations once, not at every look-up.
        try:
            known: int = self.__dict__["_hash"]
            return known
        except KeyError:
            self.__dict__["_hash"] = value = hash(self.combinations)
            return value

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[Iterable[int], int]]) -> CombinationTable:
        """A table from ``(faces, points)`` rows, e.g. ``((1, 1, 1), 1000)``."""
        return cls(tuple((_dice.counts(faces), int(points)) for faces, points in rows))

    def score(self, dice: Iterable[int]) -> int | None:
        """Points of setting ``dice`` aside from one throw; None when some die can't score."""
        if not dice:
            return None
        best = _best_split(self, _dice.counts(dice))
        return None if best == _NO_SPLIT else best

    def scoring_choices(self, throw: Iterable[object]) -> dict[Dice, int]:
        """Every non-empty part of ``throw`` that scores, with its points.

        >>> table = CombinationTable.from_rows([((1,), 100), ((5,), 50)])
        >>> table.scoring_choices((1, 3, 5))
        {(5,): 50, (1,): 100, (1, 5): 150}
        """
        return _scoring_choices(self, _dice.as_dice(throw))

    def best_choice(self, throw: Iterable[object]) -> tuple[Dice, int] | None:
        """The scoring part of ``throw`` worth most (ties: more dice); None if nothing scores.

        >>> table = CombinationTable.from_rows([((1,), 10), ((5,), 5)])
        >>> table.best_choice((1, 2, 5, 5, 6))
        ((1, 5, 5), 20)
        """
        return _best_choice(self, _dice.as_dice(throw))


@runtime_checkable
class SetAsideRules(Protocol):
    """The settings of a set-aside game that the engine, house rules and scoring read."""

    @property
    def dice(self) -> int: ...

    @property
    def target(self) -> int: ...

    @property
    def penalty(self) -> int: ...

    @property
    def penalty_after(self) -> int: ...

    @property
    def score_floor(self) -> int: ...

    @property
    def first_player(self) -> str: ...

    @property
    def choose_keep(self) -> bool: ...

    @property
    def exact_finish(self) -> bool: ...

    @property
    def opening(self) -> int: ...

    def combinations(self) -> CombinationTable: ...

    # the turn's transitions (dicelab.setaside.turn.TurnRules), over numbers or arrays
    def next_throw(
        self, turn_points: Any, round_start: Any, dice_left: Any
    ) -> tuple[Any, Any, Any]: ...

    def kept_on_bust(self, round_start: Any, on_board: Any = True) -> Any: ...

    def finish(self, banked: Any, turn_points: Any) -> tuple[Any, Any]: ...

    def landed(self, score: Any) -> Any: ...

    def boarded(self, on_board: Any, gained: Any) -> Any: ...

    def turn_needs(self, banked: Any, on_board: Any = True) -> Any: ...

    def allows_bank(self, turn_points: Any, needs: Any, hot: Any) -> Any: ...

    def last_turns(self, owed: Any, score: Any, seats: int) -> Any: ...

    def refuse(self, setting: str, message: str) -> NoReturn: ...


def score_throw(rules: SetAsideRules, dice: object) -> int | None:
    """Points for setting ``dice`` aside from one throw under ``rules``; None when some die
    would not score (or there are none). The dice are checked: faces 1 to 6, no more than
    the rules' dice.

    >>> from dicelab import fivethousand
    >>> score_throw(fivethousand.Rules(), [1, 5, 5]), score_throw(fivethousand.Rules(), [2])
    (200, None)
    """
    faces = validation.faces(dice, 0, rules.dice, what="the dice of one throw")
    return rules.combinations().score(faces)


def best_throw_score(rules: SetAsideRules, dice: object) -> int:
    """The most points ``dice`` thrown at once can score under ``rules``, the dice that
    score nothing left out (0 when none scores), as the scoring katas count a throw.
    The dice are checked as in :func:`score_throw`.

    >>> from dicelab import fivethousand
    >>> best_throw_score(fivethousand.Rules(), [2, 5, 2, 2, 3]), best_throw_score(fivethousand.Rules(), [2, 3])
    (250, 0)
    """
    faces = validation.faces(dice, 0, rules.dice, what="the dice of one throw")
    best = rules.combinations().best_choice(faces)
    return 0 if best is None else best[1]


@cache
def _best_split(table: CombinationTable, tally: tuple[int, ...]) -> int:
    if not any(tally):
        return 0
    first = next(i for i, n in enumerate(tally) if n)
    best = _NO_SPLIT
    for need, points in table.combinations:
        # Each split must use a die of the lowest face present: this keeps the search small.
        if need[first] == 0 or any(n < m for n, m in zip(tally, need)):
            continue
        rest = _best_split(table, tuple(n - m for n, m in zip(tally, need)))
        if rest != _NO_SPLIT:
            best = max(best, points + rest)
    return best


@cache
def _scoring_choices(table: CombinationTable, throw: Dice) -> dict[Dice, int]:
    choices = {}
    for part in _dice.sub_multisets(throw):
        points = table.score(part)
        if points is not None:
            choices[part] = points
    return choices


@cache
def _best_choice(table: CombinationTable, throw: Dice) -> tuple[Dice, int] | None:
    choices = _scoring_choices(table, throw)
    if not choices:
        return None
    return max(choices.items(), key=lambda item: (item[1], len(item[0])))
