"""Several games in one notebook: each game's region has a name of its own, numbered in page
order after the first of its kind, and axe-core finds nothing in the notebook's outputs,
checked all together (landmark-unique compares every region it is given)."""

from __future__ import annotations

from tests.browser.axe import violations
from tests.browser.harness import (
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    write_notebook,
)

NOTEBOOK = "landmarks.ipynb"
CELLS = [
    "from dicelab.widgets import FivethousandGame, YahtzeeGame\n"
    "first = YahtzeeGame(players=['Ann', 'Bo'], seed=1, pace=0)\nfirst",
    "FivethousandGame(seed=2, pace=0)",
    "second = YahtzeeGame(players=['Cy', 'Di'], seed=3, pace=0)\nsecond",
    "first",  # the first game shown again: another view, another region
]
# Every output of the notebook in one axe-core run. (The cells' inputs are JupyterLab's own:
# its code editor, prompts and cell list have faults of their own that no widget can mend.)
OUTPUTS = ".jp-Notebook .jp-OutputArea"
NAMES = "(regions) => regions.map((region) => region.getAttribute('aria-label'))"


def regions(page) -> list[str]:
    return page.locator(".jp-Notebook [role=region][data-dicelab-title]").evaluate_all(NAMES)


def test_games_of_one_kind_in_one_notebook_have_unique_names_and_pass_axe(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    page.locator(".dicelab-game").nth(3).wait_for()
    assert regions(page) == [
        "Yahtzee game",
        "Fivethousand game",
        "Yahtzee game 2",
        "Yahtzee game 3",
    ]
    page.mouse.move(0, 0)
    assert violations(page, OUTPUTS) == []

    # A game that draws again keeps its number.
    kernel_eval(
        jupyter_server,
        NOTEBOOK,
        "second.send_intent(second.controls, {'type': 'press', 'button': 'roll'})",
    )
    page.get_by_role("region", name="Yahtzee game 2").locator(".dicelab-die").first.wait_for()
    assert regions(page) == [
        "Yahtzee game",
        "Fivethousand game",
        "Yahtzee game 2",
        "Yahtzee game 3",
    ]

    # The first cell's output cleared: the names left stay unique.
    page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets[0].model.outputs.clear()"
    )
    page.locator(".dicelab-game").nth(3).wait_for(state="detached")
    names = regions(page)
    assert len(names) == 3 and len(set(names)) == 3 and "Fivethousand game" in names
    assert violations(page, OUTPUTS) == []
    assert_no_widget_errors(page)
