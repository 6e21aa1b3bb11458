"""A class tournament of Fivethousand strategies: :func:`tournament`, a round robin.

Every pair of entrants (students' strategies, and the house robots as references) plays
``games`` games on the batch simulator, half with each throwing first, with common random
numbers: game ``k`` of a pairing is thrown with the same dice in both seat orders, so luck
cancels out of the comparison. Every pairing plays in one run of the batch simulator for
each seat order (:mod:`dicelab.simulate.field`), seeded by the tournament's seed, so a
tournament is reproducible, played on one core or handed out, in chunks of games, to an
``executor`` (a process pool, or a Dask client's ``get_executor()``). Where an entrant has
no batch form (the win robot under a farkle penalty) the pairings play one by one, each
seeded from the tournament's seed and the two entrants' places.

>>> from dicelab import strategy
>>> field = [strategy.threshold("traditional", bank_at=t, name=f"at {t}") for t in (200, 400)]
>>> standings = tournament(field, robots=("simple",), games=200, progress=False)
>>> standings.names
('at 200', 'at 400', 'simple')
>>> standings == tournament(field, robots=("simple",), games=200, progress=False)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy

from dicelab import validation
from dicelab.errors import InvalidInputError
from dicelab.fivethousand.rules import Rules
from dicelab.fivethousand.strategy import BOTS
from dicelab.odds.table import OddsTable
from dicelab.simulate import games as play_games
from dicelab.simulate.field import FieldBot
from dicelab.simulate.results import Estimate
from dicelab.simulate.runner import progress_bar
from dicelab.simulate.setaside_bots import batch_bot
from dicelab.strategy.exact import check_judged
from dicelab.strategy.judgement import win_chance
from dicelab.strategy.robot import StrategyBot
from dicelab.strategy.table import Strategy

ROBOTS = ("simple", "intelligent", "optimal", "win")
EXACT_TARGET = 1000  # by default exact chances are worked out up to this target (seconds a pair)
MAX_GAMES = 10_000_000


@dataclass(frozen=True, eq=False)
class Standings:
    """A round robin's results: ``shares[i, j]`` the mean share of entrant ``i``'s games
    won against ``j`` (a shared win counts half), ``errors[i, j]`` its standard error,
    ``exact[i, j]`` the exact chance where it was worked out (NaN elsewhere)."""

    names: tuple
    robots: tuple
    rules: Rules
    games: int
    seed: int
    shares: numpy.ndarray
    errors: numpy.ndarray
    exact: numpy.ndarray

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Standings)
            and (self.names, self.robots, self.rules, self.games, self.seed)
            == (other.names, other.robots, other.rules, other.games, other.seed)
            and all(
                numpy.array_equal(getattr(self, name), getattr(other, name), equal_nan=True)
                for name in ("shares", "errors", "exact")
            )
        )

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def pooled(cls, parts, seed: int) -> Standings:
        """The standings of ``parts`` (standings of the same entrants and rules, each
        played with dice of its own) taken as one tournament of ``seed``: each pairing's
        share their mean weighted by their games, its standard error theirs combined, the
        exact chances of whichever part worked them out."""
        parts = list(parts)
        if not parts:
            raise InvalidInputError("pooled standings need the standings of one part or more")
        first = parts[0]
        for part in parts:
            if (part.names, part.robots, part.rules) != (first.names, first.robots, first.rules):
                raise InvalidInputError("pooled standings are of the same entrants and rules")
        games = sum(part.games for part in parts)
        weights = [part.games / games for part in parts]
        return cls(
            first.names,
            first.robots,
            first.rules,
            games,
            seed,
            sum(w * part.shares for w, part in zip(weights, parts)),
            numpy.sqrt(sum((w * part.errors) ** 2 for w, part in zip(weights, parts))),
            numpy.fmax.reduce([part.exact for part in parts]),
        )

    def score(self, name: str) -> Estimate:
        """Entrant ``name``'s mean share of wins over all its pairings."""
        i = self._index(name)
        others = [j for j in range(len(self.names)) if j != i]
        error = math.sqrt(sum(self.errors[i, j] ** 2 for j in others)) / len(others)
        return Estimate(float(numpy.mean(self.shares[i, others])), error, self.games * len(others))

    def matchup(self, first: str, second: str) -> Estimate:
        """``first``'s share of the games against ``second``."""
        i, j = self._index(first), self._index(second)
        return Estimate(float(self.shares[i, j]), float(self.errors[i, j]), self.games)

    def _index(self, name: str) -> int:
        if name not in self.names:
            raise InvalidInputError(
                f"{validation.shown(name)} did not play: the entrants are {', '.join(self.names)}"
            )
        return self.names.index(name)

    def ranked(self) -> list[tuple[str, Estimate]]:
        """The entrants best first, each with its :meth:`score`."""
        scores = {name: self.score(name) for name in self.names}
        return sorted(scores.items(), key=lambda item: -item[1].value)

    def leaderboard(self) -> OddsTable:
        """The entrants best first: their share of wins with ± 2 standard errors."""
        rows = [
            {
                "place": place,
                "entrant": name + (" (robot)" if name in self.robots else ""),
                "wins": round(score.value, 4),
                "± 2 SE": round(2 * score.standard_error, 4),
                "games": score.n,
            }
            for place, (name, score) in enumerate(self.ranked(), 1)
        ]
        return OddsTable(["place", "entrant", "wins", "± 2 SE", "games"], rows, title="Leaderboard")

    def pairings(self) -> OddsTable:
        """Every pairing: the first entrant's simulated share with ± 2 standard errors, and
        the exact chance beside it where it was worked out."""
        rows = []
        for i, j in _pairs(len(self.names)):
            exact = self.exact[i, j]
            rows.append(
                {
                    "entrant": self.names[i],
                    "against": self.names[j],
                    "wins": round(float(self.shares[i, j]), 4),
                    "± 2 SE": round(2 * float(self.errors[i, j]), 4),
                    "exact": "-" if math.isnan(exact) else round(float(exact), 4),
                }
            )
        return OddsTable(["entrant", "against", "wins", "± 2 SE", "exact"], rows, title="Pairings")

    def __str__(self) -> str:
        return str(self.leaderboard())

    def _repr_html_(self) -> str:
        return self.leaderboard()._repr_html_()


