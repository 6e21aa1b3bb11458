"""The cask-aware Thousand bot against the simple one: 10 000 games, fixed seed, starts alternating.

Half the games have the cask-aware bot throwing first, half the simple one (two runs of
:func:`dicelab.simulate.games` with seeds ``SEED`` and ``SEED + 1``), played in chunks on a
pool of two processes. Prints the cask-aware bot's win rate with a 95% interval (normal
approximation; a Thousand game has one winner), its rate when moving first and second, and
games per second. Run: ``python benchmarks/bench_thousand_bots.py [games]``.
"""

from __future__ import annotations

import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from dicelab import simulate

SEED = 1000
GAMES = 10_000
CHALLENGER, REFERENCE = "cask_aware", "simple"
WORKERS = 2


def main(games: int = GAMES) -> None:
    half = games // 2
    start = time.perf_counter()
    with ProcessPoolExecutor(WORKERS) as pool:
        first = simulate.games(
            "thousand", [CHALLENGER, REFERENCE], n=half, seed=SEED, executor=pool, progress=False
        )
        second = simulate.games(
            "thousand",
            [REFERENCE, CHALLENGER],
            n=games - half,
            seed=SEED + 1,
            executor=pool,
            progress=False,
        )
    seconds = time.perf_counter() - start
    wins_first, wins_second = int(first.wins[:, 0].sum()), int(second.wins[:, 1].sum())
    rate = (wins_first + wins_second) / games
    spread = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(
        f"Thousand: {CHALLENGER} vs {REFERENCE}, {games} games (seeds {SEED} and {SEED + 1}), "
        f"starts alternating"
    )
    print(
        f"{CHALLENGER} wins {rate:.1%} (95% interval {rate - spread:.1%} to {rate + spread:.1%}); "
        f"first {wins_first / half:.1%}, second {wins_second / (games - half):.1%}"
    )
    turns = (first.turns.mean() * half + second.turns.mean() * (games - half)) / games
    print(
        f"mean turns per game {turns:.1f}; {games / seconds:.0f} games/s "
        f"({seconds:.1f} s on {WORKERS} processes)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)
