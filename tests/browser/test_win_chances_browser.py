"""Each seat's chance to win in a real JupyterLab, for each game in light and dark: the toggle
beside the coach turns it on, every seat shows a percentage (after "computing…" the first
time), the coach's measure is chosen by keyboard, and axe finds nothing to fix."""

from __future__ import annotations

import ast
import re

import pytest

from tests.browser.axe import violations
from tests.browser.harness import (
    ARTIFACTS,
    DARK_THEME,
    LIGHT_THEME,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    set_theme,
    wait_for_kernel_value,
    write_notebook,
)

# Small rules, so that the win policy or the solution is built in seconds.
GAMES = {
    "fivethousand": (
        "from dicelab import fivethousand\nfrom dicelab.widgets import FivethousandGame\n"
        "w = FivethousandGame(players=['Ann', {'name': 'Robo', 'bot': 'simple'}], seed=4,\n"
        "                     rules=fivethousand.Rules(dice=3, target=500), coach=True)\nw",
        "Shaker",
    ),
    "thousand": (
        "from dicelab import thousand\nfrom dicelab.widgets import ThousandGame\n"
        "w = ThousandGame(players=['Ann', {'name': 'Robo', 'bot': 'simple'}], seed=4,\n"
        "                 rules=thousand.Rules(target=200, casks=()), coach=True)\nw",
        "Throw",
    ),
    "yahtzee": (
        "from dicelab import yahtzee\nfrom dicelab.widgets import YahtzeeGame\n"
        "w = YahtzeeGame(players=['Ann', {'name': 'Robo', 'bot': 'greedy'}], seed=4, coach=True,\n"
        "                rules=yahtzee.Rules(boxes=('ones', 'twos', 'threes', 'yahtzee', 'chance')))\nw",
        "Roll",
    ),
}
PERCENT = re.compile(r"^(\d{1,3}%|under 1%|over 99%)$")


def assert_shows_the_kernels_chances(page, server, name: str) -> None:
    """The page comes to show the chances the kernel's panel has (the robot may be moving)."""
    for _ in range(100):
        kernel = ast.literal_eval(
            kernel_eval(server, name, "[s['value'] for s in w.winning.panel.seats]")
        )
        if page.locator(".dicelab-chances-value").all_inner_texts() == kernel:
            return
        page.wait_for_timeout(200)
    raise AssertionError(
        f"the page shows {page.locator('.dicelab-chances-value').all_inner_texts()}, "
        f"the kernel {kernel}"
    )


@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME], ids=["light", "dark"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_toggle_shows_a_percentage_for_each_seat_and_the_coach_rates_by_it(
    page, jupyter_server, tmp_path, game, theme
):
    name = f"win-chances-{game}.ipynb"
    code, first_move = GAMES[game]
    write_notebook(jupyter_server.root_dir, name, [code])
    open_notebook(page, jupyter_server, name)
    if theme != LIGHT_THEME:
        set_theme(page, theme)
    run_all_cells(page)
    widget = page.locator(".dicelab-game")
    page.locator(".dicelab-coach .dicelab-coach-measure").first.wait_for()
    assert page.locator(".dicelab-chances").count() == 0  # off by default

    # The toggle beside the coach's, by keyboard: its spoken name begins with its text, and the
    # focus stays on it with the new state in its name.
    toggle = page.get_by_role("button", name=re.compile("^Chance to win: off"))
    coach_toggle = page.get_by_role("button", name=re.compile("^Coach: on"))
    assert toggle.inner_text().startswith("Chance to win: off")
    assert toggle.evaluate("(node) => node.previousElementSibling.getAttribute('aria-label')") == (
        coach_toggle.get_attribute("aria-label")
    )
    toggle.focus()
    page.keyboard.press("Enter")
    assert wait_for_kernel_value(jupyter_server, name, "w.chances", "True") == "True"
    chances = page.locator(".dicelab-chances")
    chances.wait_for()
    page.wait_for_function(
        "() => document.activeElement?.getAttribute('aria-label') === "
        "'Chance to win: on, switch it off'"
    )
    values = chances.locator(".dicelab-chances-value")
    page.wait_for_function(  # "computing…" the first time, then a percentage for each seat
        "() => [...document.querySelectorAll('.dicelab-chances-value')].length === 2 && "
        "[...document.querySelectorAll('.dicelab-chances-value')].every((v) => v.textContent.endsWith('%'))",
        timeout=180_000,
    )
    shown = values.all_inner_texts()
    assert all(PERCENT.match(text) for text in shown), shown
    assert chances.locator(".dicelab-chances-name").all_inner_texts() == ["Ann", "Robo (robot)"]
    assert_shows_the_kernels_chances(page, jupyter_server, name)

    # A move: the chances follow the game (the robot's steps too), as the kernel has them.
    page.get_by_role("button", name=re.compile(f"^{first_move}")).first.click()
    assert wait_for_kernel_value(jupyter_server, name, "len(w.game.history) > 0", "True") == "True"
    assert_shows_the_kernels_chances(page, jupyter_server, name)

    # The coach's measure, chosen by keyboard: a pressed toggle in a group named "Rate by".
    group = page.get_by_role("group", name="Rate by")
    win = group.get_by_role("button", name="Chance to win")
    assert win.get_attribute("aria-pressed") == "false"
    win.focus()
    page.keyboard.press("Space")
    assert wait_for_kernel_value(jupyter_server, name, "w.coaching.rating", "'win'") == "'win'"
    page.wait_for_function(
        "() => document.querySelector('.dicelab-coach-measure[data-key=\"measure-win\"]')"
        "?.getAttribute('aria-pressed') === 'true'",
        timeout=180_000,
    )
    own = "Fewest turns" if game == "thousand" else "Points"  # the game's own measure
    assert group.get_by_role("button", name=own).get_attribute("aria-pressed") == "false"

    page.mouse.move(0, 0)
    shot = f"win-chances-{game}-{'light' if theme == LIGHT_THEME else 'dark'}.png"
    widget.screenshot(path=str(tmp_path / shot))
    ARTIFACTS.mkdir(exist_ok=True)
    widget.screenshot(path=str(ARTIFACTS / shot))
    assert violations(page, ".dicelab-game") == []
    win.focus()
    assert violations(page, ".dicelab-game") == []
    assert_no_widget_errors(page)
    if theme != LIGHT_THEME:
        set_theme(page, LIGHT_THEME)
