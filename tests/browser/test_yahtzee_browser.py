"""YahtzeeGame in a real JupyterLab and Chromium: set up, play by clicks and by keys, dark theme."""

from __future__ import annotations

import json
import re

from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    screenshot,
    wait_for_kernel_value,
    write_notebook,
)


def show_game(page, server, name: str, arguments: str, *more_cells: str) -> None:
    """Open a notebook whose first cell shows ``w = YahtzeeGame(<arguments>)`` and run it."""
    write_notebook(
        server.root_dir,
        name,
        [f"from dicelab.widgets import YahtzeeGame\nw = YahtzeeGame({arguments})\nw", *more_cells],
    )
    open_notebook(page, server, name)
    run_all_cells(page)
    page.locator(".dicelab-game").wait_for()


def history(server, name: str) -> list:
    """The game's actions, as the Python side recorded them."""
    code = "import json; print(json.dumps([e.action.to_json() for e in w.game.history]))"
    return json.loads(kernel_eval(server, name, code))


def faces(page) -> list:
    """The faces of the five dice, read from their labels."""
    labels = [die.get_attribute("aria-label") for die in page.locator(".dicelab-die").all()]
    return [int(re.search(r"showing (\d)", label).group(1)) for label in labels]


def tumble(page) -> list:
    """The animation of each die drawn as just thrown."""
    return page.locator(".dicelab-die.is-rolling").evaluate_all(
        "(dice) => dice.map((die) => getComputedStyle(die).animationName)"
    )


def notebook_cells(page) -> int:
    return page.evaluate("jupyterapp.shell.currentWidget.content.widgets.length")


def notebook_state(page) -> dict:
    """What a stray notebook shortcut would change: cells, a cell's type, the mode, the active cell."""
    return page.evaluate("""() => {
        const notebook = jupyterapp.shell.currentWidget.content;
        return {cells: notebook.widgets.length, type: notebook.widgets[0].model.type,
                mode: notebook.mode, active: notebook.activeCellIndex,
                in_game: Boolean(document.activeElement.closest(".dicelab-game"))};
    }""")


