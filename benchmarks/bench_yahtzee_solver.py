"""The optimal solitaire Yahtzee solver against the Rust ``yatzy-solver``, side by side.

``yatzy-solver`` is a benchmark peer (``pip install yatzy-solver``; never a dependency). It
solves in float64 as we do; its variants of our presets are in ``PEERS``.

1. Values: for every preset, our expected score and standard deviation beside the peer's
   expected score (to 1e-9) or, where the peer has no such rules, the published one. The
   peer prints no exact standard deviation: ours is shown beside the published one where
   there is one, and beside the spread of the peer's own simulated games (± its standard
   error) as a check that its play has the same spread.
2. Cost: each full solve in a fresh interpreter (``--child``), the peer's and ours taking
   turns for ``--rounds`` rounds, so both meet the same load. CPU seconds of every thread,
   wall seconds, and the peak memory the solve adds to a process that has imported what it
   needs (its own peak less that of an interpreter that only imported). The yardstick is
   the peer's solve of the same rules in the same round: the ratio ours / peer is printed
   per round, and how stable the yardstick was (its slowest round over its fastest).
   Budgets: CPU ratio <= 0.5, memory ratio <= 2.
3. Forced order (``forced_order=True``, every preset that allows it): the expected score and
   spread, and the cost of the solve in a fresh interpreter beside the free-order solve of the
   same preset in the same round (the yardstick: ratio forced / free).
4. A cached load, and the optimal bot's games against the solved mean and spread.

The machine may be shared: read the ratios, not the seconds.
Run: ``python benchmarks/bench_yahtzee_solver.py [--rounds N] [--games N] [--preset NAME]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

PEERS = {
    "hasbro": "american+forced-joker",
    "free_joker": "american",
    "no_bonus": "american+no-bonus",
    "yatzy": "yatzy-scandinavian",
}
# optimal expected scores and spreads published for rules the peer does not have
PUBLISHED = {}
PUBLISHED_STD = {"free_joker": 59.61}  # Holderness; Verhoeff
PEER_GAMES = (
    20_000  # the peer's simulated games for the spread check (its standard error about 0.2)
)


def peak_megabytes() -> float:
    """This process's peak resident memory (VmHWM), in MB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise OSError("no VmHWM")


FORCED = "+forced"  # a preset's name with this after it: its rules in forced order


def rules_of(preset: str):
    """The rules of ``preset``, in forced order if its name ends in :data:`FORCED`."""
    from dicelab import yahtzee

    name = preset.removesuffix(FORCED)
    rules = yahtzee.Rules.preset(name)
    return rules.replace(forced_order=True) if preset.endswith(FORCED) else rules


def child(who: str, preset: str) -> None:
    """In a fresh interpreter: import, then (unless ``preset`` is "-") solve; print figures."""
    if who == "peer":
        import yatzy_solver

        def run():
            solver = yatzy_solver.Solver.build(yatzy_solver.Variant(PEERS[preset]))
            return solver.state_value("upper 0 | filled -"), None
    else:
        from dicelab import yahtzee

        def run():
            solution = yahtzee.solve(rules_of(preset), progress=False, cache=False)
            return solution.expected_score, solution.std_score

    if who != "peer":
        from dicelab.yahtzee import solver  # noqa: F401  (and numpy: what a solve needs)
    imported = peak_megabytes()
    wall, cpu = time.perf_counter(), time.process_time()
    mean, std = run() if preset != "-" else (None, None)
    print(
        json.dumps(
            {
                "wall": time.perf_counter() - wall,
                "cpu": time.process_time() - cpu,
                "peak_mb": peak_megabytes(),
                "imported_mb": imported,
                "mean": mean,
                "std": std,
            }
        )
    )


def in_child(who: str, preset: str) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--child", who, preset],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def have_peer() -> bool:
    try:
        import yatzy_solver  # noqa: F401
    except ImportError:
        return False
    return True


def bench_values(presets) -> None:
    from dicelab import yahtzee

    print(
        f"{'preset':<11} {'expected':>15} {'peer / published':>17} {'diff':>9} "
        f"{'std':>15} {'published':>9} {'peer simulated std':>20}"
    )
    for name in presets:
        solution = yahtzee.solve(name, progress=False)
        reference, source, simulated = PUBLISHED.get(name), "published", "-"
        if name in PEERS and have_peer():
            import yatzy_solver

            peer = yatzy_solver.Solver.build(yatzy_solver.Variant(PEERS[name]))
            reference, source = peer.state_value("upper 0 | filled -"), "peer"
            games = peer.simulate(PEER_GAMES, seed=1)["scores"].astype(float)
            sd = games.std(ddof=1)
            sd_error = sd / math.sqrt(2 * (len(games) - 1))  # near-normal approximation
            simulated = f"{sd:.3f} ± {1.96 * sd_error:.3f}"
        shown = f"{reference:.9f}" if reference is not None else "-"
        diff = f"{solution.expected_score - reference:+.1e}" if reference is not None else "-"
        print(
            f"{name:<11} {solution.expected_score:>15.9f} {shown:>17} {diff:>9} "
            f"{solution.std_score:>15.9f} {PUBLISHED_STD.get(name, '-'):>9} {simulated:>20}"
            + ("" if reference is not None else "  (no peer variant, none published)")
            + (f"  ({source})" if reference is not None and source == "published" else "")
        )


