"""Each game in a real JupyterLab is accessible: axe-core finds nothing in light and dark,
at rest and with each kind of control hovered or focused, and every spoken name begins
with the text the control shows."""

from __future__ import annotations

import re

import pytest

from tests.browser.axe import violations
from tests.browser.harness import (
    DARK_THEME,
    LIGHT_THEME,
    open_notebook,
    run_all_cells,
    write_notebook,
)

# A game shown mid-turn, so that dice, a choice, the history and the turn's numbers are drawn.
GAMES = {
    "yahtzee": (
        "from dicelab.widgets import YahtzeeGame\n"
        "w = YahtzeeGame(players=['Ann', {'name': 'Robo', 'bot': 'greedy'}], seed=12, pace=0)\n"
        "w.send_intent(w.controls, {'type': 'press', 'button': 'roll'})\n"
        "w.send_intent(w.tray, {'type': 'toggle', 'die': 0})\n"
        "w.send_intent(w.scorecard, {'type': 'select', 'column': 0, 'row': 'chance'})\n"
        "w.send_intent(w.scorecard, {'type': 'select', 'column': 1, 'row': 'ones'})\nw"
    ),
    "fivethousand": (
        "from dicelab.widgets import FivethousandGame\n"
        "w = FivethousandGame(seed=34, pace=0)\n"
        "w.send_intent(w.shaker, {'type': 'shake'})\n"
        "w.send_intent(w.tray, {'type': 'toggle', 'die': 1})\nw"
    ),
    "thousand": (
        "from dicelab.widgets import ThousandGame\n"
        "w = ThousandGame(seed=3, pace=0)\n"
        "w.send_intent(w.controls, {'type': 'press', 'button': 'throw'})\nw"
    ),
}
WIDGET = {"yahtzee": "YahtzeeGame", "fivethousand": "FivethousandGame", "thousand": "ThousandGame"}
ROBOTS = {"yahtzee": "greedy", "fivethousand": "simple", "thousand": "simple"}


def setup_screen(game: str) -> str:
    """A cell showing the game's setup screen."""
    return (
        f"setup = {WIDGET[game]}(pace=0)\n"
        "if setup.phase != 'setup':\n"
        "    setup.send_intent(setup.controls, {'type': 'press', 'button': 'new'})\nsetup"
    )


def game_over(game: str) -> str:
    """A cell showing the game-over screen of a game two robots played to the end."""
    robot = ROBOTS[game]
    return (
        f"over = {WIDGET[game]}(players=[{{'name': 'Robo', 'bot': '{robot}'}}, "
        f"{{'name': 'Ann', 'bot': '{robot}'}}], seed=2, pace=0)\nover"
    )


# Each kind of control, as a selector of its first example in the notebook.
CONTROLS = {
    "button": ".dicelab-button:not([aria-disabled=true])",
    "disabled button": ".dicelab-button[aria-disabled=true]",
    "coach toggle": ".dicelab-button[data-key=coach]",
    "die": ".dicelab-die:not([aria-disabled=true]):not(.is-held):not(.is-out)",
    "held die": ":is(.dicelab-die.is-held, .dicelab-die.is-out)",
    "fixed die": ".dicelab-die[aria-disabled=true]",
    "shaker": ".dicelab-shaker-button",
    "open box": ".dicelab-box:not([aria-disabled=true])",
    "preview box": ".is-chosen .dicelab-box",
    "refused box": ".dicelab-box[aria-disabled=true]",
    "keys toggle": ".dicelab-help summary",
    "history toggle": ".dicelab-history-summary",
    "history log": ".dicelab-history-log",
    "setup button": ".dicelab-setup-button",
    "setup choice": ".dicelab-setup-select",
    "name field": ".dicelab-seat-name",
}
# The kinds of control a game does not have (or not in the states shown).
ABSENT = {
    "yahtzee": {"shaker", "disabled button", "fixed die"},
    "fivethousand": {"open box", "preview box", "refused box", "fixed die"},
    "thousand": {"open box", "preview box", "refused box", "shaker", "die", "held die"},
}


def show(page, server, game: str) -> None:
    """Open a notebook with the game mid-turn, its setup screen and its game-over screen."""
    name = f"a11y-{game}.ipynb"
    write_notebook(server.root_dir, name, [GAMES[game], setup_screen(game), game_over(game)])
    open_notebook(page, server, name)
    run_all_cells(page)
    page.locator(".dicelab-game .dicelab-tray").first.wait_for()
    page.locator(".dicelab-history-entry").first.wait_for()
    page.locator(".dicelab-setup").first.wait_for()
    page.locator(".dicelab-ranking").first.wait_for()


def screen_violations(page, screen) -> list:
    """axe-core's violations in one screen (a game widget) of the notebook."""
    return violations(page, f".dicelab-game[data-screen='{screen}']")


# What hovering or focusing a control may change: the control itself, and the keys line
# (focus inside a game gives it the keys, which the line says and the frame's colour shows).
CHANGEABLE = "[data-axe-control], [data-axe-control] *, .dicelab-keys, .dicelab-keys *"
WATCH = """([game, changeable]) => {
    window.axeChanged = [];
    window.axeWatch = new MutationObserver((records) => {
        for (const record of records) {
            const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
            if (node === game && record.attributeName === "class") continue;  // the frame
            if (!node.matches(changeable)) window.axeChanged.push(node.outerHTML.slice(0, 120));
        }
    });
    window.axeWatch.observe(game, {subtree: true, attributes: true, childList: true, characterData: true});
}"""