def _pairs(count: int):
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def pairing_seed(seed: int, first: int, second: int) -> int:
    """The seed of the pairing of the entrants in places ``first`` and ``second``."""
    return int(numpy.random.SeedSequence([seed, first, second]).generate_state(1, numpy.uint64)[0])


def play_pairings(
    rules, players, pairs, games: int, seed: int, executor=None, progress=None
) -> list:
    """Each pairing's shares of its games (``pairs`` of places in ``players``): all pairings
    in one run of the batch simulator for each seat order, or (when a player has no batch
    form) pairing by pairing. A class tournament plays its round robin round by round with
    it, so that its leaderboard fills in."""
    half = games // 2
    seats = [FieldBot(players, [pair[k] for pair in pairs], half) for k in (0, 1)]
    if batch_bot(rules, seats[0]) is not None:
        runs = [
            play_games(
                "fivethousand",
                order,
                n=len(pairs) * half,
                seed=seed,
                rules=rules,
                executor=executor,
                progress=progress,
            )
            for order in (seats, seats[::-1])
        ]
        ahead, behind = (run.wins / run.wins.sum(axis=1, keepdims=True) for run in runs)
        return list(((ahead[:, 0] + behind[:, 1]) / 2).reshape(len(pairs), half))
    bar = progress_bar(len(pairs), progress, "pairing")
    try:
        tasks = [(rules, players[i], players[j], games, pairing_seed(seed, i, j)) for i, j in pairs]
        if executor is None:
            results = (play_pairing(*task) for task in tasks)
        else:
            futures = [executor.submit(play_pairing, *task) for task in tasks]
            results = (future.result() for future in futures)
        samples = []
        for sample in results:
            samples.append(sample)
            if bar is not None:
                bar.update(1)
        return samples
    finally:
        if bar is not None:
            bar.close()


def play_pairing(rules, first, second, games: int, seed: int) -> numpy.ndarray:
    """``first``'s share of each game of a pairing, averaged over the two seat orders
    played with the same dice (game ``k`` of each order is thrown alike)."""
    half = games // 2
    ahead = play_games(
        "fivethousand", [first, second], n=half, seed=seed, rules=rules, progress=False
    )
    behind = play_games(
        "fivethousand", [second, first], n=half, seed=seed, rules=rules, progress=False
    )
    shares = ahead.wins[:, 0] / ahead.wins.sum(axis=1), behind.wins[:, 1] / behind.wins.sum(axis=1)
    return (shares[0] + shares[1]) / 2


