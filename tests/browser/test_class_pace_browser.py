"""A class game on a phone: the student chooses the robots' pace, sees each step arrive, and
skips the robots' turn (a real class server, its student page alone in Chromium)."""

from __future__ import annotations

import json

import pytest

from dicelab.classroom.store import Store
from tests.browser.harness import ARTIFACTS, free_port, screenshot
from tests.browser.test_classroom_browser import PHONE, click, settled
from tests.classroom.serving import ServerProcess
from tests.classroom.test_robot_pace import SEED

pytest.importorskip("tornado")

PACE = "[data-part='controls'] button[data-key='pace']"
SKIP = "[data-part='controls'] button[data-key='skip']"
SHAKER = "[data-part='shaker'] button"
PASS = "[data-part='controls'] button[data-key='pass']"


@pytest.fixture
def server(tmp_path):
    store = Store(tmp_path / "class")
    store.set_meta("seed", SEED)  # the first throw of each of the student's turns here scores
    store.close()
    server = ServerProcess(tmp_path / "class", "--activity", "fivethousand", port=free_port())
    yield server
    server.stop()


def choose(page, pace: str) -> None:
    """Press the pace button until it says ``pace``."""
    for _ in range(4):
        if page.locator(PACE).inner_text() == f"Robots: {pace}":
            return
        click(page, PACE)
    raise AssertionError(f"no pace {pace}")


def test_on_a_phone_the_robots_play_step_by_step_at_fast_and_skip_ends_their_turn(browser, server):
    context = browser.new_context(**PHONE)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    pushed: list[dict] = []  # the views the server sent without an acknowledgement

    def read(frame) -> None:
        message = json.loads(frame) if isinstance(frame, str) else {}
        if message.get("type") == "view":
            pushed.append(message)

    page.on("websocket", lambda socket: socket.on("framereceived", read))
    try:
        page.goto(server.student_url)
        page.fill("#name", "Ann")
        page.get_by_role("button", name="Join").click()
        page.locator(SHAKER).wait_for()
        assert page.locator(PACE).is_visible()
        choose(page, "fast")
        click(page, SHAKER)
        before = len(pushed)
        click(page, PASS)
        page.locator(SKIP).wait_for(state="detached")  # the robot's turn, step by step
        settled(page)
        steps = pushed[before:]
        assert len(steps) >= 2  # each of the robot's steps came by itself
        assert page.locator(SHAKER).is_enabled()

        choose(page, "slow")
        click(page, SHAKER)
        click(page, PASS)
        page.locator(SKIP).wait_for()
        screenshot(page, ARTIFACTS / "classroom" / "phone-robots-pace.png")
        before = len(pushed)
        click(page, SKIP)
        page.locator(SKIP).wait_for(state="detached")
        assert len(pushed) - before <= 1  # the turn ended in the answer, not in steps
        assert page.locator(SHAKER).is_enabled()
        assert errors == []
    finally:
        context.close()
