"""Dice shared by every game: faces, multisets of faces and every outcome of a throw.

A throw is kept as a *multiset*: a sorted tuple of faces. Probabilities are exact.

>>> outcomes(2)[(1, 2)]
Fraction(1, 18)
>>> sum(outcomes(6).values())
Fraction(1, 1)
>>> counts((1, 1, 5))
(2, 0, 0, 0, 1, 0)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache

FACES = (1, 2, 3, 4, 5, 6)
Dice = tuple[int, ...]  # a sorted tuple of faces, e.g. (1, 5, 5)


def as_dice(faces: Iterable[object]) -> Dice:
    """Check that ``faces`` are die faces and return them as a sorted tuple.

    >>> as_dice([5, 1, 5])
    (1, 5, 5)
    """
    given = list(faces)
    for face in given:
        if type(face) is not int or not 1 <= face <= 6:
            raise ValueError(f"{face!r} is not a die face (1 to 6)")
    return tuple(sorted(face for face in given if isinstance(face, int)))


def counts(dice: Iterable[int]) -> tuple[int, ...]:
    """How many dice show each face 1..6."""
    tally = [0] * 6
    for face in dice:
        tally[face - 1] += 1
    return tuple(tally)


def from_counts(tally: Iterable[int]) -> Dice:
    """The multiset with ``tally[i]`` dice showing face ``i + 1``.

    >>> from_counts((0, 2, 0, 0, 0, 1))
    (2, 2, 6)
    """
    return tuple(face for face, n in zip(FACES, tally) for _ in range(n))


@cache
def multisets(n: int) -> tuple[Dice, ...]:
    """Every multiset of ``n`` faces, in sorted order (252 for five dice).

    >>> len(multisets(5)), multisets(1)
    (252, ((1,), (2,), (3,), (4,), (5,), (6,)))
    """
    return tuple(itertools.combinations_with_replacement(FACES, n))


def probability(dice: Sequence[int]) -> Fraction:
    """The exact chance that throwing ``len(dice)`` dice shows this multiset."""
    arrangements = math.factorial(len(dice))
    for n in counts(dice):
        arrangements //= math.factorial(n)
    return Fraction(arrangements, 6 ** len(dice))


@cache
def outcomes(n: int) -> dict[Dice, Fraction]:
    """Every outcome of throwing ``n`` dice with its exact probability (they sum to 1)."""
    if not 0 <= n <= 6:
        raise ValueError(f"dicelab throws 0 to 6 dice, not {n}")
    return {dice: probability(dice) for dice in multisets(n)}


@cache
def sub_multisets(dice: Dice) -> tuple[Dice, ...]:
    """Every sub-multiset of ``dice`` (the empty one and ``dice`` itself included).

    >>> sub_multisets((1, 1, 5))
    ((), (5,), (1,), (1, 5), (1, 1), (1, 1, 5))
    """
    ranges = [range(n + 1) for n in counts(dice)]
    return tuple(from_counts(tally) for tally in itertools.product(*ranges))


def remove(dice: Dice, part: Iterable[int]) -> Dice:
    """``dice`` without the faces of ``part``; ValueError when part is not among them.

    >>> remove((1, 2, 5, 5), (5, 1))
    (2, 5)
    """
    left = list(dice)
    for face in part:
        if face not in left:
            raise ValueError(f"there is no {face} to take from {list(dice)}")
        left.remove(face)
    return tuple(left)


def throw(rng: random.Random, n: int) -> tuple[int, ...]:
    """Throw ``n`` fair dice with ``rng``: their faces in the order they were thrown, one per
    die position (sort them for the multiset)."""
    return tuple(rng.randint(1, 6) for _ in range(n))
