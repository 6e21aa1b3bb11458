"""The optimal set-aside policies: build time per preset, and the optimal bots' win rates.

Builds (uncached, in this process) the Fivethousand turn policy per preset, its final-turn
table, and the Thousand solitaire policy (classic, and with ``choose_keep``). The reference,
measured in the same run, is the plain-Python core the solvers replace: scoring every throw
of 1 to 6 dice once with the engine's combination table (what one state of a naive
recursion costs). Then plays ``--games`` seeded games (10 000 by default) of optimal
against each simpler level, alternating who starts, with the Game drivers' ``play_bots()``.
Run: ``python benchmarks/bench_policies.py [--games N]``.
"""

from __future__ import annotations

import argparse
import math
import time
from functools import partial

from dicelab import dice, fivethousand, thousand
from dicelab.fivethousand import policy as five_policy
from dicelab.setaside.policy import throw_table
from dicelab.thousand import policy as thousand_policy


def seconds(build) -> tuple[float, object]:
    start = time.perf_counter()
    built = build()
    return time.perf_counter() - start, built


def uncached(*caches):
    for cache in caches:
        cache.cache_clear()


def naive_state_seconds() -> float:
    """One state of a naive recursion: every throw of 1 to 6 dice with its choices scored."""
    table = fivethousand.Rules().combinations()
    start = time.perf_counter()
    for n in range(1, 7):
        for throw in dice.outcomes(n):
            {part: table.score(part) for part in dice.sub_multisets(throw)}
    return time.perf_counter() - start


def win_rate(module, opponent: str, games: int) -> tuple[float, float]:
    """Share of games the optimal bot wins (a shared win counts half), and its standard error."""
    wins = 0.0
    for seed in range(games):
        seats = [{"name": "optimal", "bot": "optimal"}, {"name": opponent, "bot": opponent}]
        game = module.Game(players=seats[::-1] if seed % 2 else seats, seed=seed)
        game.play_bots()
        names = [player.name for player in game.winners]
        wins += names.count("optimal") / len(names)
    rate = wins / games
    return rate, math.sqrt(rate * (1 - rate) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    reference = naive_state_seconds()
    print(f"reference: one naive state (score every throw of 1-6 dice) {reference * 1000:.1f} ms\n")
    print("build times (uncached)")
    for name in fivethousand.PRESETS:
        uncached(five_policy._turn_policy, throw_table)
        took, policy = seconds(partial(fivethousand.turn_policy, name))
        print(
            f"  fivethousand turn policy  {name:12} {took:6.2f} s = {took / reference:6.0f} x ref"
            f"   fresh turn {policy.expected_score:.4f} points, bank from {policy.bank_from}"
        )
    for name in fivethousand.PRESETS:
        uncached(five_policy._final_turn_policy, five_policy._final_table)
        took, policy = seconds(partial(fivethousand.final_turn_policy, name, to_beat=5000))
        print(
            f"  fivethousand final turn   {name:12} {took:6.2f} s = {took / reference:6.0f} x ref"
            f"   P(beat 5000 from 3000) {policy.success_probability(3000):.4f}"
        )
    for label, rules in (
        ("classic", thousand.Rules()),
        ("choose_keep", thousand.Rules(choose_keep=True)),
    ):
        uncached(thousand_policy._solitaire_policy, throw_table)
        took, policy = seconds(partial(thousand.solitaire_policy, rules))
        print(
            f"  thousand solitaire        {label:12} {took:6.2f} s = {took / reference:6.0f} x ref"
            f"   expected turns from 0: {policy.expected_turns(0):.4f}"
        )
    print(f"\nwin rates of the optimal bots over {games} games each (alternating who starts)")
    for module, opponents in (
        (fivethousand, ("simple", "intelligent")),
        (thousand, ("simple", "cask_aware")),
    ):
        for opponent in opponents:
            took, (rate, error) = seconds(partial(win_rate, module, opponent, games))
            print(
                f"  {module.__name__.split('.')[-1]:12} optimal vs {opponent:11} {rate:.4f} ± {error:.4f}"
                f"   ({took:.0f} s)"
            )


if __name__ == "__main__":
    main()
