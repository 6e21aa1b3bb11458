"""RuleLab in a real JupyterLab: change a rule, see the odds and the value change, have a bad
value refused beside its field, then play a turn with the rules; axe-clean, light and dark."""

from __future__ import annotations

import re

import pytest

from tests.browser.axe import violations
from tests.browser.harness import (
    ARTIFACTS,
    LIGHT_THEME,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    set_theme,
    wait_for_kernel_value,
    write_notebook,
)

NOTEBOOK = "rule_lab.ipynb"
# Small rules, whose chance to win is solved in a moment; seed 1 throws 1 and 5 with two dice.
CELLS = [
    "from dicelab import fivethousand\n"
    "from dicelab.widgets import RuleLab\n"
    "lab = RuleLab(fivethousand.Rules(dice=3, target=400), seed=1, pace=0)\n"
    "lab",
]


@pytest.fixture
def lab_page(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    page.locator(".dicelab-lab").wait_for()
    wait_until_worked_out(page)
    return page


def value(server, code):
    return kernel_eval(server, NOTEBOOK, code)


def wait_until_worked_out(page):
    page.locator('.dicelab-rule-value.is-ready[data-figure="win"]').wait_for(timeout=60_000)
    page.locator('.dicelab-rule-value.is-ready[data-figure="turn"]').wait_for(timeout=60_000)


def test_change_a_rule_see_the_odds_and_the_value_change_then_play_a_turn(lab_page, jupyter_server):
    page = lab_page
    rows = page.locator(".dicelab-odds tbody tr")
    turn = page.locator('[data-figure="turn"]')
    assert rows.count() == 3
    three_dice = turn.inner_text()
    assert three_dice == value(jupyter_server, "f\"{lab.values['turn']:.1f} points\"").strip("'")

    dice = page.get_by_role("textbox", name="dice", exact=True)
    dice.fill("2")
    dice.press("Enter")
    page.locator(".dicelab-rule-progress").first.wait_for()  # worked out again, with a progress bar
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "lab.rules.dice", "2") == "2"
    page.locator(".dicelab-odds tbody tr").nth(1).wait_for()
    wait_until_worked_out(page)
    assert rows.count() == 2
    two_dice = turn.inner_text()
    expected = value(
        jupyter_server, "f'{fivethousand.turn_policy(lab.rules).expected_score:.1f} points'"
    )
    assert two_dice == expected.strip("'") and two_dice != three_dice
    chance = value(jupyter_server, "f'{fivethousand.win_policy(lab.rules).first_player_wins:.1%}'")
    assert page.locator('[data-figure="win"]').inner_text() == chance.strip("'").replace("%", " %")

    # A refused value: the rules' sentence beside the field, nothing changed.
    dice.fill("9")
    dice.press("Enter")
    error = page.locator(".dicelab-rule-error")
    error.wait_for()
    assert error.inner_text().endswith("Fivethousand is played with 1 to 6 dice, not 9.")
    assert dice.get_attribute("aria-invalid") == "true"
    assert value(jupyter_server, "lab.rules.dice") == "2" and rows.count() == 2
    assert turn.inner_text() == two_dice

    # Play these rules: the game opens below the lab, with two dice in the shaker.
    page.get_by_role("button", name="Play these rules").click()
    shaker = page.get_by_role("button", name=re.compile("^Shaker: throw 2 dice"))
    shaker.wait_for()
    assert value(jupyter_server, "lab.game_widget.game.rules == lab.rules") == "True"
    shaker.click()
    assert (
        wait_for_kernel_value(
            jupyter_server, NOTEBOOK, "lab.game_widget.game.state.throw", "(1, 5)"
        )
        == "(1, 5)"
    )
    page.get_by_role("button", name=re.compile("^PASS: bank 150 points")).click()
    assert (
        wait_for_kernel_value(jupyter_server, NOTEBOOK, "lab.game_widget.game.scores[0]", "150")
        == "150"
    )
    assert value(jupyter_server, "len(lab.game_widget.game.history[0].dice)") == "2"
    page.get_by_role("button", name="Play these rules again").wait_for()
    page.set_viewport_size({"width": 1280, "height": 2000})  # the lab and the game in one picture
    page.locator(".jp-OutputArea-output").first.screenshot(
        path=str(ARTIFACTS / "rule-lab-played.png")
    )
    assert_no_widget_errors(page)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_lab_is_accessible_in_light_and_dark_themes(request, theme, jupyter_server):
    if theme == "dark":
        request.getfixturevalue("dark_theme")
    page = request.getfixturevalue("lab_page")
    page.mouse.move(0, 0)
    assert violations(page, ".dicelab-lab") == []
    # Keyboard only: Tab reaches the preset picker, then the first rule's field.
    page.get_by_role("combobox", name=re.compile("^Preset")).focus()
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.key")
    assert focused == "setting/dice"
    page.keyboard.type("0")  # 0 dice (or 30): refused, shown beside the field
    page.keyboard.press("Enter")
    page.locator(".dicelab-rule-error").wait_for()
    assert violations(page, ".dicelab-lab") == []
    page.get_by_role("button", name="Play these rules").hover()
    assert violations(page, ".dicelab-lab") == []
    frame = page.locator(".dicelab-lab")
    colours = frame.evaluate(
        "(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    )
    dark = sum(map(int, re.findall(r"\d+", colours[0])[:3])) < 300
    assert dark == (theme == "dark")
    shown = page.viewport_size
    # Tall enough for the whole lab: a shorter window cut it with JupyterLab's status bar.
    page.set_viewport_size({"width": shown["width"], "height": 2000})
    page.locator(".jp-OutputArea-output").first.screenshot(
        path=str(ARTIFACTS / f"rule-lab-{theme}.png")
    )
    page.set_viewport_size(shown)
    assert_no_widget_errors(page)
    if theme == "dark":
        set_theme(page, LIGHT_THEME)
