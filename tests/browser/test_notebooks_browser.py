"""The tutorial notebooks in a real JupyterLab: each runs, its widgets render, its game plays.

Each notebook is copied into the server's folder, opened, and run with Run All. Then no
widget may show "Error displaying widget" (nor raise in the page), the game widgets must be
drawn, and in each game notebook one click on the game's throw button must reach Python:
the game's history grows.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.harness import (
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    wait_for_kernel_value,
)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
RUN_TIMEOUT = 300  # seconds for a whole notebook

# notebook -> (game widgets shown, the button that throws in its game, or None)
NOTEBOOKS_TO_CHECK = {
    "00_start_here.ipynb": (3, None),
    "01_fivethousand.ipynb": (1, re.compile(r"^Shaker: throw \d dice")),
    "02_thousand.ipynb": (1, re.compile(r"^Throw \d dice")),
    "03_yahtzee.ipynb": (1, re.compile(r"^Roll the dice")),
    "04_law_of_large_numbers.ipynb": (0, None),
    "05_expected_value.ipynb": (0, None),
    "06_rule_changes.ipynb": (0, None),
    "07_points_against_wins.ipynb": (1, re.compile(r"^Shaker: throw \d dice")),
}
RULE_LABS = "06_rule_changes.ipynb"  # its rules are changed in rule labs, not with dice


def _open_and_run(page, server, name: str) -> None:
    (server.root_dir / name).write_text((NOTEBOOKS / name).read_text())
    open_notebook(page, server, name)
    run_all_cells(page, timeout=RUN_TIMEOUT)


@pytest.mark.parametrize("name", list(NOTEBOOKS_TO_CHECK))
def test_notebook_runs_and_its_widgets_render(page, jupyter_server, name):
    games, throw_button = NOTEBOOKS_TO_CHECK[name]
    _open_and_run(page, jupyter_server, name)

    # Every widget output of the notebook was drawn by its front end.
    page.locator(
        ".jp-OutputArea-output .widget-output, .jp-OutputArea-output .jupyter-widgets, "
        ".jp-OutputArea-output .dicelab-game, .jp-OutputArea-output .dicelab-lesson"
    ).first.wait_for()
    if games:
        page.locator(".dicelab-game").nth(games - 1).wait_for()
        assert page.locator(".dicelab-game").count() == games
    if name != RULE_LABS:
        page.locator(".dicelab-tray").first.wait_for()
    else:  # a Fivethousand and a Yahtzee rule lab, each with its form and its odds table
        page.locator(".dicelab-lab .dicelab-odds tbody tr").nth(12).wait_for()
        assert page.locator(".dicelab-lab").count() == 2
        assert page.get_by_role("textbox", name="dice", exact=True).count() == 1
    assert_no_widget_errors(page)

    if throw_button is not None:
        assert kernel_eval(jupyter_server, name, "len(table.game.history)") == "0"
        button = page.get_by_role("button", name=throw_button)
        button.scroll_into_view_if_needed()
        button.click()
        grown = wait_for_kernel_value(jupyter_server, name, "len(table.game.history) > 0", "True")
        assert grown == "True", f"{name}: clicking {throw_button.pattern!r} did not play a throw"
        assert_no_widget_errors(page)
