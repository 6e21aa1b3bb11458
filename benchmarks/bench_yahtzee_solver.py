"""The optimal solitaire Yahtzee solver: solve time per preset, cached load, the exact
standard deviation of the optimal score (free_joker against the published 59.61), and the
optimal bot's mean score and spread over 10 000 games against the solved ones.

The reference, measured in the same run, is ONE elementwise numpy pass over a float32 array
of (cards x 252 rolls), as many cards as the preset has: ``np.maximum(a, b, out=c)``, the
basic step of the solver, which is bound by memory like the solver. The ratio (solve time /
reference) says how many such passes a whole solve costs, which moves far less from machine
to machine than seconds do. (A BLAS matrix product was tried as the reference: on a busy
machine its threads make it vary tenfold.) Budget: a solve <= 10 s on 2 cores, a cached load
<= 0.5 s. Run: ``python benchmarks/bench_yahtzee_solver.py [--games N] [--preset NAME] [--seed S]``.
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
PUBLISHED_STD = {"free_joker": 59.61}  # Holderness, Verhoeff


def pass_seconds(cards: int, repeats: int = 3) -> float:
    """The best of a few runs of the reference pass (the least disturbed by other work)."""
    rng = np.random.default_rng(0)
    a, b = rng.random((2, cards, 252), dtype=np.float32)
    out = np.empty_like(a)
    best = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        np.maximum(a, b, out=out)
        best = min(best, time.perf_counter() - start)
    return best


def card_count(solution) -> int:
    return int(np.count_nonzero(~np.isnan(solution.values)))


def bench_solves() -> None:
    print(f"{'preset':<11} {'expected':>10} {'published':>10} {'diff':>9} {'solve s':>8} "
          f"{'cards':>9} {'pass s':>7} {'ratio':>6} {'load s':>7} {'std':>8} {'published':>9}")
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
        reference = pass_seconds(card_count(solution))
        published = PUBLISHED.get(name)
        diff = f"{solution.expected_score - published:+.6f}" if published else "-"
        print(f"{name:<11} {solution.expected_score:>10.4f} {published or '-':>10} {diff:>9} "
              f"{solve_seconds:>8.2f} {card_count(solution):>9} {reference:>7.4f} "
              f"{solve_seconds / reference:>6.0f} {load_seconds:>7.3f} {solution.std_score:>8.4f} "
              f"{PUBLISHED_STD.get(name, '-'):>9}")


def bench_bot(preset: str, games: int, seed: int) -> None:
    solution = yahtzee.solve(preset, progress=False)
    expected = solution.expected_score
    start = time.perf_counter()
    with ProcessPoolExecutor(os.cpu_count()) as pool:  # each worker loads the cached solution
        results = simulate.games("yahtzee", ["optimal"], n=games, seed=seed, rules=preset,
                                 executor=pool, progress=False)
    seconds = time.perf_counter() - start
    scores = results.scores[:, 0]
    standard_error = scores.std(ddof=1) / math.sqrt(games)
    mean = scores.mean()
    inside = "inside" if abs(mean - expected) <= 1.96 * standard_error else "OUTSIDE"
    print(f"\noptimal bot, {preset}, {games} games (seed {seed}) in {seconds:.1f} s: mean {mean:.3f} "
          f"± {1.96 * standard_error:.3f} (95% CI) vs solved {expected:.4f}: {inside} the interval "
          f"({(mean - expected) / standard_error:+.2f} standard errors; 1 run in 20 falls outside); "
          f"spread {scores.std(ddof=1):.3f} vs exact {solution.std_score:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the optimal Yahtzee solver; check the optimal bot.")
    parser.add_argument("--games", type=int, default=10_000, help="optimal-bot games to play")
    parser.add_argument("--preset", default="scratch", help="rules of the bot's games")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the bot's games")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DICELAB_CACHE_DIR"] = folder  # start from an empty cache, leave none behind
        bench_solves()
        bench_bot(args.preset, args.games, args.seed)


if __name__ == "__main__":
    main()
