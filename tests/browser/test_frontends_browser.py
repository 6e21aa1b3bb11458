"""The games in front ends other than JupyterLab: a turn clicked in Voilà and in a marimo app
reaches the game in Python."""

from __future__ import annotations

import re
import textwrap
import time

from tests.browser.frontends import actions, marimo_app, recorded, recorder, voila
from tests.browser.harness import (
    assert_no_widget_errors,
    shutdown_sessions,
    watch_page_errors,
    write_notebook,
)

GAME = (
    "from dicelab.widgets import YahtzeeGame\ngame = YahtzeeGame(players=['Ann'], seed=3, pace=0)\n"
)
TURN = [
    {"type": "roll"},
    {"type": "hold", "die": 0},
    {"type": "roll"},
    {"type": "score", "box": "chance"},
]


def play_a_yahtzee_turn(page) -> None:
    """Roll, hold die 1, roll again, choose Chance and confirm, all by clicks."""
    page.get_by_role("button", name="Roll the dice, 3 rolls left").click()
    page.get_by_role("button", name=re.compile(r"^die 1 showing \d$")).click()
    page.get_by_role("button", name=re.compile(r"^die 1 showing \d, held$")).wait_for()
    page.get_by_role("button", name="Roll the dice, 2 rolls left").click()
    page.get_by_role("button", name="Roll the dice, 1 roll left").wait_for()
    page.get_by_role("button", name=re.compile(r"^\d+ would score in Chance for Ann$")).click()
    page.get_by_role(
        "button", name=re.compile(r"^\d+ would score in Chance for Ann, chosen$")
    ).wait_for()
    page.get_by_role("button", name=re.compile(r"^Confirm: score Chance")).click()
    page.locator(".dicelab-status").get_by_text(
        re.compile(r"^Ann scores \d+ in Chance\.$")
    ).wait_for()


def check_the_turn(page, state) -> None:
    """The Python side played exactly the clicked turn, and the page shows its score."""
    game = recorded(state, lambda game: len(actions(game)) == len(TURN))
    assert actions(game) == TURN
    said = page.locator(".dicelab-status").inner_text()
    points = re.search(r"scores (\d+) in Chance", said).group(1)
    assert (
        page.locator(".dicelab-scorecard tr", has_text="Chance").locator("td").first.inner_text()
        == points
    )


def play_at(browser, url: str, state) -> None:
    """Open the page at ``url``, play the turn by clicks and check the Python side's record."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    watch_page_errors(page)
    page.goto(url)
    page.locator(".dicelab-game").wait_for(timeout=90_000)
    play_a_yahtzee_turn(page)
    check_the_turn(page, state)
    assert_no_widget_errors(page)
    page.close()


def test_a_turn_clicked_in_voila_reaches_the_kernel(browser, tmp_path):
    state = tmp_path / "game.json"
    write_notebook(tmp_path, "yahtzee.ipynb", [GAME + recorder(state) + "game"])
    with voila(tmp_path, "yahtzee.ipynb") as url:
        play_at(browser, url, state)


def test_a_turn_clicked_in_a_marimo_app_reaches_the_python_game(browser, tmp_path):
    state = tmp_path / "game.json"
    cell = textwrap.indent(
        GAME + recorder(state) + "widget = mo.ui.anywidget(game)\nwidget\n", "    "
    )
    (tmp_path / "app.py").write_text(
        "import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    import marimo as mo\n"
        f"{cell}    return\n\n\nif __name__ == '__main__':\n    app.run()\n"
    )
    with marimo_app(tmp_path, "app.py") as url:
        play_at(browser, url, state)


def test_a_turn_clicked_in_notebook_7_reaches_the_kernel(browser, jupyter_server):
    name = "notebook7.ipynb"
    state = jupyter_server.root_dir / "notebook7.json"
    write_notebook(jupyter_server.root_dir, name, [GAME + recorder(state) + "game"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []  # Notebook 7.6 itself raises one error loading its settings, even for "1 + 1"
    page.on("pageerror", lambda error: errors.append(error.stack or str(error)))
    page.goto(f"{jupyter_server.url}/notebooks/{name}")
    kernel_idle(jupyter_server, name)
    page.locator(".jp-Cell .cm-content").first.click()
    page.keyboard.press("Control+Enter")  # run the cell
    page.locator(".dicelab-game").wait_for(timeout=90_000)
    play_a_yahtzee_turn(page)
    check_the_turn(page, state)
    assert page.get_by_text("Error displaying widget").count() == 0
    assert [error for error in errors if "/static/notebook/notebook_core." not in error] == []
    page.close()
    shutdown_sessions(jupyter_server)


def kernel_idle(server, name: str, timeout: float = 90.0) -> None:
    """Wait until the page has started the notebook's kernel and the kernel is idle."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        sessions = [s for s in server.api("GET", "/api/sessions") if s["path"] == name]
        if sessions and sessions[0]["kernel"]["execution_state"] == "idle":
            time.sleep(1)  # the page's own connection settles
            return
        time.sleep(0.3)
    raise AssertionError(f"no idle kernel for {name} within {timeout:.0f}s")
