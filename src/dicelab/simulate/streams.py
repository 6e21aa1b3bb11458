"""Per-game random streams for the batch simulator, counter-based.

Every value is a hash of ``(key, game, step, lane)``: the key is drawn from the run's
:class:`numpy.random.SeedSequence` (one per kind of stream, and ``stream``, a tuple of
numbers naming one of several such streams), ``game`` is the game's number, ``step`` the
step of the game that reads it, and ``lane`` which of a step's values it is. Each game has a
SplitMix64 sequence of its own (its start a hash of the key and its number), and its value
at a step is that sequence's word there. So a game's values depend only on the seed, its
number and the step, never on the games beside it: results are bit-for-bit the same whatever
the chunk size, the order the chunks run in, or the executor that runs them, and a step
costs a few array operations for just the games that play it.

>>> throws = StepThrows(seed=1, games=numpy.arange(3))
>>> codes = throws.codes(0)
>>> codes.shape, bool(((codes >= 0) & (codes < 6 ** 6)).all())
((3,), True)
>>> again = StepThrows(seed=1, games=numpy.arange(2, 3)).codes(0)
>>> bool(again[0] == codes[2])
True
"""

from __future__ import annotations

import numpy
from numpy.typing import ArrayLike

STEP_DICE = 3  # spawn-key kinds: a run's dice ...
STEP_CHOICES = 4  # ... and its bots' random choices
_U = numpy.uint64
#: A step of the games: one number for every game, or one per game.
Step = int | numpy.ndarray
_GAMMA = _U(0x9E3779B97F4A7C15)  # SplitMix64's increment (odd: a full-period Weyl sequence)
_MIX = (_U(0xBF58476D1CE4E5B9), _U(0x94D049BB133111EB))  # and its finaliser's multipliers
_THROWS = 6**6
_REJECT = numpy.uint32(2**32 % _THROWS)  # Lemire's bound: low words below it are redrawn
_LOW = _U(0xFFFFFFFF)


def _mix(words: numpy.ndarray) -> numpy.ndarray:
    """SplitMix64's finaliser, in place (a bijection of 64-bit words)."""
    words ^= words >> _U(30)
    words *= _MIX[0]
    words ^= words >> _U(27)
    words *= _MIX[1]
    words ^= words >> _U(31)
    return words


class _Stream:
    """The words of one kind of stream for the games numbered ``games`` of a run seeded
    ``seed``; ``lanes`` words per game and step.

    >>> choices = StepChoices(seed=1, games=numpy.array([3, 300]))
    >>> first = choices.floats(0)
    >>> alone = StepChoices(seed=1, games=numpy.array([300])).floats(0)
    >>> first.shape, bool((first[1] == alone[0]).all())
    ((2, 2), True)
    """

    kind: int
    lanes: int

    def __init__(self, seed: int, games: ArrayLike, stream: tuple[int, ...] = ()) -> None:
        games = numpy.asarray(games, dtype=numpy.int64)
        sequence = numpy.random.SeedSequence(int(seed), spawn_key=(self.kind, *stream))
        starts = games.astype(_U)  # each game's sequence starts at a hash of its number
        starts *= _GAMMA
        starts += sequence.generate_state(1, numpy.uint64)[0]
        self.starts = _mix(starts)

    def keep(self, rows: numpy.ndarray) -> None:
        """Keep only the games at ``rows`` (an index array), in that order."""
        self.starts = self.starts.take(rows)

    def words(self, step: Step, rows: numpy.ndarray | None = None, lane: int = 0) -> numpy.ndarray:
        """Word ``lane`` of step ``step`` (a number, or one per game) of every game, or of
        the games at ``rows``: a fresh array of uint64."""
        starts = self.starts if rows is None else self.starts[rows]
        steps = numpy.asarray(step, dtype=numpy.int64)
        if steps.ndim and len(steps) and (steps == steps[0]).all():
            steps = steps[0]  # (as often: every game at the same step)
        if steps.ndim == 0:  # one counter for every game, worked out in Python
            return _mix(starts + _U((int(steps) * self.lanes + lane + 1) * int(_GAMMA) % 2**64))
        counter = steps.astype(_U)
        if self.lanes > 1:
            counter *= _U(self.lanes)
        counter += _U(lane + 1)
        counter *= _GAMMA
        counter += starts
        return _mix(counter)


class StepThrows(_Stream):
    """Six dice per game and step as one number below 6**6, exactly uniform: die ``k``
    shows ``code // 6**k % 6 + 1`` (a throw of ``n`` dice reads the first ``n``; see
    :func:`dicelab.simulate.throws.throw_of`)."""

    kind = STEP_DICE
    lanes = 1

    def codes(self, step: Step, rows: numpy.ndarray | None = None) -> numpy.ndarray:
        """The codes of step ``step`` (a number, or one per game) of every game, or of the
        games at ``rows`` (int64). Lemire's multiply-and-reject on a word's top 32 bits: a
        word it rejects (about 1 in 1.7 million) is hashed again until one is taken."""
        words = self.words(step, rows)
        codes = words >> _U(32)
        codes *= _U(_THROWS)
        if len(codes) and _low_words(codes).min() < _REJECT:
            rejected = numpy.flatnonzero(_low_words(codes) < _REJECT)
            while len(rejected):  # the next word of a rejected one: a further counter
                words[rejected] = again = _mix(words[rejected] + _GAMMA)
                again >>= _U(32)
                again *= _U(_THROWS)
                codes[rejected] = again
                rejected = rejected[(again & _LOW) < _REJECT]
        codes >>= _U(32)
        below: numpy.ndarray = codes.view(numpy.int64)  # below 6**6: the same number
        return below


def _low_words(words: numpy.ndarray) -> numpy.ndarray:
    """The low 32 bits of each uint64 of ``words``, as a view."""
    return words.view(numpy.uint32)[0 if numpy.little_endian else 1 :: 2]


class StepChoices(_Stream):
    """Two uniform floats in [0, 1) per game and step (53 bits each), for bots that choose
    at random."""

    kind = STEP_CHOICES
    lanes = 2

    def floats(
        self, step: Step, rows: numpy.ndarray | None = None, lanes: int = 2
    ) -> numpy.ndarray:
        """The first ``lanes`` floats of step ``step`` of every game, or of the games at
        ``rows``: an array (games, ``lanes``)."""
        out = numpy.empty((len(self.starts) if rows is None else len(rows), lanes))
        for lane in range(lanes):
            words = self.words(step, rows, lane)
            words >>= _U(11)
            out[:, lane] = words
        out *= 2.0**-53
        return out
