"""The optimal solitaire Yahtzee solver: solve time per preset, cached load, and the optimal
bot's mean score over 10 000 games against the solved expectation.

The reference, measured in the same run, is ONE dense float32 matrix product (cards x 252
rolls) @ (252 rolls x 462 holds) over as many cards as the preset has: the textbook core of
one roll of one turn for every card, run by the machine's BLAS on every core. The ratio
(solve time / reference) says how many such products a whole solve costs, which moves far
less from machine to machine than seconds do. Budget: a solve <= 10 s on 2 cores, a cached
load <= 0.5 s. Run: ``python benchmarks/bench_yahtzee_solver.py [--games N]``.
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from dicelab import simulate, yahtzee
from dicelab.yahtzee import solver

PUBLISHED = {"free_joker": 254.5896, "hasbro": 254.5877, "no_bonus": 245.8708, "yatzy": 248.4400}


def dense_product_seconds(cards: int) -> float:
    rng = np.random.default_rng(0)
    rolls = rng.random((cards, 252), dtype=np.float32)
    transitions = rng.random((252, 462), dtype=np.float32)
    start = time.perf_counter()
    rolls @ transitions
    return time.perf_counter() - start


def card_count(solution) -> int:
    return int(np.count_nonzero(~np.isnan(solution.values)))


def bench_solves() -> None:
    print(f"{'preset':<11} {'expected':>10} {'published':>10} {'diff':>9} {'solve s':>8} "
          f"{'cards':>9} {'product s':>9} {'ratio':>6} {'load s':>7}")
    for name in yahtzee.PRESETS:
        rules = yahtzee.Rules.preset(name)
        solver._SOLUTIONS.pop(rules, None)
        start = time.perf_counter()
        solution = yahtzee.solve(rules, progress=False)  # an empty cache folder: a full solve
        solve_seconds = time.perf_counter() - start
        solver._SOLUTIONS.pop(rules, None)
        start = time.perf_counter()
        loaded = yahtzee.solve(rules, progress=False)
        load_seconds = time.perf_counter() - start
        assert loaded.expected_score == solution.expected_score
        reference = dense_product_seconds(card_count(solution))
        published = PUBLISHED.get(name)
        diff = f"{solution.expected_score - published:+.6f}" if published else "-"
        print(f"{name:<11} {solution.expected_score:>10.4f} {published or '-':>10} {diff:>9} "
              f"{solve_seconds:>8.2f} {card_count(solution):>9} {reference:>9.3f} "
              f"{solve_seconds / reference:>6.1f} {load_seconds:>7.3f}")


def bench_bot(preset: str, games: int) -> None:
    expected = yahtzee.solve(preset, progress=False).expected_score
    start = time.perf_counter()
    with ProcessPoolExecutor(os.cpu_count()) as pool:  # each worker loads the cached solution
        results = simulate.games("yahtzee", ["optimal"], n=games, seed=2024, rules=preset,
                                 executor=pool, progress=False)
    seconds = time.perf_counter() - start
    scores = results.scores[:, 0]
    half_width = 1.96 * scores.std(ddof=1) / math.sqrt(games)
    mean = scores.mean()
    inside = "inside" if abs(mean - expected) <= half_width else "OUTSIDE"
    print(f"\noptimal bot, {preset}, {games} games in {seconds:.1f} s: mean {mean:.3f} "
          f"± {half_width:.3f} (95% CI) vs solved {expected:.4f}: {inside} the interval")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="optimal-bot games to play")
    parser.add_argument("--preset", default="scratch", help="rules of the bot's games")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DICELAB_CACHE_DIR"] = folder  # start from an empty cache, leave none behind
        bench_solves()
        bench_bot(args.preset, args.games)


if __name__ == "__main__":
    main()
