"""The two-player win policies: build and load times per preset, and the win robot's record.

Builds (uncached, into a temporary cache folder) the Fivethousand win policy of each preset
and the Thousand one (classic), then loads each again from the disk cache in a fresh state
(the in-memory cache cleared). The reference, measured in the same run, is the build of the
points policy those robots used before (the Fivethousand turn policy and the Thousand
solitaire policy). Process (CPU) time is printed beside wall time: on a busy machine the
CPU time says more. With ``--games N`` it then plays N seeded two-player games of the win
robot against each other level on the batch simulator (:func:`dicelab.simulate.head_to_head`:
half the games each way round, a shared win counting half), with the 95 % interval and the
CPU seconds of the run.
With ``--growth`` it instead builds Fivethousand win policies (zillions and traditional rules)
for targets from 5 000 to 20 000 points with six dice (budget: 120 s at 20 000), and for 1 to
6 dice at 5 000 points, printing each build's wall and CPU time against the 5 000-point,
six-dice build, the lead cap and the process's peak memory so far.
With ``--hot-dice compulsory`` the Fivethousand presets are built with compulsory hot dice
instead, and each build is also timed against the same preset's with optional hot dice.
With ``--penalty`` it builds the ``facebook`` preset's win policy (three farkles in a row cost
500, scores floored at -2500; budget 15 min) into the disk cache, the passes shown as they
go, after the same rules without the penalty as the reference; ``--target`` and ``--floor``
scale it down to screen (say so when quoting). With ``--variants`` it builds, without the
penalty, the facebook preset under each scoring and table rule screened for it
(``FACEBOOK_VARIANTS``), about half a minute each.
Run: ``python benchmarks/bench_win_policies.py [--only zillions traditional farkle classic] [--games N]``
or ``python benchmarks/bench_win_policies.py --growth [--only zillions traditional]``
or ``python benchmarks/bench_win_policies.py --hot-dice compulsory [--only zillions traditional farkle]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from functools import partial

from dicelab import fivethousand, simulate, thousand
from dicelab.fivethousand import policy as five_policy
from dicelab.fivethousand import win as five_win
from dicelab.fivethousand.rules import HOT_DICE
from dicelab.thousand import policy as thousand_policy
from dicelab.thousand import win as thousand_win

TABLES = {
    "zillions": (fivethousand, five_win),
    "traditional": (fivethousand, five_win),
    "farkle": (fivethousand, five_win),
    "classic": (thousand, thousand_win),
}


def timed(build) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    built = build()
    return time.perf_counter() - wall, time.process_time() - cpu, built


def reference(module, rules) -> tuple[float, float]:
    """Wall and CPU seconds to build the points policy of the same game."""
    if module is fivethousand:
        five_policy._turn_policy.cache_clear()
        return timed(lambda: fivethousand.turn_policy(rules))[:2]
    thousand_policy._solitaire_policy.cache_clear()
    return timed(lambda: thousand.solitaire_policy(rules))[:2]


def hot_dice(presets, setting: str) -> None:
    """Fivethousand win policies with ``setting`` hot dice, timed against optional ones."""
    for preset in [name for name in presets if TABLES[name][0] is fivethousand]:
        built = {}
        for hot in dict.fromkeys(("optional", setting)):
            rules = fivethousand.Rules.preset(preset).replace(hot_dice=hot)
            points, _ = reference(fivethousand, rules)
            turn = fivethousand.turn_policy(rules)
            built[hot] = timed(partial(five_win.win_policy, rules, use_cache=False))
            wall, cpu, policy = built[hot]
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"fivethousand {preset}, {hot} hot dice: {turn.expected_score:.10f} points per "
                f"turn (bank from {turn.bank_from}, built in {points:.3f} s); win policy: first "
                f"player wins {policy.first_player_wins:.10f}, build {wall:.1f} s (CPU {cpu:.1f} s), "
                f"{wall / built['optional'][0]:.2f}x (CPU {cpu / built['optional'][1]:.2f}x) "
                f"the optional build; peak memory so far {peak:.0f} MB",
                flush=True,
            )
            five_win._win_policy.cache_clear()


SEED = 15  # the seed of the 100 000-game test against the optimal robot


GROWTH_TARGETS = (5000, 10000, 15000, 20000)
GROWTH_DICE = (1, 2, 3, 4, 5, 6)


def growth(presets) -> None:
    """Build times of Fivethousand win policies against the target and the number of dice."""
    for preset in [name for name in presets if name in ("zillions", "traditional")]:
        base = fivethousand.Rules.preset(preset)
        reference_wall = reference_cpu = None
        cases = [(target, base.dice) for target in GROWTH_TARGETS]
        cases += [(base.target, dice) for dice in GROWTH_DICE if dice != base.dice]
        for target, dice in cases:
            rules = base.replace(target=target, dice=dice)
            wall, cpu, policy = timed(partial(five_win.win_policy, rules, use_cache=False))
            if reference_wall is None:
                reference_wall, reference_cpu = wall, cpu
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"fivethousand {preset} target {target} dice {dice}: first player wins "
                f"{policy.first_player_wins:.6f}; build {wall:.1f} s (CPU {cpu:.1f} s), "
                f"{wall / reference_wall:.2f}x (CPU {cpu / reference_cpu:.2f}x) the 5000-point six-dice build; "
                f"lead cap {policy.lead * policy.unit} points; peak memory so far {peak:.0f} MB",
                flush=True,
            )
            five_win._win_policy.cache_clear()


def penalty(target: int | None, floor: int | None, more_of_a_kind: str | None) -> None:
    """The facebook preset's win policy (or a scaled one), passes logged, against the same
    rules without the penalty."""
    import logging

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    rules = fivethousand.Rules.preset("facebook")
    changes = {"target": target, "score_floor": floor, "more_of_a_kind": more_of_a_kind}
    rules = rules.replace(**{name: value for name, value in changes.items() if value is not None})
    plain, plain_cpu, without = timed(
        lambda: five_win.win_policy(rules.replace(penalty=0, score_floor=0), use_cache=False)
    )
    print(
        f"without the penalty: first player wins {without.first_player_wins:.6f}, "
        f"build {plain:.1f} s (CPU {plain_cpu:.1f} s)",
        flush=True,
    )
    wall, cpu, policy = timed(lambda: five_win.win_policy(rules))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"target {rules.target}, floor {rules.score_floor}, {rules.more_of_a_kind} more of a kind\n"
        f"with the penalty: first player wins {policy.first_player_wins:.6f} "
        f"({100 * policy.first_player_wins:.4f} %), {policy.passes} passes, error bound of the "
        f"passes {policy.iteration_error:.1e}, with the cap {policy.cap_error:.1e}; build "
        f"{wall:.1f} s (CPU {cpu:.1f} s), {wall / plain:.1f}x the build without the penalty; "
        f"peak memory {peak:.0f} MB",
        flush=True,
    )


# Scoring and table rules screened for the facebook preset, as changes to it: Busche's
# article gives the penalty, the floor and the target but not the scoring (docs/rules.md).
FACEBOOK_VARIANTS = {
    "the preset": {},
    "with a last turn": {"last_turn": True},
    "with a last turn, Zilch's three pairs (1500, four and a pair too)": {
        "last_turn": True,
        "three_pairs": 1500,
        "four_of_a_kind_and_pair": 1500,
    },
    "four of a kind and a pair as three pairs": {"four_of_a_kind_and_pair": 750},
    "each die past three adds the triple": {"more_of_a_kind": "adding"},
    "adding, four and a pair as three pairs": {
        "more_of_a_kind": "adding",
        "four_of_a_kind_and_pair": 750,
    },
    "Zilch's three pairs (1500, four and a pair too)": {
        "three_pairs": 1500,
        "four_of_a_kind_and_pair": 1500,
    },
    "300 to bank": {"min_bank": 300},
    "two triplets 2500": {"two_triplets": 2500},
    "six-dice farkle 500": {"all_dice_farkle": 500},
}


def variants() -> None:
    """The first player's chance to win, without the penalty, under each of
    :data:`FACEBOOK_VARIANTS`: the screen behind the facebook preset's rules (the penalty
    lowered each variant's chance by 0.018-0.020 points where it was solved)."""
    preset = fivethousand.Rules.preset("facebook")
    for name, changes in FACEBOOK_VARIANTS.items():
        rules = preset.replace(penalty=0, score_floor=0, **changes)
        wall, cpu, policy = timed(partial(five_win.win_policy, rules, use_cache=False))
        print(
            f"facebook, {name}, no penalty: first player wins "
            f"{100 * policy.first_player_wins:.4f} %; build {wall:.1f} s (CPU {cpu:.1f} s)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=list(TABLES), choices=list(TABLES))
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--growth", action="store_true")
    parser.add_argument("--hot-dice", choices=HOT_DICE)
    parser.add_argument("--penalty", action="store_true")
    parser.add_argument("--target", type=int)
    parser.add_argument("--floor", type=int)
    parser.add_argument("--more-of-a-kind", choices=("fixed", "doubling", "adding"))
    parser.add_argument("--variants", action="store_true")
    args = parser.parse_args()
    if args.variants:
        variants()
        return
    if args.penalty:
        penalty(args.target, args.floor, args.more_of_a_kind)
        return
    if args.growth:
        growth(args.only)
        return
    if args.hot_dice:
        hot_dice(args.only, args.hot_dice)
        return
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DICELAB_CACHE_DIR"] = folder
        for preset in args.only:
            module, win = TABLES[preset]
            points, points_cpu = reference(module, module.Rules.preset(preset))
            win._win_policy.cache_clear()
            build_wall, build_cpu, policy = timed(partial(win.win_policy, preset))
            win._win_policy.cache_clear()
            load_wall, load_cpu, _ = timed(partial(win.win_policy, preset))
            print(
                f"{module.__name__.split('.')[-1]} {preset}: first player wins {policy.first_player_wins:.6f}; "
                f"build {build_wall:.1f} s (CPU {build_cpu:.1f} s), load {load_wall:.3f} s; "
                f"points policy {points:.2f} s (CPU {points_cpu:.2f} s), build ratio {build_wall / points:.0f}x "
                f"(CPU {build_cpu / points_cpu:.0f}x)"
            )
            if hasattr(policy, "cap_error"):
                print(
                    f"  cap {policy.cap * policy.unit} points, error bound {policy.cap_error:.1e}"
                )
            for opponent in [level for level in module.BOTS if level not in ("win", "random")][
                ::-1
            ] * bool(args.games):
                cpu = time.process_time()
                share = simulate.head_to_head(
                    module, "win", opponent, n=args.games, seed=SEED, rules=preset, progress=False
                )
                low, high = share.interval(0.95)
                print(
                    f"  win vs {opponent}: {share.value:.4f}, 95 % interval [{low:.4f}, {high:.4f}] "
                    f"({args.games} games, CPU {time.process_time() - cpu:.1f} s)"
                )


if __name__ == "__main__":
    main()
