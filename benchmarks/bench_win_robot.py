"""Benchmark of the batch ``win`` robot of Fivethousand and Thousand in a fresh process;
prints figures and ratios, asserts nothing.

Each figure is one run of 100 000 games (``--games``), measured as it is reported, in a
process of its own that has only imported dicelab: the policies are solved (or read from
the disk cache) by this process first, so a fresh process pays for reading them and for
anything else it needs before and while it plays. The ``win`` robot and the ``optimal``
robot each play their games against the same opponent, with the same seed; the budget is
the ``win`` robot's CPU at most 1.5 times the ``optimal`` robot's, at most 150 MB.

The whole process as a user meets it is measured too: a new Python process that imports
dicelab, reads the policies and tables from the disk cache and plays the games, its CPU
from start to exit (``os.wait4``'s account of that one child), the robots taking turns.

Memory beside time: the process's peak resident memory (VmHWM, or ``resource``'s ``ru_maxrss``) and
how far it rose above what it held once dicelab was imported, and the peak of numpy's
and Python's allocations while it played (``tracemalloc``, in a second run of the same
games, so that tracing does not slow the timed one).

    python benchmarks/bench_win_robot.py [--games 100000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc

from dicelab import fivethousand, simulate, thousand

GAMES = {"fivethousand": fivethousand, "thousand": thousand}
OPPONENT = {"fivethousand": "intelligent", "thousand": "cask_aware"}
ROBOTS = ("optimal", "win")  # the reference first


def rss_mb() -> float:
    """This process's peak resident memory so far, in MB: Linux's VmHWM (``ru_maxrss``
    would count the parent's before the new interpreter started), else ``ru_maxrss``."""
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play(game: str, robot: str, games: int, traced: bool) -> dict:
    """``games`` games of ``robot`` against the game's opponent, in this (fresh) process:
    their CPU seconds and wall seconds (from reading the policies to the last game), and
    peak memory (resident, or with ``traced`` the peak of traced allocations)."""
    before = rss_mb()
    if traced:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    simulate.games(game, [robot, OPPONENT[game]], n=games, seed=0, progress=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    figures = {"cpu": cpu, "wall": wall, "rss": rss_mb(), "rise": rss_mb() - before}
    if traced:
        figures["traced"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    return figures


def whole_process(game: str, robot: str, games: int) -> float:
    """CPU seconds (user and system) of a new Python process that imports dicelab and plays
    ``games`` games of ``robot`` against the game's opponent: start-up, imports, reading the
    policies and tables from the disk cache included."""
    script = (
        "from dicelab import simulate; "
        f"simulate.games({game!r}, [{robot!r}, {OPPONENT[game]!r}], n={games}, seed=0, "
        "progress=False)"
    )
    child = subprocess.Popen([sys.executable, "-c", script])
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"the {robot} robot's process failed (exit code {child.returncode})")
    return usage.ru_utime + usage.ru_stime


def in_fresh_process(*args) -> dict:
    """:func:`play` in a new interpreter (spawned, so nothing is inherited)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(play, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games of each robot")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the robots taking turns")
    args = parser.parse_args()
    games = args.games
    print(f"{games:,} games of each robot against the game's opponent, each in a fresh process")
    print(
        f"{'game':14}{'round':>6} {'robot':9}{'CPU s':>8}{'wall s':>8}{'÷ optimal':>11}"
        f"{'peak RSS':>10}{'rise':>8}{'traced':>8}{'whole s':>9}{'÷ optimal':>11}"
    )
    for game, module in GAMES.items():
        module.win_policy()  # solved (or read) here, so the fresh processes read the cache
        simulate.games(game, list(ROBOTS), n=20, seed=0, progress=False)  # and all they save
        ratios, wholes = [], []
        for round_ in range(1, args.rounds + 1):
            cpu, whole = {}, {}
            for robot in ROBOTS:
                whole[robot] = whole_process(game, robot, games)
                timed = in_fresh_process(game, robot, games, False)
                traced = in_fresh_process(game, robot, games, True)
                cpu[robot] = timed["cpu"]
                print(
                    f"{game:14}{round_:>6} {robot:9}{timed['cpu']:8.1f}{timed['wall']:8.1f}"
                    f"{timed['cpu'] / cpu['optimal']:11.2f}{timed['rss']:8.0f}MB"
                    f"{timed['rise']:6.0f}MB{traced['traced']:6.0f}MB"
                    f"{whole[robot]:9.1f}{whole[robot] / whole['optimal']:11.2f}"
                )
            ratios.append(cpu["win"] / cpu["optimal"])
            wholes.append(whole["win"] / whole["optimal"])
        for what, found in (("CPU playing", ratios), ("CPU of the whole process", wholes)):
            print(
                f"{game}: win ÷ optimal, {what}: median {statistics.median(found):.2f} "
                f"(range {min(found):.2f}-{max(found):.2f}, {args.rounds} rounds)"
            )
    print("budget: win ÷ optimal at most 1.5, at most 150 MB")


if __name__ == "__main__":
    main()
