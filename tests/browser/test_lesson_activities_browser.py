"""The lessons' class activities on a phone (360×640): each started by the teacher, played
by taps and keys, its tally on the page, and photographed."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.harness import ARTIFACTS, screenshot
from tests.browser.test_classroom_browser import PHONE, settled
from tests.classroom.serving import ServerProcess

pytest.importorskip("tornado")
pytest.importorskip("segno")

ACTIVITIES = {  # activity -> its button, how many presses, the words of the student's tally
    "cask": ("throw", 12, r"You: \d+ escapes? in \d+ turns?\."),
    "sixes": ("throw", 5, r"You: \d+ (six|sixes) in 5 throws\."),
    "hot-dice": ("throw", 5, r"You: hot dice \d+ times? in 5 throws\."),
    "farkles-no-fives": ("throw", 5, r"You: \d+ farkles? in 5 throws\."),
    "first-player": ("play", 3, r"First robot: [\d.]+ wins? in 3 games\."),
}


def test_each_lesson_activity_on_a_phone(browser, tmp_path):
    server = ServerProcess(tmp_path / "class", "--activity", "farkles-three")
    teacher = server.teacher_socket(timeout=120)
    context = browser.new_context(**PHONE, color_scheme="light")
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.student_url)
        page.fill("#name", "Ann")
        page.get_by_role("button", name="Join").click()
        page.locator("button[data-key='throw']").wait_for()
        settled(page)
        for name, (button, presses, tally) in ACTIVITIES.items():
            # A press before the new activity's view arrives belongs to the one before (the
            # buttons share their keys), so the presses wait for the page's run to change.
            before = page.evaluate("document.body.dataset.run")
            teacher.send(
                json.dumps(
                    {
                        "type": "intent",
                        "intent": {"part": "board", "type": "start", "activity": name, "robot": ""},
                    }
                )
            )
            page.wait_for_function("(before) => document.body.dataset.run !== before", arg=before)
            control = page.locator(f"button[data-key='{button}']")
            control.wait_for()
            for press in range(presses):
                if press % 2:
                    page.keyboard.press(button[0])  # the key of the button
                else:
                    control.first.tap()
                settled(page)
            page.get_by_text(re.compile(tally)).first.wait_for()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"{name}: the page is {width} px wide on a phone"
            screenshot(page, ARTIFACTS / "classroom" / f"phone-{name}.png")
        rows = server.csv_rows()
        for name, (_, presses, _) in ACTIVITIES.items():
            mine = [row for row in rows if row[1] == name]
            assert (len(mine) == presses) or (name == "cask" and 0 < len(mine) <= presses)
        assert errors == []
    finally:
        context.close()
        teacher.close()
        server.stop()
