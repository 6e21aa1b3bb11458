"""Per-game random streams for the batch simulator, drawn in blocks.

Two shapes of stream serve two ways of playing in lockstep:

- :class:`FaceStreams` and :class:`ChoiceStreams`: each game consumes its own stream in
  order, as much as it needs per call (for games whose steps use varying amounts).
- :class:`StepThrows` and :class:`StepChoices`: one *page* per step, for games where every
  game still playing takes exactly one step per batch step (a set-aside throw). Blocks of
  :data:`BLOCK` consecutive game numbers share a generator; at step ``t`` each block draws
  its page ``t`` and game ``i`` reads row ``i % BLOCK`` of it. A game's values still depend
  only on ``(seed, i)``, and a run needs one generator per block, not per game.

The first shape:

Game number ``i`` of a run reads its dice (and its bots' coin flips) from its own
:class:`numpy.random.Generator`, made from ``SeedSequence(seed, spawn_key=(i, kind))``. Games
consume their own streams in order, so a game's dice depend only on ``(seed, i)`` and on
what that game did: results are bit-for-bit the same whatever the chunk size, the order the
chunks run in, or the executor that runs them. Each stream is drawn ahead in blocks (one
generator call per game per block), and a batch step reads from many streams at once with
fancy indexing.

>>> streams = FaceStreams(seed=1, games=numpy.arange(3))
>>> faces = streams.draw(numpy.array([0, 2]), numpy.array([6, 2]))
>>> faces.shape, bool(((faces >= 1) & (faces <= 6)).sum() == 8), int(faces[1, 2:].sum())
((2, 6), True, 0)
>>> again = FaceStreams(seed=1, games=numpy.arange(2, 3)).draw(numpy.array([0]), numpy.array([2]))
>>> bool((again[0, :2] == faces[1, :2]).all())
True
"""

from __future__ import annotations

import math

import numpy

DICE = 1  # spawn-key kinds: the stream of dice faces ...
CHOICES = 2  # ... and the stream of a game's bots' random choices
STEP_DICE = 3  # ... and the pages of a block of games' dice ...
STEP_CHOICES = 4  # ... and of their bots' random choices
BLOCK = 1024  # game numbers per block of step pages
PAGES_AHEAD = 8  # pages a block draws at once


def generator(seed: int, game: int, kind: int) -> numpy.random.Generator:
    """The generator of game number ``game``'s stream ``kind`` in a run seeded ``seed``."""
    return numpy.random.Generator(numpy.random.PCG64(
        numpy.random.SeedSequence(seed, spawn_key=(int(game), kind))))


class _BlockStreams:
    """One stream per game, read ahead ``block`` values at a time; ``width`` values at most
    are read per game per call."""

    kind: int
    width: int

    def __init__(self, seed: int, games, block: int = 512):
        self.seed = int(seed)
        self.games = numpy.asarray(games, dtype=numpy.int64)
        self.block = block
        self.generators = [generator(self.seed, g, self.kind) for g in self.games]
        self.buffer = numpy.stack([self._fresh(gen, block) for gen in self.generators]) \
            if len(self.games) else numpy.zeros((0, block), dtype=self.dtype)
        self.position = numpy.zeros(len(self.games), dtype=numpy.int64)

    def _refill(self, rows) -> None:
        """Make at least ``width`` unread values available in each of ``rows``."""
        low = rows[self.position[rows] > self.block - self.width]
        for row in low.tolist():
            unread = self.buffer[row, self.position[row]:]
            fresh = self._fresh(self.generators[row], self.block - len(unread))
            self.buffer[row] = numpy.concatenate([unread, fresh])
            self.position[row] = 0

    def _window(self, rows):
        """The next ``width`` unread values of each of ``rows`` (not yet consumed)."""
        rows = numpy.asarray(rows, dtype=numpy.int64)
        self._refill(rows)
        columns = self.position[rows, None] + numpy.arange(self.width)
        return rows, self.buffer[rows[:, None], columns]


