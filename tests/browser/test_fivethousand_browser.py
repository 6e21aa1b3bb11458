"""FivethousandGame in a real JupyterLab: throw, send dice back, throw again, pass, watch the robot."""

from __future__ import annotations

import importlib.util
import re

import pytest

from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    skip_or_fail,
    wait_for_kernel_value,
    write_notebook,
)

NOTEBOOK = "fivethousand.ipynb"
# Seed 27136: Red throws 1 2 3 5 6 6, then 1 3 5 5 with four dice.
CELLS = [
    "from dicelab.widgets import FivethousandGame\n"
    "w = FivethousandGame(players=[{'name': 'Red', 'colour': 'Red'},\n"
    "                              {'name': 'Robot', 'bot': 'simple', 'colour': 'Blue'}],\n"
    "                     seed=27136, pace=0.25)\n"
    "w",
]


@pytest.fixture
def game_page(page, jupyter_server):
    if importlib.util.find_spec("anywidget") is None:
        skip_or_fail("anywidget is not installed")
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    page.get_by_role("button", name=re.compile("^Shaker")).wait_for()
    return page


def value(server, code):
    return kernel_eval(server, NOTEBOOK, code)


def test_a_turn_against_the_robot_by_mouse_and_keys(game_page, jupyter_server):
    page = game_page
    shaker = page.get_by_role("button", name=re.compile("^Shaker"))
    shaker.click()
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.state.throw",
                                 "(1, 2, 3, 5, 6, 6)") == "(1, 2, 3, 5, 6, 6)"
    page.get_by_role("button", name="die 2 showing 2, left out").click()
    page.get_by_role("button", name="die 3 showing 3, left out").click()
    page.get_by_role("button", name="die 3 showing 3, back in the shaker").wait_for()
    page.keyboard.press("5")  # focus is on die 3, inside the game: keys reach it
    page.keyboard.press("6")
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.dice_out()", "(1, 5)") == "(1, 5)"
    assert page.locator(".dicelab-die-tag", has_text="In shaker").count() == 4
    assert page.locator(".dicelab-shaker-caption").inner_text() == "Set aside 150, throw 4 dice"

    page.keyboard.press("t")  # throws the four dice in the shaker
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.state.kept", "(1, 5)") == "(1, 5)"
    assert value(jupyter_server, "w.game.state.throw") == "(1, 3, 5, 5)"
    assert page.locator(".dicelab-die-tag", has_text="Set aside").count() == 2
    upper = page.locator(".dicelab-board-player").first.locator(".dicelab-board-value").first
    assert upper.inner_text() == "150"

    page.get_by_role("button", name="die 2 showing 3, left out").click()  # the 3 goes back
    page.get_by_role("button", name="die 2 showing 3, back in the shaker").wait_for()
    page.get_by_role("button", name=re.compile("^PASS: bank 350 points")).click()
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.scores[0]", "350") == "350"

    # The robot plays its turn step by step, then it is Red's turn again.
    page.get_by_text(re.compile("^Robot throws")).first.wait_for()
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.current_player.name",
                                 "'Red'", timeout=60) == "'Red'"
    robot = value(jupyter_server, "[e.action.type for e in w.game.history if e.player == 1]")
    assert robot.startswith("['throw'") and robot.count("'") >= 6
    scores = value(jupyter_server, "w.game.scores")
    banked = page.locator(".dicelab-board-number:nth-child(2) .dicelab-board-value").all_inner_texts()
    assert scores == f"({banked[0]}, {banked[1]})" and banked[0] == "350"
    status = page.locator(".dicelab-status").inner_text()
    assert status.endswith("Red's turn.")
    assert_no_widget_errors(page)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_widget_in_light_and_dark_themes(request, theme, jupyter_server):
    if theme == "dark":
        request.getfixturevalue("dark_theme")
    page = request.getfixturevalue("game_page")
    page.get_by_role("button", name=re.compile("^Shaker")).click()
    page.get_by_role("button", name="die 2 showing 2, left out").click()
    page.get_by_role("button", name="die 2 showing 2, back in the shaker").wait_for()
    for key in "356t":  # send back the 3 and both 6s, throw four dice
        page.keyboard.press(key)
    page.locator(".dicelab-die-tag", has_text="Set aside").first.wait_for()
    page.get_by_role("button", name="die 2 showing 3, left out").click()
    page.get_by_role("button", name="die 2 showing 3, back in the shaker").wait_for()
    game = page.locator(".dicelab-game")
    colours = game.evaluate("(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]")
    assert colours[0] != colours[1]
    dark = colours[0] in ("rgb(17, 17, 17)",) or sum(map(int, re.findall(r"\d+", colours[0])[:3])) < 300
    assert dark == (theme == "dark")
    game.screenshot(path=str(ARTIFACTS / f"fivethousand-{theme}.png"))
    assert_no_widget_errors(page)