def test_setup_and_a_turn_played_by_clicks(page, jupyter_server):
    name = "clicks.ipynb"
    show_game(page, jupyter_server, name, "seed=7, pace=0")

    # Setup, as the seed draws it: the green flag heads it and Start is green.
    flag = page.locator(".dicelab-setup-heading .dicelab-setup-flag")
    start = page.get_by_role("button", name="Start the game")
    green = "rgb(46, 125, 50)"
    assert flag.evaluate("(node) => getComputedStyle(node).color") == green
    assert start.evaluate("(node) => getComputedStyle(node).backgroundColor") == green

    # Two players; make them share a colour, see Start refused, then fix it.
    page.get_by_label("Name of player 1").fill("Ann")
    page.get_by_label("Name of player 2").fill("Ben")
    page.get_by_label("Name of player 2").press("Tab")
    seat = page.locator(".dicelab-seat").nth(1)
    seat.get_by_text("Blue", exact=True).wait_for()  # Player 1 is Red, player 2 Blue
    for colour in ("Cyan", "Green", "Lime", "Yellow", "Orange", "Red"):
        page.get_by_role("button", name="Previous colour for player 2").click()
        seat.get_by_text(colour, exact=True).wait_for()
    page.get_by_role("button", name="Start the game").click()
    notice = page.locator(".dicelab-notice")
    notice.get_by_text("Two players share the colour Red: each needs their own.").wait_for()
    assert kernel_eval(jupyter_server, name, "w.game is None") == "True"
    page.get_by_role("button", name="Next colour for player 2").click()
    page.get_by_role("button", name="Next colour for player 2").click()
    seat.get_by_text("Yellow", exact=True).wait_for()
    page.get_by_role("button", name="Start the game").click()

    # Roll, hold two dice, roll again.
    page.get_by_role("button", name="Roll the dice, 3 rolls left").click()
    page.get_by_role("button", name=re.compile(r"^die 1 showing \d$")).wait_for()
    assert tumble(page) == ["dicelab-tumble"] * 5  # the thrown dice tumble
    page.get_by_role("button", name=re.compile(r"^die 2 showing")).click()
    page.get_by_role("button", name=re.compile(r"^die 4 showing")).click()
    page.get_by_role("button", name=re.compile(r"^die 4 showing \d, held$")).wait_for()
    held = page.locator('.dicelab-die[aria-pressed="true"]')
    assert held.count() == 2 and page.locator(".dicelab-die-tag", has_text="Held").count() == 2
    kept = faces(page)
    page.get_by_role("button", name="Roll the dice, 2 rolls left").click()
    page.get_by_role("button", name="Roll the dice, 1 roll left").wait_for()
    after = faces(page)
    assert (after[1], after[3]) == (kept[1], kept[3])

    # Every open box of Ann's shows what it would score, in light red; Ben's show nothing.
    previews = page.locator(".dicelab-scorecard td.is-preview .dicelab-box")
    assert previews.count() == 13 and all(
        re.fullmatch(r"\d+", text) for text in previews.all_inner_texts()
    )
    assert all(text == "" for text in page.locator("[data-key$='/1']").all_inner_texts())
    ink = previews.first.evaluate("(box) => getComputedStyle(box).color")
    assert ink == "rgb(183, 28, 28)"
    # Choose a box, then confirm it.
    page.get_by_role("button", name=re.compile(r"^\d+ would score in Chance for Ann$")).click()
    chosen = page.get_by_role(
        "button", name=re.compile(r"^\d+ would score in Chance for Ann, chosen$")
    )
    chosen.wait_for()
    assert chosen.inner_text() == str(sum(after))
    style = chosen.evaluate(
        "(button) => { const s = getComputedStyle(button);"
        " return [s.color, s.fontWeight, s.outlineStyle]; }"
    )
    assert style == [ink, "800", "solid"]  # the chosen box is marked by more than its colour
    page.get_by_role("button", name="Confirm: score Chance").click()
    page.locator(".dicelab-status").get_by_text(f"Ann scores {sum(after)} in Chance.").wait_for()
    screenshot(page, ARTIFACTS / "yahtzee-clicks.png")

    # The Python side holds the very same game.
    assert wait_for_kernel_value(jupyter_server, name, "w.game.state.player", "1") == "1"
    assert history(jupyter_server, name) == [
        {"type": "roll"},
        {"type": "hold", "die": 1},
        {"type": "hold", "die": 3},
        {"type": "roll"},
        {"type": "score", "box": "chance"},
    ]
    assert (
        kernel_eval(jupyter_server, name, "w.game.state.cards[0].boxes")
        == f"{{'chance': {sum(after)}}}"
    )
    players = kernel_eval(jupyter_server, name, "[(p.name, p.colour) for p in w.game.players]")
    assert players == "[('Ann', 'Red'), ('Ben', 'Yellow')]"
    assert_no_widget_errors(page)


