"""Students' strategies: the exact judgement of a pair, and a class tournament.

First ``win_chance`` of two threshold strategies at 5000 points (zillions and traditional
rules): cold (every cache of the judgement cleared), then again (remembered); budget 10 s
cold. The reference, measured in the same run, is the exact win policy those rules'
win robot plays (solved without the disk cache): optimising against judging two fixed
strategies. Then a class tournament: ``--entrants`` threshold strategies (30 by default)
and the four house robots, a round robin of ``--games`` games a pairing (2000, half each
seat first); budget 60 s. With ``--dask N`` the round robin is also played on a Dask
LocalCluster of N worker processes. With ``--growth 10 20 40`` it instead plays round
robins of those many strategies on a Dask LocalCluster (``--dask`` workers, 2 by default),
showing how the time grows with the entrants (the pairings grow as their square: a time
growing as entrants^2 is the games' own cost, a lower power the fixed costs shared out).
Process (CPU) time is printed beside wall time, and the machine's load average (it is
shared).

Run: ``python benchmarks/bench_strategy.py [--entrants 30] [--games 2000] [--dask 2]
[--no-reference]`` or ``python benchmarks/bench_strategy.py --growth 10 20 40 --games 200``.
"""

from __future__ import annotations

import argparse
import math
import os
import time

import numpy

import dicelab
from dicelab.fivethousand import Rules, win_policy
from dicelab.strategy import exact, threshold, win_chance


def timed(work):
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def judgement(preset: str, reference: bool) -> None:
    rules = Rules.preset(preset)
    a = threshold(rules, bank_at=300, name="bank at 300")
    b = threshold(
        rules,
        bank_at={1: 250, 2: 300},
        otherwise=400,
        when_behind_by=1000,
        behind_bank_at=600,
        name="keep pace",
    )
    for memo in (exact._game, exact._outcomes):
        memo.cache_clear()
    exact._judged.cache_clear()
    wall, cpu, match = timed(lambda: win_chance(a, b))
    again, _, _ = timed(lambda: win_chance(a, b))
    print(
        f"{preset}: win_chance {match}: cold {wall:.2f} s (CPU {cpu:.2f} s), "
        f"remembered {again * 1000:.3f} ms; {load()}"
    )
    if reference:
        ref_wall, ref_cpu, _ = timed(lambda: win_policy(rules, use_cache=False))
        print(
            f"  reference: the win policy solved {ref_wall:.2f} s (CPU {ref_cpu:.2f} s); "
            f"judging / solving = {wall / ref_wall:.2f}"
        )


def field(count: int, rules) -> list:
    rng = numpy.random.default_rng(0)
    return [
        threshold(
            rules,
            bank_at={n: int(rng.integers(4, 13)) * 50 for n in range(1, 7)},
            when_behind_by=int(rng.integers(5, 30)) * 100,
            behind_bank_at=int(rng.integers(6, 20)) * 50,
            when_opponent_within=int(rng.integers(5, 20)) * 100,
            near_bank_at=int(rng.integers(2, 8)) * 50,
            set_aside=("most_points", "fewest_dice", "keep_most_dice")[k % 3],
            name=f"student {k}",
        )
        for k in range(count)
    ]


def round_robin(entrants: int, games: int, dask: int) -> None:
    rules = Rules()
    strategies = field(entrants, rules)
    win_policy(rules)  # the win robot's policy, from the disk cache (solved once)
    pairings = (entrants + 4) * (entrants + 3) // 2
    wall, cpu, standings = timed(
        lambda: dicelab.tournament(strategies, rules, games=games, progress=False)
    )
    print(
        f"tournament: {entrants} strategies + 4 robots, {pairings} pairings x {games} games: "
        f"{wall:.1f} s (CPU {cpu:.1f} s), {pairings * games / wall:,.0f} games/s; {load()}"
    )
    print(standings.leaderboard())
    if dask:
        from dask.distributed import Client, LocalCluster

        with (
            LocalCluster(n_workers=dask, threads_per_worker=1, host="127.0.0.1") as cluster,
            Client(cluster) as client,
        ):
            wall_d, _, on_dask = timed(
                lambda: dicelab.tournament(
                    strategies, rules, games=games, progress=False, executor=client.get_executor()
                )
            )
        print(
            f"  on a Dask LocalCluster of {dask} workers: {wall_d:.1f} s "
            f"(the same standings: {on_dask == standings}); {load()}"
        )


def growth(sizes, games: int, workers: int) -> None:
    """Round robins of growing fields (no robots) on a Dask LocalCluster: the time, and how
    it grows with the entrants (the pairings grow as their square)."""
    from dask.distributed import Client, LocalCluster

    rules = Rules()
    with (
        LocalCluster(n_workers=workers, threads_per_worker=1, host="127.0.0.1") as cluster,
        Client(cluster) as client,
    ):
        first = last = None
        for size in sizes:
            strategies = field(size, rules)
            pairings = size * (size - 1) // 2
            wall, _, _ = timed(
                lambda strategies=strategies: dicelab.tournament(
                    strategies,
                    rules,
                    games=games,
                    robots=(),
                    progress=False,
                    executor=client.get_executor(),
                )
            )
            first = first or (size, wall)
            grows = (
                f", time ~ entrants^{math.log(wall / last[1]) / math.log(size / last[0]):.2f} "
                f"since {last[0]}"
                if last
                else ""
            )
            last = (size, wall)
            print(
                f"{size} entrants, {pairings} pairings x {games} games on {workers} Dask workers: "
                f"{wall:.1f} s, {pairings * games / wall:,.0f} games/s ({wall / first[1]:.1f}x the "
                f"{first[0]}-entrant field's{grows}); {load()}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=30)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--dask", type=int, default=0)
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("--only", choices=("judgement", "tournament"))
    parser.add_argument("--growth", type=int, nargs="*", help="field sizes on Dask (2 workers)")
    args = parser.parse_args()
    if args.growth:
        growth(args.growth, args.games, args.dask or 2)
        return
    if args.only != "tournament":
        for preset in ("zillions", "traditional"):
            judgement(preset, not args.no_reference)
    if args.only != "judgement":
        round_robin(args.entrants, args.games, args.dask)


if __name__ == "__main__":
    main()
