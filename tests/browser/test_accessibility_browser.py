"""Each game in a real JupyterLab is accessible (axe-core, light and dark) and fits 1024×768."""

from __future__ import annotations

import pytest

from tests.browser.harness import (
    ARTIFACTS, DARK_THEME, LIGHT_THEME, open_notebook, run_all_cells, set_theme, write_notebook,
)

# A game shown mid-turn, so that dice, a choice, the history and the turn's numbers are drawn.
GAMES = {
    "yahtzee": ("from dicelab.widgets import YahtzeeGame\n"
                "w = YahtzeeGame(players=['Ann', {'name': 'Robo', 'bot': 'greedy'}], seed=12, pace=0)\n"
                "w.send_intent(w.controls, {'type': 'press', 'button': 'roll'})\n"
                "w.send_intent(w.tray, {'type': 'toggle', 'die': 0})\n"
                "w.send_intent(w.scorecard, {'type': 'select', 'column': 0, 'row': 'chance'})\n"
                "w.send_intent(w.scorecard, {'type': 'select', 'column': 1, 'row': 'ones'})\nw"),
    "fivethousand": ("from dicelab.widgets import FivethousandGame\n"
                     "w = FivethousandGame(seed=34, pace=0)\n"
                     "w.send_intent(w.shaker, {'type': 'shake'})\n"
                     "w.send_intent(w.tray, {'type': 'toggle', 'die': 1})\nw"),
    "thousand": ("from dicelab.widgets import ThousandGame\n"
                 "w = ThousandGame(seed=3, pace=0)\n"
                 "w.send_intent(w.controls, {'type': 'press', 'button': 'throw'})\nw"),
}


def show(page, server, game: str) -> None:
    name = f"a11y-{game}.ipynb"
    write_notebook(server.root_dir, name, [GAMES[game]])
    open_notebook(page, server, name)
    run_all_cells(page)
    page.locator(".dicelab-game .dicelab-tray").first.wait_for()
    page.locator(".dicelab-history-entry").first.wait_for()


def violations(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=".dicelab-game")
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(node["target"][0] + " " + node.get("failureSummary", "").replace("\n", " ")
                        for node in v["nodes"][:4])
            for v in results.response["violations"]]


@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME], ids=["light", "dark"])
@pytest.mark.parametrize("game", list(GAMES))
def test_axe_finds_no_violation_of_any_impact(page, jupyter_server, game, theme):
    show(page, jupyter_server, game)
    if theme != LIGHT_THEME:
        set_theme(page, theme)
        page.locator(".dicelab-game .dicelab-tray").first.wait_for()
    page.mouse.move(0, 0)
    assert violations(page) == []
    # The states a pointer and the keyboard bring: hover on a button, focus on a die.
    page.locator(".dicelab-button").first.hover()
    assert violations(page) == []
    page.locator(".dicelab-die").first.focus()
    assert violations(page) == []
    if theme != LIGHT_THEME:
        set_theme(page, LIGHT_THEME)


@pytest.mark.parametrize("game", list(GAMES))
def test_at_1024_by_768_nothing_lies_outside_the_viewport_width(page, jupyter_server, game):
    page.set_viewport_size({"width": 1024, "height": 768})
    show(page, jupyter_server, game)
    outside = page.locator(".dicelab-game").evaluate("""(game) => {
        const width = document.documentElement.clientWidth;
        return [game, ...game.querySelectorAll("*")]
            .filter((node) => node.getClientRects().length)
            .filter((node) => { const box = node.getBoundingClientRect();
                                return box.right > width + 0.5 || box.left < -0.5; })
            .map((node) => `${node.tagName}.${node.className.baseVal ?? node.className}`
                           + ` ${Math.round(node.getBoundingClientRect().left)}-`
                           + `${Math.round(node.getBoundingClientRect().right)}`);
    }""")
    assert outside == []
    page.screenshot(path=str(ARTIFACTS / f"{game}-1024.png"))
