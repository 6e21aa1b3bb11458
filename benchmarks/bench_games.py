"""Complete bot-vs-bot games per second for each game.

The reference, measured in the same run, is a game between two random bots (the engine
and driver alone, with the cheapest legal choice): the ratio says what the heuristic
bots' thinking costs on top of the rules engine. Run: ``python benchmarks/bench_games.py``.
"""

from __future__ import annotations

import time

from dicelab import fivethousand, thousand, yahtzee

TABLES = {
    "fivethousand": (fivethousand, ["intelligent", "simple"]),
    "thousand": (thousand, ["cask_aware", "simple"]),
    "yahtzee": (yahtzee, ["greedy", "greedy"]),
}


def games_per_second(module, levels, seconds=2.0) -> float:
    players = [{"name": f"P{i}", "bot": level} for i, level in enumerate(levels)]
    played, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        module.Game(players=players, seed=played).play_bots()
        played += 1
    return played / (time.perf_counter() - start)


def main() -> None:
    print(f"{'game':<13} {'bots':<22} {'games/s':>9} {'random games/s':>15} {'ratio':>6}")
    for name, (module, levels) in TABLES.items():
        heuristic = games_per_second(module, levels)
        reference = games_per_second(module, ["random", "random"])
        print(
            f"{name:<13} {' vs '.join(levels):<22} {heuristic:>9.1f} {reference:>15.1f} "
            f"{heuristic / reference:>6.2f}"
        )


if __name__ == "__main__":
    main()
