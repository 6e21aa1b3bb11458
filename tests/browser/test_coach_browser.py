"""The coach in a real JupyterLab: the table proposes its best option, it says why the most
points now is not the best, and it costs a deliberately poor move."""

from __future__ import annotations

import importlib.util
import re

from tests.browser.harness import (
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    screenshot,
    skip_or_fail,
    wait_for_kernel_value,
    write_notebook,
)

NOTEBOOK = "coach.ipynb"
# Seed 164: Red's first throw is 1 2 3 5 6 6.
CELLS = [
    "from dicelab.widgets import FivethousandGame\n"
    "w = FivethousandGame(players=['Red'], seed=164, coach=True)\n"
    "w",
]


def test_the_coach_names_the_best_option_and_costs_a_poor_move(page, jupyter_server, tmp_path):
    if importlib.util.find_spec("anywidget") is None:
        skip_or_fail("anywidget is not installed")
    write_notebook(jupyter_server.root_dir, NOTEBOOK, CELLS)
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)

    def value(code):
        return kernel_eval(jupyter_server, NOTEBOOK, code)

    coach = page.locator(".dicelab-coach")
    coach.wait_for()
    assert coach.locator(".dicelab-coach-heading").inner_text() == "Coach"
    coach.get_by_text("Farkle chance with 6 dice").wait_for()  # once the coach has thought

    page.get_by_role("button", name=re.compile("^Shaker")).click()
    assert (
        wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.state.throw", "(1, 2, 3, 5, 6, 6)")
        == "(1, 2, 3, 5, 6, 6)"
    )
    advice = "w.coaching.coach().advise(w.game.state).choices"
    best = value(f"print({advice}[0].label)").strip()
    assert best == "set aside 1 and throw 5 dice"
    marked = coach.locator(".dicelab-coach-options li.is-best")
    marked.wait_for()
    assert marked.locator(".dicelab-coach-tag").text_content() == "Best"  # a word, not colour alone
    assert best in marked.text_content()
    assert coach.locator(".dicelab-coach-options li").count() == 3
    # One voice: the table proposes the coach's best, and the coach says why not the most points.
    page.locator(".dicelab-status").get_by_text(
        "Proposed (the coach's best): set aside 1 for 100 points."
    ).wait_for()
    for die, face in [(2, 2), (3, 3), (4, 5), (5, 6), (6, 6)]:
        page.get_by_role("button", name=f"die {die} showing {face}, back in the shaker").wait_for()
    assert coach.locator(".dicelab-coach-why").inner_text() == (
        "Most points now, set aside 1, 5 and throw 4 dice, gives 303.2 points; the best, "
        "set aside 1 and throw 5 dice, 384.7 points: it keeps 5 dice to throw, not 4."
    )
    assert page.locator(".dicelab-advice-best").inner_text() == (
        "Coach's best: set aside 1 and throw 5 dice (384.7 points)."
    )
    page.locator(".dicelab-game").screenshot(path=str(tmp_path / "coach-advice.png"))

    # Deliberately poor, as Python's policy says: leave out 1 and 5 and pass with 150.
    poor = "set aside 1, 5 and pass (150 points)"
    assert value(f"print([c.label for c in {advice}].index({poor!r}) > 0)").strip() == "True"
    page.get_by_role("button", name="die 4 showing 5, back in the shaker").click()
    page.get_by_role("button", name=re.compile("^PASS: bank 150 points")).click()
    assert wait_for_kernel_value(jupyter_server, NOTEBOOK, "w.game.scores", "(150,)") == "(150,)"

    verdict = coach.locator(".dicelab-coach-verdict")
    page.wait_for_function(
        "(el) => el.textContent.startsWith('Your move cost')", arg=verdict.element_handle()
    )
    assert verdict.get_attribute("aria-live") == "polite"
    shown = float(re.match(r"Your move cost ([\d.]+) points", verdict.inner_text()).group(1))
    ledger = value(
        "print(len(w.coaching.ledger.decisions), "
        "round(w.coaching.ledger.decisions[-1].cost, 1), "
        "w.coaching.ledger.decisions[-1].taken.label)"
    ).split(maxsplit=2)
    assert ledger[0] == "1" and shown == float(ledger[1]) and shown > 0
    assert ledger[2].strip() == poor
    assert best in verdict.inner_text()
    page.locator(".dicelab-game").screenshot(path=str(tmp_path / "coach.png"))
    screenshot(page, tmp_path / "coach-page.png")

    page.keyboard.press("k")  # the focus is inside the game: K switches the coach off
    coach.wait_for(state="detached")
    assert value("w.coach") == "False"
    assert_no_widget_errors(page)
