"""The strategy widgets in a real JupyterLab: a strategy built with clicks only, the card of
a strategy, and a leaderboard filling in while its tournament plays (the kernel answering
meanwhile); axe-clean, pictured at 1024×768."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.axe import violations
from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    wait_for_kernel_value,
    write_notebook,
)

SMALL_SCREEN = {"width": 1024, "height": 768}


def picture(page, name: str) -> None:
    """A picture of the first output at 1024×768 (the page's size put back after)."""
    shown = page.viewport_size
    page.set_viewport_size(SMALL_SCREEN)
    try:
        page.locator(".dicelab-strategy").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / name))
    finally:
        page.set_viewport_size(shown)


def test_a_strategy_built_with_clicks_only(page, jupyter_server):
    name = "builder.ipynb"
    write_notebook(
        jupyter_server.root_dir,
        name,
        [
            "from dicelab import strategy\nfrom dicelab.widgets import StrategyBuilder\n"
            "b = StrategyBuilder('traditional', name='Ann')\nb"
        ],
    )
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    page.locator(".dicelab-builder").wait_for()
    points = page.locator(".dicelab-card-points")
    points.wait_for(timeout=60_000)
    first = points.inner_text()

    usual = "Bank from these turn points, by dice left"
    later = page.get_by_role("button", name=f"{usual}, 6 dice: bank later")
    for _ in range(3):
        later.click()
    assert wait_for_kernel_value(jupyter_server, name, "b.settings['bank_at'][6]", "450") == "450"
    switch = page.get_by_role("button", name="Use this: When behind by more than 1000 points")
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    behind = page.get_by_role("button", name="behind by more than: more")
    behind.wait_for()
    behind.click()
    page.get_by_role(
        "button", name="When behind by more than 1500 points, 1 die: bank later"
    ).click()
    page.get_by_role("button", name="the fewest dice for the points").click()
    assert (
        wait_for_kernel_value(jupyter_server, name, "b.settings['set_aside']", "'fewest_dice'")
        == "'fewest_dice'"
    )
    pressed = page.get_by_role("button", name="the fewest dice for the points")
    assert pressed.get_attribute("aria-pressed") == "true"
    expected = {
        "bank_at": {1: 300, 2: 300, 3: 300, 4: 300, 5: 300, 6: 450},
        "when_behind_by": 1500,
        "behind_bank_at": {1: 650, 2: 600, 3: 600, 4: 600, 5: 600, 6: 600},
        "set_aside": "fewest_dice",
        "name": "Ann",
    }
    assert kernel_eval(jupyter_server, name, f"b.settings == {expected!r}") == "True"
    assert (
        kernel_eval(
            jupyter_server, name, f"b.strategy == strategy.threshold('traditional', **{expected!r})"
        )
        == "True"
    )
    page.wait_for_function(
        "(first) => document.querySelector('.dicelab-card-points').textContent !== first",
        arg=first,
        timeout=30_000,
    )
    said = kernel_eval(
        jupyter_server, name, "f'Exact points per turn: {strategy.points_per_turn(b.strategy):.1f}'"
    )
    assert points.inner_text() == said.strip("'")
    six = page.locator('.dicelab-card-map tr[data-dice="6"] td')
    # 400: throws; 450: banks unless far behind; 600: banks at every score
    assert [six.nth(i).inner_text() for i in (8, 9, 12)] == ["", "b", "B"]
    assert (
        page.locator(".dicelab-builder-summary")
        .inner_text()
        .startswith("Banks from 300 with 1 die")
    )

    # A typed value out of range is refused beside the form, nothing changed.
    field = page.get_by_role("textbox", name=f"{usual}, 3 dice")
    field.fill("5000")
    field.press("Enter")
    notice = page.locator(".dicelab-builder-notice")
    notice.wait_for()
    assert notice.inner_text() == (
        "3 dice: type a whole number of points from 0 to 2000, or never, not '5000'. "
        "The strategy is unchanged."
    )
    assert kernel_eval(jupyter_server, name, "b.settings['bank_at'][3]") == "300"
    assert field.get_attribute("aria-invalid") == "true"
    switch = page.get_by_role("button", name="Use this: When behind by more than 1500 points")
    assert switch.get_attribute("aria-pressed") == "true"
    assert violations(page, ".dicelab-strategy") == []
    picture(page, "strategy-builder.png")
    assert_no_widget_errors(page)


