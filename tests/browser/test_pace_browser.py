"""The robots' pace in the player's hands, in a real JupyterLab: at "fast" a robot's turn
goes at the fast pace, at "instant" it is over at once, measured in the browser; Skip to my
turn plays it at once.

On a quiet machine a long robot turn at "fast" takes a few seconds (nine moves, 0.3 s apart,
each drawn as it comes, so the dice can be read), and at "instant" well under 100 ms from
the click to your turn (the robot's whole turn drawn once). The test prints the times. It
asserts only what load cannot break: the turns at "fast" are over sooner than their moves
take at the normal pace, and those at "instant" sooner than those at "fast".
"""

from __future__ import annotations

import re

from dicelab.widgets.pace import PACES
from tests.browser.harness import (
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    write_notebook,
)

NOTEBOOK = "pace.ipynb"
GAME = (
    "from dicelab import fivethousand\n"
    "from dicelab.widgets import FivethousandGame\n"
    "w = FivethousandGame(players=['Red', {'name': 'Robot', 'bot': 'intelligent'}],\n"
    "                     rules=fivethousand.Rules(target=100000), seed=8, pace=0.6)\n"
    "w"
)

# Click `selector`, then wait until the robot has played and it is Red's turn again, with
# the shaker ready: the milliseconds that took, in the browser's own clock (-1: never). A
# big bank of Red's waits for Red: the Go on click then starts the clock again. The robot's
# turn is seen by a MutationObserver, at every change of the page: a turn that ends at once
# (a farkle on its first throw) can come and go between two animation frames of a busy
# machine, and a CI run once waited for it in vain.
ROBOT_TURN = """async (selector) => {
    let start = performance.now();
    let robotSeen = false;
    const turn = () => document.querySelector(".dicelab-turn")?.textContent ?? "";
    const watch = new MutationObserver(() => { robotSeen ||= turn().includes("Robot's turn"); });
    watch.observe(document.querySelector(".dicelab-game"),
                  {subtree: true, childList: true, characterData: true, attributes: true});
    document.querySelector(`.dicelab-game ${selector}`).click();
    return await new Promise((done) => {
        const end = (value) => { watch.disconnect(); done(value); };
        const look = () => {
            const goOn = document.querySelector(".dicelab-game [data-key=go_on]");
            if (goOn && !goOn.dataset.clicked) {
                goOn.dataset.clicked = "yes";
                goOn.click();
                start = performance.now();
            }
            const shaker = document.querySelector(".dicelab-shaker-button");
            robotSeen ||= turn().includes("Robot's turn");
            if (robotSeen && turn().includes("Red's turn")
                && shaker?.getAttribute("aria-label") === "Shaker: throw 6 dice") {
                return end(performance.now() - start);
            }
            if (performance.now() - start > 30000) return end(-1);
            requestAnimationFrame(look);
        };
        look();
    });
}"""


def test_robot_turns_at_fast_and_instant_and_skip_plays_them_at_once(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, NOTEBOOK, [GAME])
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all_cells(page)
    page.get_by_role("button", name="Robots: normal").click()
    page.get_by_role("button", name="Robots: fast").wait_for()
    assert kernel_eval(jupyter_server, NOTEBOOK, "w.pace") == "0.3"

    times, steps = robot_turns(page, jupyter_server, "fast", 4)
    # The robot's moves (all but Red's pass) would be 0.6 s apart at the normal pace; at fast
    # they are 0.3 s apart, so the turns take less long, even on a busy machine.
    robot_moves = sum(steps) - len(steps)
    assert sum(times) < robot_moves * PACES["normal"] * 1000

    # At instant the robot's whole turn is drawn once, with no step in between.
    page.get_by_role("button", name="Robots: fast").click()
    page.get_by_role("button", name="Robots: instant").wait_for()
    instant, _ = robot_turns(page, jupyter_server, "instant", 4)
    assert sum(instant) / len(instant) < sum(times) / len(times)

    # Back to slow, and Skip to my turn (J) plays the robot's turn at once.
    page.locator(".dicelab-heading").click()  # the game takes the keys
    page.keyboard.press("v")  # instant, slow
    page.get_by_role("button", name="Robots: slow").wait_for()
    page.get_by_role("button", name="Shaker: throw 6 dice").click()
    go_on = page.get_by_role("button", name=re.compile("^Go on"))
    skip = page.get_by_role("button", name="Skip to my turn")
    go_on.or_(page.get_by_role("button", name=re.compile("^PASS: bank"))).wait_for()
    (go_on if go_on.count() else page.get_by_role("button", name=re.compile("^PASS: bank"))).click()
    go_on.or_(skip).wait_for()
    if go_on.count():  # a big bank of Red's waits for Red first
        go_on.click()
    skip.click()
    page.get_by_role("button", name="Shaker: throw 6 dice").wait_for(timeout=5000)
    assert kernel_eval(jupyter_server, NOTEBOOK, "w.game.current_player.name") == "'Red'"
    assert_no_widget_errors(page)


def robot_turns(page, jupyter_server, pace: str, turns: int) -> tuple[list, list]:
    """Red throws and passes (or goes on after a big bank) ``turns`` times: the milliseconds
    from that click to Red's turn again, and the moves each took, printed."""
    times, steps = [], []
    for _ in range(turns):
        page.get_by_role("button", name="Shaker: throw 6 dice").click()
        go_on = page.get_by_role("button", name=re.compile("^Go on"))
        passing = page.get_by_role("button", name=re.compile("^PASS: bank"))
        go_on.or_(passing).wait_for()
        before = int(kernel_eval(jupyter_server, NOTEBOOK, "len(w.game.history)"))
        times.append(
            page.evaluate(ROBOT_TURN, "[data-key=go_on]" if go_on.count() else "[data-key=pass]")
        )
        steps.append(int(kernel_eval(jupyter_server, NOTEBOOK, "len(w.game.history)")) - before)
    print(
        f"\nA robot's turn at {pace!r}, in the browser: {', '.join(f'{t:.0f} ms' for t in times)} "
        f"({', '.join(map(str, steps))} moves)"
    )
    assert -1 not in times and all(n >= 2 for n in steps)  # the robot really played each time
    return times, steps
