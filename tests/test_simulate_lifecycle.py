"""Runs stay bounded: chunks made as they are played, stopped at once by an error, an
interrupt or a killed worker, with the completed games' results; n=0 refused."""

import multiprocessing
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


def _gated(gate, function, *args):
    """Play a chunk once ``gate`` (an Event shared with the pool's processes) is open."""
    gate.wait()
    return function(*args)


class Recording(Executor):
    """An executor that keeps every chunk's future. With a ``gate``, the chunks after the
    first ``free`` are held until the test opens it; with ``interrupt``, Ctrl-C (a real
    SIGINT, as a terminal sends it) is pressed when the last free chunk has been played."""

    def __init__(self, inner, free=0, gate=None, interrupt=False):
        self.inner, self.futures, self.free, self.gate = inner, [], free, gate
        self.interrupt = interrupt
        self._max_workers = inner._max_workers

    def submit(self, function, *args):
        held = self.gate is not None and len(self.futures) >= self.free
        future = self.inner.submit(*((_gated, self.gate) if held else ()), function, *args)
        self.futures.append(future)
        if self.interrupt and len(self.futures) == self.free:
            future.add_done_callback(lambda _: os.kill(os.getpid(), signal.SIGINT))
        return future

    def queued(self) -> list:
        """The chunks handed over that no worker has started and that were not cancelled."""
        return [f for f in self.futures if not f.running() and not f.done()]

    def unfinished(self) -> list:
        return [f for f in self.futures if not f.done()]


def stopped_while_held(free: int, interrupt: bool, **run) -> tuple:
    """Play ``run`` on a pool of two whose chunks after the first ``free`` are held: the
    run's stop, the chunks queued and the chunks unfinished as the call returned, and all
    the chunks handed over. A call that waited for the held chunks would return only once
    the gate opens by itself (after a minute, so the test ends), with every chunk finished."""
    with multiprocessing.Manager() as manager, ProcessPoolExecutor(2) as pool:
        gate = manager.Event()
        recording = Recording(pool, free, gate, interrupt)
        guard = threading.Timer(60, gate.set)
        guard.start()
        try:
            with pytest.raises((simulate.RunStopped, simulate.RunInterrupted)) as stopped:
                simulate.games("fivethousand", executor=recording, n=20_000, progress=False, **run)
            queued, unfinished = recording.queued(), recording.unfinished()
        finally:
            gate.set()
            guard.cancel()
    return stopped.value, queued, unfinished, recording.futures


def test_ctrl_c_during_a_pool_run_cancels_the_queued_chunks_and_returns_at_once():
    stopped, queued, unfinished, handed = stopped_while_held(
        3, True, players=["simple", Cautious()], seed=3, chunk_size=5
    )
    assert isinstance(stopped, simulate.RunInterrupted) and isinstance(stopped, KeyboardInterrupt)
    done = stopped.completed  # the free chunks' games the call had taken in at Ctrl-C
    assert done in (0, 5, 10, 15) and stopped.results.scores.shape == (done, 2)
    # it returned while chunks it had handed over were held (it did not wait for them), with
    # none left queued (those not started were cancelled) and no more handed over than the
    # pool holds
    assert unfinished and queued == [] and len(handed) <= 3 + runner.AHEAD * 2


def test_an_error_in_a_pool_run_returns_at_once():
    stopped, queued, unfinished, handed = stopped_while_held(
        1, False, players=["simple", Cautious(fail_after=300)], seed=4, chunk_size=20
    )
    assert isinstance(stopped, simulate.RunStopped)
    assert isinstance(stopped.__cause__, simulate.BotFailed) and stopped.completed < 20
    assert unfinished and queued == [] and len(handed) == runner.AHEAD * 2


def test_a_killed_worker_returns_at_once():
    with ProcessPoolExecutor(2) as pool:
        recording = Recording(pool)
        with pytest.raises(simulate.RunStopped) as stopped:
            simulate.games(
                "fivethousand",
                ["simple", Cautious(kill=True)],
                n=20_000,
                seed=5,
                chunk_size=20,
                executor=recording,
                progress=False,
            )
        queued = recording.queued()
    assert "BrokenProcessPool" in str(stopped.value) and stopped.value.completed == 0
    # only the chunks the pool holds at once were ever handed over, and none waits
    assert queued == [] and len(recording.futures) == runner.AHEAD * 2


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
