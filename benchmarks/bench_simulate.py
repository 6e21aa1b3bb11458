"""Benchmark of the batch simulator (Fivethousand and Thousand); prints figures and ratios,
asserts nothing. Every figure comes with references measured in the same run.

1. Threshold-bot turns per second (budget: at least 1 000 000), beside the engine path (the
   same bot, played one turn at a time through the engine), a plain Python loop with a
   look-up table of each throw's best points, a naive numpy version (many turns at once,
   the throw's best points looked up per multiset, nothing else), and the lean lockstep
   reference: one integer below 6**dice per throw, two tables read by it (goal: dicelab at
   least 0.8 of its turns per CPU second).
2. Bot-vs-bot games per second for every built-in bot of both games (budget: 100 000 games
   in at most 10 s serial), beside the engine path; the time of 100 000 games.
3. The peak memory of 100 000 games (budget: 1 GB), as numpy allocates it (tracemalloc).

    python benchmarks/bench_simulate.py [--scale 1.0]

``--scale`` multiplies every number of games and turns (0.1 for a quick look). Yahtzee has
its own benchmark (``bench_simulate_yahtzee.py``).
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
import warnings
from dataclasses import dataclass

import numpy

from dicelab import dice, fivethousand, simulate, thousand
from dicelab.simulate.throws import MULTISETS, throw_numbers

GAMES = {"fivethousand": fivethousand, "thousand": thousand}
OPPONENT = {"fivethousand": "intelligent", "thousand": "cask_aware"}
THRESHOLD = 300


@dataclass(frozen=True)
class OnTheEngine:
    """A built-in bot disguised as a bot of your own, so that it plays on the engine path."""

    bot: object

    def choose(self, engine, state, rng):
        return self.bot.choose(engine, state, rng)


def timed(function, *args, **kwargs):
    """The result and the wall-clock seconds (``timed.cpu``: this process's CPU seconds)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = function(*args, **kwargs)
    timed.cpu = time.process_time() - cpu
    return result, time.perf_counter() - start


def best_table(rules) -> dict:
    """Sorted throw -> (best points, dice left after setting them aside), for the plain loop."""
    table = rules.combinations()
    out = {}
    for n in range(1, rules.dice + 1):
        for throw in dice.multisets(n):
            best = table.best_choice(throw)
            out[throw] = None if best is None else (best[1], n - len(best[0]))
    return out


def plain_loop_turns(game: str, n: int) -> float:
    """Threshold turns one at a time in plain Python: random.randint dice, a dict look-up;
    returns turns per second. Thousand's casks: from 0, saving needs 100."""
    rules = GAMES[game].Rules()
    table, rng, full = best_table(rules), random.Random(0), rules.dice
    floor = 100 if game == "thousand" else 0
    start = time.perf_counter()
    for _ in range(n):
        points, left = 0, full
        while True:
            found = table[tuple(sorted(rng.randint(1, 6) for _ in range(left)))]
            if found is None:
                break
            points += found[0]
            left = found[1] or full
            if game == "thousand" and points > rules.target:
                break
            if points >= max(THRESHOLD, floor):
                break
    return n / (time.perf_counter() - start)


def naive_numpy_turns(game: str, n: int) -> float:
    """Threshold turns many at once with numpy, the plainest way: throw six dice for every
    turn still going, look the multiset's best points up, repeat; returns turns per second."""
    rules = GAMES[game].Rules()
    table = best_table(rules)
    points_of = numpy.zeros(len(MULTISETS), dtype=numpy.int64)
    left_of = numpy.zeros(len(MULTISETS), dtype=numpy.int64)
    for i, m in enumerate(MULTISETS):
        found = table.get(m)
        if found:
            points_of[i], left_of[i] = found
    floor = 100 if game == "thousand" else 0
    rng = numpy.random.default_rng(0)
    start = time.perf_counter()
    points = numpy.zeros(n, dtype=numpy.int64)
    left = numpy.full(n, rules.dice)
    going = numpy.arange(n)
    while len(going):
        faces = rng.integers(1, 7, size=(len(going), 6))
        faces[numpy.arange(6) >= left[going, None]] = 0
        throw = throw_numbers(faces)
        gained = points_of[throw]
        bust = gained == 0
        points[going] = numpy.where(bust, 0, points[going] + gained)
        left[going] = numpy.where(left_of[throw] == 0, rules.dice, left_of[throw])
        done = bust | (points[going] >= max(THRESHOLD, floor))
        if game == "thousand":
            done |= points[going] > rules.target
        going = going[~done]
    return n / (time.perf_counter() - start)


def lean_numpy_turns(game: str, n: int) -> float:
    """Threshold turns many at once, the leanest simple way (the issue's yardstick): each
    turn still going draws one integer below 6**dice left and reads two tables by it, the
    points and the dice left; returns turns per CPU second."""
    rules = GAMES[game].Rules()
    table = best_table(rules)
    offsets = numpy.cumsum([0] + [6**k for k in range(rules.dice + 1)])  # code tables by dice
    points_of = numpy.zeros(offsets[-1], dtype=numpy.int64)
    left_of = numpy.zeros(offsets[-1], dtype=numpy.int64)
    for k in range(1, rules.dice + 1):
        codes = numpy.arange(6**k)
        faces = (codes[:, None] // 6 ** numpy.arange(k)) % 6 + 1
        for code, row in zip(codes.tolist(), faces.tolist()):
            found = table.get(tuple(sorted(row)))
            if found:
                points_of[offsets[k] + code] = found[0]
                left_of[offsets[k] + code] = found[1] or rules.dice
    stop = max(THRESHOLD, 100 if game == "thousand" else 0)
    rng = numpy.random.default_rng(0)
    cpu = time.process_time()
    points = numpy.zeros(n, dtype=numpy.int64)
    left = numpy.full(n, rules.dice)
    going = numpy.arange(n)
    while len(going):
        at = offsets[left] + rng.integers(0, 6**left)
        gained = points_of[at]
        total = points[going] + gained
        points[going] = numpy.where(gained == 0, 0, total)
        done = (gained == 0) | (total >= stop)
        if game == "thousand":
            done |= total > rules.target
        going, left = going[~done], left_of[at][~done]  # left: the dice of each turn going
    return n / (time.process_time() - cpu)


def turns_section(scale: float) -> None:
    print(f"threshold-bot turns per second (bank at {THRESHOLD}); budget 1 000 000")
    print(
        f"{'game':14}{'dicelab':>12}{'per CPU s':>12}{'engine path':>13}{'ratio':>8}{'plain loop':>12}{'ratio':>8}"
        f"{'naive numpy':>13}{'ratio':>8}{'lean, CPU s':>13}{'ratio':>8}"
    )
    for game in GAMES:
        bot = simulate.ThresholdBot(THRESHOLD)
        n = int(1_000_000 * scale)
        simulate.turns(game, bot, n=1000, seed=0, progress=False)  # warm the tables
        _, seconds = timed(simulate.turns, game, bot, n=n, seed=0, progress=False)
        ours, per_cpu = n / seconds, n / timed.cpu
        small = max(200, int(20_000 * scale))
        _, engine_seconds = timed(
            simulate.turns, game, OnTheEngine(bot), n=small, seed=0, progress=False
        )
        engine = small / engine_seconds
        plain = plain_loop_turns(game, max(200, int(100_000 * scale)))
        naive = naive_numpy_turns(game, n)
        lean = lean_numpy_turns(game, n)
        print(
            f"{game:14}{ours:12,.0f}{per_cpu:12,.0f}{engine:13,.0f}{ours / engine:8.1f}{plain:12,.0f}{ours / plain:8.1f}"
            f"{naive:13,.0f}{ours / naive:8.2f}{lean:13,.0f}{per_cpu / lean:8.2f}"
        )
    print("(lean: per CPU second, against dicelab's per CPU second; goal at least 0.8)")


def games_section(scale: float) -> None:
    n = int(100_000 * scale)
    print(f"\nbot-vs-bot games per second ({n:,} games each, serial); budget 100 000 games in 10 s")
    print("(on a busy machine the CPU seconds of 100 000 games say more than the wall clock)")
    print(
        f"{'game':14}{'players':28}{'dicelab':>10}{'100 000 in':>12}{'CPU':>8}{'engine path':>13}{'ratio':>8}"
    )
    for game, module in GAMES.items():
        for level in sorted(module.BOTS) + ["threshold"]:
            bot = simulate.ThresholdBot(THRESHOLD) if level == "threshold" else level
            players = [bot, OPPONENT[game]]
            simulate.games(game, players, n=50, seed=0, progress=False)  # solve the policies first
            _, seconds = timed(simulate.games, game, players, n=n, seed=0, progress=False)
            ours, cpu = n / seconds, timed.cpu * 100_000 / n
            small = max(20, int((400 if game == "fivethousand" else 100) * scale))
            engine_players = [
                OnTheEngine(module.BOTS[p]() if isinstance(p, str) else p) for p in players
            ]
            _, engine_seconds = timed(
                simulate.games, game, engine_players, n=small, seed=0, progress=False
            )
            engine = small / engine_seconds
            name = f"{level} vs {OPPONENT[game]}"
            print(
                f"{game:14}{name:28}{ours:10,.0f}{100_000 / ours:11.1f}s{cpu:7.1f}s{engine:13,.0f}"
                f"{ours / engine:8.0f}"
            )


def memory_section(scale: float) -> None:
    n = int(100_000 * scale)
    print(f"\npeak memory of {n:,} games in one chunk (numpy allocations); budget 1 GB")
    for game, players in (
        ("fivethousand", ["optimal", "intelligent"]),
        ("thousand", ["cask_aware", "random"]),
    ):
        simulate.games(game, players, n=50, seed=0, progress=False)
        tracemalloc.start()
        simulate.games(game, players, n=n, seed=0, chunk_size=max(n, 1), progress=False)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{game:14}{' vs '.join(players):28}{peak / 2**20:10.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiply every number of games and turns"
    )
    scale = parser.parse_args().scale
    warnings.simplefilter("ignore", simulate.EnginePathWarning)  # the engine path on purpose
    turns_section(scale)
    games_section(scale)
    memory_section(scale)


if __name__ == "__main__":
    main()
