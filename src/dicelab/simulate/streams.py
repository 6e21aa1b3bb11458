"""Per-game random streams for the batch simulator, drawn in blocks of games.

One *page* per step, for games played in lockstep where every game still playing takes
exactly one step per batch step (a set-aside throw, a Yahtzee roll or random choice).
Blocks of :data:`BLOCK` consecutive game numbers share a generator; at step ``t`` each
block draws its page ``t`` and game ``i`` reads row ``i % BLOCK`` of it. A game's values
depend only on ``(seed, i)`` (and the ``stream`` asked for), so results are bit-for-bit the
same whatever the chunk size, the order the chunks run in, or the executor that runs them,
and a run needs one generator per block, not per game.

>>> throws = StepThrows(seed=1, games=numpy.arange(3))
>>> codes = throws.page()
>>> codes.shape, bool(((codes >= 0) & (codes < 6 ** 6)).all())
((3, 1), True)
>>> again = StepThrows(seed=1, games=numpy.arange(2, 3)).page()
>>> bool(again[0, 0] == codes[2, 0])
True
"""

from __future__ import annotations

import abc
import math

import numpy

STEP_DICE = 3  # spawn-key kinds: the pages of a block of games' dice ...
STEP_CHOICES = 4  # ... and of their bots' random choices
BLOCK = 1024  # game numbers per block of step pages
PAGES_AHEAD = 8  # pages a block draws at once


def generator(seed: int, block: int, kind: int, stream: tuple = ()) -> numpy.random.Generator:
    """The generator of the block of games ``block``'s pages ``kind`` (and ``stream``, a
    tuple of numbers naming one of several such streams) in a run seeded ``seed``."""
    return numpy.random.Generator(
        numpy.random.PCG64(numpy.random.SeedSequence(seed, spawn_key=(int(block), kind, *stream)))
    )


class _StepPages(abc.ABC):
    """Pages of ``width`` values per game and step, one generator per block of games.

    Call :meth:`page` once per batch step; a block stops drawing once none of its games
    plays (a finished game never plays again). Each block draws :data:`PAGES_AHEAD` pages
    per generator call. Streams of the same kind with a different ``stream`` (a tuple of
    numbers) are independent.

    >>> pages = StepChoices(seed=1, games=numpy.array([3, 300]))
    >>> first = pages.page()
    >>> alone = StepChoices(seed=1, games=numpy.array([300])).page()
    >>> first.shape, bool((first[1] == alone[0]).all())
    ((2, 2), True)
    """

    kind: int
    width: int
    dtype: type

    @staticmethod
    @abc.abstractmethod
    def _fresh(gen, shape) -> numpy.ndarray:
        """A generator's next pages of this kind's values, of ``shape``."""

    def __init__(self, seed: int, games, stream: tuple = ()):
        games = numpy.asarray(games, dtype=numpy.int64)
        block = games // BLOCK
        if len(games) and (block[1:] >= block[:-1]).all():  # in order, as runs number them
            new = numpy.flatnonzero(block[1:] != block[:-1]) + 1
            blocks = block[numpy.concatenate([[0], new])]
            block_of_row = numpy.zeros(len(games), dtype=numpy.int64)
            block_of_row[new] = 1
            block_of_row = numpy.cumsum(block_of_row)
        else:
            blocks, block_of_row = numpy.unique(block, return_inverse=True)
        self.generators = [
            generator(int(seed), block, self.kind, stream) for block in blocks.tolist()
        ]
        self.live = numpy.ones(len(blocks), dtype=bool)
        self.ahead: numpy.ndarray = numpy.zeros(
            (len(blocks), PAGES_AHEAD, BLOCK, self.width), dtype=self.dtype
        )
        self.pages = self.ahead.reshape(-1)  # the same values, one per (block, page, game, value)
        self.at = block_of_row * (PAGES_AHEAD * BLOCK) + games % BLOCK  # each game's row of page 0
        self.step = 0

    def keep(self, rows) -> None:
        """Keep only the games at ``rows`` (an index or mask), in that order."""
        self.at = self.at[rows]

    def page(self, playing=None) -> numpy.ndarray:
        """The next page's row of every game, an array (games, ``width``); ``playing`` (a
        mask, by default every game) says which games play this step, the others get zeros."""
        ahead = self.step % PAGES_AHEAD
        if playing is not None or not ahead:
            at = self.at if playing is None else self.at[numpy.asarray(playing, dtype=bool)]
            live = numpy.zeros(len(self.live), dtype=bool)
            live[at // (PAGES_AHEAD * BLOCK)] = True
            if (live & ~self.live).any():
                raise ValueError("a finished game cannot play again")
            self.live = live
        if not ahead:
            for block in numpy.flatnonzero(self.live).tolist():
                self.ahead[block] = self._fresh(self.generators[block], self.ahead.shape[1:])
        at = self.at + ahead * BLOCK if ahead else self.at
        values = self.ahead.reshape(-1, self.width)[at] if self.width > 1 else self.pages[at, None]
        self.step += 1
        return (
            values
            if playing is None
            else numpy.where(numpy.asarray(playing)[:, None], values, 0).astype(self.dtype)
        )


class StepThrows(_StepPages):
    """Six dice per game and step as one number below 6**6, exactly uniform: die ``k``
    shows ``code // 6**k % 6 + 1`` (a throw of ``n`` dice reads the first ``n``; see
    :func:`dicelab.simulate.throws.throw_of`)."""

    kind = STEP_DICE
    width = 1
    dtype = numpy.int32

    @staticmethod
    def _fresh(gen, shape):
        return gen.integers(0, 6**6, size=math.prod(shape), dtype=numpy.int32).reshape(shape)


class StepChoices(_StepPages):
    """Two uniform floats in [0, 1) per game and step, for bots that choose at random."""

    kind = STEP_CHOICES
    width = 2
    dtype = numpy.float64

    @staticmethod
    def _fresh(gen, shape):
        return gen.random(math.prod(shape)).reshape(shape)
