"""The game table in a real JupyterLab: the keys stay in the game, a human's farkle stays on
the table while the robot waits, and the history log keeps it."""

from __future__ import annotations

import re

from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    wait_for_kernel_value,
    write_notebook,
)


def notebook_state(page) -> dict:
    """What a stray notebook shortcut would change: cells, the game cell's type and output."""
    return page.evaluate("""() => {
        const notebook = jupyterapp.shell.currentWidget.content;
        const cell = notebook.widgets[0];
        return {cells: notebook.widgets.length, type: cell.model.type,
                game: Boolean(cell.node.querySelector(".dicelab-game"))};
    }""")


def test_a_click_on_the_game_takes_the_keys_and_r_m_y_never_change_the_cell(page, jupyter_server):
    from playwright.sync_api import expect  # the keys line follows the focus a moment later

    name = "keys-stay.ipynb"
    write_notebook(
        jupyter_server.root_dir,
        name,
        [
            "from dicelab.widgets import YahtzeeGame\nw = YahtzeeGame(players=['Ann', 'Ben'], seed=3, pace=0)\nw",
            "'a cell below'",
        ],
    )
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    keys = page.locator(".dicelab-keys")
    keys.wait_for()
    expect(keys).to_have_text("Keys: off. Click the game to use its keys")
    before = notebook_state(page)
    assert before == {"cells": 2, "type": "code", "game": True}

    page.locator(".dicelab-heading").click()  # on the game, outside any button
    expect(keys).to_have_text("Keys: on (Esc gives them back to the notebook)")
    for key in ("r", "m", "y", "1", "M", "Y"):
        page.keyboard.press(key)
    page.get_by_role("button", name=re.compile(r"^die 1 showing \d, held$")).wait_for()
    assert wait_for_kernel_value(jupyter_server, name, "w.game.state.rolls_used", "1") == "1"
    assert kernel_eval(jupyter_server, name, "w.game.state.held[0]") == "True"
    assert notebook_state(page) == before  # no Raw, Markdown or code cell change

    # Escape hands the keys back; a game key with the game's cell selected takes them again,
    # because a player who presses R at this table means "roll", never "make this a raw cell".
    page.keyboard.press("Escape")
    expect(keys).to_have_text("Keys: off. Click the game to use its keys")
    page.keyboard.press("r")
    assert wait_for_kernel_value(jupyter_server, name, "w.game.state.rolls_used", "2") == "2"
    expect(keys).to_have_text("Keys: on (Esc gives them back to the notebook)")
    page.keyboard.press("y")
    assert notebook_state(page) == before
    assert_no_widget_errors(page)


def test_a_human_farkle_stays_while_the_robot_waits_and_the_log_shows_it(page, jupyter_server):
    name = "farkle-stays.ipynb"
    write_notebook(
        jupyter_server.root_dir,
        name,
        [
            "from dicelab.widgets import ThousandGame, robot_pacer\n"
            "robot_pacer.STAY_SECONDS = 120  # the moment waits for the click, on any machine\n"
            "w = ThousandGame(players=['You', {'name': 'Robo', 'bot': 'simple'}], seed=5, pace=0.05)\n"
            "seeded, farkle = w.game._throw_dice, [(2, 2, 3, 4, 6)]  # the test's first throw scores nothing\n"
            "w.game._throw_dice = lambda state, index: farkle.pop(0) if farkle else seeded(state, index)\n"
            "w"
        ],
    )
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    page.get_by_role("button", name="Throw 5 dice").click()
    status = page.locator(".dicelab-status")
    said = "You threw 2, 2, 3, 4, 6: no combination, burned! The turn ends."
    status.get_by_text(said).wait_for()
    page.wait_for_timeout(2000)  # forty robot steps' worth of time: the robot still waits
    assert status.text_content() == f"Burned for you! {said}"  # the moment's words first
    assert (
        kernel_eval(jupyter_server, name, "len(w.game.history), w.game.current_player.name")
        == "(1, 'Robo')"
    )
    labels = page.locator(".dicelab-die").evaluate_all(
        "(dice) => dice.map((d) => d.getAttribute('aria-label'))"
    )
    assert [int(re.search(r"\d", label).group()) for label in labels] == [2, 2, 3, 4, 6]
    log = page.locator(".dicelab-history-entry.is-farkle")
    assert log.count() == 1 and said in log.inner_text()
    page.locator(".dicelab-game").screenshot(path=str(ARTIFACTS / "history-log.png"))

    page.get_by_role("button", name=re.compile("^Go on")).click()
    assert (
        wait_for_kernel_value(
            jupyter_server, name, "len(w.game.history) > 1 and w.game.history[1].player", "1"
        )
        == "1"
    )  # False until the robot has moved
    page.locator(".dicelab-history-entry", has_text="Robo").first.wait_for()
    assert page.locator(".dicelab-history-entry.is-farkle", has_text=said).count() == 1
    assert_no_widget_errors(page)
