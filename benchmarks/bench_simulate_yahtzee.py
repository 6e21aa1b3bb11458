"""The batch Yahtzee simulator: games per second of every built-in bot, the engine path and
the Rust ``yatzy-solver``'s own optimal simulator beside it, measured in the same run.

For each bot: the batch games/s (wall clock and per CPU-second), the engine path's games/s
on a few games as the reference, and their ratio. For the optimal bot, ``yatzy-solver``
plays the same rules (its "american" variant is the free_joker preset, its
"yatzy-scandinavian" the yatzy preset) with its own simulator, on every core; the ratio is
per CPU-second, and each side plays in a fresh interpreter of its own, so that its peak
memory (resident, the solved values included) is printed beside its time. The two take turns
for ``--rounds`` rounds: the ratio of each round, their median, and the yardstick's stability
(the peer's slowest round over its fastest). Then 100 000 games of each bot: time, peak
memory (a fresh interpreter per run, less one that only loads the bots), and for the optimal bot the mean score against the
solver's expected score, in standard errors, for every preset.

The batch dice are counter-based (each a hash of the seed, the game and the step); the time
of drawing one seat's dice for whole games, every roll of every turn, is shown on its own line.
The machine may be shared: read the ratios, not the seconds.

Run: ``python benchmarks/bench_simulate_yahtzee.py [--games N] [--engine-games N] [--rounds N]
[--presets]``
(``yatzy-solver`` is a benchmark peer: ``pip install yatzy-solver``; without it that line is
skipped).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time

import numpy

from dicelab import simulate, yahtzee
from dicelab.simulate import engine_path
from dicelab.simulate.runner import Run
from dicelab.simulate.streams import StepThrows
from dicelab.simulate.yahtzee_batch import batch_bots, play_games

BOTS = {
    "random": "random",
    "greedy": "greedy",
    "chase_box": simulate.ChaseBox("yahtzee"),
    "optimal": "optimal",
}
PEERS = {"free_joker": "american", "yatzy": "yatzy-scandinavian"}


def timed(run):
    """(result, wall seconds, CPU seconds of this process, all threads)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def batch_run(rules, bot, games: int, seed: int = 1):
    bots = batch_bots(rules, [bot])
    return timed(lambda: play_games(rules, bots, seed, numpy.arange(games)))


def engine_run(rules, bot, games: int):
    """The same bot on the engine path, one game at a time through the engine (``simulate.games``
    itself would take the batch path for a built-in bot)."""
    run = Run("yahtzee", rules, (bot,), seed=1)
    return timed(lambda: engine_path.play_games(run, 0, games))


def peer_installed() -> bool:
    try:
        import yatzy_solver  # noqa: F401
    except ImportError:
        return False
    return True


def peer_child(preset: str, games: int) -> None:
    """In a fresh interpreter: yatzy-solver's optimal simulator on the same rules (its
    solve, then 200 games to start its threads, untimed), and print time, mean and memory."""
    import yatzy_solver

    solver = yatzy_solver.Solver.build(yatzy_solver.Variant(PEERS[preset]))
    solver.simulate(200, seed=2)
    out, wall, cpu = timed(lambda: solver.simulate(games, seed=1))
    mean = float(out["mean"])
    print(json.dumps({"wall": wall, "cpu": cpu, "mean": mean, "peak_mb": peak_megabytes()}))


def rates(games: int, wall: float, cpu: float) -> str:
    return f"{games / wall:>10.0f} {games / cpu:>10.0f}"


def bench_bots(preset: str, games: int, engine_games: int) -> None:
    rules = yahtzee.Rules.preset(preset)
    yahtzee.solve(rules, progress=False)
    print(f"\n{preset}: {games} batch games per bot, {engine_games} on the engine path (one seat)")
    print(
        f"{'bot':<10} {'games/s':>10} {'per CPU-s':>10} {'engine/s':>10} {'per CPU-s':>10} {'ratio CPU':>10}"
    )
    for name, bot in BOTS.items():
        _, wall, cpu = batch_run(rules, bot, games)
        _, engine_wall, engine_cpu = engine_run(rules, bot, engine_games)
        print(
            f"{name:<10} {rates(games, wall, cpu)} {rates(engine_games, engine_wall, engine_cpu)} "
            f"{(games / cpu) / (engine_games / engine_cpu):>9.0f}x"
        )
    _, wall, cpu = timed(lambda: dice_codes(rules, games))
    print(
        f"(of which drawing the {games} games' dice, one seat: {wall:.3f} s wall, {cpu:.3f} s CPU)"
    )


def dice_codes(rules, games: int) -> None:
    """Draw one seat's dice for every roll of its whole games (more than the batch table
    draws: it draws only the rolls a game makes)."""
    throws = StepThrows(1, numpy.arange(games))
    for step in range(len(rules.boxes) * rules.rolls):
        throws.codes(step)


