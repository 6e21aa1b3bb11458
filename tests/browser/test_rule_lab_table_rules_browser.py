"""RuleLab in a real JupyterLab with Zilch's table rules: every new setting has its field,
the long-run points per turn are Busche's 620.9, the win figure names the setting its
policy can't yet honour, and a setting that does not fit is refused beside its field."""

from __future__ import annotations

from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    write_notebook,
)

NOTEBOOK = "rule_lab_table_rules.ipynb"
CELLS = [
    "from dicelab import fivethousand\n"
    "from dicelab.widgets import RuleLab\n"
    "lab = RuleLab(fivethousand.Rules.preset('zilch'), seed=1, pace=0)\n"
    "lab",
]
NEW_FIELDS = (
    "all_dice_farkle",
    "opening",
    "min_bank",
    "hot_dice",
    "last_turn",
    "first_player",
    "penalty",
    "penalty_after",
    "score_floor",
)


def test_the_table_rules_have_fields_figures_and_refusals(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    page.set_viewport_size({"width": 1024, "height": 768})
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    page.locator(".dicelab-lab").wait_for()
    for name in NEW_FIELDS:
        box = page.locator(f'[data-key="setting/{name}"]')
        assert box.count() == 1, name
        label = page.locator(f'label[for="{box.get_attribute("id")}"]')
        assert label.inner_text() == name.replace("_", " ")
    turn = page.locator('.dicelab-rule-value.is-ready[data-figure="turn"]')
    turn.wait_for(timeout=120_000)
    assert turn.inner_text() == "620.9 points"
    win = page.locator('.dicelab-rule-value.is-error[data-figure="win"]')
    win.wait_for(timeout=120_000)
    assert "score_floor=-1000000" in win.inner_text()  # no floor: too many states to solve

    after = page.locator('[data-key="setting/penalty_after"]')
    after.fill("0")
    after.press("Enter")
    error = page.locator(".dicelab-rule-error")
    error.wait_for()
    assert "penalty_after" in error.inner_text() and "at least 1" in error.inner_text()
    assert kernel_eval(jupyter_server, NOTEBOOK, "lab.rules.penalty_after") == "3"
    page.locator('[data-key="setting/score_floor"]').scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "rule-lab-table-rules.png"))
    assert_no_widget_errors(page)
