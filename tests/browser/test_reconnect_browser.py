"""A board whose kernel was restarted says so before the first click (the watchdog's
heartbeat); the cell run again goes on with the game."""

from __future__ import annotations

import json

from dicelab.messages import catalogue
from tests.browser.harness import (
    ARTIFACTS,
    kernel_eval,
    open_notebook,
    run_all_cells,
    screenshot,
    wait_for_kernel_value,
    write_notebook,
)

RESUMED = catalogue("en")("table.resumed")
DISCONNECTED = catalogue("en")("js.disconnected")


def test_a_restarted_kernel_is_said_and_the_cell_run_again_goes_on(page, jupyter_server):
    name = "reconnect.ipynb"
    write_notebook(
        jupyter_server.root_dir,
        name,
        [
            "from dicelab.widgets import YahtzeeGame\nw = YahtzeeGame(players=['Ann', 'Ben'], seed=8, pace=0)\nw"
        ],
    )
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    page.get_by_role("button", name="Roll the dice, 3 rolls left").click()
    page.get_by_role("button", name="Roll the dice, 2 rolls left").wait_for()
    before = kernel_eval(jupyter_server, name, "print(w.game.to_json())")
    assert json.loads(before)["events"] != []
    lost = page.locator(".dicelab-disconnected")
    assert lost.is_hidden()

    # Kernel > Restart Kernel, as the menu does it once its question is answered
    page.evaluate("() => jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()")
    assert wait_for_kernel_value(jupyter_server, name, "'w' in globals()", "False") == "False"
    lost.get_by_text(DISCONNECTED).wait_for(timeout=20_000)  # nothing clicked: the heartbeat
    page.set_viewport_size({"width": 1024, "height": 768})
    screenshot(page, ARTIFACTS / "disconnected.png")

    run_all_cells(page)  # the cell run again: the game goes on where it was
    page.locator(".dicelab-status").get_by_text(RESUMED).wait_for()
    assert page.locator(".dicelab-game").count() == 1
    assert page.locator(".dicelab-disconnected").is_hidden()
    assert kernel_eval(jupyter_server, name, "print(w.game.to_json())") == before
    page.get_by_role("button", name="Roll the dice, 2 rolls left").click()
    page.get_by_role("button", name="Roll the dice, 1 roll left").wait_for()
    played = str(len(json.loads(before)["events"]) + 1)
    assert wait_for_kernel_value(jupyter_server, name, "len(w.game.history)", played) == played
