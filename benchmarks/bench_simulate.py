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
from functools import partial

import numpy

from dicelab import dice, fivethousand, simulate, thousand
from dicelab.setaside.throws import MULTISETS, ThrowChoices
from dicelab.simulate import runner
from dicelab.simulate.batch_turns import TurnBatch
from dicelab.simulate.throws import throw_numbers, throw_of

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


LEAN_BATCH = 32_768  # turns or games a lean reference plays at once (its arrays fit the cache)


def code_tables(rules, table) -> tuple:
    """By ``offset[n] + code`` (a throw of ``n`` dice as one integer below 6**n, die ``k``
    showing ``code // 6**k % 6 + 1``): the points of the throw's best part and the dice left
    after it (``rules.dice`` on hot dice; 0 on a bust), and the offsets."""
    offsets = numpy.cumsum([0] + [6**k for k in range(rules.dice + 1)])
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
    return points_of, left_of, offsets


def lean_numpy_turns(game: str, n: int) -> float:
    """Threshold turns many at once, the leanest simple way (the issue's yardstick), in
    batches of :data:`LEAN_BATCH`: each turn still going draws one integer below 6**6, reads
    the points and the dice left from two tables by it reduced below 6**dice (exactly
    uniform), and leaves the arrays once over (its points kept); under Zillions rules a
    farkle keeps the rounds completed by hot dice, as the game's turns do. Returns turns per
    CPU second (``lean_numpy_turns.mean``: the mean points of its turns). Drawing below
    6**dice with an array of bounds instead measured slower."""
    rules = GAMES[game].Rules()
    keeps = getattr(rules, "bust_keeps_completed_rounds", False)  # (no minimum bank here)
    points_of, left_of, offsets = code_tables(rules, best_table(rules))
    powers = 6 ** numpy.arange(rules.dice + 1)
    stop = max(THRESHOLD, 100 if game == "thousand" else 0)
    rng = numpy.random.default_rng(0)
    cpu, scored = time.process_time(), 0
    for start in range(0, n, LEAN_BATCH):
        result = numpy.zeros(min(LEAN_BATCH, n - start), dtype=numpy.int64)
        going = numpy.arange(len(result))
        points = numpy.zeros(len(result), dtype=numpy.int64)
        kept = numpy.zeros(len(result), dtype=numpy.int64)  # the rounds completed
        left = numpy.full(len(result), rules.dice)
        while len(going):
            at = offsets[left] + rng.integers(0, 6**6, size=len(going)) % powers[left]
            gained = points_of[at]
            total = points + gained
            bust = gained == 0
            done = bust | (total >= stop)
            if game == "thousand":
                done |= total > rules.target
            result[going[done]] = numpy.where(bust[done], kept[done] if keeps else 0, total[done])
            more = ~done
            left = left_of[at]
            if keeps:  # hot dice (all the dice again) complete a round
                kept = numpy.where(left == rules.dice, total, kept)[more]
            going, points, left = going[more], total[more], left[more]
        scored += int(result.sum())
    rate = n / (time.process_time() - cpu)
    lean_numpy_turns.mean = scored / n
    return rate