class FaceStreams(_BlockStreams):
    """Dice faces 1–6, one stream per game."""

    kind = DICE
    width = 6
    dtype = numpy.int8

    @staticmethod
    def _fresh(gen, size):
        return gen.integers(1, 7, size=size, dtype=numpy.int8)

    def draw(self, rows, counts):
        """Throw ``counts[j]`` dice for batch row ``rows[j]`` (rows distinct): an array (len(rows), 6) whose
        first ``counts[j]`` entries of row ``j`` are faces and the rest 0."""
        rows, window = self._window(rows)
        counts = numpy.broadcast_to(numpy.asarray(counts, dtype=numpy.int64), rows.shape)
        if ((counts < 0) | (counts > self.width)).any():
            raise ValueError(f"a throw has 0 to {self.width} dice")
        self.position[rows] += counts
        return numpy.where(numpy.arange(self.width) < counts[:, None], window, 0).astype(numpy.int8)


class ChoiceStreams(_BlockStreams):
    """Uniform floats in [0, 1) for bots that choose at random, one stream per game."""

    kind = CHOICES
    width = 1
    dtype = numpy.float64

    @staticmethod
    def _fresh(gen, size):
        return gen.random(size)

    def draw(self, rows):
        """One uniform float for each of ``rows`` (distinct batch rows)."""
        rows, window = self._window(rows)
        self.position[rows] += 1
        return window[:, 0]


class _StepPages:
    """Pages of ``width`` values per game and step, one generator per block of games.

    Call :meth:`page` once per batch step; a block stops drawing once none of its games
    plays (a finished game never plays again). Each block draws :data:`PAGES_AHEAD` pages
    per generator call.

    >>> pages = StepChoices(seed=1, games=numpy.array([3, 300]))
    >>> first = pages.page()
    >>> alone = StepChoices(seed=1, games=numpy.array([300])).page()
    >>> first.shape, bool((first[1] == alone[0]).all())
    ((2, 2), True)
    """

    kind: int
    width: int

    def __init__(self, seed: int, games):
        games = numpy.asarray(games, dtype=numpy.int64)
        blocks, self.block_of_row = numpy.unique(games // BLOCK, return_inverse=True)
        self.offset = games % BLOCK
        self.generators = [generator(int(seed), block, self.kind) for block in blocks.tolist()]
        self.live = numpy.ones(len(blocks), dtype=bool)
        self.ahead = numpy.zeros((len(blocks), PAGES_AHEAD, BLOCK, self.width), dtype=self.dtype)
        self.at = self.block_of_row * (PAGES_AHEAD * BLOCK) + self.offset  # each game's row of page 0
        self.step = 0

    def keep(self, rows) -> None:
        """Keep only the games at ``rows`` (an index or mask), in that order."""
        self.block_of_row, self.offset, self.at = self.block_of_row[rows], self.offset[rows], self.at[rows]

    def page(self, playing=None) -> numpy.ndarray:
        """The next page's row of every game, an array (games, ``width``); ``playing`` (a
        mask, by default every game) says which games play this step, the others get zeros."""
        rows = self.block_of_row if playing is None else self.block_of_row[numpy.asarray(playing, dtype=bool)]
        live = numpy.zeros(len(self.live), dtype=bool)
        live[rows] = True
        if (live & ~self.live).any():
            raise ValueError("a finished game cannot play again")
        self.live = live
        if self.step % PAGES_AHEAD == 0:
            for block in numpy.flatnonzero(live).tolist():
                self.ahead[block] = self._fresh(self.generators[block], self.ahead.shape[1:])
        values = self.ahead.reshape(-1, self.width)[self.at + (self.step % PAGES_AHEAD) * BLOCK]
        self.step += 1
        return values if playing is None else numpy.where(numpy.asarray(playing)[:, None], values, 0).astype(self.dtype)


class StepThrows(_StepPages):
    """Six dice per game and step as one number below 6**6, exactly uniform: die ``k``
    shows ``code // 6**k % 6 + 1`` (a throw of ``n`` dice reads the first ``n``; see
    :func:`dicelab.simulate.throws.throw_of`)."""

    kind = STEP_DICE
    width = 1
    dtype = numpy.int32

    @staticmethod
    def _fresh(gen, shape):
        return gen.integers(0, 6 ** 6, size=math.prod(shape), dtype=numpy.int32).reshape(shape)


class StepChoices(_StepPages):
    """Two uniform floats in [0, 1) per game and step, for bots that choose at random."""

    kind = STEP_CHOICES
    width = 2
    dtype = numpy.float64

    @staticmethod
    def _fresh(gen, shape):
        return gen.random(math.prod(shape)).reshape(shape)
