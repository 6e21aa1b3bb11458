"""Runs stay bounded: chunks made as they are played, stopped at once by an error, an
interrupt or a killed worker, with the completed games' results; n=0 refused."""

import os
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from dicelab import simulate
from dicelab.errors import TooManyMovesError
from dicelab.fivethousand import BOTS
from dicelab.simulate import engine_path, runner

PARENT = os.getpid()


class Cautious:
    """Banks whenever it can (a user bot: the engine path plays it)."""

    level = "cautious"

    def __init__(self, fail_after=None, pause=0.0, kill=False):
        self.fail_after, self.pause, self.kill, self.calls = fail_after, pause, kill, 0

    def choose(self, engine, state, rng):
        self.calls += 1
        if self.kill and os.getpid() != PARENT:
            os.kill(os.getpid(), signal.SIGKILL)
        if self.fail_after is not None and self.calls > self.fail_after:
            return "not an action"
        if self.pause:
            time.sleep(self.pause)
        return BOTS["simple"]().choose(engine, state, rng)

    def __repr__(self):
        return "Cautious()"


class Counting(Executor):
    """An executor that remembers the most chunks it ever held unfinished."""

    def __init__(self, inner):
        self.inner, self.held, self.most = inner, set(), 0
        self._max_workers = inner._max_workers

    def submit(self, function, *args):
        future = self.inner.submit(function, *args)
        self.held.add(future)
        future.add_done_callback(self.held.discard)
        self.most = max(self.most, len(self.held))
        return future


@pytest.mark.parametrize("call", [simulate.games, simulate.turns])
def test_no_games_is_refused(call):
    with pytest.raises(ValueError, match="at least 1"):
        call("fivethousand", n=0, progress=False) if call is simulate.turns else call(
            n=0, progress=False
        )


def test_a_bots_error_names_the_game_the_seat_and_the_state_and_keeps_the_games_played():
    bot = Cautious(fail_after=2000)
    with pytest.raises(simulate.RunStopped) as stopped:
        simulate.games(
            "fivethousand", ["simple", bot], n=10_000, seed=1, chunk_size=5, progress=False
        )
    failure = stopped.value.__cause__
    assert isinstance(failure, simulate.BotFailed) and failure.seat == 1
    assert f"game {failure.number} " in str(failure) and "seat 1 (Cautious())" in str(failure)
    assert "IllegalMoveError" in str(failure) and repr(failure.state) in str(failure)
    done = stopped.value.completed
    assert done == failure.number and done % 5 != 0  # the failed chunk's games before it too
    results = stopped.value.results
    assert results.scores.shape == (done, 2) and results.wins.shape == (done, 2)
    assert f"after {done:,} of 10,000 games" in str(stopped.value)
    again = simulate.games("fivethousand", ["simple", "simple"], n=done, seed=1, progress=False)
    assert again.scores[:, 0].tolist() != [] and len(again.scores) == done


def test_chunks_are_made_as_they_are_played():
    """n = 10**12 (every chunk made at once took 2.3 GB and ended in MemoryError): the
    executor never holds more than a few chunks, and an error stops the run at once."""
    with ThreadPoolExecutor(2) as pool:
        counting = Counting(pool)
        with pytest.raises(simulate.RunStopped) as stopped:
            simulate.games(
                "fivethousand",
                ["simple", Cautious(fail_after=3000)],
                n=10**12,
                seed=2,
                chunk_size=3,
                executor=counting,
                progress=False,
            )
    assert counting.most <= runner.AHEAD * 2 and stopped.value.total == 10**12


def _interrupt_soon(after: float) -> threading.Timer:
    timer = threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_during_a_pool_run_cancels_the_queued_chunks_and_returns_at_once():
    started = time.monotonic()
    with ProcessPoolExecutor(2) as pool:
        timer = _interrupt_soon(1.0)
        with pytest.raises(simulate.RunInterrupted) as stopped:
            simulate.games(
                "fivethousand",
                ["simple", Cautious(pause=0.0005)],
                n=20_000,
                seed=3,
                chunk_size=5,
                executor=pool,
                progress=False,
            )
        returned = time.monotonic()
    left = time.monotonic()
    timer.join()
    assert isinstance(stopped.value, KeyboardInterrupt) and stopped.value.completed < 20_000
    assert stopped.value.results.scores.shape == (stopped.value.completed, 2)
    assert returned - started < 1.0 + 2.0  # the call returns at once,
    assert left - started < 1.0 + 2.0  # and the pool has only the chunks being played to finish


def test_an_error_in_a_pool_run_returns_at_once():
    started = time.monotonic()
    with ProcessPoolExecutor(2) as pool:
        with pytest.raises(simulate.RunStopped) as stopped:
            simulate.games(
                "fivethousand",
                ["simple", Cautious(fail_after=300, pause=0.0005)],
                n=20_000,
                seed=4,
                chunk_size=20,
                executor=pool,
                progress=False,
            )
    assert time.monotonic() - started < 2.0 + 1.0  # (1 s for starting the pool's processes)
    assert isinstance(stopped.value.__cause__, simulate.BotFailed)