def test_a_card_and_a_leaderboard_filling_in_while_the_kernel_answers(page, jupyter_server):
    name = "leaderboard.ipynb"
    write_notebook(
        jupyter_server.root_dir,
        name,
        [
            "from dicelab import strategy\n"
            "from dicelab.widgets import Leaderboard, StrategyCard\n"
            "rules = {'target': 300}\n"
            "field = [strategy.threshold(rules, bank_at=t, name=f'bank at {t}')\n"
            "         for t in (50, 100, 150, 200)]\n"
            "StrategyCard(strategy.threshold('zillions', bank_at={1: 250, 2: 300}, otherwise=500,\n"
            "    when_behind_by=1500, behind_bank_at=800, name='keep pace'))",
            "board = Leaderboard().play(field, robots=('simple', 'intelligent'), games=1600,\n"
            "                           rounds=8, seed=3)\nboard",
        ],
    )
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    page.locator(".dicelab-card-points").wait_for(timeout=60_000)
    page.locator(".dicelab-standings").wait_for()
    # While it plays the kernel answers at once, and the board fills in round by round.
    seen_running = False
    for _ in range(100):
        started = time.monotonic()
        running = kernel_eval(jupyter_server, name, "board.running")
        assert time.monotonic() - started < 5
        if running == "False":
            break
        seen_running = True
        page.wait_for_timeout(100)
    assert seen_running
    board = page.locator(".dicelab-standings")
    board.get_by_text("Played: 15 pairings, 1,600 games each.").wait_for()
    names = board.locator("tbody th").all_inner_texts()
    ranked = kernel_eval(jupyter_server, name, "[n for n, _ in board.standings.ranked()]")
    assert [n.replace(" (robot)", "") for n in names] == eval(ranked)
    assert "(robot)" in board.locator('tr[data-entrant="simple"]').inner_text()
    page.locator(".dicelab-standings-pairings summary").click()
    assert (
        page.locator(".dicelab-standings-pairings tbody tr").count() == 6
    )  # the strategies' pairs
    assert violations(page, ".dicelab-strategy") == []
    picture(page, "strategy-card.png")
    page.locator(".dicelab-standings").scroll_into_view_if_needed()
    shown = page.viewport_size
    page.set_viewport_size(SMALL_SCREEN)
    try:
        page.locator(".dicelab-standings").screenshot(path=str(ARTIFACTS / "leaderboard.png"))
    finally:
        page.set_viewport_size(shown)
    assert_no_widget_errors(page)


def test_a_russian_strategy_builder_shows_no_english_word(page, jupyter_server):
    name = "builder-ru.ipynb"
    write_notebook(
        jupyter_server.root_dir,
        name,
        ["from dicelab.widgets import StrategyBuilder\nStrategyBuilder('traditional', lang='ru')"],
    )
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    builder = page.locator(".dicelab-strategy").first
    page.locator(".dicelab-card-points").wait_for(timeout=60_000)
    page.get_by_role("button", name="Включить: Когда отстаёт больше чем на 1000 очков").click()
    page.get_by_role("button", name="отстаёт больше чем на: больше").wait_for()
    shown = builder.inner_text()
    assert "Соберите стратегию" in shown and "Точно очков за ход: " in shown
    assert not re.search(r"\b[A-Za-z]{3,}\b", shown), shown  # not a word of English
    labels = builder.evaluate(
        "node => [...node.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))"
    )
    assert labels and not [label for label in labels if re.search(r"\b[A-Za-z]{3,}\b", label)]
    picture(page, "strategy-builder-ru.png")
    assert_no_widget_errors(page)


@pytest.fixture(autouse=True)
def _artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
