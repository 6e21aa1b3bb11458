"""The rule lab shows a penalty rule set's chance to win at once, estimated from simulated
games, and then the exact figure once its policy is solved; each labelled as what it is."""

from __future__ import annotations

import re

from dicelab.widgets.rule_figures import SET_ASIDE_WIN, WIN_LABEL
from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    screenshot,
    write_notebook,
)

NOTEBOOK = "rule_lab_estimate.ipynb"
# A penalty rule set small enough to solve in seconds, solved afresh (a cache folder of its
# own, numba's compiled sweep kept where it was), so the estimate is on show meanwhile.
CELLS = [
    "import os, tempfile\n"
    "from dicelab.cache import cache_dir\n"
    "os.environ.setdefault('NUMBA_CACHE_DIR', str(cache_dir() / 'numba'))\n"
    "os.environ['DICELAB_CACHE_DIR'] = tempfile.mkdtemp()\n"
    "from dicelab import fivethousand\n"
    "from dicelab.widgets import RuleLab\n"
    "rules = fivethousand.Rules.preset('facebook').replace(target=1000, score_floor=-500)\n"
    "lab = RuleLab(rules, pace=0)\n"
    "lab",
]


def test_a_penalty_rule_set_shows_its_estimated_chance_first_then_the_exact_one(
    page, jupyter_server
):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    row = page.locator(".dicelab-rule-figure-row").filter(has=page.locator('[data-figure="win"]'))
    estimated = page.locator('.dicelab-rule-value.is-estimate[data-figure="win"]')
    estimated.wait_for(timeout=60_000)
    assert row.locator(".dicelab-rule-figure").inner_text() == SET_ASIDE_WIN.estimate_label
    shown = estimated.inner_text()
    assert re.fullmatch(
        r"\d+\.\d % ± \d\.\d points; the exact figure is being worked out", shown.strip()
    ), shown
    assert estimated.locator("progress").count() == 1  # the exact figure on its way
    expected = kernel_eval(
        jupyter_server,
        NOTEBOOK,
        "f\"{lab.estimates['win'].value:.1%} ± {2 * lab.estimates['win'].standard_error * 100:.1f}\"",
    ).strip("'")
    assert shown.startswith(expected.replace("%", " %", 1))
    screenshot(page, ARTIFACTS / "rule-lab-estimate.png")

    exact = page.locator('.dicelab-rule-value.is-ready[data-figure="win"]')
    exact.wait_for(timeout=180_000)
    assert row.locator(".dicelab-rule-figure").inner_text() == WIN_LABEL
    chance = kernel_eval(
        jupyter_server, NOTEBOOK, "f'{fivethousand.win_policy(rules).first_player_wins:.1%}'"
    ).strip("'")
    assert exact.inner_text() == chance.replace("%", " %")
    assert page.locator(".dicelab-rule-value.is-estimate").count() == 0
    assert_no_widget_errors(page)
