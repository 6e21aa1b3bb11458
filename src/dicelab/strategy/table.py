"""A Fivethousand strategy as data: a decision table over what the player sees.

A decision state is what a player sees when choosing to bank or throw on (two players):

- ``score``: their own score, in bands of ``band`` points (the lowest score of the band):
  the banked score, plus under Zillions rules the turn's completed rounds (what a farkle
  keeps). A negative score is in the lowest band; the last band holds the target and above;
- ``opponent``: the opponent's banked score, in the same bands;
- ``turn_points``: the points at risk (lost on a farkle), in steps of the rules' point unit,
  the last step standing for ``turn_cap`` points and more;
- ``dice_left``: the dice that would be thrown on (all of them again after hot dice);
- ``last_turn``: whether it is the player's last turn (the opponent has reached the
  target). Then only ``behind`` counts, the points the player would be behind the opponent
  by banking now (negative: ahead), in bands: ahead, level, then behind by up to one band,
  two bands, ….

A strategy banks or throws in each state, and sets its dice aside by a named rule
(:mod:`dicelab.strategy.keeping`). It is asked only where the rules let a player choose.

>>> strategy = Strategy.from_json(Strategy.filled(None, bank=False).to_json())
>>> strategy.grid.play_shape, strategy.banks(0, 0, 300, 3, False).tolist()
((11, 11, 41, 6), False)
"""

from __future__ import annotations

import base64
import json
import math
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy

from dicelab import saves, validation
from dicelab.errors import CorruptGameError, InvalidInputError, NotAFileError, WrongTypeError
from dicelab.files import read_regular, write_atomic
from dicelab.fivethousand.rules import Rules
from dicelab.setaside.policy import point_unit
from dicelab.strategy.keeping import SET_ASIDE

FORMAT = "dicelab-strategy"
VERSION = 1
MAX_CHARS = 200_000  # the largest grid a strategy may have, in base64, is under this
MAX_DECISIONS = 1_000_000  # decision states in one strategy at most
DEFAULT_TURN_CAP = 2000


@dataclass(frozen=True)
class DecisionState:
    """One decision state (see the module docstring); ``score``, ``opponent`` are None in
    a last turn, ``behind`` None in the others."""

    score: int | None
    opponent: int | None
    turn_points: int
    dice_left: int
    last_turn: bool
    behind: int | None

    def __str__(self) -> str:
        where = (
            f"in the last turn, {_behind_words(self.behind)}"
            if self.last_turn
            else f"with a score of {self.score}+ against {self.opponent}+"
        )
        dice = f"{self.dice_left} {'die' if self.dice_left == 1 else 'dice'}"
        return f"{where}, {self.turn_points} turn points, {dice} to throw"


def _behind_words(behind) -> str:
    if behind < 0:
        return "ahead if banking"
    return "level if banking" if behind == 0 else f"behind by {behind}+ if banking"


