"""A widget lives and dies cleanly: closed or unseen, its robots, timers and workers stop;
an interrupted Start leaves a playable table; a failed figure can be tried again; prepared
work is kept under one bounded limit."""

from __future__ import annotations

import asyncio
import os
import threading
import weakref

import pytest

from dicelab import fivethousand, yahtzee
from dicelab.memo import KEPT
from dicelab.messages import catalogue
from dicelab.widgets import (
    FivethousandGame,
    RuleLab,
    YahtzeeGame,
    background,
    figure_worker,
)
from dicelab.widgets.robot_pacer import _tick
from tests.waiting import wait_for
from tests.widgets.event_loop import FakeClock, run_on_fresh_loop
from tests.widgets.intents import button, press

INTERRUPTED = catalogue("en")("table.interrupted")

ROBOTS = [{"name": "A", "bot": "simple"}, {"name": "B", "bot": "simple"}]
SMALL = fivethousand.Rules(dice=3, target=400)


def view(table, shown: bool) -> None:
    """What a browser says when a view of ``table`` is shown or goes (its cell run again)."""
    table._handle_custom_msg({"part": "table", "type": "view", "shown": shown}, [])


def moves(widgets) -> int:
    return sum(len(w.game.history) for w in widgets)


@pytest.mark.parametrize("tables", [1, 3])
def test_closed_games_stop_playing(tables):
    async def scenario():
        with FakeClock() as clock:
            widgets = [FivethousandGame(players=ROBOTS, pace=0.02, seed=i) for i in range(tables)]
            clock.advance(0.2)  # ten robot steps' worth
            played = moves(widgets)
            for widget in widgets:
                widget.close()
            after = moves(widgets)
            clock.advance(0.5)
            return played, after, moves(widgets), [w._bot_timer for w in widgets], clock.waiting

    played, after, later, timers, waiting = run_on_fresh_loop(scenario())
    assert played > 0 and later == after and timers == [None] * tables and not waiting


def test_a_game_nobody_sees_pauses_and_goes_on_when_shown_again():
    async def scenario():
        with FakeClock() as clock:
            widget = FivethousandGame(players=ROBOTS, pace=0.02, seed=1)
            view(widget, True)
            clock.advance(0.2)
            view(widget, False)  # the cell was run again: its output, and the only view, are gone
            paused, waiting = moves([widget]), clock.waiting
            clock.advance(0.4)
            still = moves([widget])
            view(widget, True)
            clock.advance(0.2)
            widget.close()
            return paused, waiting, still, moves([widget])

    paused, waiting, still, resumed = run_on_fresh_loop(scenario())
    assert paused > 0 and not waiting and still == paused and resumed > still


def test_a_robots_timer_keeps_no_table_alive():
    async def scenario():
        widget = FivethousandGame(players=ROBOTS, pace=10, seed=1)
        timer = widget._bot_timer
        callback, refs = (
            timer._callback,
            [arg for arg in timer._args if isinstance(arg, weakref.ref)],
        )
        widget.close()
        return timer.cancelled(), refs, callback

    cancelled, refs, callback = run_on_fresh_loop(scenario())
    assert cancelled and len(refs) == 1 and callback is _tick


def test_every_message_gets_an_answer(monkeypatch):
    """The changed view document, or else a short acknowledgement."""
    widget = YahtzeeGame(players=["Ann"], pace=0)
    sent = []
    monkeypatch.setattr(widget.comm, "send", lambda data=None, buffers=None, **_: sent.append(data))
    press(widget, "roll")
    widget.send_intent(widget.controls, {"type": "key", "key": "x"})  # nothing to do
    widget.send_intent(widget.controls, {"type": "press", "button": "nothing"})  # refused: said
    view(widget, True)
    assert [message["method"] for message in sent] == ["update", "custom", "update", "custom"]
    assert sent[1]["content"] == sent[3]["content"] == {"type": "ack"}


def test_an_interrupted_start_leaves_a_playable_setup(monkeypatch):
    from dicelab.yahtzee.optimal import OptimalBot

    widget = YahtzeeGame(rules=yahtzee.Rules(boxes=("chance",)), seed=1, pace=0)
    widget.send_intent(widget.setup, {"type": "kind", "seat": 1, "kind": "optimal"})

    def interrupted(bot, engine, players=2):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(OptimalBot, "prepare", interrupted)
        with pytest.raises(KeyboardInterrupt):
            press(widget, "start")
    assert widget.phase == "setup" and widget.controls.status == INTERRUPTED
    assert button(widget, "start")["enabled"] and button(widget, "start")["tone"] == "confirm"
    press(widget, "start")
    assert widget.phase == "over" or not widget.game.current_player.is_bot
    assert widget.controls.status != INTERRUPTED


def test_a_lab_nobody_sees_stops_its_worker_and_goes_on_when_shown_again():
    async def scenario():
        lab = RuleLab(SMALL, pace=0)
        view(lab.lab, True)
        worker = lab._worker._process
        view(lab.lab, False)
        await asyncio.sleep(0.5)
        stopped = worker.poll() is not None and not lab._worker.busy
        view(lab.lab, True)
        while lab.working:
            await asyncio.sleep(0.05)
        lab.close()
        return stopped, lab.values

    stopped, values = run_on_fresh_loop(scenario())
    assert stopped and values == {
        "turn": fivethousand.turn_policy(SMALL).expected_score,
        "win": fivethousand.win_policy(SMALL).first_player_wins,
    }