def lean_numpy_games(game: str, players: list, n: int) -> float:
    """Games of the default rules many at once, the leanest simple way: :data:`LEAN_BATCH`
    at a time, one integer below 6**6 per throw from one generator, the throw's number and
    parts read from dicelab's tables, the same batch bots (the very objects dicelab's runs
    made, their caches warm) asked the same questions, and each game leaving the arrays as
    it ends; returns games per CPU second. What is left between it and dicelab is the
    simulator's own work. (Answering a cheap bot for every game at once, as dicelab does,
    measured slower here: this reference asks each seat about its own games only.)"""
    rules = GAMES[game].Rules()
    bots = runner.batch_bots(game, rules, tuple(players))  # dicelab's, with their caches
    table = ThrowChoices.of(rules)
    kept = [table.best if game == "thousand" else bot.keep_table(table) for bot in bots]
    choosing = any(bot.uses_choices for bot in bots)
    seats, width = len(players), table.choices.shape[1]
    part_points, part_dice = table.choices[..., 0].ravel(), table.choices[..., 1].ravel()
    rng = numpy.random.default_rng(0)
    cpu = time.process_time()
    for start in range(0, n, LEAN_BATCH):
        m = min(LEAN_BATCH, n - start)
        final_scores = numpy.zeros((m, seats), dtype=numpy.int64)
        game_of = numpy.arange(m)
        scores = numpy.zeros((m, seats), dtype=numpy.int64)
        player = numpy.zeros(m, dtype=numpy.int64)
        points = numpy.zeros(m, dtype=numpy.int64)
        round_start = numpy.zeros(m, dtype=numpy.int64)
        left = numpy.full(m, rules.dice)
        owed = numpy.full(m, -1)  # Fivethousand's last turns, once due
        while len(game_of):
            rows = numpy.arange(len(game_of))
            seat_at = rows * seats + player  # the seat to move in scores.ravel()
            throw = throw_of(rng.integers(0, 6**6, size=len(rows)), left)
            choice = rng.random((len(rows), 2)) if choosing else None
            banked = scores.ravel()[seat_at]
            part = numpy.zeros(len(rows), dtype=numpy.int64)
            bust = table.count[throw] == 0
            turns = TurnBatch(scores, player, points, round_start, left, owed > 0, throw, choice)
            for seat, bot in enumerate(bots):
                mine = numpy.flatnonzero((player == seat) & ~bust)
                part[mine] = (
                    kept[seat][throw[mine]]
                    if kept[seat] is not None
                    else bot.keep(turns.take(mine), table)
                )
            part += throw * width
            gained, started = part_points[part], round_start
            total = points + gained
            left = left - part_dice[part]
            hot = left == 0
            round_start = numpy.where(hot, total, round_start)
            left = numpy.where(hot, rules.dice, left)
            if game == "thousand":
                won = ~bust & (banked + total == rules.target)
                ended = bust | (banked + total >= rules.target)
                asked = ~ended & rules.casks_allow_saving(banked, total)
            else:
                won, ended, asked = False, bust, ~bust
            turns = TurnBatch(scores, player, total, round_start, left, owed > 0, throw, choice)
            bank = numpy.zeros(len(rows), dtype=bool)
            for seat, bot in enumerate(bots):
                mine = numpy.flatnonzero(asked & (player == seat))
                bank[mine] = bot.bank(turns.take(mine))
            over = ended | bank
            score = banked + numpy.where(bank | won, total, 0)
            if game == "fivethousand":  # a farkle keeps the completed rounds (Zillions)
                score = numpy.where(bust, banked + started, score)
            scores.ravel()[seat_at] = score
            if game == "thousand":
                finished = won
            else:
                due = numpy.where(
                    owed < 0, numpy.where(score >= rules.target, seats - 1, -1), owed - 1
                )
                owed = numpy.where(over, due, owed)
                finished = over & (owed == 0)
            final_scores[game_of[finished]] = scores[finished]
            player = numpy.where(over, (player + 1) % seats, player)
            points = numpy.where(over, 0, total)
            round_start = numpy.where(over, 0, round_start)
            left = numpy.where(over, rules.dice, left)
            going = ~finished
            game_of, scores, player, points = (
                game_of[going],
                scores[going],
                player[going],
                points[going],
            )
            round_start, left, owed = round_start[going], left[going], owed[going]
    return n / (time.process_time() - cpu)


def best_of(repeats: int, *measures):
    """Each measure's best figure over ``repeats`` interleaved rounds (a busy machine only
    ever slows a run down), each a call returning a figure where higher is better."""
    best = [0.0] * len(measures)
    for _ in range(repeats):
        for i, measure in enumerate(measures):
            best[i] = max(best[i], measure())
    return best


