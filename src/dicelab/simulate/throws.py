"""Dice thrown in a batch as multiset numbers (:data:`dicelab.setaside.throws.MULTISETS`).

A batch step turns thrown faces, or a stream's code of six dice, into the number of their
multiset with one table look-up; every question about a throw (does it bust, what may be
set aside, what a bot keeps) is then an array indexed by it
(:class:`dicelab.setaside.throws.ThrowChoices`).

>>> throw = throw_numbers(numpy.array([[1, 5, 2, 0, 0, 0], [2, 3, 4, 6, 6, 0]], dtype=numpy.int8))
>>> [MULTISETS[i] for i in throw]
[(1, 2, 5), (2, 3, 4, 6, 6)]
"""

from __future__ import annotations

import numpy

from dicelab.setaside.throws import MULTISETS

_POWERS = numpy.array([0] + [7**f for f in range(6)], dtype=numpy.int64)  # face -> base-7 digit
_NUMBER = numpy.full(7**6, -1, dtype=numpy.int16)
for _i, _m in enumerate(MULTISETS):
    _NUMBER[sum(_POWERS[f] for f in _m)] = _i


def throw_numbers(faces: numpy.ndarray) -> numpy.ndarray:
    """The number of each row's multiset of faces (rows of faces 1–6, padded with 0)."""
    numbers: numpy.ndarray = _NUMBER[_POWERS[faces].sum(axis=1)].astype(numpy.int64)
    return numbers


#: The face of each die of each code of six dice thrown (``[code, die]``, die ``k`` showing
#: ``code // 6**k % 6 + 1``; see :class:`dicelab.simulate.streams.StepThrows`).
CODE_FACES = numpy.arange(6**6)[:, None] // 6 ** numpy.arange(6) % 6 + 1
_BY_CODE = numpy.concatenate(
    [throw_numbers(numpy.where(numpy.arange(6) < n, CODE_FACES, 0)) for n in range(7)]
).astype(numpy.int16)  # [n * 6**6 + code]


def throw_of(codes: numpy.ndarray, dice: numpy.ndarray) -> numpy.ndarray:
    """The multiset number of the first ``dice`` dice of six dice thrown as ``codes``
    (see :class:`dicelab.simulate.streams.StepThrows`).

    >>> MULTISETS[int(throw_of(numpy.array([0 + 4 * 6 + 1 * 36]), numpy.array([3]))[0])]
    (1, 2, 5)
    """
    at = dice * 6**6
    at += codes
    return _BY_CODE.take(at).astype(numpy.int64)  # (an index: numpy's own type)
