"""Every throw of a set-aside game as a number, and what it offers, as arrays.

A throw of up to six dice is a multiset of faces; :data:`MULTISETS` numbers them all (the
empty one first, then 6 of one die, 21 of two, …, 462 of six: 924 in all). A batch step
turns thrown faces into these numbers with one table look-up, and every question about a
throw (does it bust, what may be set aside, what a bot keeps) becomes an array indexed by
them.

>>> from dicelab.fivethousand import Rules
>>> table = ThrowChoices.of(Rules())
>>> throw = throw_numbers(numpy.array([[1, 5, 2, 0, 0, 0], [2, 3, 4, 6, 6, 0]], dtype=numpy.int8))
>>> [MULTISETS[i] for i in throw]
[(1, 2, 5), (2, 3, 4, 6, 6)]
>>> table.choices[throw[0], :table.count[throw[0]]].tolist(), int(table.count[throw[1]])
([[50, 1], [100, 1], [150, 2]], 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy

from dicelab import dice as _dice

MULTISETS = tuple(m for n in range(7) for m in _dice.multisets(n))
_POWERS = numpy.array([0] + [7**f for f in range(6)], dtype=numpy.int64)  # face -> base-7 digit
_NUMBER = numpy.full(7**6, -1, dtype=numpy.int16)
for _i, _m in enumerate(MULTISETS):
    _NUMBER[sum(_POWERS[f] for f in _m)] = _i
SIZES = numpy.array([len(m) for m in MULTISETS], dtype=numpy.int64)


def throw_numbers(faces: numpy.ndarray) -> numpy.ndarray:
    """The number of each row's multiset of faces (rows of faces 1–6, padded with 0)."""
    return _NUMBER[_POWERS[faces].sum(axis=1)].astype(numpy.int64)


def _faces_of_codes() -> numpy.ndarray:
    codes = numpy.arange(6**6)
    return (codes[:, None] // 6 ** numpy.arange(6) % 6 + 1).astype(numpy.int64)


_FACES = _faces_of_codes()
_BY_CODE = numpy.concatenate(
    [throw_numbers(numpy.where(numpy.arange(6) < n, _FACES, 0)) for n in range(7)]
).astype(numpy.int16)  # [n * 6**6 + code]


def throw_of(codes: numpy.ndarray, dice: numpy.ndarray) -> numpy.ndarray:
    """The multiset number of the first ``dice`` dice of six dice thrown as ``codes``
    (see :class:`dicelab.simulate.streams.StepThrows`).

    >>> MULTISETS[int(throw_of(numpy.array([0 + 4 * 6 + 1 * 36]), numpy.array([3]))[0])]
    (1, 2, 5)
    """
    return _BY_CODE[dice * 6**6 + codes].astype(numpy.int64)  # (an index: numpy's own type)


@dataclass(frozen=True, eq=False)
class ThrowChoices:
    """What each throw offers under a game's combinations.

    ``choices[t, j]`` is the ``j``-th scoring part of throw ``t`` as (points, dice), in the
    order of :meth:`dicelab.setaside.CombinationTable.scoring_choices` (the order the
    engine lists its ``SetAside`` actions), for ``j < count[t]``; a throw with
    ``count[t] == 0`` busts. ``best[t]`` is the index of the part worth most (ties: more
    dice), the part a game that sets aside by itself takes. Parts with the same points and
    dice lead to the same state: ``distinct[t, :distinct_count[t]]`` indexes the first of
    each.
    """

    choices: numpy.ndarray  # (throws, width, 2) int64
    count: numpy.ndarray  # (throws,)
    best: numpy.ndarray  # (throws,)
    distinct: numpy.ndarray  # (throws, width'): the first choice of each (points, dice), in order
    distinct_count: numpy.ndarray  # (throws,)

    @classmethod
    def of(cls, rules) -> ThrowChoices:
        """The table of ``rules`` (cached per combinations and number of dice)."""
        return _table(rules.combinations(), rules.dice)

    def part_index(self, throw: int, points: int, dice: int) -> int:
        """The first choice of ``throw`` worth ``points`` with ``dice`` dice."""
        row = self.choices[throw, : self.count[throw]].tolist()
        return row.index([points, dice])


@cache
def _table(combinations, dice: int) -> ThrowChoices:
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
