"""The engine path: games and turns played one at a time through the rules engines.

Any bot plays here, a bot of your own (an object with ``choose(engine, state, rng)``)
included; the batch simulator serves the built-in bots much faster. Game (or turn) ``i``
of a run uses its own ``random.Random`` seeded from ``(seed, i)`` only.
"""

from __future__ import annotations

import random
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from dicelab import registry, saves
from dicelab.errors import TooManyMovesError
from dicelab.game import too_many_moves
from dicelab.odds.games import SET_ASIDE_GAMES
from dicelab.setaside.house import first_seat
from dicelab.validation import shown


def rng(seed: int, index: int) -> random.Random:
    """The random generator of game (or turn) ``index`` of a run seeded ``seed``."""
    return random.Random(f"dicelab-simulate/{seed}/{index}")


class BotFailed(RuntimeError):
    """A bot raised or chose an illegal action: which game (or turn), which seat, in what
    state (the bot's own error is the ``__cause__``). ``finished`` holds the results of the
    games (or turns) of its chunk finished before it, as the chunk would have returned them."""

    def __init__(self, message: str, number: int, seat: int, state) -> None:
        super().__init__(message, number, seat, state)  # (picklable: a pool sends it back)
        self.number, self.seat, self.state = number, seat, state
        self.finished: dict = {}

    def __str__(self) -> str:
        return self.args[0]


def _step(engine, state, bots, rng, number: int = 0, unit: str = "game", limits=()):
    """One action or one throw; returns (new state, whether it was a throw, the action).
    A bot's failure is a :class:`BotFailed` naming game (or turn) ``number``; ``limits``
    are the seconds each seat's bot may take to choose (None: no limit)."""
    if state.is_chance:
        return engine.apply_chance(state, engine.sample_chance(state, rng)), True, None
    bot = bots[state.player]
    try:
        with _time_limit(limits[state.player] if limits else None):
            action = bot.choose(engine, state, rng)
        return engine.apply(state, action), False, action
    except Exception as error:
        raise BotFailed(
            f"{unit} {number} (numbered from 0), seat {state.player} ({shown(bot)}): "
            f"{type(error).__name__}: {error}, in the state {state!r}",
            number,
            state.player,
            state,
        ) from error


@contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Raise TimeoutError in the block when it takes more than ``seconds`` (an alarm signal:
    only in a process's main thread, where there is one; elsewhere no limit)."""
    if (
        seconds is None
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def expire(_signum, _frame):
        raise TimeoutError(f"it took more than {seconds:g} s to choose a move")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _limits(run) -> tuple:
    """The seconds each seat's bot may take to choose: bot objects only (a built-in level
    never hangs, and pays no alarm)."""
    return tuple(None if isinstance(bot, str) else run.move_timeout for bot in run.bots)


def _turn_end(game: str, before, after, action) -> tuple[bool, bool]:
    """Whether the step from ``before`` to ``after`` ended a turn, and with nothing scored."""
    if game in SET_ASIDE_GAMES:
        ended = after.phase in ("throw", "over")
        return ended, ended and bool({"bust", "burned"} & set(after.news))
    if action is None or action.type != "score":
        return False, False
    return True, after.cards[before.player].filled[-1][1] == 0


def play_games(run, start: int, stop: int) -> dict:
    """Play games ``start`` to ``stop - 1`` of ``run`` (a :class:`~dicelab.simulate.runner.Run`)."""
    engine, bots, limits = run.engine(), run.bot_objects(), _limits(run)
    seats = len(bots)
    out: dict[str, list] = {"scores": [], "wins": [], "turns": [], "busts": []}
    with _keeping(out):
        for index in range(start, stop):
            dice = rng(run.seed, index)
            state = engine.initial_state(seats, *_first(engine.rules, run.seed, index, seats))
            turns, busts, moves = 0, [0] * seats, 0
            while not state.is_over:
                moves += 1
                if moves > 2 * saves.MAX_EVENTS:  # an action and a throw a move
                    raise TooManyMovesError(f"game {index} (numbered from 0): {too_many_moves()}")
                before = state
                state, _, action = _step(engine, state, bots, dice, index, "game", limits)
                ended, bust = _turn_end(run.game, before, state, action)
                turns += ended
                busts[before.player] += bust
            winners = engine.winners(state)
            out["scores"].append(engine.scores(state))
            out["wins"].append([seat in winners for seat in range(seats)])
            out["turns"].append(turns)
            out["busts"].append(busts)
    return out


@contextmanager
def _keeping(out: dict) -> Iterator[None]:
    """Give a :class:`BotFailed` raised inside the results ``out`` finished before it."""
    try:
        yield
    except BotFailed as failure:
        failure.finished = out
        raise


def _first(rules, seed: int, index: int, seats: int) -> tuple:
    """The seat that starts game ``index`` of a run seeded ``seed``, when chance picks it."""
    if not registry.game(rules).set_aside or rules.first_player == "fixed":
        return ()
    return (first_seat(rules, f"{seed}/{index}", seats),)


def play_turns(run, start: int, stop: int) -> dict:
    """Play turns ``start`` to ``stop - 1`` of ``run``: one player's first turn each."""
    engine, (bot,) = run.engine(), run.bot_objects()
    out: dict[str, list] = {"points": [], "busts": [], "throws": []}
    first = engine.initial_state(1)
    if run.banked:
        first = replace(first, scores=(run.banked,), on_board=(True,) if first.on_board else ())
    before_score = engine.scores(first)[0]
    with _keeping(out):
        for index in range(start, stop):
            dice = rng(run.seed, index)
            state, throws, ended, bust = first, 0, False, False
            while not ended:
                before = state
                state, threw, action = _step(
                    engine, state, [bot], dice, index, "turn", _limits(run)
                )
                throws += threw
                ended, bust = _turn_end(run.game, before, state, action)
            out["points"].append(engine.scores(state)[0] - before_score)
            out["busts"].append(bust)
            out["throws"].append(throws)
    return out
