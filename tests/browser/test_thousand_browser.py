"""ThousandGame in a real JupyterLab: turns by clicks and by keys, the scales checked against Python."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    wait_for_kernel_value,
    write_notebook,
)

pytest.importorskip("anywidget")


def game_cells(players: str, seed: int) -> list[str]:
    return [
        "from dicelab.widgets import ThousandGame\n"
        f"w = ThousandGame(players={players}, seed={seed}, pace=0.05)\n"
        "w",
    ]


# The scales as Python sees them: name, banked and where a save now would land, per player
# (no projection while the player is in a cask and may not save).
PYTHON_SCALES = """
import json
import re
_s = w.game.state
print(json.dumps([[p.name, _s.scores[i], _s.scores[i] + (_s.turn_points if i == _s.player
                  and not w.game.is_over else 0)]
                  for i, p in enumerate(w.game.players)]))
"""


def open_game(page, server, name: str, players: str, seed: int) -> None:
    write_notebook(server.root_dir, name, game_cells(players, seed))
    open_notebook(page, server, name)
    run_all_cells(page)
    page.locator(".dicelab-scale-row[data-player]").first.wait_for()


def python(server, name: str, code: str):
    return json.loads(kernel_eval(server, name, f"import json; print(json.dumps({code}))"))


def check_scales(page, server, name: str) -> list:
    """Each scale's yellow (banked) and blue (standing) bars match the Python-side state."""
    expected = json.loads(kernel_eval(server, name, PYTHON_SCALES))
    for player, banked, standing in expected:
        selector = f'.dicelab-scale-row[data-player="{player}"]'
        page.wait_for_function(
            "([selector, banked, standing]) => {"
            " const row = document.querySelector(selector);"
            " return row && row.dataset.banked === banked && row.dataset.standing === standing; }",
            arg=[selector, str(banked), str(standing)],
        )
        row = page.locator(selector)
        track = row.locator(".dicelab-scale-track").bounding_box()
        yellow = row.locator(".dicelab-scale-bar.is-banked").bounding_box()
        assert abs(1000 * yellow["width"] / track["width"] - banked) < 3, (player, yellow, banked)
        blue = row.locator(".dicelab-scale-bar.is-standing")
        if standing > banked:
            box = blue.bounding_box()
            assert abs(1000 * (box["x"] - track["x"]) / track["width"] - banked) < 3
            assert (
                abs(1000 * (box["x"] + box["width"] - track["x"]) / track["width"] - standing) < 3
            )
            assert f"would stand at {standing}" in row.locator(
                ".dicelab-scale-track"
            ).get_attribute("aria-label")
        else:
            assert blue.count() == 0
    return expected


def events(server, name: str) -> int:
    return python(server, name, "len(w.game.history)")


def wait_for_events(server, name: str, count: int) -> None:
    """Wait until the game has played ``count`` actions (bots may have played more)."""
    code = f"len(w.game.history) >= {count}"
    assert wait_for_kernel_value(server, name, code, "True") == "True"


def test_a_turn_by_clicks_with_the_scales_checked_against_python(page, jupyter_server):
    name = "thousand_clicks.ipynb"
    open_game(page, jupyter_server, name, '["Ann", {"name": "Robo", "bot": "simple"}]', seed=5)
    check_scales(page, jupyter_server, name)
    save = page.locator('.dicelab-button[data-key="save"]')
    assert save.get_attribute("aria-disabled") == "true"

    for turn in range(2):
        wait_for_kernel_value(jupyter_server, name, "w.game.current_player.name", "'Ann'")
        for _ in range(12):
            if python(
                jupyter_server, name, "w.refusal(__import__('dicelab').thousand.Bank()) is None"
            ):
                break
            count = events(jupyter_server, name)
            page.get_by_role("button", name="Throw").first.click()
            wait_for_events(jupyter_server, name, count + 1)
            if python(jupyter_server, name, "w.game.current_player.name") != "Ann":
                pytest.fail("the seed was chosen so that Ann's throws score")
            scales = check_scales(page, jupyter_server, name)
            track = page.locator('.dicelab-scale-row[data-player="Ann"] .dicelab-scale-track')
            assert scales[0][2] > scales[0][1]  # the blue bar shows the turn's points
            if python(jupyter_server, name, "w.needed_to_save(0, w.game.state.turn_points)"):
                assert "more needed to save" in track.get_attribute("aria-label")  # in a cask
            reason = python(
                jupyter_server, name, "w.refusal(__import__('dicelab').thousand.Bank())"
            )
            if reason:
                assert save.get_attribute("title") == reason
        if turn == 1:
            break
        count = events(jupyter_server, name)
        save.click()
        wait_for_events(jupyter_server, name, count + 1)
        banked = python(jupyter_server, name, "w.game.state.scores[0]")
        assert banked >= 100

    assert check_scales(page, jupyter_server, name)[0][1] >= 100  # yellow: Ann's banked score
    dice = page.locator(".dicelab-die")
    assert dice.count() == 5 and dice.first.locator(".dicelab-pip").count() >= 1
    assert_no_widget_errors(page)


