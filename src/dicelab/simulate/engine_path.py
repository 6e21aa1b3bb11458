"""The engine path: games and turns played one at a time through the rules engines.

Any bot plays here, a bot of your own (an object with ``choose(engine, state, rng)``)
included; the batch simulator serves the built-in bots much faster. Game (or turn) ``i``
of a run uses its own ``random.Random`` seeded from ``(seed, i)`` only.
"""

from __future__ import annotations

import queue
import random
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from types import FrameType
from typing import Any, Protocol

from dicelab import registry, saves
from dicelab.errors import TooManyMovesError
from dicelab.game import too_many_moves
from dicelab.odds.games import SET_ASIDE_GAMES
from dicelab.setaside.house import first_seat
from dicelab.validation import shown


class EngineRun(Protocol):
    """What the engine path reads of a run (a :class:`dicelab.simulate.runner.Run`, which
    imports this module)."""

    @property
    def game(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def banked(self) -> int: ...
    @property
    def bots(self) -> tuple[Any, ...]: ...
    @property
    def move_timeout(self) -> float | None: ...
    def engine(self) -> Any: ...
    def bot_objects(self) -> list[Any]: ...


Choose = Callable[..., Any]
"""``choose(seat, bot, engine, state, rng)``: the seat's bot's move (see :func:`_choosing`)."""

Results = dict[str, list[Any]]
"""A chunk's results as they are played: a list by name, a game (or turn) an entry."""


def rng(seed: int, index: int) -> random.Random:
    """The random generator of game (or turn) ``index`` of a run seeded ``seed``."""
    return random.Random(f"dicelab-simulate/{seed}/{index}")


class BotFailed(RuntimeError):
    """A bot raised or chose an illegal action: which game (or turn), which seat, in what
    state (the bot's own error is the ``__cause__``). ``finished`` holds the results of the
    games (or turns) of its chunk finished before it, as the chunk would have returned them."""

    def __init__(self, message: str, number: int, seat: int, state: Any) -> None:
        super().__init__(message, number, seat, state)  # (picklable: a pool sends it back)
        self.number, self.seat, self.state = number, seat, state
        self.finished: Results = {}

    def __str__(self) -> str:
        return str(self.args[0])


def _step(
    engine: Any,
    state: Any,
    bots: Sequence[Any],
    rng: random.Random,
    number: int,
    unit: str,
    choose: Choose,
) -> tuple[Any, bool, Any]:
    """One action or one throw; returns (new state, whether it was a throw, the action).
    ``choose`` asks a seat's bot for its move (see :func:`_choosing`); a bot's failure is
    a :class:`BotFailed` naming game (or turn) ``number``."""
    if state.is_chance:
        return engine.apply_chance(state, engine.sample_chance(state, rng)), True, None
    bot = bots[state.player]
    try:
        action = choose(state.player, bot, engine, state, rng)
        return engine.apply(state, action), False, action
    except Exception as error:
        raise BotFailed(
            f"{unit} {number} (numbered from 0), seat {state.player} ({shown(bot)}): "
            f"{type(error).__name__}: {error}, in the state {state!r}",
            number,
            state.player,
            state,
        ) from error


def _too_slow(seconds: float) -> TimeoutError:
    return TimeoutError(f"it took more than {seconds:g} s to choose a move")


@contextmanager
def _choosing(limits: tuple[float | None, ...]) -> Iterator[Choose]:
    """A function ``choose(seat, bot, engine, state, rng)`` that asks ``bot`` for its move
    and raises TimeoutError when it takes more than ``limits[seat]`` seconds (None: no
    limit). In a process's main thread an alarm signal interrupts the bot; elsewhere (a
    thread pool's worker, a Dask worker's thread) the bot chooses in a helper thread of
    this block, and one that never answers is left behind, its run stopped."""
    if all(seconds is None for seconds in limits):
        yield lambda _seat, bot, *position: bot.choose(*position)
        return
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():

        def alarmed(seat: int, bot: Any, *position: Any) -> Any:
            with _alarm(limits[seat]):
                return bot.choose(*position)

        yield alarmed
        return
    helper = _Helper()

    def helped(seat: int, bot: Any, *position: Any) -> Any:
        if limits[seat] is None:  # (a built-in level: asked here)
            return bot.choose(*position)
        return helper.call(bot.choose, position, limits[seat])

    try:
        yield helped
    finally:
        helper.close()


@contextmanager
def _alarm(seconds: float | None) -> Iterator[None]:
    """Raise TimeoutError in the block when it takes more than ``seconds`` (an alarm
    signal: in a process's main thread only)."""
    if seconds is None:
        yield
        return

    def expire(_signum: int, _frame: FrameType | None) -> None:
        raise _too_slow(seconds)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


HELPER = "dicelab-bot-move"  # the name of a helper thread


class _Helper:
    """A daemon thread that calls functions for the thread that made it, which waits for
    each answer a limited time (a bot stuck in a call that no signal reaches is left to
    it; being a daemon, it never holds the process at its end)."""

    def __init__(self) -> None:
        self._asked: queue.SimpleQueue[tuple[Callable[..., Any], tuple[Any, ...]] | None] = (
            queue.SimpleQueue()
        )
        self._answers: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        threading.Thread(target=self._serve, name=HELPER, daemon=True).start()

    def _serve(self) -> None:
        while (asked := self._asked.get()) is not None:
            function, arguments = asked
            try:
                self._answers.put((True, function(*arguments)))
            except BaseException as error:  # (given back to the caller, who raises it)
                self._answers.put((False, error))

    def call(
        self, function: Callable[..., Any], arguments: tuple[Any, ...], seconds: float | None
    ) -> Any:
        """``function(*arguments)`` called by the helper; TimeoutError after ``seconds``."""
        self._asked.put((function, arguments))
        try:
            answered, answer = self._answers.get(timeout=seconds)
        except queue.Empty:
            raise _too_slow(seconds or 0) from None
        if not answered:
            raise answer
        return answer

    def close(self) -> None:
        """Let the thread end (once it is done with what it was asked, if ever)."""
        self._asked.put(None)


def _limits(run: EngineRun) -> tuple[float | None, ...]:
    """The seconds each seat's bot may take to choose: bot objects only (a built-in level
    never hangs, and pays no alarm)."""
    return tuple(None if isinstance(bot, str) else run.move_timeout for bot in run.bots)


def _turn_end(game: str, before: Any, after: Any, action: Any) -> tuple[bool, bool]:
    """Whether the step from ``before`` to ``after`` ended a turn, and with nothing scored."""
    if game in SET_ASIDE_GAMES:
        ended = after.phase in ("throw", "over")
        return ended, ended and bool({"bust", "burned"} & set(after.news))
    if action is None or action.type != "score":
        return False, False
    return True, after.cards[before.player].filled[-1][1] == 0


def play_games(run: EngineRun, start: int, stop: int) -> Results:
    """Play games ``start`` to ``stop - 1`` of ``run`` (a :class:`~dicelab.simulate.runner.Run`)."""
    engine, bots = run.engine(), run.bot_objects()
    seats = len(bots)
    out: Results = {"scores": [], "wins": [], "turns": [], "busts": []}
    with _keeping(out), _choosing(_limits(run)) as choose:
        for index in range(start, stop):
            dice = rng(run.seed, index)
            state = engine.initial_state(seats, *_first(engine.rules, run.seed, index, seats))
            turns, busts, moves = 0, [0] * seats, 0
            while not state.is_over:
                moves += 1
                if moves > 2 * saves.MAX_EVENTS:  # an action and a throw a move
                    raise TooManyMovesError(f"game {index} (numbered from 0): {too_many_moves()}")
                before = state
                state, _, action = _step(engine, state, bots, dice, index, "game", choose)
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
def _keeping(out: Results) -> Iterator[None]:
    """Give a :class:`BotFailed` or a :class:`~dicelab.errors.TooManyMovesError` raised
    inside the results ``out`` finished before it (as ``finished``)."""
    try:
        yield
    except (BotFailed, TooManyMovesError) as failure:
        failure.finished = out  # type: ignore[union-attr]  # (TooManyMovesError's own)
        raise


def _first(rules: Any, seed: int, index: int, seats: int) -> tuple[int, ...]:
    """The seat that starts game ``index`` of a run seeded ``seed``, when chance picks it."""
    if not registry.game(rules).set_aside or rules.first_player == "fixed":
        return ()
    return (first_seat(rules, f"{seed}/{index}", seats),)


def play_turns(run: EngineRun, start: int, stop: int) -> Results:
    """Play turns ``start`` to ``stop - 1`` of ``run``: one player's first turn each."""
    engine, (bot,) = run.engine(), run.bot_objects()
    out: Results = {"points": [], "busts": [], "throws": []}
    first = engine.initial_state(1)
    if run.banked:
        first = replace(first, scores=(run.banked,), on_board=(True,) if first.on_board else ())
    before_score = engine.scores(first)[0]
    with _keeping(out), _choosing(_limits(run)) as choose:
        for index in range(start, stop):
            dice = rng(run.seed, index)
            state, throws, ended, bust = first, 0, False, False
            while not ended:
                before = state
                state, threw, action = _step(engine, state, [bot], dice, index, "turn", choose)
                throws += threw
                ended, bust = _turn_end(run.game, before, state, action)
            out["points"].append(engine.scores(state)[0] - before_score)
            out["busts"].append(bust)
            out["throws"].append(throws)
    return out
