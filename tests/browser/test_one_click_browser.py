"""One click per decision at Fivethousand's table, in a real JupyterLab: after a throw the
best set-aside is proposed, so a turn is one click per throw and one to pass, and a click on
a die moves nothing on the table."""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    write_notebook,
)

NOTEBOOK = "one-click.ipynb"
TURNS = 20
# A long game (so that 20 turns are played before it ends), against the simple robot at a
# quick pace.
GAME = (
    "from dicelab import fivethousand\n"
    "from dicelab.widgets import FivethousandGame\n"
    "w = FivethousandGame(players=['Red', {'name': 'Robot', 'bot': 'simple'}],\n"
    "                     rules=fivethousand.Rules(target=100000), seed=5, pace=0.05)\n"
    "w"
)

# Where every element of `game` is drawn, relative to the game, in document order.
PLACES = """(game) => {
    const origin = game.getBoundingClientRect();
    return [...game.querySelectorAll("*")].map((node) => {
        const box = node.getBoundingClientRect();
        return {tag: node.tagName, name: `${node.tagName.toLowerCase()}.${node.className.baseVal ?? node.className}`,
                box: [box.left - origin.left, box.top - origin.top, box.width, box.height]};
    });
}"""


@pytest.fixture
def table(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, [GAME])
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    page.get_by_role("button", name="Shaker: throw 6 dice").wait_for()
    return page


def newest_entry(page) -> int:
    """The serial of the newest history entry (0 before any)."""
    return page.evaluate("""() => Math.max(0, ...[...document.querySelectorAll(
        '.dicelab-history-entry')].map((entry) => Number(entry.dataset.serial)))""")


def current_numbers(page) -> dict:
    """The numbers on the card of the player to move."""
    card = page.locator(".dicelab-board-player.is-current")
    labels = card.locator(".dicelab-board-label").all_inner_texts()
    values = card.locator(".dicelab-board-value").all_inner_texts()
    return dict(zip(labels, values))


def click_and_wait(page, control) -> None:
    """Click ``control`` and wait until the table has played it (a new history entry)."""
    before = newest_entry(page)
    control.click()
    page.wait_for_function(f"""() => [...document.querySelectorAll('.dicelab-history-entry')]
        .some((entry) => Number(entry.dataset.serial) > {before})""")


def wait_for_my_turn(page) -> None:
    page.locator(".dicelab-turn", has_text="Red's turn").wait_for(timeout=60_000)
    page.get_by_role("button", name="Shaker: throw 6 dice").wait_for(timeout=60_000)


def test_a_turn_is_one_click_per_throw_and_one_to_pass(table, jupyter_server):
    page = table
    shaker = page.locator(".dicelab-shaker-button")
    clicks, throws, farkles, go_ons = [], [], 0, 0
    for _ in range(TURNS):
        wait_for_my_turn(page)
        turn_clicks, turn_throws = 0, 0
        while True:
            click_and_wait(page, shaker)
            turn_clicks += 1
            turn_throws += 1
            go_on = page.get_by_role("button", name=re.compile("^Go on"))
            if page.locator(".dicelab-turn", has_text="Red's turn").count() == 0 or go_on.count():
                farkles += 1
                if go_on.count():  # a farkle stays on the table until Red goes on
                    go_on.click()
                    turn_clicks += 1
                    go_ons += 1
                break
            # The proposal is playable as it stands: the shaker and PASS take it in one click.
            assert shaker.get_attribute("aria-disabled") == "false"
            in_cup = int(re.search(r"throw (\d+) di", shaker.get_attribute("aria-label")).group(1))
            if int(current_numbers(page)["This turn"]) >= 350 or in_cup < 3:
                click_and_wait(page, page.get_by_role("button", name=re.compile("^PASS: bank")))
                turn_clicks += 1
                break
        clicks.append(turn_clicks)
        throws.append(turn_throws)
    mean = sum(clicks) / TURNS
    print(
        f"\nFivethousand, {TURNS} turns against the robot: {mean:.2f} clicks per turn "
        f"(mean throws {sum(throws) / TURNS:.2f}, {farkles} farkles, {go_ons} 'Go on' clicks)"
    )
    # Every click was a decision: one per throw, one per pass, one to go on after a farkle.
    assert sum(clicks) == sum(throws) + (TURNS - farkles) + go_ons
    passes = kernel_eval(
        jupyter_server,
        NOTEBOOK,
        "sum(e.player == 0 and e.action.type == 'bank' for e in w.game.history)",
    )
    assert int(passes) == TURNS - farkles  # the game itself saw every pass
    assert_no_widget_errors(page)


@pytest.mark.parametrize("width", [1024, 1400])
def test_a_click_on_a_die_moves_nothing_on_the_table(table, width):
    page = table
    page.set_viewport_size({"width": width, "height": 900})
    game = page.locator(".dicelab-game")
    page.locator(".dicelab-shaker-button").click()
    dice = page.locator(".dicelab-tray").first.locator(".dicelab-die")
    dice.nth(5).wait_for()
    page.mouse.move(0, 0)
    page.wait_for_timeout(600)  # the tumble is over
    boxes = [dice.nth(i).bounding_box() for i in range(6)]
    assert len({round(box["y"]) for box in boxes}) == 1, (
        f"the six dice are not in one row at {width} px"
    )
    frame = game.bounding_box()
    assert boxes[-1]["x"] + boxes[-1]["width"] <= frame["x"] + frame["width"], (
        f"the sixth die sticks out of the table at {width} px"
    )
    for die in (0, 1, 0, 1, 5):  # out and back again, scoring dice and not
        before = game.evaluate(PLACES)
        status = page.locator(".dicelab-status").inner_text()
        dice.nth(die).click()
        page.wait_for_function(
            "(text) => document.querySelector('.dicelab-status').innerText !== text", arg=status
        )
        page.mouse.move(0, 0)
        after = game.evaluate(PLACES)
        assert [node["tag"] for node in after] == [node["tag"] for node in before]
        moved = [
            f"{b['name']} {b['box']} -> {a['box']}"
            for b, a in zip(before, after)
            if any(abs(x - y) > 1 for x, y in zip(a["box"], b["box"]))
        ]
        assert moved == [], f"a click on die {die + 1} at {width} px moved: {moved[:5]}"
    game.screenshot(path=str(ARTIFACTS / f"one-click-{width}.png"))
    assert_no_widget_errors(page)
