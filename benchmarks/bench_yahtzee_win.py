"""The Yahtzee win robot on the batch simulator: its speed beside the optimal robot's, and its
record against the optimal and the greedy robots.

Speed: two-player games per second (wall clock and per CPU-second) of the batch win robot
against the batch optimal robot, beside games of the optimal robot against itself measured
in the same run (the reference), and their ratio; and the one-game win robot on the engine
path on a few games, for the batch form's gain.

Record: :func:`dicelab.simulate.head_to_head` (half the games with the win robot first, half
with its rival first, a shared win counting half), with the 95 % interval and the CPU seconds
of each run. The machine may be shared: read the ratios, not the seconds.

With ``--margins M ...`` it also plays win robots that weigh only the options within M
points of the best expected score (``YahtzeeWinBot(margin=M)``) against the optimal robot.

Run: ``python benchmarks/bench_yahtzee_win.py [--rules scratch] [--games 100000]
[--greedy-games 20000] [--speed-games 2000] [--engine-games 20] [--margins M ...]``.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy

from dicelab import simulate, yahtzee
from dicelab.simulate import engine_path
from dicelab.simulate.runner import Run
from dicelab.simulate.yahtzee_batch import batch_bots, play_games
from dicelab.yahtzee.win_bot import YahtzeeWinBot

SEED = 15


def timed(run):
    """(result, wall seconds, CPU seconds of this process, all threads)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def speed(rules, seats, games: int):
    """Games per second (wall, CPU) of ``seats`` on the batch simulator."""
    bots = batch_bots(rules, seats)
    play_games(rules, bots, SEED, numpy.arange(20))  # tables and caches made before timing
    _, wall, cpu = timed(lambda: play_games(rules, bots, SEED, numpy.arange(games)))
    return games / wall, games / cpu


def record(rules, reference: str, games: int, margin: float = math.inf) -> None:
    challenger = "win" if margin == math.inf else YahtzeeWinBot(margin)
    share, wall, cpu = timed(
        lambda: simulate.head_to_head(
            "yahtzee", challenger, reference, n=games, seed=SEED, rules=rules, progress=False
        )
    )
    low, high = share.interval(0.95)
    name = "win" if margin == math.inf else f"win (margin {margin:g})"
    print(
        f"{name} vs {reference:<8} {share.value:.4f}, 95 % interval [{low:.4f}, {high:.4f}], {games:,} games "
        f"(CPU {cpu:.0f} s, {games / cpu:.0f} games per CPU-second)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="scratch", choices=list(yahtzee.PRESETS))
    parser.add_argument("--games", type=int, default=100_000, help="win vs optimal games")
    parser.add_argument("--greedy-games", type=int, default=20_000, help="win vs greedy games")
    parser.add_argument("--speed-games", type=int, default=2000)
    parser.add_argument("--engine-games", type=int, default=20)
    parser.add_argument(
        "--margins",
        type=float,
        nargs="*",
        default=[],
        help="also win robots weighing only the options within these many points of the best, "
        "against the optimal robot",
    )
    args = parser.parse_args()
    rules = yahtzee.Rules.preset(args.rules)
    solution, wall, cpu = timed(lambda: yahtzee.solve(rules, progress=False))
    print(
        f"{args.rules}: solved or loaded in {wall:.1f} s; optimal mean {solution.expected_score:.2f}, "
        f"sd {solution.std_score:.2f}"
    )

    win = speed(rules, ["win", "optimal"], args.speed_games)
    reference = speed(rules, ["optimal", "optimal"], args.speed_games)
    print(f"{'games/s (2 players)':<28} {'wall':>8} {'per CPU-s':>10}")
    print(f"{'batch win vs optimal':<28} {win[0]:>8.0f} {win[1]:>10.0f}")
    print(
        f"{'batch optimal vs optimal':<28} {reference[0]:>8.0f} {reference[1]:>10.0f}  (reference)"
    )
    print(f"ratio win / reference: {win[0] / reference[0]:.3f} (CPU {win[1] / reference[1]:.3f})")
    if args.engine_games:
        run = Run("yahtzee", rules, ("win", "optimal"), seed=SEED)
        _, wall, cpu = timed(lambda: engine_path.play_games(run, 0, args.engine_games))
        print(
            f"one-game win vs optimal on the engine path: {args.engine_games / cpu:.1f} games per CPU-second; "
            f"batch / engine {win[1] / (args.engine_games / cpu):.0f}x (CPU)"
        )

    for reference, games in (("optimal", args.games), ("greedy", args.greedy_games)):
        if games:
            record(rules, reference, games)
    for margin in args.margins:
        record(rules, "optimal", args.games, margin)


if __name__ == "__main__":
    main()
