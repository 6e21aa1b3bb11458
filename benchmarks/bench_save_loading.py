"""How long refusing a bad save takes: depth and size bombs of a few MB against loading one
real save (a finished two-player game of each game), measured in the same run.

Prints, for each game, the time to load the real save and the slowest refusal with its
ratio to it. Run: ``python benchmarks/bench_save_loading.py``.
"""

from __future__ import annotations

import json
import time
from functools import partial

from dicelab import CorruptGameError, fivethousand, saves, thousand, yahtzee

BOTS = {fivethousand: "intelligent", thousand: "cask_aware", yahtzee: "greedy"}


def bombs(real: str) -> dict:
    """Bad saves up to the size limit, by name."""
    document = json.loads(real)
    event = document["events"][0]
    too_many = dict(document, events=[event] * (saves.MAX_EVENTS + 1))
    return {
        "4 MB of [": "[" * saves.MAX_CHARS,
        "nested objects": '{"a":' * 600_000 + "0" + "}" * 600_000,
        "escaped quotes": '"' + '\\"' * (saves.MAX_CHARS // 2 - 1),
        "a 4 MB name": real.replace(
            '"Ann"', '"' + "A" * (saves.MAX_CHARS - len(real) - 10) + '"', 1
        ),
        "too many events": json.dumps(too_many),
        "the last event wrong": real[: real.rindex('"player": ') + 10]
        + "9"
        + real[real.rindex('"player": ') + 11 :],
        "one character too long": real + " " * (saves.MAX_CHARS + 1 - len(real)),
    }


def timed(call) -> float:
    start = time.perf_counter()
    try:
        call()
    except CorruptGameError:
        pass
    return time.perf_counter() - start


def main() -> None:
    print("Timings on a shared machine are noisy; the ratio is against loading a real save.")
    for module, bot in BOTS.items():
        game = module.Game(
            players=[{"name": "Ann", "bot": bot}, {"name": "Ben", "bot": bot}], seed=1
        )
        game.play_bots()
        real = game.to_json()
        reference = min(timed(partial(module.Game.from_json, real)) for _ in range(3))
        print(
            f"{module.__name__.split('.')[1]}: real save of {len(game.history)} events, "
            f"{len(real)} characters: loaded in {reference * 1000:.1f} ms"
        )
        for name, text in bombs(real).items():
            took = timed(partial(module.Game.from_json, text))
            print(
                f"  {name:24} ({len(text) / 1e6:.1f} MB) refused in {took * 1000:7.1f} ms "
                f"= {took / reference:6.1f} x the real save"
            )


if __name__ == "__main__":
    main()
