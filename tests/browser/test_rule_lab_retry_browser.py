"""A rule-lab figure whose worker was killed says so with a Try again button, which works it out."""

from __future__ import annotations

from dicelab.widgets.rule_figures import WIN_LABEL
from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    open_notebook,
    run_all_cells,
    screenshot,
    wait_for_kernel_value,
    write_notebook,
)

NOTEBOOK = "rule_lab_retry.ipynb"
CELLS = [
    "from dicelab import fivethousand\n"
    "from dicelab.widgets import RuleLab\n"
    "lab = RuleLab(fivethousand.Rules(dice=3, target=400), pace=0)\n"
    "lab._worker._process.kill()  # as an out-of-memory killer would\n"
    "lab",
]


def test_a_failed_figure_is_worked_out_again_with_its_button(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    failed = page.locator(".dicelab-rule-value.is-error")
    failed.first.wait_for(timeout=60_000)
    assert (
        "could not be worked out: the computation stopped (exit code -9)"
        in failed.first.inner_text()
    )
    retry = page.get_by_role("button", name=f"Try again: {WIN_LABEL}")
    page.set_viewport_size({"width": 1024, "height": 768})
    failed.first.scroll_into_view_if_needed()
    screenshot(page, ARTIFACTS / "rule-lab-retry.png")
    retry.click()
    page.locator('.dicelab-rule-value.is-ready[data-figure="win"]').wait_for(timeout=60_000)
    page.locator('.dicelab-rule-value.is-ready[data-figure="turn"]').wait_for(timeout=60_000)
    assert page.locator(".dicelab-rule-retry").count() == 0
    assert (
        wait_for_kernel_value(jupyter_server, NOTEBOOK, "sorted(lab.values)", "['turn', 'win']")
        == "['turn', 'win']"
    )
    assert_no_widget_errors(page)