@dataclass(frozen=True)
class Grid:
    """The decision states of ``rules``: score bands of ``band`` points, turn points up to
    ``turn_cap`` in steps of the rules' point unit."""

    rules: Rules
    band: int
    turn_cap: int

    @classmethod
    def of(cls, rules=None, band=None, turn_cap=None) -> Grid:
        """The grid of ``rules`` (a Rules or a preset name), checking ``band`` and
        ``turn_cap`` (points; None: a tenth of the target, and 2000)."""
        rules = Rules.coerce(rules)
        unit = point_unit(rules.combinations())
        if band is None:
            band = unit * max(1, round(rules.target / 10 / unit))
        if turn_cap is None:
            turn_cap = max(unit, min(DEFAULT_TURN_CAP, rules.target) // unit * unit)
        for value, what in ((band, "band"), (turn_cap, "turn_cap")):
            validation.whole_number(value, what, low=unit, high=rules.target)
            if value % unit:
                raise InvalidInputError(
                    f"{what} is a number of points that the combinations make, a multiple of "
                    f"{unit}, not {value}"
                )
        grid = cls(rules, band, turn_cap)
        if grid.size > MAX_DECISIONS:
            raise InvalidInputError(
                f"a band of {band} and a turn cap of {turn_cap} make {grid.size} decisions: "
                f"at most {MAX_DECISIONS}, so take wider bands or a lower cap"
            )
        return grid

    @property
    def unit(self) -> int:
        return point_unit(self.rules.combinations())

    @property
    def bands(self) -> int:
        """Score bands: below the target, and one for the target and above."""
        return -(-self.rules.target // self.band) + 1

    @property
    def rows(self) -> int:
        return self.turn_cap // self.unit + 1

    @property
    def play_shape(self) -> tuple[int, int, int, int]:
        return (self.bands, self.bands, self.rows, self.rules.dice)

    @property
    def last_shape(self) -> tuple[int, int, int]:
        return (self.bands + 1, self.rows, self.rules.dice)

    @property
    def size(self) -> int:
        return int(numpy.prod(self.play_shape) + numpy.prod(self.last_shape))

    # --- from what a player sees to a cell of the table (numbers or numpy arrays) --------
    def band_of(self, score):
        return numpy.clip(numpy.asarray(score) // self.band, 0, self.bands - 1)

    def row_of(self, turn_points):
        return numpy.clip(numpy.asarray(turn_points) // self.unit, 0, self.rows - 1)

    def gap_of(self, behind):
        """The last turn's band of ``behind``: 0 ahead, 1 level, then 2, 3, … by bands."""
        behind = numpy.asarray(behind)
        bands = 2 + (numpy.maximum(behind, 1) - 1) // self.band
        return numpy.where(
            behind < 0, 0, numpy.where(behind == 0, 1, numpy.minimum(bands, self.bands))
        )

    def states(self) -> Iterator[tuple[tuple, DecisionState]]:
        """Every decision state with its place: ``("play", i, j, row, die)`` or
        ``("last", gap, row, die)``."""
        for index in numpy.ndindex(*self.play_shape):
            own, theirs, row, die = index
            yield (
                ("play", *index),
                DecisionState(
                    own * self.band, theirs * self.band, row * self.unit, die + 1, False, None
                ),
            )
        for index in numpy.ndindex(*self.last_shape):
            gap, row, die = index
            behind = -self.unit if gap == 0 else (gap - 2) * self.band + self.unit if gap > 1 else 0
            yield (
                ("last", *index),
                DecisionState(None, None, row * self.unit, die + 1, True, behind),
            )


class Strategy:
    """A Fivethousand strategy: a decision table (``play`` and ``last``, True to bank) over
    a :class:`Grid`, and a set-aside rule from :data:`~dicelab.strategy.keeping.SET_ASIDE`."""

    def __init__(
        self, grid: Grid, play, last, set_aside: str = "most_points", name: str = "strategy"
    ):
        validation.one_of(set_aside, SET_ASIDE, "set-aside rule")
        self.name = validation.clean_name(validation.text(name, "a strategy's name"))
        for array, shape, what in (
            (play, grid.play_shape, "play"),
            (last, grid.last_shape, "last"),
        ):
            if not isinstance(array, numpy.ndarray) or array.dtype != bool:
                raise WrongTypeError(f"a strategy's {what} table is a numpy array of True/False")
            if array.shape != shape:
                raise InvalidInputError(
                    f"a strategy's {what} table has the shape {shape} under these rules, not {array.shape}"
                )
        self.grid, self.set_aside = grid, set_aside
        self.play, self.last = play.copy(), last.copy()
        self.play.flags.writeable = self.last.flags.writeable = False

    @classmethod
    def filled(cls, rules=None, bank: bool = True, **settings) -> Strategy:
        """A strategy that decides ``bank`` everywhere (a start to edit)."""
        grid = Grid.of(rules, settings.pop("band", None), settings.pop("turn_cap", None))
        return cls(
            grid, numpy.full(grid.play_shape, bank), numpy.full(grid.last_shape, bank), **settings
        )

    @property
    def rules(self) -> Rules:
        return self.grid.rules

    def banks(self, score, opponent, turn_points, dice_left, last_turn):
        """Whether the strategy banks (numbers or numpy arrays, in points; ``score`` the
        safe score, ``turn_points`` those at risk)."""
        grid = self.grid
        row, die = grid.row_of(turn_points), numpy.asarray(dice_left) - 1
        usual = self.play[grid.band_of(score), grid.band_of(opponent), row, die]
        final = self.last[grid.gap_of(numpy.asarray(opponent) - score - turn_points), row, die]
        return numpy.where(last_turn, final, usual)

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Strategy)
            and (self.grid, self.set_aside, self.name) == (other.grid, other.set_aside, other.name)
            and numpy.array_equal(self.play, other.play)
            and numpy.array_equal(self.last, other.last)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return self.name

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> str:
        """The strategy as JSON text (:meth:`from_json` reads it back)."""
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "name": self.name,
                "rules": self.rules.to_dict(),
                "band": self.grid.band,
                "turn_cap": self.grid.turn_cap,
                "set_aside": self.set_aside,
                "play": _pack(self.play),
                "last": _pack(self.last),
            }
        )

    def save(self, path) -> Path:
        """Write the strategy's JSON to ``path`` (atomically; :meth:`load` reads it back)."""
        return write_atomic(Path(path), self.to_json())

    @classmethod
    def load(cls, path) -> Strategy:
        """The strategy :meth:`save` wrote at ``path`` (a regular file, read as strictly
        as :meth:`from_json` reads text)."""
        return cls.from_json(_read_file(path))

    @classmethod
    def from_json(cls, text) -> Strategy:
        """The strategy :meth:`to_json` wrote, read strictly (size, depth, every field's type
        and range); a :class:`~dicelab.errors.CorruptGameError` names the first problem."""
        if isinstance(text, str) and len(text) > MAX_CHARS:
            raise CorruptGameError(
                f"this is {len(text)} characters long: no strategy is longer than {MAX_CHARS}"
            )
        document = saves.parse(text)
        saves.check_document(document, _SCHEMA)
        try:
            grid = Grid.of(
                Rules.from_dict(document["rules"]), document["band"], document["turn_cap"]
            )
        except ValueError as error:
            raise CorruptGameError(str(error), "$.rules") from None
        play = _unpack(document["play"], grid.play_shape, "$.play")
        last = _unpack(document["last"], grid.last_shape, "$.last")
        try:
            return cls(grid, play, last, document["set_aside"], document["name"])
        except ValueError as error:
            raise CorruptGameError(str(error)) from None


def _read_file(path) -> bytes:
    """The bytes of the regular file at ``path``, refused past the size of any strategy."""
    try:
        content = read_regular(path, MAX_CHARS)
    except NotAFileError:
        raise CorruptGameError(
            f"{os.fspath(path)!r} is not a regular file, so not a saved strategy"
        ) from None
    if len(content) > MAX_CHARS:
        raise CorruptGameError(f"this file is longer than {MAX_CHARS} bytes: no strategy is")
    return content


def _pack(table: numpy.ndarray) -> str:
    return base64.b64encode(numpy.packbits(table.ravel()).tobytes()).decode("ascii")


def _unpack(text: str, shape: tuple, path: str) -> numpy.ndarray:
    size = int(numpy.prod(shape))
    expected = 4 * -(-math.ceil(size / 8) // 3)  # base64 of the packed bytes
    if len(text) != expected:
        raise CorruptGameError(
            f"must be {expected} characters of base64 for this grid, not {len(text)}", path
        )
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise CorruptGameError("must be base64 text", path) from None
    bits = numpy.unpackbits(numpy.frombuffer(packed, dtype=numpy.uint8))
    if bits[size:].any():
        raise CorruptGameError("has bits set past the end of the table", path)
    return bits[:size].reshape(shape).astype(bool)


def _bits(value, path):
    if type(value) is not str or len(value) > MAX_CHARS:
        raise CorruptGameError("must be the table's bits as base64 text", path)


_SCHEMA = saves.obj(
    {
        "format": saves.const(FORMAT),
        "version": saves.const(VERSION),
        "name": saves.string,
        "rules": saves.rules_schema(Rules),
        "band": saves.whole(1, 1_000_000),
        "turn_cap": saves.whole(1, 1_000_000),
        "set_aside": saves.string,
        "play": _bits,
        "last": _bits,
    }
)
