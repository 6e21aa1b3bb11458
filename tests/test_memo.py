"""A result asked for by two threads at once is built once: the second caller waits for the
first build (its result, or its exception), in the helper and in the solvers that use it."""

from __future__ import annotations

import gc
import sys
import threading
import weakref

import pytest

from dicelab import fivethousand, thousand
from dicelab.fivethousand import win as fivethousand_win
from dicelab.memo import OncePerKey, cached_method, once_per_key
from dicelab.thousand import win as thousand_win
from dicelab.yahtzee import Rules as YahtzeeRules
from dicelab.yahtzee import solver

WAIT = 60  # seconds a step may take at most before the test gives up (a hung test fails)


class HeldBuild:
    """A build that counts its calls and, until released, holds the caller inside it."""

    def __init__(self, result=None, error=None):
        self.calls = 0
        self.started = threading.Event()
        self.release = threading.Event()
        self.result = result if result is not None else object()
        self.error = error

    def __call__(self, *args, **kwargs):
        self.calls += 1
        self.started.set()
        assert self.release.wait(WAIT)
        if self.error is not None:
            raise self.error
        return self.result


class Caller(threading.Thread):
    """A thread that calls ``ask()`` once and keeps what it returned or raised."""

    def __init__(self, ask):
        super().__init__(daemon=True)
        self.ask, self.result, self.error = ask, None, None
        self.start()

    def run(self):
        try:
            self.result = self.ask()
        except BaseException as error:  # a KeyboardInterrupt too: kept, not raised in the thread
            self.error = error

    def outcome(self):
        self.join(WAIT)
        assert not self.is_alive()
        return self.result, self.error


def until(condition) -> bool:
    """Whether ``condition()`` came true within WAIT seconds (looked at every 10 ms)."""
    for _ in range(WAIT * 100):
        if condition():
            return True
        threading.Event().wait(0.01)
    return condition()


def waiting_for_a_build(thread: Caller) -> bool:
    """Whether ``thread`` is blocked waiting for a build under way (a Future's result)."""
    frame = sys._current_frames().get(thread.ident)
    while frame is not None:
        if frame.f_code.co_name == "result" and "concurrent" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def second_caller_waits(ask, build: HeldBuild, second_ask=None) -> tuple[Caller, Caller]:
    """Start a caller, let its build begin, start a second one (``second_ask``, else
    ``ask``) and see it wait for that build; then release the build."""
    first = Caller(ask)
    assert until(lambda: build.started.is_set() or not first.is_alive()), first.outcome()
    assert build.started.is_set(), first.outcome()
    second = Caller(second_ask or ask)
    until(lambda: waiting_for_a_build(second) or not second.is_alive())
    assert waiting_for_a_build(second), "the second caller did not wait for the first build"
    build.release.set()
    return first, second


def test_two_threads_asking_at_once_get_one_build_and_the_same_object():
    memo, build = OncePerKey(), HeldBuild()
    first, second = second_caller_waits(lambda: memo.get("key", build), build)
    assert first.outcome() == second.outcome() == (build.result, None)
    assert build.calls == 1
    assert memo.get("key", HeldBuild()) is build.result  # kept


def test_a_failed_build_reaches_every_caller_and_the_next_call_builds_again():
    memo, build = OncePerKey(), HeldBuild(error=ArithmeticError("the build failed"))
    first, second = second_caller_waits(lambda: memo.get("key", build), build)
    (_, one), (_, two) = first.outcome(), second.outcome()
    assert isinstance(one, ArithmeticError) and two is one and build.calls == 1
    again = HeldBuild()
    again.release.set()
    assert memo.get("key", again) is again.result and again.calls == 1


def test_an_interrupted_build_is_taken_over_by_the_caller_waiting_for_it():
    memo, build, taken_over = OncePerKey(), HeldBuild(error=KeyboardInterrupt()), HeldBuild()
    taken_over.release.set()
    first, second = second_caller_waits(
        lambda: memo.get("key", build), build, lambda: memo.get("key", taken_over)
    )
    assert isinstance(first.outcome()[1], KeyboardInterrupt)
    assert second.outcome() == (taken_over.result, None) and taken_over.calls == 1
    assert memo.get("key", HeldBuild()) is taken_over.result


def test_different_keys_are_built_apart_and_the_oldest_result_is_dropped_past_maxsize():
    memo = OncePerKey(maxsize=2)
    made = [memo.get(key, object) for key in "abc"]
    assert len(set(map(id, made))) == 3
    assert memo.get("c", object) is made[2] and memo.get("b", object) is made[1]
    assert memo.get("a", object) is not made[0]  # dropped, built again
    assert memo.pop("a") is not None and memo.pop("a") is None


def test_the_decorator_keys_on_the_arguments_and_clears_like_lru_cache():
    calls = []

    @once_per_key(maxsize=4)
    def square(n):
        calls.append(n)
        return n * n

    assert [square(3), square(3), square(4)] == [9, 9, 16] and calls == [3, 4]
    square.cache_clear()
    assert square(3) == 9 and calls == [3, 4, 3]
    assert square.__name__ == "square"


def test_a_cached_method_keeps_its_results_on_each_instance_and_lets_the_instance_go():
    calls = []

    class Squares:
        @cached_method(maxsize=2)
        def of(self, n):
            calls.append((self, n))
            return n * n

    first, second = Squares(), Squares()
    assert [first.of(3), first.of(3), Squares.of(first, 3), second.of(3)] == [9, 9, 9, 9]
    assert calls == [(first, 3), (second, 3)] and Squares.of.__name__ == "of"
    calls.clear()
    gone = weakref.ref(first)
    del first
    gc.collect()
    assert gone() is None  # no cache of the class holds it


@pytest.mark.parametrize(
    "module, game, rules",
    [
        (fivethousand_win, fivethousand, fivethousand.Rules(dice=3, target=400)),
        (thousand_win, thousand, None),
    ],
    ids=["fivethousand", "thousand"],
)
def test_a_win_policy_asked_for_twice_at_once_is_built_once(monkeypatch, module, game, rules):
    build = HeldBuild()
    policy_class = "FivethousandWinPolicy" if game is fivethousand else "ThousandWinPolicy"
    monkeypatch.setattr(module, policy_class, build)
    module._win_policy.cache_clear()
    try:
        first, second = second_caller_waits(lambda: game.win_policy(rules), build)
        assert first.outcome() == second.outcome() == (build.result, None)
        assert build.calls == 1
    finally:
        module._win_policy.cache_clear()


def test_a_yahtzee_solution_asked_for_twice_at_once_is_solved_once(monkeypatch, tmp_path):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))  # nothing on disk: it is solved
    rules = YahtzeeRules(boxes=("yahtzee", "chance"), rolls=2)
    real, build = solver.solve_moments, HeldBuild()
    build.result = None

    def held_solve(*args):
        build(*args)
        return real(*args)

    monkeypatch.setattr(solver, "solve_moments", held_solve)
    solver._SOLUTIONS.pop(rules)
    try:
        first, second = second_caller_waits(lambda: solver.solve(rules, progress=False), build)
        (one, error), (two, other) = first.outcome(), second.outcome()
        assert error is None and other is None and one is two and build.calls == 1
        assert solver.solve(rules, progress=False) is one
    finally:
        solver._SOLUTIONS.pop(rules)
