"""The advice beside the dice, and the game's moments, in a real JupyterLab.

At 1024×768, JupyterLab's file browser open or closed, the decision (the buttons), the dice
and the advice at a glance (the coach's best option, each seat's chance to win) are on one
screen at once, without scrolling; at 1400 px the full advice stands beside the table. Each moment (a
farkle, a burn, hot dice, a Yahtzee, a bonus, a win) shows its badge, moves only where
motion is allowed, and axe finds nothing in light and dark.
"""

from __future__ import annotations

import pytest

from tests.browser.axe import violations
from tests.browser.harness import (
    ARTIFACTS,
    DARK_THEME,
    LIGHT_THEME,
    kernel_eval,
    open_notebook,
    run_all_cells,
    write_notebook,
)

DOCS = ARTIFACTS.parent / "docs" / "images"
ADVISED = {
    "thousand": (
        "from dicelab.widgets import ThousandGame\n"
        "w = ThousandGame(seed=3, pace=0, coach=True, rating='win', chances=True)\n"
        "w.send_intent(w.controls, {'type': 'press', 'button': 'throw'})\nw"
    ),
    "fivethousand": (
        "from dicelab.widgets import FivethousandGame\n"
        "w = FivethousandGame(seed=34, pace=0, coach=True, chances=True)\n"
        "w.send_intent(w.shaker, {'type': 'shake'})\nw"
    ),
    "yahtzee": (
        "from dicelab.widgets import YahtzeeGame\n"
        "w = YahtzeeGame(players=['Ann', {'name': 'Robo', 'bot': 'greedy'}], seed=12, pace=0,\n"
        "                coach=True, chances=True)\n"
        "w.send_intent(w.controls, {'type': 'press', 'button': 'roll'})\nw"
    ),
}
# The boxes of the decision (the buttons), the dice and the advice, the game's top scrolled
# to the top of the notebook.
BOXES = """() => {
  const game = document.querySelector('.dicelab-game');
  game.scrollIntoView({block: 'start'});
  const box = (node) => { const b = node.getBoundingClientRect();
                          return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; };
  return {notebook: box(game.closest('.jp-WindowedPanel-outer, .jp-Notebook')),
          buttons: box(game.querySelector('.dicelab-buttons')),
          tray: box(game.querySelector('.dicelab-tray')),
          best: box(game.querySelector('.dicelab-advice-best')),
          glance: box(game.querySelector('.dicelab-advice-chances')),
          main: box(game.querySelector('.dicelab-main')),
          chances: box(game.querySelector('.dicelab-chances')),
          coach: box(game.querySelector('.dicelab-coach'))};
}"""
SIDEBAR = "(open) => open ? jupyterapp.shell.expandLeft() : jupyterapp.shell.collapseLeft()"


def open_page(page, server, name, cells, width, height):
    """``page`` at ``width`` × ``height``, showing the notebook ``name`` of ``cells``, run."""
    page.set_viewport_size({"width": width, "height": height})
    page.set_default_timeout(60_000)
    write_notebook(server.root_dir, name, cells)
    open_notebook(page, server, name)
    run_all_cells(page)


def advice_ready(page) -> None:
    page.locator(".dicelab-game .dicelab-tray").first.wait_for()
    page.wait_for_function(
        "() => document.querySelectorAll('.dicelab-chances-value').length >= 2 && "
        "[...document.querySelectorAll('.dicelab-chances-value')].every((v) => v.textContent.endsWith('%'))"
        " && document.querySelector('.dicelab-coach-options, .dicelab-coach-caption')",
        timeout=240_000,
    )


@pytest.mark.parametrize("game", list(ADVISED))
def test_the_dice_and_the_advice_fit_1024x768_and_stand_side_by_side_at_1400(
    page, jupyter_server, game
):
    open_page(page, jupyter_server, f"advice-{game}.ipynb", [ADVISED[game]], 1024, 768)
    advice_ready(page)
    best = page.locator(".dicelab-game .dicelab-advice-best").text_content()
    assert best.startswith("Coach's best: ")
    said = f"w.advice_strip.best == {best!r} == w.coaching.headline"
    assert kernel_eval(jupyter_server, f"advice-{game}.ipynb", said) == "True"
    try:
        for sidebar in (False, True):  # JupyterLab's file browser closed, then open
            page.evaluate(SIDEBAR, sidebar)
            page.wait_for_function("(open) => jupyterapp.shell.leftCollapsed !== open", arg=sidebar)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
            boxes = page.evaluate(BOXES)
            view = boxes["notebook"]
            for part in ("buttons", "tray", "best", "glance"):
                box = boxes[part]
                assert box["top"] >= view["top"] - 1 and box["bottom"] <= view["bottom"] + 1, (
                    sidebar,
                    part,
                    boxes,
                )
                assert box["left"] >= view["left"] - 1 and box["right"] <= view["right"] + 1
    finally:
        page.evaluate(SIDEBAR, True)
    assert violations(page, ".dicelab-game .dicelab-advice-strip") == []
    DOCS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(DOCS / f"{game}-1024x768.png"))

    page.set_viewport_size({"width": 1400, "height": 1000})  # the window made wider
    page.wait_for_function(
        "() => { const game = document.querySelector('.dicelab-game');"
        " return game.querySelector('.dicelab-chances').getBoundingClientRect().left"
        " >= game.querySelector('.dicelab-main').getBoundingClientRect().right; }"
    )
    boxes = page.evaluate(BOXES)
    for part in ("chances", "coach"):
        assert boxes[part]["left"] >= boxes["main"]["right"], (part, boxes)
        assert boxes[part]["top"] < boxes["main"]["bottom"], (part, boxes)
    if game == "thousand":
        page.mouse.move(0, 0)
        page.locator(".dicelab-game").screenshot(path=str(DOCS / "thousand-3-seats-1400.png"))