def tournament(
    entrants,
    rules=None,
    games: int = 2000,
    *,
    robots=ROBOTS,
    seed: int = 0,
    exact=None,
    executor=None,
    progress=None,
) -> Standings:
    """Play a round robin of ``entrants`` (strategies) and the house ``robots`` (level
    names), ``games`` games a pairing, half with each seat first, and return the
    :class:`Standings`.

    ``exact``: work out the exact chances of the pairs of strategies (of the same bands
    and turn cap) beside the simulated ones (None: when the rules' target is at most 1000
    points, without a farkle penalty, and the judgement can honour them). ``executor`` plays the games (any ``concurrent.futures.Executor``: a process
    pool, a Dask client's ``get_executor()``); ``progress`` as in
    :func:`dicelab.simulate.games`.
    """
    strategies = _check_entrants(entrants)
    rules = strategies[0].rules if rules is None else Rules.coerce(rules)
    for entrant in strategies:
        if entrant.rules != rules:
            raise InvalidInputError(
                f"{entrant.name} was made for other rules than the tournament's"
            )
    robots = _check_robots(robots)
    names = tuple(s.name for s in strategies) + robots
    if len(set(names)) != len(names):
        raise InvalidInputError("two entrants share a name: give each strategy a name of its own")
    if len(names) < 2:
        raise InvalidInputError("a tournament needs at least two entrants (robots count)")
    validation.whole_number(games, "games", 2, MAX_GAMES)
    validation.whole_number(seed, "seed", 0, validation.MAX_SEED)
    judging = _judging(rules, exact)
    players = [StrategyBot(s) for s in strategies] + list(robots)
    count = len(names)
    shares, errors = numpy.full((count, count), numpy.nan), numpy.full((count, count), numpy.nan)
    pairs = _pairs(count)
    for (i, j), sample in zip(
        pairs, play_pairings(rules, players, pairs, games, seed, executor, progress)
    ):
        estimate = Estimate.of_sample(sample)
        shares[i, j], shares[j, i] = estimate.value, 1 - estimate.value
        errors[i, j] = errors[j, i] = estimate.standard_error
    return Standings(
        names,
        robots,
        rules,
        games,
        seed,
        shares,
        errors,
        _exact(strategies, count, rules) if judging else numpy.full((count, count), numpy.nan),
    )


def _judging(rules: Rules, wanted) -> bool:
    """Whether to work out exact chances (refusing ``exact=True`` under rules the judgement
    can't honour, before any game is played)."""
    if wanted is None:
        try:
            check_judged(rules)
        except ValueError:
            return False
        return rules.target <= EXACT_TARGET and not rules.penalty  # (a penalty: passes, slower)
    if validation.flag(wanted, "exact"):
        check_judged(rules)
    return wanted


def _exact(strategies, count: int, rules: Rules) -> numpy.ndarray:
    """The exact chances of the pairs of strategies with the same bands and turn cap."""
    chances = numpy.full((count, count), numpy.nan)
    for i, j in _pairs(len(strategies)):
        if strategies[i].grid == strategies[j].grid:
            chances[i, j] = win_chance(strategies[i], strategies[j], rules).chance
            chances[j, i] = 1 - chances[i, j]
    return chances


def _check_entrants(entrants) -> list:
    if isinstance(entrants, Strategy) or not isinstance(entrants, (list, tuple)):
        raise TypeError("entrants is a list of strategies")
    for entrant in entrants:
        if not isinstance(entrant, Strategy):
            raise TypeError(
                f"an entrant is a strategy (dicelab.strategy), not {validation.shown(entrant)}: "
                "the house robots enter through robots="
            )
    return list(entrants)


def _check_robots(robots) -> tuple:
    if isinstance(robots, str) or not isinstance(robots, (list, tuple)):
        raise TypeError(f"robots is a list of robot levels from {', '.join(ROBOTS)}")
    for robot in robots:
        validation.one_of(robot, [level for level in BOTS if level in ROBOTS], "robot")
    return tuple(robots)
