"""What a simulation returns: arrays of results, and estimates with their sampling error.

Every rate and mean of the results is also an :class:`Estimate`: the value, its standard
error and a confidence interval, so a lesson can show how sure a simulation is.

>>> e = Estimate.of_sample([1, 0, 1, 1])
>>> e.value, round(e.standard_error, 4), e.n
(0.75, 0.25, 4)
>>> [round(x, 3) for x in e.interval(0.95)]
[0.26, 1.24]
>>> print(Estimate(0.5, 0.01, 10_000))
0.5 ± 0.0196 (95 % confidence, 10,000 samples)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy
from numpy.typing import ArrayLike

from dicelab.extras import require

if TYPE_CHECKING:
    from dicelab.odds import OddsTable


@dataclass(frozen=True)
class Estimate:
    """A simulated mean (a rate is the mean of 0s and 1s) with its standard error.

    ``interval(level)`` is the normal-approximation confidence interval
    ``value ± z · standard_error``; ``float(estimate)`` is the value.
    """

    value: float
    standard_error: float
    n: int

    @classmethod
    def of_sample(cls, sample: ArrayLike) -> Estimate:
        """The mean of ``sample`` and its standard error (sample standard deviation / √n)."""
        values = numpy.asarray(sample, dtype=numpy.float64)
        n = len(values)
        if n == 0:
            return cls(math.nan, math.nan, 0)
        spread = float(values.std(ddof=1)) if n > 1 else math.nan
        return cls(float(values.mean()), spread / math.sqrt(n), n)

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """The confidence interval at ``level`` (between 0 and 1)."""
        half = self.half_width(level)
        return self.value - half, self.value + half

    def half_width(self, level: float = 0.95) -> float:
        """Half the width of the confidence interval at ``level``: the "±" of the estimate."""
        if not 0 < level < 1:
            raise ValueError(f"a confidence level is between 0 and 1, not {level!r}")
        return NormalDist().inv_cdf((1 + level) / 2) * self.standard_error

    def __float__(self) -> float:
        return self.value

    def __str__(self) -> str:
        return f"{self.value:.4g} ± {self.half_width():.3g} (95 % confidence, {self.n:,} samples)"


def _dataframe(records: list[dict[str, object]]) -> Any:  # a pandas DataFrame
    return require("pandas", "data", "to_dataframe()").DataFrame.from_records(records)


@dataclass(frozen=True, eq=False)
class GameResults:
    """Results of :func:`dicelab.simulate.games`: one row per game, one column per seat.

    ``scores`` final scores, ``wins`` True for every winner (a shared win counts for each),
    ``turns`` the turns played in the game (all seats), ``busts`` each seat's turns that
    scored nothing (a bust or a burned turn; in Yahtzee a box filled with 0).
    ``estimate(measure, player)`` gives a measure with its sampling error.
    """

    game: str
    rules: object
    players: tuple[str, ...]  # the bot of each seat: a level name or the bot's repr
    seed: int
    scores: numpy.ndarray
    wins: numpy.ndarray
    turns: numpy.ndarray
    busts: numpy.ndarray

    MEASURES = ("win_rate", "mean_score", "busts_per_game", "turns_per_game")

    def __len__(self) -> int:
        return len(self.turns)

    def seats(self, player: int | str) -> list[int]:
        """Seat numbers of ``player``: a seat number or a bot level name."""
        if isinstance(player, int) and not isinstance(player, bool):
            if not 0 <= player < len(self.players):
                raise IndexError(f"there are seats 0 to {len(self.players) - 1}, not {player}")
            return [player]
        seats = [i for i, p in enumerate(self.players) if p == player]
        if not seats:
            raise ValueError(
                f"no seat is played by {player!r}; the players are {list(self.players)}"
            )
        return seats

    def estimate(self, measure: str, player: int | str | None = None) -> Estimate:
        """``measure`` ("win_rate", "mean_score", "busts_per_game" or "turns_per_game") of a
        seat, a bot level (the mean of its seats in each game) or every seat, with its
        standard error over the games."""
        if measure == "turns_per_game":
            return Estimate.of_sample(self.turns)
        columns = {"win_rate": self.wins, "mean_score": self.scores, "busts_per_game": self.busts}
        if measure not in columns:
            raise ValueError(f"measure is one of {', '.join(self.MEASURES)}, not {measure!r}")
        seats: list[int] | slice = self.seats(player) if player is not None else slice(None)
        return Estimate.of_sample(columns[measure][:, seats].mean(axis=1))

    def standard_error(self, measure: str, player: int | str | None = None) -> float:
        """The standard error of :meth:`estimate`."""
        return self.estimate(measure, player).standard_error

    def confidence_interval(
        self, measure: str, player: int | str | None = None, level: float = 0.95
    ) -> tuple[float, float]:
        """The confidence interval of :meth:`estimate` at ``level``."""
        return self.estimate(measure, player).interval(level)

    def win_rate(self, player: int | str) -> float:
        """The share of games a seat (or, on average, the seats of a bot level) won."""
        return self.estimate("win_rate", player).value

    def mean_score(self, player: int | str | None = None) -> float:
        """The mean final score of a seat, a bot level, or every seat."""
        return self.estimate("mean_score", player).value

    def to_records(self) -> list[dict[str, object]]:
        """One plain record per game and seat (a tidy, "long" table)."""
        return [
            {
                "game": g,
                "seat": s,
                "player": self.players[s],
                "score": int(self.scores[g, s]),
                "won": bool(self.wins[g, s]),
                "busts": int(self.busts[g, s]),
                "turns": int(self.turns[g]),
            }
            for g in range(len(self))
            for s in range(len(self.players))
        ]

    def to_dataframe(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame."""
        return _dataframe(self.to_records())

    def summary(self) -> OddsTable:
        """Per seat: win rate and mean score, each with the half-width of its 95 % confidence
        interval, and busts per game, as a :class:`dicelab.odds.OddsTable`."""
        from dicelab.odds import OddsTable

        rows: list[dict[str, object]] = []
        for seat, player in enumerate(self.players):
            win, score = self.estimate("win_rate", seat), self.estimate("mean_score", seat)
            rows.append(
                {
                    "seat": seat,
                    "player": player,
                    "win rate": win.value,
                    "± win rate": win.half_width(),
                    "mean score": score.value,
                    "± mean score": score.half_width(),
                    "busts per game": float(self.busts[:, seat].mean()),
                }
            )
        return OddsTable(
            [
                "seat",
                "player",
                "win rate",
                "± win rate",
                "mean score",
                "± mean score",
                "busts per game",
            ],
            rows,
            f"{self.game}: {len(self)} games, seed {self.seed} (± is the 95 % confidence interval)",
        )