def test_a_turn_by_keys_that_never_reach_the_notebook(page, jupyter_server):
    name = "thousand_keys.ipynb"
    open_game(page, jupyter_server, name, '["Ann", "Ben"]', seed=7)
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    page.locator('.dicelab-button[data-key="throw"]').focus()

    page.keyboard.press("t")
    wait_for_events(jupyter_server, name, 1)
    check_scales(page, jupyter_server, name)
    page.keyboard.press("s")  # refused: Ann is in the 0-100 cask
    notice = page.locator(".dicelab-notice")
    notice.wait_for(state="visible")
    assert "cask: reach 100 to save" in notice.inner_text()
    assert events(jupyter_server, name) == 1
    page.keyboard.press("b")  # JupyterLab's "insert a cell below" must not fire
    page.keyboard.press("a")

    while python(jupyter_server, name, "w.refusal(__import__('dicelab').thousand.Bank())"):
        count = events(jupyter_server, name)
        page.keyboard.press("t")
        wait_for_events(jupyter_server, name, count + 1)
        assert python(jupyter_server, name, "w.game.state.player") == 0
        check_scales(page, jupyter_server, name)
    count = events(jupyter_server, name)
    page.keyboard.press("s")
    wait_for_events(jupyter_server, name, count + 1)
    scores = python(jupyter_server, name, "w.game.state.scores")
    assert scores[0] >= 100 and scores[1] == 0
    assert python(jupyter_server, name, "w.game.current_player.name") == "Ben"
    check_scales(page, jupyter_server, name)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    assert_no_widget_errors(page)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_game_looks_right_in_both_themes(page, jupyter_server, request, theme):
    if theme == "dark":
        request.getfixturevalue("dark_theme")
    name = f"thousand_{theme}.ipynb"
    players = '["Ann", {"name": "Bot 1", "bot": "cask_aware"}, {"name": "Bot 2", "bot": "simple"}]'
    open_game(page, jupyter_server, name, players, seed=36)
    kernel_eval(
        jupyter_server,
        name,
        "w.game.state = __import__('dataclasses').replace("
        "w.game.state, scores=(0, 340, 720)); w.render()",
    )
    page.locator('.dicelab-button[data-key="throw"]').click()
    wait_for_events(jupyter_server, name, 1)
    check_scales(page, jupyter_server, name)
    game = page.locator(".dicelab-game")
    text, background = game.evaluate("""(node) => [
        getComputedStyle(node.querySelector(".dicelab-scale-name")).color,
        getComputedStyle(node).backgroundColor]""")
    assert text != background
    game.screenshot(path=str(ARTIFACTS / f"thousand-{theme}.png"))
    assert page.locator(".dicelab-scale-cask").first.inner_text() == "cask"
    assert_no_widget_errors(page)


KEY_NAMES = {"T", "S", "A", "K", "W", "M", "V", "J", "N", "Enter", "Escape", "Esc", "choose_keep"}
WORDS_SHOWN = """(game) => [game.innerText,
  ...[...game.querySelectorAll('[aria-label], [title]')].map(
      (node) => `${node.getAttribute('aria-label') ?? ''} ${node.getAttribute('title') ?? ''}`)
].join(' ')"""


def test_a_russian_table_speaks_russian_at_1024x768(page, jupyter_server):
    """``lang="ru"``: every word the table shows or gives a screen reader is Russian (the
    letters of the keys aside), the seed's Игра «Тысяча» at 1024×768."""
    name = "thousand_ru.ipynb"
    page.set_viewport_size({"width": 1024, "height": 768})
    cell = (
        "from dicelab.widgets import ThousandGame\nw = ThousandGame(lang='ru', seed=3, pace=0)\nw"
    )
    write_notebook(jupyter_server.root_dir, name, [cell])
    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    page.locator(".dicelab-scale-row[data-player]").first.wait_for()
    game = page.locator(".dicelab-game")
    assert game.get_attribute("aria-label") == "Игра «Тысяча»"
    page.get_by_role("button", name="Бросить 5 кубиков").click()
    wait_for_events(jupyter_server, name, 1)
    page.locator(".dicelab-help summary").click()  # the keys help, open: its words shown too
    page.wait_for_function(
        "() => document.querySelector('.dicelab-status').textContent.startsWith('Вы бросаете')"
    )
    shown = game.evaluate(WORDS_SHOWN)
    assert set(re.findall(r"[A-Za-z_]+", shown)) <= KEY_NAMES, shown
    for words in ("Ваш ход", "Записать", "бочк", "Клавиши", "Роботы: мгновенно", "История"):
        assert words in shown, words
    assert "Вы бросаете" in kernel_eval(jupyter_server, name, "print(w.controls.status)")
    page.locator(".dicelab-help summary").click()  # closed again for the picture
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "thousand-ru-1024x768.png"))
    assert_no_widget_errors(page)