def peak_mb(function, *args, **kwargs) -> float:
    """The peak of numpy's allocations (tracemalloc) while ``function`` runs, in MB."""
    tracemalloc.start()
    function(*args, **kwargs)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def turns_section(scale: float) -> None:
    print(f"threshold-bot turns per second (bank at {THRESHOLD}); budget 1 000 000")
    print("(best of 3 interleaved rounds; lean: per CPU second, against dicelab's; goal 0.8)")
    print(
        f"{'game':14}{'dicelab':>12}{'per CPU s':>12}{'MB':>6}{'engine path':>13}{'ratio':>8}"
        f"{'plain loop':>12}{'ratio':>8}{'naive numpy':>13}{'ratio':>8}{'lean, CPU s':>13}{'MB':>6}"
        f"{'ratio':>8}"
    )
    for game in GAMES:
        bot = simulate.ThresholdBot(THRESHOLD)
        n = int(1_000_000 * scale)
        simulate.turns(game, bot, n=1000, seed=0, progress=False)  # warm the tables

        def ours(game=game, bot=bot, n=n):
            played, seconds = timed(simulate.turns, game, bot, n=n, seed=0, progress=False)
            ours.wall = max(getattr(ours, "wall", 0), n / seconds)
            ours.mean = float(played.points.mean())
            return n / timed.cpu

        per_cpu, lean = best_of(3, ours, partial(lean_numpy_turns, game, n))
        ours_mb = peak_mb(simulate.turns, game, bot, n=n, seed=0, progress=False)
        lean_mb = peak_mb(lean_numpy_turns, game, n)
        small = max(200, int(20_000 * scale))
        _, engine_seconds = timed(
            simulate.turns, game, OnTheEngine(bot), n=small, seed=0, progress=False
        )
        engine = small / engine_seconds
        plain = plain_loop_turns(game, max(200, int(100_000 * scale)))
        naive = naive_numpy_turns(game, n)
        print(
            f"{game:14}{ours.wall:12,.0f}{per_cpu:12,.0f}{ours_mb:6.0f}{engine:13,.0f}"
            f"{ours.wall / engine:8.1f}{plain:12,.0f}{ours.wall / plain:8.1f}{naive:13,.0f}"
            f"{ours.wall / naive:8.2f}{lean:13,.0f}{lean_mb:6.0f}{per_cpu / lean:8.2f}"
        )
        print(
            f"{'':14}the same turns: mean points {ours.mean:.2f} (dicelab), "
            f"{lean_numpy_turns.mean:.2f} (lean), each of {n:,} turns"
        )


def games_section(scale: float) -> None:
    n = int(100_000 * scale)
    print(f"\nbot-vs-bot games per second ({n:,} games each, serial); budget 100 000 games in 10 s")
    print("(CPU: of these games; lean: the lean reference's games per CPU second, best of 2")
    print("interleaved rounds each, against dicelab's; goal 0.8; MB: numpy's peak, one run)")
    print(
        f"{'game':14}{'players':28}{'dicelab':>10}{'CPU':>8}{'per CPU s':>11}{'MB':>6}"
        f"{'engine path':>13}{'ratio':>8}{'lean, CPU s':>13}{'MB':>6}{'ratio':>8}"
    )
    for game, module in GAMES.items():
        for level in sorted(module.BOTS) + ["threshold"]:
            bot = simulate.ThresholdBot(THRESHOLD) if level == "threshold" else level
            players = [bot, OPPONENT[game]]
            simulate.games(game, players, n=50, seed=0, progress=False)  # solve the policies first
            lean_numpy_games(game, players, 50)

            def ours(game=game, players=players):
                _, seconds = timed(simulate.games, game, players, n=n, seed=0, progress=False)
                ours.wall, ours.cpu = n / seconds, timed.cpu
                return n / timed.cpu

            per_cpu, lean = best_of(2, ours, partial(lean_numpy_games, game, players, n))
            ours_mb = peak_mb(simulate.games, game, players, n=n, seed=0, progress=False)
            lean_mb = peak_mb(lean_numpy_games, game, players, n)
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
                f"{game:14}{name:28}{ours.wall:10,.0f}{ours.cpu:7.1f}s{per_cpu:11,.0f}{ours_mb:6.0f}"
                f"{engine:13,.0f}{ours.wall / engine:8.0f}{lean:13,.0f}{lean_mb:6.0f}"
                f"{per_cpu / lean:8.2f}"
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
