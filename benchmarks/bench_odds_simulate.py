"""Benchmark of dicelab.simulate and dicelab.odds; prints figures and ratios, asserts nothing.

Simulated turns per second for each game, against a plain one-game-at-a-time loop over the
same engine through the Game driver (the reference, measured in the same run), alone and
with a two-process pool; and the time of the exact odds of a Yahtzee situation with two
rolls left (budget 50 ms).

    python benchmarks/bench_odds_simulate.py [--scale 1.0]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from dicelab import odds, simulate
from dicelab.odds import boxes
from dicelab.odds.games import resolve

MATCHES = {  # game -> (bots, games per measurement at scale 1)
    "fivethousand": (["simple", "intelligent"], 400),
    "thousand": (["simple", "cask_aware", "simple"], 60),
    "yahtzee": (["greedy", "greedy"], 200),
}


def reference_turns(game: str, bots: list, n: int) -> int:
    """The plain loop: one Game after another, bots playing through the driver; returns turns."""
    module = resolve(game).module
    players = [{"name": f"Bot {i}", "bot": bot} for i, bot in enumerate(bots)]
    turns = 0
    for seed in range(n):
        g = module.Game(players=players, seed=seed)
        while not g.is_over:
            event = g.play_bot()
            if game == "yahtzee":
                turns += event.action.type == "score"
            else:
                turns += g.state.phase in ("throw", "over")
    return turns


def timed(function, *args, **kwargs):
    """The result, the wall-clock seconds and the CPU seconds of this process."""
    start, cpu = time.perf_counter(), time.process_time()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start, time.process_time() - cpu


def bench_simulation(scale: float) -> None:
    print("simulated turns per second (reference: Game driver, one game at a time)")
    print(
        f"{'game':14}{'reference':>12}{'simulate':>12}{'ratio':>8}{'2 processes':>14}{'ratio':>8}"
    )
    with ProcessPoolExecutor(max_workers=2) as pool:
        pool.submit(int).result()  # start the workers before timing
        for game, (bots, n) in MATCHES.items():
            n = max(2, int(n * scale))
            turns, seconds, _ = timed(reference_turns, game, bots, n)
            reference = turns / seconds
            run, seconds, _ = timed(simulate.games, game, bots, n=n, seed=0, progress=False)
            alone = run.turns.sum() / seconds
            run, seconds, _ = timed(
                simulate.games,
                game,
                bots,
                n=n,
                seed=0,
                progress=False,
                chunk_size=max(1, n // 8),
                executor=pool,
            )
            pooled = run.turns.sum() / seconds
            print(
                f"{game:14}{reference:12,.0f}{alone:12,.0f}{alone / reference:8.2f}"
                f"{pooled:14,.0f}{pooled / reference:8.2f}"
            )


def bench_yahtzee_odds() -> None:
    print("\nexact odds of every Yahtzee box with two rolls left (budget 50 ms)")
    boxes._policy.cache_clear()
    cases = [
        ("first call, tables for the rules built", (1, 1, 3, 4, 6), None),
        ("a new situation, same rules", (2, 2, 5, 5, 6), None),
        ("a new situation, holding 2 2", (2, 2, 5, 5, 6), (2, 2)),
        ("the first situation again", (1, 1, 3, 4, 6), None),
    ]
    print(f"  {'':40}{'wall ms':>9}{'CPU ms':>9}")
    for label, hand, held in cases:
        _, wall, cpu = timed(odds.situation_odds, hand, held, rolls_left=2)
        print(f"  {label:40}{wall * 1000:9.1f}{cpu * 1000:9.1f}")
    print(odds.situation_odds((1, 1, 3, 4, 6), rolls_left=2).table())


def bench_throw_odds() -> None:
    odds.throws._joint.cache_clear()
    _, wall, cpu = timed(lambda: [odds.throw_odds("fivethousand", n) for n in range(1, 7)])
    print(
        f"\nexact throw odds of Fivethousand, 1 to 6 dice, first call: {wall * 1000:.1f} ms"
        f" ({cpu * 1000:.1f} ms CPU)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of games")
    args = parser.parse_args()
    bench_simulation(args.scale)
    bench_yahtzee_odds()
    bench_throw_odds()


if __name__ == "__main__":
    main()