def test_a_turn_played_with_the_keyboard_only(page, jupyter_server):
    name = "keys.ipynb"
    show_game(
        page, jupyter_server, name, "players=['Ann', 'Ben'], seed=3, pace=0", "'a cell below'"
    )
    page.emulate_media(reduced_motion="reduce")
    cells = notebook_cells(page)
    page.get_by_role("button", name="Roll the dice, 3 rolls left").focus()  # where Tab would land
    notebook = notebook_state(page)
    assert notebook["in_game"] and notebook["mode"] == "command"

    page.keyboard.press("Enter")  # a focused button is pressed by Enter...
    page.get_by_role("button", name=re.compile(r"^die 1 showing \d$")).wait_for()
    assert tumble(page) == ["none"] * 5  # no animation under prefers-reduced-motion
    for _ in range(
        8
    ):  # ... Roll, Confirm, Coach, Chance to win, New game, Sound, Keys, die 1, die 2
        page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("die 2 showing")
    page.keyboard.press("Space")  # hold die 2
    page.keyboard.press("4")  # hold die 4 by its number
    page.get_by_role("button", name=re.compile(r"^die 4 showing \d, held$")).wait_for()
    for key in (
        "a",
        "b",
        "d",
        "d",
        "m",
        "y",
        "ArrowUp",
        "ArrowDown",
        "Enter",
    ):  # not the notebook's
        page.keyboard.press(key)
    page.get_by_role(
        "button", name=re.compile(r"^die 2 showing \d$")
    ).wait_for()  # Enter released it
    page.keyboard.press("2")
    page.keyboard.press("r")
    page.get_by_role("button", name="Roll the dice, 1 roll left").wait_for()
    page.get_by_role("button", name=re.compile(r"^\d+ would score in Chance for Ann$")).focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name=re.compile(r"^\d+ would score in Chance for Ann")).wait_for()
    page.keyboard.press("c")
    page.locator(".dicelab-status").get_by_text(
        re.compile(r"^Ann scores \d+ in Chance\.$")
    ).wait_for()

    assert history(jupyter_server, name) == [
        {"type": "roll"},
        {"type": "hold", "die": 1},
        {"type": "hold", "die": 3},
        {"type": "release", "die": 1},
        {"type": "hold", "die": 1},
        {"type": "roll"},
        {"type": "score", "box": "chance"},
    ]
    assert notebook_state(page) == notebook

    # A click on an empty part of the table keeps the keys in the game: "r" rolls, and does
    # not turn the cell into a raw cell.
    page.locator(".dicelab-keys").click()  # the line that says whether the game has the keys
    page.keyboard.press("r")
    page.get_by_role("button", name="Roll the dice, 2 rolls left").wait_for()
    assert notebook_state(page) == notebook

    # Escape, or a click outside the game, gives the keys back to the notebook.
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a cell below
    page.wait_for_function(f"jupyterapp.shell.currentWidget.content.widgets.length === {cells + 1}")
    page.locator(".dicelab-die").first.click()
    page.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("a")  # a cell above
    page.wait_for_function(f"jupyterapp.shell.currentWidget.content.widgets.length === {cells + 2}")
    assert_no_widget_errors(page)


def test_dark_theme_is_readable_and_saved_as_a_screenshot(page, jupyter_server, dark_theme):
    name = "dark.ipynb"
    page.set_viewport_size({"width": 1280, "height": 1200})  # the whole table in view
    players = "['Ann', {'name': 'Ben', 'colour': 'Blue'}, {'name': 'Robo', 'bot': 'greedy', 'colour': 'Orange'}]"
    show_game(page, jupyter_server, name, f"players={players}, seed=12, pace=0")
    assert page.evaluate("document.body.dataset.jpThemeName") == dark_theme
    page.evaluate("jupyterapp.shell.collapseLeft()")
    for _ in range(2):  # two rounds: Ann and Ben score, Robo plays its turn in between
        page.get_by_role("button", name="Roll the dice, 3 rolls left").click()
        page.get_by_role("button", name="Roll the dice, 2 rolls left").wait_for()
        page.locator(
            ".dicelab-box:not([aria-disabled='true'])"
        ).first.dblclick()  # choose and score
        page.get_by_role("button", name="Roll the dice, 3 rolls left").wait_for()
    page.get_by_role("button", name="Roll the dice, 3 rolls left").click()
    page.get_by_role("button", name=re.compile(r"^die 1 showing")).click()
    page.get_by_role("button", name=re.compile(r"^die 3 showing")).click()
    page.get_by_role("button", name=re.compile(r"^\d+ would score in Chance for Ann$")).click()
    page.get_by_role(
        "button", name=re.compile(r"^\d+ would score in Chance for Ann, chosen")
    ).wait_for()
    page.mouse.move(0, 0)

    colours = page.locator(".dicelab-game").evaluate("""(game) => {
        const style = (node) => getComputedStyle(node);
        return {background: style(game).backgroundColor, text: style(game).color,
                status: style(game.querySelector('.dicelab-status')).color};
    }""")
    assert _luminance(colours["background"]) < 0.1, colours
    assert _luminance(colours["text"]) > 0.5 and _luminance(colours["status"]) > 0.5, colours
    path = page.locator(".dicelab-game").screenshot(
        path=str(ARTIFACTS / "yahtzee-dark.png"), animations="disabled"
    )
    assert path and (ARTIFACTS / "yahtzee-dark.png").stat().st_size > 10_000
    assert_no_widget_errors(page)


def _luminance(css: str) -> float:
    red, green, blue = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    return 0.2126 * red**2.2 + 0.7152 * green**2.2 + 0.0722 * blue**2.2
