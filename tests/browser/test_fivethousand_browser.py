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
    assert (
        wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.state.throw", "(1, 2, 3, 5, 6, 6)")
        == "(1, 2, 3, 5, 6, 6)"
    )
    # The best set-aside is proposed: the 1 and the 5 out, the rest back in the shaker.
    page.get_by_role("button", name="die 6 showing 6, back in the shaker").wait_for()
    assert page.locator(".dicelab-die-tag", has_text="In shaker").count() == 4
    assert page.locator(".dicelab-shaker-caption").inner_text() == "Set aside 150, throw 4 dice"
    page.get_by_role("button", name="die 2 showing 2, back in the shaker").click()  # a misclick
    page.locator(".dicelab-status", has_text="a 2 doesn't score on its own").wait_for()
    page.keyboard.press("u")  # taken back
    page.get_by_role("button", name="die 2 showing 2, back in the shaker").wait_for()
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.dice_out()", "(1, 5)") == "(1, 5)"

    page.keyboard.press("t")  # sets the 1 and the 5 aside and throws the four dice in the shaker
    assert (
        wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.state.kept", "(1, 5)") == "(1, 5)"
    )
    assert value(jupyter_server, "w.game.state.throw") == "(1, 3, 5, 5)"
    page.locator(".dicelab-die-tag", has_text="Set aside").nth(1).wait_for()
    upper = page.locator(".dicelab-board-player").first.locator(".dicelab-board-value").first
    assert upper.inner_text() == "350"  # 150 set aside and the proposed 1, 5, 5
    page.get_by_role("button", name=re.compile("^PASS: bank 350 points")).click()
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.scores[0]", "350") == "350"

    # The robot plays its turn step by step, then it is Red's turn again.
    page.get_by_text(re.compile("^Robot throws")).first.wait_for()
    assert (
        wait_for_kernel_value(
            jupyter_server, NOTEBOOK, "w.game.current_player.name", "'Red'", timeout=60
        )
        == "'Red'"
    )
    robot = value(jupyter_server, "[e.action.type for e in w.game.history if e.player == 1]")
    assert robot.startswith("['throw'") and robot.count("'") >= 6
    scores = value(jupyter_server, "w.game.scores")
    banked = page.locator(
        ".dicelab-board-number:nth-child(2) .dicelab-board-value"
    ).all_inner_texts()
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
    page.get_by_role("button", name="die 2 showing 2, back in the shaker").wait_for()
    page.keyboard.press("t")  # sets the proposed 1 and 5 aside, throws four dice
    page.locator(".dicelab-die-tag", has_text="Set aside").first.wait_for()
    page.get_by_role("button", name="die 2 showing 3, back in the shaker").wait_for()
    page.mouse.move(0, 0)
    game = page.locator(".dicelab-game")
    colours = game.evaluate(
        "(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    )
    assert colours[0] != colours[1]
    dark = (
        colours[0] in ("rgb(17, 17, 17)",)
        or sum(map(int, re.findall(r"\d+", colours[0])[:3])) < 300
    )
    assert dark == (theme == "dark")
    page.wait_for_timeout(500)  # the dice have landed
    game.screenshot(path=str(ARTIFACTS / f"fivethousand-{theme}.png"))
    assert_no_widget_errors(page)