# A cell playing a game of humans with a robot's choices until ``kind`` is the moment shown.
PLAY_UNTIL = """
import random
from dicelab.widgets import {widget}
from dicelab.{module}.strategy import BOTS
w = {widget}(players=['Ann', 'Ben'], seed={seed}, pace=0)
bot, rng = BOTS['{bot}'](), random.Random(0)
while w.phase == 'play' and w.controls.moment.get('kind') != '{kind}':
    w.play(bot.choose(w.game.engine, w.game.state, rng))
    w.render()
assert w.controls.moment.get('kind') == '{kind}', w.controls.moment
w
"""
MOMENTS = {
    "farkle": ("FivethousandGame", "fivethousand", "simple", 1),
    "hot_dice": ("FivethousandGame", "fivethousand", "simple", 1),
    "burn": ("ThousandGame", "thousand", "simple", 2),
    "yahtzee": ("YahtzeeGame", "yahtzee", "greedy", 2),
    "bonus": ("YahtzeeGame", "yahtzee", "greedy", 1),
    "win": ("ThousandGame", "thousand", "simple", 1),
}


ANIMATION = "(node) => getComputedStyle(node).animationName"


@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME], ids=["light", "dark"])
def test_each_moment_shows_its_badge_moves_only_where_allowed_and_passes_axe(
    request, page, jupyter_server, theme
):
    if theme == DARK_THEME:
        request.getfixturevalue("dark_theme")
    cells = [
        PLAY_UNTIL.format(widget=w, module=m, bot=b, seed=s, kind=kind)
        for kind, (w, m, b, s) in MOMENTS.items()
    ]
    open_page(page, jupyter_server, "moments.ipynb", cells, 1024, 768)
    games = page.locator(".dicelab-game")
    games.nth(len(MOMENTS) - 1).wait_for()
    badges = {}
    for index, kind in enumerate(MOMENTS):
        game = games.nth(index)
        game.scroll_into_view_if_needed()
        badge = badges[kind] = game.locator(f".dicelab-moment[data-moment='{kind}']")
        badge.wait_for()
        said = badge.text_content()
        assert said.endswith("!"), kind
        # its words are said first by the status line, the table's live region
        status = game.locator(".dicelab-status[aria-live]")
        assert status.text_content().startswith(said + " "), kind
        assert badge.evaluate(ANIMATION).startswith("dicelab-moment"), kind
        game.evaluate("(node) => { node.dataset.screen = 'moment'; }")
        assert violations(page, ".dicelab-game[data-screen='moment']") == [], kind
        game.evaluate("(node) => { delete node.dataset.screen; }")
        if theme == LIGHT_THEME:
            page.wait_for_timeout(700)  # the movement is over
            game.screenshot(path=str(DOCS / f"moment-{kind}.png"))
    # A reader who asks for less motion gets none: no badge moves, and none can start
    # to (the same page, its media switched, so the badges are the ones just checked).
    page.emulate_media(reduced_motion="reduce")
    for kind, badge in badges.items():
        assert badge.evaluate(ANIMATION) == "none", kind
        assert badge.evaluate("(node) => node.getAnimations().length") == 0, kind


NEXT_MOMENT = """
import random
from dicelab.fivethousand.strategy import BOTS
bot, rng, seen = BOTS['simple'](), random.Random(1), w.controls.moment.get('serial', 0)
while w.phase == 'play' and w.controls.moment.get('serial', seen) == seen:
    w.play(bot.choose(w.game.engine, w.game.state, rng))
    w.render()
print(w.controls.moment['kind'])
"""


def test_the_sound_is_off_at_first_and_the_sound_button_makes_a_moment_heard(page, jupyter_server):
    cell = "from dicelab.widgets import FivethousandGame\nw = FivethousandGame(players=['Ann', 'Ben'], seed=1, pace=0)\nw"
    name = "sound.ipynb"
    open_page(page, jupyter_server, name, [cell], 1024, 768)
    controls = page.locator(".dicelab-controls")
    controls.wait_for()
    kernel_eval(jupyter_server, name, NEXT_MOMENT)
    page.locator(".dicelab-moment").wait_for()
    assert controls.get_attribute("data-sounded") is None  # off at first: silent
    page.get_by_role("button", name="Sound: off, switch it on").click()
    page.get_by_role("button", name="Sound: on, switch it off").wait_for()
    kind = kernel_eval(jupyter_server, name, NEXT_MOMENT).strip()
    page.locator(f".dicelab-moment[data-moment='{kind}']").wait_for()
    page.wait_for_function(
        "(kind) => document.querySelector('.dicelab-controls').dataset.sounded === kind",
        arg=kind,
    )
    assert page.evaluate("() => typeof AudioContext") == "function"
