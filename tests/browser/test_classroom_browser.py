"""A class in real browsers: ten students (four on phones) join a real class server, throw
for farkles and play Fivethousand against the robot, while the teacher's board in JupyterLab
pools them; the server is killed with SIGKILL mid-activity and started again."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from dicelab import fivethousand
from tests.browser.harness import (
    ARTIFACTS,
    assert_no_widget_errors,
    free_port,
    kernel_eval,
    open_notebook,
    run_all_cells,
    screenshot,
    write_notebook,
)
from tests.classroom.serving import ServerProcess

pytest.importorskip("tornado")
pytest.importorskip("segno")

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
STUDENTS = 10
DIE = re.compile(r"die (\d) showing (\d), (left out|back in the shaker)")


def settled(page) -> None:
    """Wait until every intent the page sent is acknowledged."""
    page.locator("body[data-pending='0']").wait_for(state="attached")


def click(page, selector: str) -> None:
    page.locator(selector).first.click()
    settled(page)


def join(browser, index: int):
    options = PHONE if index % 3 == 0 else LAPTOP
    context = browser.new_context(**options, color_scheme="dark" if index % 2 else "light")
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def throw_farkles(page, times: int, done: int = 0) -> None:
    for n in range(done + 1, done + times + 1):
        click(page, "button[data-key='throw']")
        page.get_by_text(re.compile(rf"in {n} throws?\.")).wait_for()


def enabled(page, selector: str) -> bool:
    found = page.locator(selector)
    return found.count() > 0 and found.first.get_attribute("aria-disabled") != "true"


def play_fivethousand(page) -> int:
    """A whole game by clicks: throw, send back the dice that don't score best, pass (or
    throw again after hot dice). Each step reads the page again, so it is only ever one click
    ahead of what the page shows."""
    table = fivethousand.Rules().combinations()
    shaker, passing = (
        "[data-part='shaker'] button",
        "[data-part='controls'] button[data-key='pass']",
    )
    for _ in range(1000):
        if page.locator("[data-part='ranking']").count():
            return int(
                page.evaluate("""() => {
                const me = document.getElementById("who").textContent.replace("You are ", "");
                const rows = [...document.querySelectorAll(".dicelab-ranking-list li")];
                const mine = rows.find((row) => row.querySelector(".dicelab-ranking-name").textContent === me);
                return mine.querySelector(".dicelab-ranking-score").textContent;
            }""")
            )
        labels = [
            DIE.search(label)
            for label in page.locator(
                "[data-part='dice'] button.dicelab-die[aria-disabled='false']"
            ).evaluate_all("nodes => nodes.map(n => n.getAttribute('aria-label'))")
        ]
        dice = [(int(m[1]) - 1, int(m[2]), m[3]) for m in labels if m]
        wrong = []
        if dice:
            best, _ = table.best_choice(tuple(sorted(face for _, face, _ in dice)))
            wanted = list(best)
            for index, face, where in dice:
                keep = face in wanted
                if keep:
                    wanted.remove(face)
                if keep == (where != "left out"):
                    wrong.append(index)
        if wrong:
            click(page, f"[data-part='dice'] button[data-key='die-{wrong[0]}']")
        elif dice and enabled(page, passing):
            click(page, passing)
        elif enabled(page, shaker):
            click(page, shaker)
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the game did not end")


def test_a_class_of_ten_in_real_browsers(browser, page, jupyter_server, tmp_path):
    port = free_port()
    data = tmp_path / "class"
    server = ServerProcess(data, "--activity", "farkles", port=port)
    students = []
    try:
        write_notebook(
            jupyter_server.root_dir,
            "class.ipynb",
            [
                f"from dicelab.classroom import Classroom\nroom = Classroom({server.teacher_url!r})\nroom"
            ],
        )
        open_notebook(page, jupyter_server, "class.ipynb")
        run_all_cells(page)
        board = page.locator(".dicelab-board")
        board.wait_for()

        throws = {}
        for index in range(STUDENTS):
            context, student, errors = join(browser, index)
            student.goto(server.student_url)
            name = f"<img src=x onerror=alert({index})>" if index == 0 else f"Student {index}"
            student.fill("#name", name)
            student.get_by_role("button", name="Join").click()
            student.locator("button[data-key='throw']").wait_for()
            throws[index] = 2 + index % 4
            throw_farkles(student, throws[index])
            students.append((context, student, errors, name))
        # a name made of markup is drawn as text on the student's page and on the board
        assert students[0][1].locator("#who").inner_text() == "You are <img src=x onerror=alert"
        assert students[0][1].locator("img").count() == 0
        page.locator(".dicelab-board-name", has_text="<img src=x").wait_for()
        assert board.locator("img").count() == 0

        total = sum(throws.values())
        page.locator(f".dicelab-board-pooled[data-trials='{total}']").wait_for()
        assert kernel_eval(
            jupyter_server, "class.ipynb", "print(room.pooled()['trials'])"
        ).strip() == str(total)
        rows = [row for row in server.csv_rows() if row[1] == "farkles"]
        farkles = sum(int(row[6]) for row in rows)
        assert len(rows) == total
        assert page.locator(".dicelab-board-pooled").get_attribute("data-successes") == str(farkles)
        screenshot(students[3][1], ARTIFACTS / "classroom" / "phone-farkles.png")

        # SIGKILL mid-activity: students go on throwing, the pages reconnect and resend
        server.kill()
        for _, student, _, _ in students[:4]:
            student.locator("button[data-key='throw']").first.click()
        server = ServerProcess(data, port=port)
        for index, (_, student, _, _) in enumerate(students[:4]):
            settled(student)
            throws[index] += 1
            student.get_by_text(re.compile(rf"in {throws[index]} throws\.")).wait_for()
        rows = [row for row in server.csv_rows() if row[1] == "farkles"]
        assert len(rows) == sum(throws.values())
        assert len({(row[2], row[4]) for row in rows}) == len(rows)  # no result twice
        per_student = Counter(row[3] for row in rows)
        assert per_student["Student 1"] == throws[1] and per_student["Student 9"] == throws[9]

        # the teacher starts Fivethousand from the board in JupyterLab
        page.locator(".dicelab-board select[aria-label='Activity']").select_option("fivethousand")
        page.locator(".dicelab-board button[data-key='start']").click()
        page.locator(".dicelab-board h3", has_text="Fivethousand against a robot").wait_for()
        scores = {}
        for index, (_, student, _, name) in enumerate(students):
            student.locator("[data-part='shaker'] button").wait_for()
            scores[name] = play_fivethousand(student)
            if index == 3:
                screenshot(student, ARTIFACTS / "classroom" / "phone-fivethousand.png")
        page.locator(f".dicelab-board-pooled[data-trials='{STUDENTS}']").wait_for()
        games = [row for row in server.csv_rows() if row[1] == "fivethousand"]
        assert len(games) == STUDENTS
        import json

        assert {row[3].lstrip("'"): json.loads(row[7])["score"] for row in games} == {
            name[:24]: score for name, score in scores.items()
        }
        wins = sum(int(row[6]) for row in games)
        assert page.locator(".dicelab-board-pooled").get_attribute("data-successes") == str(wins)
        screenshot(page, ARTIFACTS / "classroom" / "teacher-jupyterlab.png")
        assert_no_widget_errors(page)
        for _, _, errors, _ in students:
            assert errors == []
    finally:
        for context, *_ in students:
            context.close()
        server.stop()