def test_a_killed_worker_returns_at_once():
    started = time.monotonic()
    with ProcessPoolExecutor(2) as pool:
        with pytest.raises(simulate.RunStopped) as stopped:
            simulate.games(
                "fivethousand",
                ["simple", Cautious(kill=True)],
                n=20_000,
                seed=5,
                chunk_size=20,
                executor=pool,
                progress=False,
            )
    assert time.monotonic() - started < 2.0 + 1.0
    assert "BrokenProcessPool" in str(stopped.value) and stopped.value.completed == 0


@pytest.mark.parametrize("seed", [-5, 1.7, True, "3", 2**64])
@pytest.mark.parametrize("call", [simulate.games, simulate.turns])
def test_a_bad_seed_is_refused_at_the_call(call, seed):
    with pytest.raises(ValueError, match="the seed"):
        call("fivethousand", n=10, seed=seed, progress=False)


def test_a_failing_turn_keeps_the_turns_of_its_chunk_played_before_it():
    with pytest.raises(simulate.RunStopped) as stopped:
        simulate.turns(
            "fivethousand", Cautious(fail_after=50), n=1000, seed=1, chunk_size=400, progress=False
        )
    failure = stopped.value.__cause__
    assert 0 < stopped.value.completed == failure.number < 400
    assert stopped.value.results.points.shape == (failure.number,)


class Hanging(Cautious):
    """Plays like the simple robot, then never returns from one move."""

    def choose(self, engine, state, rng):
        if self.calls == self.fail_after:
            threading.Event().wait()
        return super().choose(engine, state, rng)


POOLS = {"process pool": ProcessPoolExecutor, "thread pool": ThreadPoolExecutor}


def stopped_on(executor, run) -> simulate.RunStopped:
    """What ``run(pool)`` raises, played here (``executor`` None) or on a pool of one."""
    with pytest.raises(simulate.RunStopped) as stopped:
        if executor is None:
            run(None)
        else:
            with POOLS[executor](1) as pool:
                run(pool)
    return stopped.value


@pytest.mark.parametrize("executor", [None, *POOLS])
def test_a_bot_that_never_returns_stops_the_run_at_its_move_timeout(executor):
    def run(pool):
        return simulate.games(
            "fivethousand",
            ["simple", Hanging(fail_after=150)],
            n=1000,
            seed=1,
            chunk_size=400,
            executor=pool,
            progress=False,
            move_timeout=0.5,
        )

    stopped = stopped_on(executor, run)
    failure = stopped.__cause__
    assert isinstance(failure, simulate.BotFailed) and "it took more than 0.5 s" in str(failure)
    assert 0 < stopped.completed == failure.number  # the games finished are kept


@pytest.mark.parametrize("seconds", [0, -1, float("inf"), "5", True])
def test_a_bad_move_timeout_is_refused(seconds):
    with pytest.raises(ValueError, match="move_timeout"):
        simulate.games(n=5, move_timeout=seconds, progress=False)


class BanksUntil(Cautious):
    """Plays like the simple robot for ``fail_after`` moves, then never banks again: in
    both seats, under rules where a farkle loses the whole turn, the game it is in goes on
    until the most moves a game may have."""

    def choose(self, engine, state, rng):
        if self.calls >= (self.fail_after or 0):
            return next(a for a in engine.legal_actions(state) if a.type != "bank")
        return super().choose(engine, state, rng)


@pytest.mark.parametrize("executor", [None, *POOLS])
def test_a_game_at_the_most_moves_keeps_the_games_of_its_chunk_finished_before_it(executor):
    def run(pool):
        bot = BanksUntil(fail_after=300)
        return simulate.games(
            "fivethousand",
            [bot, bot],
            rules="traditional",
            n=100,
            seed=1,
            chunk_size=100,
            executor=pool,
            progress=False,
        )

    stopped = stopped_on(executor, run)
    failure = stopped.__cause__
    assert isinstance(failure, TooManyMovesError)
    played = int(str(failure).split()[1])  # "game 7 (numbered from 0): ..."
    assert 0 < stopped.completed == played < 100  # the games before it are kept
    assert stopped.results.scores.shape == (played, 2)
    simple = [Cautious(), Cautious()]  # the simple robot's moves, on the engine path
    again = simulate.games(
        "fivethousand", simple, rules="traditional", n=played, seed=1, progress=False
    )
    assert (stopped.results.scores == again.scores).all()


class Watched(Cautious):
    """The simple robot's moves, noting the threads it chose them in."""

    def __init__(self):
        super().__init__()
        self.threads = set()

    def choose(self, engine, state, rng):
        self.threads.add(threading.current_thread())
        return super().choose(engine, state, rng)


def test_in_a_thread_pool_bots_choose_in_helper_threads_that_end_with_their_chunk():
    bot = Watched()
    with ThreadPoolExecutor(2) as pool:
        results = simulate.games(
            "fivethousand", [bot, bot], n=6, chunk_size=2, executor=pool, progress=False
        )
    assert results.scores.shape == (6, 2)
    assert len(bot.threads) == 3 and {t.name for t in bot.threads} == {engine_path.HELPER}
    for thread in bot.threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in bot.threads)