# How a keys line looks: its markup, and the colours, sizes and visibility of each part of
# it and of everything around it. Two states in which it looks the same are one check for
# axe-core (about a third of a second each time, more than the control's own).
KEYS_LOOK = """(keys) => {
    const look = (node) => {
        const style = getComputedStyle(node);
        return [style.color, style.backgroundColor, style.opacity, style.fontSize,
                style.fontWeight, style.visibility, style.display].join(",");
    };
    const parts = [keys.outerHTML, ...[keys, ...keys.querySelectorAll("*")].map(look)];
    for (let node = keys.parentElement; node; node = node.parentElement) parts.push(look(node));
    return parts.join("|");
}"""


def keys_line(screen) -> str:
    return f".dicelab-game[data-screen='{screen}'] .dicelab-keys"


def keys_look(page, screen) -> str | None:
    """How the keys line of ``screen`` looks now (see :data:`KEYS_LOOK`); None without one."""
    keys = page.locator(keys_line(screen))
    return keys.evaluate(KEYS_LOOK) if keys.count() else None


def changed_violations(page, screen, looks_checked: set) -> list:
    """axe-core's violations in what hovering or focusing the control marked
    ``data-axe-control`` changed: the control, and the keys line of its screen unless it
    looks as in a state already checked (``looks_checked``, which this adds to). The rest of
    the screen was checked at rest, and that nothing else changed is asserted (see
    :data:`WATCH`), so a part that someday reacts to a hover or focus elsewhere fails here
    instead of going unchecked."""
    changed = page.evaluate("() => window.axeChanged.splice(0)")
    assert changed == [], f"hover or focus changed more than the control: {changed}"
    look = keys_look(page, screen)
    shown = [] if look in looks_checked else [[keys_line(screen)]]
    looks_checked.add(look)
    return violations(page, {"include": [["[data-axe-control]"], *shown]})


@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME], ids=["light", "dark"])
@pytest.mark.parametrize("game", list(GAMES))
def test_axe_finds_no_violation_at_rest_or_with_any_control_hovered_or_focused(
    request, page, jupyter_server, game, theme
):
    if theme == DARK_THEME:
        request.getfixturevalue("dark_theme")
    show(page, jupyter_server, game)
    assert page.evaluate("document.body.dataset.jpThemeName") == theme
    # Each screen is checked by itself (the notebook shows three games, all named alike).
    screens = page.locator(".dicelab-game").evaluate_all(
        "(games) => games.map((game, index) => { game.dataset.screen = String(index); return index; })"
    )
    page.mouse.move(0, 0)
    found = {f"screen {screen} at rest": screen_violations(page, screen) for screen in screens}
    looks_checked = {keys_look(page, screen) for screen in screens}  # with each screen
    tried = set()
    for kind, selector in CONTROLS.items():
        control = page.locator(f".dicelab-game {selector}").first
        if not control.count():
            continue
        tried.add(kind)
        screen = control.evaluate("(node) => node.closest('.dicelab-game').dataset.screen")
        control.scroll_into_view_if_needed()
        control.evaluate("(node) => { node.dataset.axeControl = ''; }")
        shown = page.locator(f".dicelab-game[data-screen='{screen}']")
        shown.evaluate(f"(game) => ({WATCH})([game, {CHANGEABLE!r}])")
        control.hover()
        found[f"{kind} hovered"] = changed_violations(page, screen, looks_checked)
        page.mouse.move(0, 0)
        page.keyboard.press("Shift")  # a key, so that focus is shown as a keyboard user sees it
        control.focus()
        assert control.evaluate("(node) => node.matches(':focus-visible')"), kind
        found[f"{kind} focused"] = changed_violations(page, screen, looks_checked)
        control.blur()
        page.evaluate("() => window.axeWatch.disconnect()")
        control.evaluate("(node) => { delete node.dataset.axeControl; }")
    faults = {state: faults for state, faults in found.items() if faults}
    assert not faults, "\n".join(
        f"{state}: {fault}" for state, messages in faults.items() for fault in messages
    )
    assert set(CONTROLS) - ABSENT[game] <= tried  # every kind of control the game has


# The visible text of each control shown, by its index among CONTROLLED.
CONTROLLED = "button, summary, [role=button], td[aria-label]"
VISIBLE_TEXTS = """(nodes) => nodes.map((node, index) =>
    [index, node.checkVisibility(), node.textContent.replace(/\\s+/g, " ").trim()])"""


@pytest.mark.parametrize("game", list(GAMES))
def test_every_spoken_name_begins_with_the_visible_text(page, jupyter_server, game):
    from playwright.sync_api import expect

    show(page, jupyter_server, game)
    controls = page.locator(f".dicelab-game :is({CONTROLLED})")
    texts = [
        (index, text)
        for index, shown, text in controls.evaluate_all(VISIBLE_TEXTS)
        if shown and re.search(r"\w", text)
    ]  # a symbol such as ◀ or − is not a text label
    assert len(texts) >= 8
    mismatched = []
    for index, text in texts:
        control = controls.nth(index)
        try:
            expect(control).to_have_accessible_name(
                re.compile("^" + re.escape(text), re.I), timeout=1000
            )
        except AssertionError:
            mismatched.append(control.aria_snapshot())
    assert mismatched == []
