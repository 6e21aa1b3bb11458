"""The intelligent Fivethousand robot against the simple one: 10 000 games, fixed seeds.

Game k uses seed ``SEED + k``; the intelligent robot starts the even games and the simple
one the odd games, so neither gains from moving first. A game won by both (equal highest
score) counts half. Prints the intelligent robot's win rate with a 95% interval (normal
approximation) and games per second. Run: ``python benchmarks/bench_fivethousand_robots.py
[games] [rules]``.
"""

from __future__ import annotations

import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from dicelab import fivethousand

SEED = 5000
GAMES = 10_000
CHALLENGER, REFERENCE = "intelligent", "simple"


def play(first: int, count: int, rules: str) -> list[float]:
    """The challenger's result (1, 0.5 or 0) in games ``first`` .. ``first + count - 1``."""
    results = []
    for k in range(first, first + count):
        seats = [{"name": CHALLENGER, "bot": CHALLENGER}, {"name": REFERENCE, "bot": REFERENCE}]
        game = fivethousand.Game(
            players=seats if k % 2 == 0 else seats[::-1], rules=rules, seed=SEED + k
        )
        game.play_bots()
        winners = [player.name for player in game.winners]
        results.append(winners.count(CHALLENGER) / len(winners))
    return results


def main(games: int = GAMES, rules: str = "zillions") -> None:
    workers = 2
    chunk = math.ceil(games / workers)
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        parts = pool.map(
            play,
            range(0, games, chunk),
            [min(chunk, games - first) for first in range(0, games, chunk)],
            [rules] * workers,
        )
        results = [result for part in parts for result in part]
    seconds = time.perf_counter() - start
    rate = sum(results) / len(results)
    spread = 1.96 * math.sqrt(
        sum((r - rate) ** 2 for r in results) / (len(results) - 1) / len(results)
    )
    print(
        f"Fivethousand ({rules}): {CHALLENGER} vs {REFERENCE}, {len(results)} games, "
        f"seeds {SEED}..{SEED + len(results) - 1}, starts alternating"
    )
    print(
        f"{CHALLENGER} win rate {rate:.4f}  (95% interval {rate - spread:.4f} .. {rate + spread:.4f}); "
        f"shared wins {sum(r == 0.5 for r in results)}"
    )
    print(f"{len(results) / seconds:.1f} games/s on {workers} processes ({seconds:.1f} s)")


if __name__ == "__main__":
    main(*([int(sys.argv[1])] if len(sys.argv) > 1 else []), *sys.argv[2:3])
