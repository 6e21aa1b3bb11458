"""Play many games or turns between bots, seeded and reproducible, for "let's play 100 000 games".

The built-in bots play on the batch simulator: many games in lockstep as numpy arrays, each
value of the dice a hash of the seed, the game's number and its step
(:mod:`~dicelab.simulate.streams`), each bot's decisions
made for the whole batch at once from tables (Fivethousand and Thousand:
:mod:`~dicelab.simulate.setaside_batch`). A bot of your own (``choose(engine, state, rng)``)
plays on the engine path (:mod:`~dicelab.simulate.engine_path`), one game at a time; an
:class:`EnginePathWarning` says so and names the bots without a batch form. Either way a run gives
bit-for-bit the same results whatever the chunk size and whether or not an ``executor`` (a
``concurrent.futures`` process pool, a Dask client's ``get_executor()``, ...) plays the
chunks (:mod:`~dicelab.simulate.runner`). Results are arrays with standard errors
(:mod:`~dicelab.simulate.results`).

>>> results = games("fivethousand", ["simple", "intelligent"], n=2000, seed=1, progress=False)
>>> results.scores.shape, int(results.wins.sum()) >= 2000
((2000, 2), True)
>>> print(results.estimate("win_rate", "intelligent"))
0.559 ± 0.0218 (95 % confidence, 2,000 samples)
>>> turns("thousand", ThresholdBot(0), n=5, seed=1, rules={"casks": []}, progress=False).points.tolist()
[20, 5, 20, 150, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

import numpy

from dicelab.odds.games import SET_ASIDE_GAMES, resolve
from dicelab.simulate.bots import ChaseBox, ThresholdBot
from dicelab.simulate.engine_path import BotFailed
from dicelab.simulate.results import Estimate, GameResults, TurnResults
from dicelab.simulate.runner import (
    MOVE_TIMEOUT,
    Arrays,
    EnginePathWarning,
    Run,
    RunInterrupted,
    RunStopped,
    bot_name,
    check_bots,
    choose_path,
    pick_seed,
    play_game_chunk,
    play_turn_chunk,
    run_chunks,
    timeout,
)


def games(
    game: Any = "fivethousand",
    players: Sequence[Any] = ("simple", "intelligent"),
    n: int = 1000,
    seed: int | None = 0,
    rules: Any = None,
    chunk_size: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    move_timeout: float | None = MOVE_TIMEOUT,
) -> GameResults:
    """Play ``n`` whole games between bots and return their results as arrays.

    ``game`` is a game name, module, ``Rules`` or game (see :func:`dicelab.odds.resolve`),
    ``players`` one bot per seat: a level name from the game's ``BOTS`` or a bot object.
    ``seed`` None picks one (kept in the results). ``executor`` is any
    ``concurrent.futures.Executor``; the chunks of ``chunk_size`` games are its tasks (by
    default 50 000 on the batch simulator, 200 on the engine path).
    ``progress``: None shows a bar (counting games) on runs longer than a second, True
    always, False never. A bot object that takes more than ``move_timeout`` seconds to
    choose a move stops the run (:class:`RunStopped`, with the games finished); None waits
    for ever. The limit holds wherever the chunk runs: in a process's main thread (here, or
    a process pool's worker) an alarm interrupts the bot; in a thread pool's worker the
    bot chooses in a helper thread, and one that never answers is left to itself.
    """
    chosen = resolve(game, rules)
    bots = check_bots(chosen.module, players)
    if not 1 <= len(bots) <= chosen.module.Game.MAX_PLAYERS:
        raise ValueError(
            f"{chosen.name} is played by 1 to {chosen.module.Game.MAX_PLAYERS} players"
        )
    batch = choose_path(chosen.name, chosen.rules, bots)
    run = Run(
        chosen.name,
        chosen.rules,
        bots,
        pick_seed(seed),
        batch=batch,
        move_timeout=timeout(move_timeout),
    )
    seats = len(bots)

    def finish(out: Arrays, count: int) -> GameResults:
        arrays = {
            key: out[key] if key in out else numpy.zeros((0, seats))
            for key in ("scores", "wins", "busts")
        }
        return GameResults(
            chosen.name,
            chosen.rules,
            tuple(bot_name(b) for b in bots),
            run.seed,
            scores=arrays["scores"].astype(numpy.int64, copy=False).reshape(count, seats),
            wins=arrays["wins"].astype(bool, copy=False).reshape(count, seats),
            turns=out.get("turns", numpy.zeros(0)).astype(numpy.int64, copy=False),
            busts=arrays["busts"].astype(numpy.int64, copy=False).reshape(count, seats),
        )

    return finish(
        run_chunks(play_game_chunk, run, n, chunk_size, executor, progress, "game", finish), n
    )


def head_to_head(
    game: Any = "fivethousand",
    challenger: Any = "intelligent",
    reference: Any = "simple",
    n: int = 10_000,
    seed: int = 0,
    rules: Any = None,
    chunk_size: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> Estimate:
    """The challenger's share of ``n`` two-player games against ``reference``, with its
    standard error: half the games (seed ``seed``) with the challenger throwing first, half
    (seed ``seed + 1``) with the reference first; a shared win counts as half a win. The
    other arguments are those of :func:`games`.

    >>> print(head_to_head("thousand", "cask_aware", "simple", n=2000, seed=3, progress=False))
    0.5765 ± 0.0217 (95 % confidence, 2,000 samples)
    """
    if type(n) is not int or n < 2:
        raise ValueError(f"n is a number of games, at least 2, not {n!r}")
    shares = []
    for seat, players, part in (
        (0, [challenger, reference], n // 2),
        (1, [reference, challenger], n - n // 2),
    ):
        results = games(
            game,
            players,
            n=part,
            seed=seed + seat,
            rules=rules,
            chunk_size=chunk_size,
            executor=executor,
            progress=progress,
        )
        shares.append(results.wins[:, seat] / results.wins.sum(axis=1))
    return Estimate.of_sample(numpy.concatenate(shares))


def turns(
    game: Any = "fivethousand",
    bot: Any = "simple",
    n: int = 10_000,
    seed: int | None = 0,
    rules: Any = None,
    banked: int = 0,
    chunk_size: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    move_timeout: float | None = MOVE_TIMEOUT,
) -> TurnResults:
    """Play ``n`` single turns of one bot (its first turn of a game) and return what each scored.

    ``bot`` is a level name or a bot object such as :class:`ThresholdBot` or :class:`ChaseBox`.
    ``banked`` is the player's score before the turn (set-aside games, e.g. to start in a cask).
    The other arguments are those of :func:`games` (by default 32 768 turns per chunk on
    the batch simulator, 5000 on the engine path).
    """
    chosen = resolve(game, rules)
    (bot,) = check_bots(chosen.module, [bot])
    if banked and chosen.name not in SET_ASIDE_GAMES:
        raise ValueError("banked is for Fivethousand and Thousand")
    if type(banked) is not int or banked < 0:
        raise ValueError(f"banked is a score, a whole number from 0, not {banked!r}")
    batch = choose_path(chosen.name, chosen.rules, (bot,))
    run = Run(
        chosen.name,
        chosen.rules,
        (bot,),
        pick_seed(seed),
        banked=banked,
        batch=batch,
        move_timeout=timeout(move_timeout),
    )
    empty = numpy.zeros(0)

    def finish(out: Arrays, _count: int) -> TurnResults:
        return TurnResults(
            chosen.name,
            chosen.rules,
            bot_name(bot),
            run.seed,
            points=out.get("points", empty).astype(numpy.int64, copy=False),
            busts=out.get("busts", empty).astype(bool, copy=False),
            throws=out.get("throws", empty).astype(numpy.int64, copy=False),
        )

    return finish(
        run_chunks(play_turn_chunk, run, n, chunk_size, executor, progress, "turn", finish), n
    )


__all__ = [
    "BotFailed",
    "ChaseBox",
    "EnginePathWarning",
    "Estimate",
    "GameResults",
    "RunInterrupted",
    "RunStopped",
    "ThresholdBot",
    "TurnResults",
    "games",
    "head_to_head",
    "turns",
]