def bench_peer(preset: str, games: int, rounds: int) -> None:
    """dicelab's optimal games against the peer's, each in a fresh interpreter, taking turns
    for ``rounds`` rounds (both meet the same load): each round's figures and ratio, their
    median, and how stable the yardstick was (the peer's slowest round over its fastest)."""
    if not peer_installed():
        print(f"\nyatzy-solver is not installed: pip install yatzy-solver to compare ({preset})")
        return
    yahtzee.solve(yahtzee.Rules.preset(preset), progress=False)  # solved once, then read
    print(f"\noptimal {preset} vs yatzy-solver {PEERS[preset]!r}, {games} games each, per round:")
    print(f"{'round':<6} {'':<14} {'games/s':>10} {'per CPU-s':>10} {'mean':>9} {'peak MB':>8}")
    ratios, yardstick = [], []
    for round_ in range(rounds):
        peer = in_child(preset, "optimal", games, kind="--peer")
        ours = in_child(preset, "optimal", games)
        for name, run in (("dicelab batch", ours), ("yatzy-solver", peer)):
            print(
                f"{round_ + 1:<6} {name:<14} {rates(games, run['wall'], run['cpu'])}"
                f" {run['mean']:>9.3f} {run['peak_mb']:>8.0f}"
            )
        ratios.append(peer["cpu"] / ours["cpu"])
        yardstick.append(peer["cpu"])
        print(
            f"{round_ + 1:<6} ratio dicelab / yatzy-solver: x{peer['wall'] / ours['wall']:.2f} per "
            f"wall second, x{ratios[-1]:.2f} per CPU-second (budget >= 4), "
            f"x{ours['peak_mb'] / peer['peak_mb']:.2f} the peak memory"
        )
    print(
        f"per CPU-second ratio median x{statistics.median(ratios):.2f} (range {min(ratios):.2f}-"
        f"{max(ratios):.2f}); yardstick: the peer's slowest round / its fastest = "
        f"{max(yardstick) / min(yardstick):.2f}"
    )


def peak_megabytes() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not carried over from
    the process that started it)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(preset: str, bot_name: str, games: int) -> None:
    """In a fresh interpreter: play (or with 0 games only load) and print time and memory."""
    rules = yahtzee.Rules.preset(preset)
    bots = batch_bots(rules, [BOTS[bot_name]])
    out, wall, cpu = timed(
        lambda: play_games(rules, bots, 1, numpy.arange(games)) if games else None
    )
    mean = float(out["scores"].mean()) if games else 0.0
    print(json.dumps({"wall": wall, "cpu": cpu, "mean": mean, "peak_mb": peak_megabytes()}))


def in_child(preset: str, bot_name: str, games: int, kind: str = "--child") -> dict:
    """What :func:`child` (or with ``kind`` "--peer", :func:`peer_child`) prints."""
    done = subprocess.run(
        [sys.executable, __file__, kind, preset, bot_name, str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def bench_hundred_thousand(preset: str, games: int = 100_000) -> None:
    print(f"\n{games} games, one seat, {preset}, each in a fresh interpreter:")
    print(f"{'bot':<10} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'of it loading':>14}")
    for name in BOTS:
        run, base = in_child(preset, name, games), in_child(preset, name, 0)
        print(
            f"{name:<10} {run['wall']:>8.2f} {run['cpu']:>8.2f} {run['peak_mb']:>8.0f} {base['peak_mb']:>14.0f}"
        )


def bench_means(games: int = 100_000) -> None:
    print(
        f"\noptimal bot, {games} batch games per preset: mean against solve(rules).expected_score"
    )
    print(f"{'preset':<11} {'mean':>9} {'expected':>9} {'z':>6} {'seconds':>8}")
    for preset in yahtzee.PRESETS:
        rules = yahtzee.Rules.preset(preset)
        result, wall, _ = batch_run(rules, "optimal", games, seed=7)
        scores = result["scores"][:, 0]
        expected = yahtzee.solve(rules, progress=False).expected_score
        z = (scores.mean() - expected) / (scores.std(ddof=1) / numpy.sqrt(games))
        print(f"{preset:<11} {scores.mean():>9.3f} {expected:>9.3f} {z:>+6.2f} {wall:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=20_000, help="batch games per bot for the rates"
    )
    parser.add_argument("--engine-games", type=int, default=100, help="engine-path games per bot")
    parser.add_argument(
        "--presets", action="store_true", help="also 100 000 optimal games of every preset"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of the peer comparison, taking turns"
    )
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--peer", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return
    if args.peer:
        peer_child(args.peer[0], int(args.peer[2]))
        return
    bench_bots("free_joker", args.games, args.engine_games)
    for preset in PEERS:
        bench_peer(preset, args.games, args.rounds)
    bench_hundred_thousand("free_joker")
    if args.presets:
        bench_means()


if __name__ == "__main__":
    main()