def test_a_labs_worker_is_in_a_session_of_its_own():
    """A notebook's Interrupt is SIGINT to the kernel's process group: not to the worker."""

    async def scenario():
        lab = RuleLab(SMALL, pace=0)
        pid = lab._worker._process.pid
        groups = os.getpgid(pid), os.getpgid(0)
        lab.close()
        return groups

    worker_group, own_group = run_on_fresh_loop(scenario())
    assert worker_group != own_group


def test_a_stopped_worker_leaves_no_process_or_pipe_behind():
    """Stopped before its reading task ever ran, the worker's process is still waited for and
    its pipe closed: none of them is left for the garbage collector."""

    async def scenario():
        worker = figure_worker.Worker(lambda *message: None)
        worker.start(1, "fivethousand", SMALL, ("turn",))
        process = worker._process
        worker.stop()
        return process

    process = run_on_fresh_loop(scenario())
    wait_for(lambda: process.returncode is not None and process.stdout.closed, seconds=10)


def test_a_failed_figure_can_be_tried_again(monkeypatch):
    real = figure_worker.figures
    failing = [True]

    def figures(game, rules, keys):
        for key, value, error in real(game, rules, keys):
            yield (
                (key, None, "the computation stopped (exit code -2)")
                if failing[0]
                else (key, value, error)
            )

    monkeypatch.setattr(figure_worker, "figures", figures)
    lab = RuleLab(SMALL, pace=0)
    assert [f["state"] for f in lab.results.figures] == ["error", "error"]
    failing[0] = False
    lab.lab.send_intent(lab.results, {"type": "retry"})
    assert [f["state"] for f in lab.results.figures] == ["ready", "ready"]
    failing[0] = True
    lab.set_rules(SMALL.replace(target=300))
    failing[0] = False
    lab.set_rules(SMALL.replace(target=300))  # the same rules again: tried again too
    assert [f["state"] for f in lab.results.figures] == ["ready", "ready"]


def test_prepared_work_is_kept_under_one_limit(monkeypatch):
    monkeypatch.setattr(background, "_JOBS", type(background._JOBS)())
    jobs = [background.prepared(("test", i), lambda i=i: i) for i in range(10)]
    for job in jobs:
        job.result()
    background.prepared(("test", "last"), lambda: 0).result()
    assert len(background._JOBS) <= KEPT + 1
    kept = list(background._JOBS)
    assert ("test", "last") in kept and ("test", 0) not in kept


def test_yahtzee_solutions_are_kept_under_the_same_limit(tmp_path, monkeypatch):
    from dicelab.yahtzee import solver

    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(solver, "_SOLUTIONS", type(solver._SOLUTIONS)(solver._SOLUTIONS.maxsize))
    boxes = [
        ("chance",),
        ("ones",),
        ("twos",),
        ("threes",),
        ("fours",),
        ("fives",),
        ("sixes",),
        ("yahtzee",),
        ("chance", "ones"),
        ("chance", "twos"),
    ]
    for kept in boxes:  # ten sets of rules
        yahtzee.solve(yahtzee.Rules(boxes=kept))
    assert solver._SOLUTIONS.maxsize == KEPT and len(solver._SOLUTIONS._kept) == KEPT


def test_no_thread_is_left_by_closed_games():
    async def scenario():
        before = threading.active_count()
        for i in range(3):
            FivethousandGame(players=ROBOTS, pace=0.01, seed=i).close()
        await asyncio.sleep(0.1)
        return before, threading.active_count()

    before, after = run_on_fresh_loop(scenario())
    assert after <= before


def test_a_cell_run_again_closes_the_tables_and_labs_its_last_run_made(monkeypatch):
    """With changed arguments too (the old table played on: 21 -> 37 moves in a second)."""
    from dicelab.widgets import saving

    monkeypatch.setattr(saving, "cell", lambda: "cell-7")

    async def scenario():
        monkeypatch.setattr(saving, "run", lambda: "run-1")
        table = FivethousandGame(players=ROBOTS, pace=0.02, seed=1)
        beside = FivethousandGame(players=ROBOTS, pace=0.02, seed=2)  # the same run: kept
        lab = RuleLab(SMALL, pace=0)
        worker = lab._worker._process
        await asyncio.sleep(0.2)
        kept = not table._closed and not beside._closed and lab._worker.busy
        monkeypatch.setattr(saving, "run", lambda: "run-2")  # run again, other arguments
        again = FivethousandGame(players=ROBOTS, pace=0.02, seed=3)
        played = moves([table, beside])
        await asyncio.sleep(0.3)
        worker.wait(timeout=10)
        again.close()
        return kept, played, moves([table, beside]), table._closed and beside._closed, lab

    kept, played, later, closed, lab = run_on_fresh_loop(scenario())
    assert kept and closed and later == played > 0
    assert not lab._worker.busy and lab._timer is None
