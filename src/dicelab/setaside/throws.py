"""Every throw of a set-aside game as a number, and what it offers under a game's rules.

A throw of up to six dice is a multiset of faces; :data:`MULTISETS` numbers them all (the
empty one first, then 6 of one die, 21 of two, …, 462 of six: 924 in all).
:class:`ThrowChoices` reads the combinations once per multiset: the batch simulator indexes
it by a throw's number, and the policies' grouped tables
(:func:`dicelab.setaside.policy.throw_table`) are made from it.

>>> from dicelab.fivethousand import Rules
>>> table = ThrowChoices.of(Rules())
>>> throw = MULTISETS.index((1, 2, 5))
>>> table.choices[throw, :table.count[throw]].tolist()
[[50, 1], [100, 1], [150, 2]]
>>> int(table.count[MULTISETS.index((2, 3, 4, 6, 6))])
0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy

from dicelab import dice as _dice

MULTISETS = tuple(m for n in range(7) for m in _dice.multisets(n))


@dataclass(frozen=True, eq=False)
class ThrowChoices:
    """What each throw offers under a game's combinations.

    ``choices[t, j]`` is the ``j``-th scoring part of throw ``t`` (numbered as in
    :data:`MULTISETS`) as (points, dice), in the order of
    :meth:`dicelab.setaside.CombinationTable.scoring_choices` (the order the engine lists
    its ``SetAside`` actions), for ``j < count[t]``; a throw with ``count[t] == 0`` busts, and
    so does every throw of more dice than the game has. ``best[t]`` is the index of the part
    worth most (ties: more dice), the part a game that sets aside by itself takes. Parts
    with the same points and dice lead to the same state: ``distinct[t, :distinct_count[t]]``
    indexes the first of each.
    """

    choices: numpy.ndarray  # (throws, width, 2) int64
    count: numpy.ndarray  # (throws,)
    best: numpy.ndarray  # (throws,)
    distinct: numpy.ndarray  # (throws, width'): the first choice of each (points, dice), in order
    distinct_count: numpy.ndarray  # (throws,)

    @classmethod
    def of(cls, rules) -> ThrowChoices:
        """The table of ``rules`` (cached per combinations and number of dice)."""
        return throw_choices(rules.combinations(), rules.dice)

    def part_index(self, throw: int, points: int, dice: int) -> int:
        """The first choice of ``throw`` worth ``points`` with ``dice`` dice."""
        row = self.choices[throw, : self.count[throw]].tolist()
        return row.index([points, dice])

    def parts(self, throw: int) -> list[tuple[int, int]]:
        """The distinct (points, dice) parts of ``throw``, in the engine's order.

        >>> from dicelab.fivethousand import Rules
        >>> ThrowChoices.of(Rules()).parts(MULTISETS.index((1, 1, 5)))
        [(50, 1), (100, 1), (150, 2), (200, 2), (250, 3)]
        """
        firsts = self.distinct[throw, : self.distinct_count[throw]]
        return [(int(p), int(d)) for p, d in self.choices[throw, firsts].tolist()]


@cache
def throw_choices(combinations, dice: int) -> ThrowChoices:
    """The :class:`ThrowChoices` of ``combinations`` (a CombinationTable) for throws of 1 to
    ``dice`` dice."""
    parts = [
        list(combinations.scoring_choices(m).items()) if 0 < len(m) <= dice else []
        for m in MULTISETS
    ]
    width = max(1, max(len(p) for p in parts))
    choices = numpy.zeros((len(MULTISETS), width, 2), dtype=numpy.int64)
    count = numpy.zeros(len(MULTISETS), dtype=numpy.int64)
    best = numpy.zeros(len(MULTISETS), dtype=numpy.int64)
    for t, options in enumerate(parts):
        count[t] = len(options)
        for j, (part, points) in enumerate(options):
            choices[t, j] = points, len(part)
        if options:
            top = combinations.best_choice(MULTISETS[t])
            best[t] = [part for part, _ in options].index(top[0])
    firsts = [
        [
            j
            for j, (part, points) in enumerate(options)
            if (points, len(part)) not in {(p, len(q)) for q, p in options[:j]}
        ]
        for options in parts
    ]
    distinct = numpy.zeros((len(MULTISETS), max(1, max(map(len, firsts)))), dtype=numpy.int64)
    for t, row in enumerate(firsts):
        distinct[t, : len(row)] = row
    return ThrowChoices(
        choices, count, best, distinct, numpy.array(list(map(len, firsts)), dtype=numpy.int64)
    )
