"""Fivethousand's two-player win policy under a penalty for farkles in a row: build time and
memory against the target and against the penalty's length.

Each build runs in a fresh child process (uncached, into a temporary cache folder, so that
its peak memory is its own), under the ``facebook`` preset's rules (three farkles in a row
cost 500, scores floored at -2500, or at minus the target when that is higher) with the
target or the number of farkles changed. The reference, built in the same run, is the same
rules without the penalty: each line prints its ratio to that build. Budgets (issue 45):
``facebook`` at 10 000 in 15 minutes, any penalty rule set at 5 000 in 3 minutes. It also
prints the compile time of the sweep's kernel on first use (numba, an empty cache) and the
size of numba's install.

Run: ``python benchmarks/bench_penalty_win.py [--targets 2500 5000 10000] [--lengths 2 3 4]
[--length-target 2500]``. A big target takes minutes of both cores: run it once, with
``nice``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build(target: int, after: int, penalty: bool) -> dict:
    """Build one win policy in this process (its progress said on stderr as it goes); its
    times, memory and result."""
    from dicelab import fivethousand
    from dicelab.fivethousand import win as five_win

    rules = fivethousand.Rules.preset("facebook").replace(
        target=target, penalty_after=after, score_floor=max(-2500, -target)
    )
    if not penalty:
        rules = rules.replace(penalty=0, score_floor=0)
    five_win.win_policy(fivethousand.Rules(target=300), use_cache=False)  # the kernel loaded
    wall, cpu = time.perf_counter(), time.process_time()
    policy = five_win.win_policy(rules, use_cache=False)
    return {
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "memory": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "wins": policy.first_player_wins,
        "passes": getattr(policy, "passes", 0),
        "error": getattr(policy, "iteration_error", 0.0),
    }


def in_child(target: int, after: int, penalty: bool, cache: str) -> dict:
    """:func:`build` in a fresh process with its own cache folder for policies (numba's
    compiled kernel is shared through ``NUMBA_CACHE_DIR``)."""
    environment = {**os.environ, "DICELAB_CACHE_DIR": cache}
    command = [sys.executable, __file__, "--child", str(target), str(after), str(int(penalty))]
    done = subprocess.run(command, env=environment, stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def compile_time(cache: str) -> float:
    """Wall seconds of the first sweep in a fresh process with an empty numba cache, less
    the same sweep once compiled."""
    script = (
        "import time; from dicelab import fivethousand; "
        "from dicelab.fivethousand.win_solver import FivethousandWinPolicy as P; "
        "t = time.perf_counter(); P(fivethousand.Rules(target=300), use_cache=False); "
        "print(time.perf_counter() - t)"
    )
    environment = {**os.environ, "DICELAB_CACHE_DIR": cache, "NUMBA_CACHE_DIR": cache}
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", script],
                env=environment,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
        for _ in range(2)
    ]
    return times[0] - times[1]


def install_size() -> float:
    """MB of numba's and llvmlite's installed files."""
    import llvmlite
    import numba

    total = 0
    for package in (numba, llvmlite):
        total += sum(
            f.stat().st_size for f in Path(package.__file__).parent.rglob("*") if f.is_file()
        )
    return total / 2**20


def line(label: str, built: dict, plain: dict) -> str:
    return (
        f"{label}: first player wins {built['wins']:.9f}, {built['passes']} passes "
        f"(error bound {built['error']:.1e}); build {built['wall']:.1f} s (CPU "
        f"{built['cpu']:.1f} s), {built['wall'] / plain['wall']:.1f}x (CPU "
        f"{built['cpu'] / plain['cpu']:.1f}x) the build without the penalty "
        f"({plain['wall']:.1f} s, CPU {plain['cpu']:.1f} s); peak memory {built['memory']:.0f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", type=int, nargs="*", default=[2500, 5000, 10000])
    parser.add_argument("--lengths", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--length-target", type=int, default=2500)
    parser.add_argument("--child", type=int, nargs=3)
    args = parser.parse_args()
    if args.child:
        target, after, penalty = args.child
        print(json.dumps(build(target, after, bool(penalty))))
        return
    with tempfile.TemporaryDirectory() as folder:
        print(
            f"numba: {install_size():.0f} MB installed (with llvmlite); compile on first use "
            f"{compile_time(os.path.join(folder, 'first')):.1f} s",
            flush=True,
        )
        os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(folder, "numba"))
        cases = [(target, 3) for target in args.targets]
        cases += [
            (args.length_target, n) for n in args.lengths if (args.length_target, n) not in cases
        ]
        for target, after in cases:
            plain = in_child(target, after, False, os.path.join(folder, f"plain{target}"))
            built = in_child(target, after, True, os.path.join(folder, f"{target}-{after}"))
            print(line(f"target {target}, penalty after {after} farkles", built, plain), flush=True)


if __name__ == "__main__":
    main()