@dataclass(frozen=True, eq=False)
class TurnResults:
    """Results of :func:`dicelab.simulate.turns`: ``points`` each turn added to the score,
    ``busts`` whether it scored nothing (bust, burned turn, or a Yahtzee box filled with 0),
    ``throws`` its throws. ``estimate(measure)`` gives a measure with its sampling error."""

    game: str
    rules: object
    bot: str
    seed: int
    points: numpy.ndarray
    busts: numpy.ndarray
    throws: numpy.ndarray

    MEASURES = ("bust_rate", "mean_points", "mean_throws")

    def __len__(self) -> int:
        return len(self.points)

    def estimate(self, measure: str) -> Estimate:
        """``measure`` ("bust_rate", "mean_points" or "mean_throws") with its standard error."""
        columns = {"bust_rate": self.busts, "mean_points": self.points, "mean_throws": self.throws}
        if measure not in columns:
            raise ValueError(f"measure is one of {', '.join(self.MEASURES)}, not {measure!r}")
        return Estimate.of_sample(columns[measure])

    def standard_error(self, measure: str) -> float:
        """The standard error of :meth:`estimate`."""
        return self.estimate(measure).standard_error

    def confidence_interval(self, measure: str, level: float = 0.95) -> tuple[float, float]:
        """The confidence interval of :meth:`estimate` at ``level``."""
        return self.estimate(measure).interval(level)

    @property
    def bust_rate(self) -> float:
        return float(self.busts.mean())

    @property
    def mean_points(self) -> float:
        return float(self.points.mean())

    def frequencies(self) -> dict[int, float]:
        """Each number of points -> the share of turns that scored it."""
        values, counts = numpy.unique(self.points, return_counts=True)
        return {int(v): int(c) / len(self) for v, c in zip(values, counts)}

    def to_records(self) -> list[dict[str, object]]:
        return [
            {"turn": i, "points": int(p), "bust": bool(b), "throws": int(t)}
            for i, (p, b, t) in enumerate(zip(self.points, self.busts, self.throws))
        ]

    def to_dataframe(self) -> Any:
        return _dataframe(self.to_records())