def bench_costs(presets, rounds: int) -> None:
    peer = have_peer()
    if not peer:
        print("\nyatzy-solver is not installed: pip install yatzy-solver to compare costs")
    base = {who: in_child(who, "-")["peak_mb"] for who in (("ours", "peer") if peer else ("ours",))}
    print(
        f"\nfresh interpreters, after import only: ours {base['ours']:.1f} MB"
        + (f", peer {base['peer']:.1f} MB" if peer else "")
    )
    print(
        f"{'preset':<11} {'round':>5} {'ours CPU s':>10} {'wall s':>7} {'peer CPU s':>10} {'wall s':>7} "
        f"{'CPU ratio':>9} {'ours +MB':>8} {'peer +MB':>8} {'MB ratio':>8}"
    )
    for name in presets:
        has_peer = peer and name in PEERS
        ratios, yardstick = [], []
        for round_ in range(rounds):
            theirs = in_child("peer", name) if has_peer else None
            ours = in_child("ours", name)
            ours_mb = ours["peak_mb"] - base["ours"]
            line = f"{name:<11} {round_ + 1:>5} {ours['cpu']:>10.2f} {ours['wall']:>7.2f} "
            if theirs:
                peer_mb = theirs["peak_mb"] - base["peer"]
                ratios.append(ours["cpu"] / theirs["cpu"])
                yardstick.append(theirs["cpu"])
                line += (
                    f"{theirs['cpu']:>10.2f} {theirs['wall']:>7.2f} {ratios[-1]:>9.2f} "
                    f"{ours_mb:>8.1f} {peer_mb:>8.1f} {ours_mb / peer_mb:>8.2f}"
                )
            else:
                line += f"{'-':>10} {'-':>7} {'-':>9} {ours_mb:>8.1f} {'-':>8} {'-':>8}  (no peer variant)"
            print(line, flush=True)
        if ratios:
            print(
                f"{name:<11} CPU ratio median {statistics.median(ratios):.2f} (range {min(ratios):.2f}-"
                f"{max(ratios):.2f}); yardstick: the peer's slowest round / its fastest = "
                f"{max(yardstick) / min(yardstick):.2f}"
            )


def bench_forced(presets, rounds: int) -> None:
    from dicelab import yahtzee

    print(
        f"\nforced order  {'preset':<11} {'round':>5} {'expected':>12} {'std':>9} "
        f"{'CPU s':>6} {'free CPU s':>10} {'ratio':>6} {'+MB':>6} {'free +MB':>8}"
    )
    base = in_child("ours", "-")["peak_mb"]
    for name in presets:
        if yahtzee.Rules.preset(name).joker == "forced":
            print(f"forced order  {name:<11} refused: the forced joker can't go with it")
            continue
        for round_ in range(rounds):
            free, forced = in_child("ours", name), in_child("ours", name + FORCED)
            print(
                f"forced order  {name:<11} {round_ + 1:>5} {forced['mean']:>12.6f} "
                f"{forced['std']:>9.4f} {forced['cpu']:>6.2f} {free['cpu']:>10.2f} "
                f"{forced['cpu'] / free['cpu']:>6.3f} {forced['peak_mb'] - base:>6.1f} "
                f"{free['peak_mb'] - base:>8.1f}",
                flush=True,
            )


def bench_load(presets) -> None:
    from dicelab import yahtzee
    from dicelab.yahtzee import solver

    print()
    for name in presets:
        rules = yahtzee.Rules.preset(name)
        yahtzee.solve(rules, progress=False)
        solver._SOLUTIONS.pop(rules, None)
        start = time.perf_counter()
        score = yahtzee.solve(rules, progress=False).expected_score
        print(
            f"{name:<11} cached load and expected score ({score:.4f}): {time.perf_counter() - start:.3f} s "
            "(budget 0.5 s)"
        )


def bench_bot(preset: str, games: int, seed: int) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from dicelab import simulate, yahtzee

    rules = rules_of(preset)
    solution = yahtzee.solve(rules, progress=False)
    expected = solution.expected_score
    start = time.perf_counter()
    with ProcessPoolExecutor(os.cpu_count()) as pool:  # each worker loads the cached solution
        results = simulate.games(
            "yahtzee", ["optimal"], n=games, seed=seed, rules=rules, executor=pool, progress=False
        )
    seconds = time.perf_counter() - start
    scores = results.scores[:, 0]
    standard_error = scores.std(ddof=1) / math.sqrt(games)
    mean = scores.mean()
    inside = "inside" if abs(mean - expected) <= 1.96 * standard_error else "OUTSIDE"
    print(
        f"\noptimal bot, {preset}, {games} games (seed {seed}) in {seconds:.1f} s: mean {mean:.3f} "
        f"± {1.96 * standard_error:.3f} (95% CI) vs solved {expected:.4f}: {inside} the interval "
        f"({(mean - expected) / standard_error:+.2f} standard errors; 1 run in 20 falls outside); "
        f"spread {scores.std(ddof=1):.3f} vs exact {solution.std_score:.4f}"
    )


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[3])
    from dicelab import yahtzee

    parser = argparse.ArgumentParser(description="The Yahtzee solver against yatzy-solver.")
    parser.add_argument("--rounds", type=int, default=3, help="solves of each preset, each side")
    parser.add_argument("--games", type=int, default=10_000, help="optimal-bot games to play")
    parser.add_argument(
        "--preset", default="scratch", help=f"rules of the bot's games (NAME{FORCED}: forced order)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the bot's games")
    parser.add_argument(
        "--presets", nargs="*", default=list(yahtzee.PRESETS), help="presets to solve"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DICELAB_CACHE_DIR"] = folder  # start from an empty cache, leave none behind
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        bench_values(args.presets)
        bench_costs(args.presets, args.rounds)
        bench_forced(args.presets, args.rounds)
        bench_load(args.presets)
        bench_bot(args.preset, args.games, args.seed)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
