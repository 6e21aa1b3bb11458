"""Memory and child-process limits: nothing dicelab starts is left behind once its work is
done or stopped (a run's pool workers, a rule lab's figure worker, a table's robots, a class
server stopped), and making and closing 50 widgets of a game keeps no widget and no memory."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

from dicelab import fivethousand, registry, simulate
from dicelab.widgets import FivethousandGame, RuleLab
from tests.test_simulate_lifecycle import Cautious, Hanging
from tests.waiting import wait_for
from tests.widgets.event_loop import run_on_fresh_loop

psutil = pytest.importorskip("psutil")

SMALL = fivethousand.Rules(dice=3, target=400)


def children() -> set:
    """This process's child processes (and theirs), zombies included: those not yet waited for."""
    return {child.pid for child in psutil.Process().children(recursive=True)}


def none_left(before: set) -> None:
    """Wait until every child process started since ``before`` is gone and waited for."""
    wait_for(lambda: children() <= before, seconds=30)


RUNS = {
    "played through": dict(players=["simple", Cautious()]),
    "a bot failing": dict(players=["simple", Cautious(fail_after=300)]),
    "a worker killed": dict(players=["simple", Cautious(kill=True)]),
    "a bot hanging": dict(players=["simple", Hanging(fail_after=150)], move_timeout=0.5),
}


@pytest.mark.parametrize("run", RUNS)
def test_a_run_on_a_process_pool_leaves_no_process(run):
    before = children()
    with ProcessPoolExecutor(2) as pool:
        try:
            simulate.games(
                "fivethousand", n=40, chunk_size=5, executor=pool, progress=False, **RUNS[run]
            )
        except simulate.RunStopped:
            assert run != "played through"
        if run != "a worker killed":  # (a broken pool ends its workers itself)
            assert children() - before  # the pool's workers were there
    none_left(before)


def test_a_closed_rule_lab_leaves_no_worker_and_no_widget():
    from ipywidgets.widgets.widget import _instances

    before, open_widgets = children(), set(_instances)

    async def scenario():
        lab = RuleLab(SMALL, pace=0)  # its figures are being worked out in a worker process
        working = children() - before
        lab.close()
        return working

    assert run_on_fresh_loop(scenario())
    none_left(before)
    assert set(_instances) <= open_widgets  # (its layout was kept open)


def test_closed_tables_with_robots_leave_no_process():
    before = children()

    async def scenario():
        robots = [{"name": "A", "bot": "intelligent"}, {"name": "B", "bot": "optimal"}]
        for seed in range(3):
            FivethousandGame(players=robots, rules=SMALL, pace=0.01, seed=seed).close()

    run_on_fresh_loop(scenario())
    none_left(before)


def test_a_class_server_started_for_a_notebook_and_stopped_leaves_no_process(tmp_path):
    """The class server the teacher's ``Classroom()`` starts is this process's child: once
    it stops (here by ``stop_server``; End class or a terminal's ``dicelab class stop``
    alike) it is waited for, and no zombie is left in the kernel."""
    pytest.importorskip("tornado")
    from dicelab.classroom.process import start_server, stop_server

    before = children()
    server = start_server(tmp_path, port=0)
    assert server["pid"] in children()
    assert stop_server(tmp_path)
    none_left(before)


WIDGETS = """
import gc, json, os, sys, tempfile
os.environ["DICELAB_DATA_DIR"] = tempfile.mkdtemp()
import psutil
from ipywidgets.widgets.widget import _instances
from dicelab import widgets

Widget = getattr(widgets, sys.argv[1])

def one(seed):
    table = Widget(players=["Ann", "Ben"], seed=seed, pace=0)
    for _ in range(6):
        if table.game.is_over:
            break
        table.play(table.game.legal_actions()[-1])
    table.close()

for seed in range(20):  # what a first game loads and fills (its caches) once
    one(seed)
gc.collect()
memory, open_widgets = psutil.Process().memory_info().rss, len(_instances)
for seed in range(100, 150):
    one(seed)
gc.collect()
print(json.dumps({"grew": psutil.Process().memory_info().rss - memory,
                  "open": len(_instances) - open_widgets}))
"""
#: What 50 widgets made and closed may add to the memory of their process: what is left
#: after the first widgets filled the caches (the points of each set of dice first seen,
#: bounded by the sets there are) and the allocator's slack, measured at 0.5-0.7 MB; a
#: Yahtzee widget had been seen to keep 0.18 MB each, 9 MB for 50.
FIFTY_WIDGETS_GROW = 2 * 2**20


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_fifty_widgets_made_and_closed_keep_no_widget_and_no_memory(game):
    Widget = f"{registry.GAMES[game].title}Game"
    measured = subprocess.run(
        [sys.executable, "-c", WIDGETS, Widget], capture_output=True, text=True, check=True
    )
    found = json.loads(measured.stdout)
    assert found["open"] == 0  # each kept its layout widget open (with its comm) before
    assert found["grew"] < FIFTY_WIDGETS_GROW
