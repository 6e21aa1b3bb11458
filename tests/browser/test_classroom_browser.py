"""A class in real browsers: ten students (four on phones) join a real class server, throw
for farkles (the server is killed with SIGKILL mid-activity and started again) or play
Fivethousand against the robot, while the teacher's board in JupyterLab pools them."""

from __future__ import annotations

import json
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


RANKED_SCORE = """() => {
    const me = document.getElementById("who").textContent.replace("You are ", "");
    const rows = [...document.querySelectorAll(".dicelab-ranking-list li")];
    const mine = rows.find((row) => row.querySelector(".dicelab-ranking-name").textContent === me);
    return mine.querySelector(".dicelab-ranking-score").textContent;
}"""


def fivethousand_step(page, table) -> tuple[bool, int | None]:
    """One step of a game by clicks: throw, send back the dice that don't score best, pass
    (or throw again after hot dice). It reads the page again first, so it is only ever one
    click ahead of what the page shows. (clicked, the player's score once the game is over)."""
    if page.locator("[data-part='ranking']").count():
        return False, int(page.evaluate(RANKED_SCORE))
    shaker, passing = (
        "[data-part='shaker'] button",
        "[data-part='controls'] button[data-key='pass']",
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
        return False, None
    return True, None


def play_fivethousand(pages: dict) -> dict:
    """Whole games by clicks on every page at once, one step each in turn (so one player's
    robot plays while the others click): each player's score, by the page's key."""
    table = fivethousand.Rules().combinations()
    scores: dict = {}
    for _ in range(3000):
        clicked = False
        for key, page in pages.items():
            if key not in scores:
                moved, score = fivethousand_step(page, table)
                clicked |= moved
                if score is not None:
                    scores[key] = score
        if len(scores) == len(pages):
            return scores
        if not clicked:
            next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("the games did not end")


def open_board(page, jupyter_server, server, notebook: str):
    """The teacher's board in JupyterLab, connected to ``server``; the Classroom's name is ``room``."""
    write_notebook(
        jupyter_server.root_dir,
        notebook,
        [
            f"from dicelab.classroom import Classroom\nroom = Classroom({server.teacher_url!r})\nroom"
        ],
    )
    open_notebook(page, jupyter_server, notebook)
    run_all_cells(page)
    board = page.locator(".dicelab-board")
    board.wait_for()
    return board


def join_class(browser, server, names) -> list:
    """Students join in browsers of their own (every third on a phone): (context, page,
    errors, name) each, waiting at the activity's first button."""
    students = []
    for index, name in enumerate(names):
        context, student, errors = join(browser, index)
        students.append((context, student, errors, name))
        student.goto(server.student_url)
        student.fill("#name", name)
        student.get_by_role("button", name="Join").click()
    return students


def assert_no_errors(page, students) -> None:
    """No widget error on the teacher's page, no page error on any student's."""
    assert_no_widget_errors(page)
    for _, _, errors, _ in students:
        assert errors == []


def leave(students, server) -> None:
    """Close every student's browser, then stop the server."""
    for context, *_ in students:
        context.close()
    server.stop()


def start_from_the_board(page, activity: str, heading: str) -> None:
    page.locator(".dicelab-board select[aria-label='Activity']").select_option(activity)
    page.locator(".dicelab-board button[data-key='start']").click()
    page.locator(".dicelab-board h3", has_text=heading).wait_for(timeout=60_000)


def test_a_class_of_ten_throws_for_farkles_through_a_sigkill(
    browser, page, jupyter_server, tmp_path
):
    port = free_port()
    data = tmp_path / "class"
    server = ServerProcess(data, "--activity", "farkles", port=port)
    students = []
    try:
        board = open_board(page, jupyter_server, server, "farkles-class.ipynb")
        names = ["<img src=x onerror=alert(0)>"] + [f"Student {i}" for i in range(1, STUDENTS)]
        students = join_class(browser, server, names)
        throws = {}
        for index, (_, student, _, _) in enumerate(students):
            student.locator("button[data-key='throw']").wait_for()
            throws[index] = 2 + index % 4
            throw_farkles(student, throws[index])
        # a name made of markup is drawn as text on the student's page and on the board
        assert students[0][1].locator("#who").inner_text() == "You are <img src=x onerror=alert"
        assert students[0][1].locator("img").count() == 0
        page.locator(".dicelab-board-name", has_text="<img src=x").wait_for()
        assert board.locator("img").count() == 0

        total = sum(throws.values())
        page.locator(f".dicelab-board-pooled[data-trials='{total}']").wait_for()
        assert kernel_eval(
            jupyter_server, "farkles-class.ipynb", "print(room.pooled()['trials'])"
        ).strip() == str(total)
        rows = [row for row in server.csv_rows() if row[1] == "farkles"]
        farkles = sum(int(row[6]) for row in rows)
        assert len(rows) == total
        assert page.locator(".dicelab-board-pooled").get_attribute("data-successes") == str(farkles)
        screenshot(students[3][1], ARTIFACTS / "classroom" / "phone-farkles.png")

        # SIGKILL mid-activity: students go on throwing, the pages reconnect and resend; the
        # teacher's board says it lost the server, and the teacher's click meanwhile is kept
        server.kill()
        for _, student, _, _ in students[:4]:
            student.locator("button[data-key='throw']").first.click()
        page.locator(".dicelab-board .dicelab-notice", has_text="does not answer").wait_for()
        screenshot(page, ARTIFACTS / "classroom" / "teacher-server-down.png")
        page.locator(".dicelab-board button[data-key='reveal']").click()
        server = ServerProcess(data, port=port)
        for index, (_, student, _, _) in enumerate(students[:4]):
            settled(student)
            throws[index] += 1
            student.get_by_text(re.compile(rf"in {throws[index]} throws\.")).wait_for()
        page.locator(".dicelab-board-exact", has_text="Exact: 5/162").wait_for()
        rows = [row for row in server.csv_rows() if row[1] == "farkles"]
        assert len(rows) == sum(throws.values())
        assert len({(row[2], row[4]) for row in rows}) == len(rows)  # no result twice
        per_student = Counter(row[3] for row in rows)
        assert per_student["Student 1"] == throws[1] and per_student["Student 9"] == throws[9]
        assert_no_errors(page, students)
    finally:
        leave(students, server)


def test_a_class_of_ten_plays_fivethousand_against_the_robot(
    browser, page, jupyter_server, tmp_path
):
    server = ServerProcess(tmp_path / "class", port=free_port())
    students = []
    try:
        open_board(page, jupyter_server, server, "fivethousand-class.ipynb")
        students = join_class(browser, server, [f"Student {i}" for i in range(STUDENTS)])
        # the teacher starts Fivethousand from the board in JupyterLab
        start_from_the_board(page, "fivethousand", "Fivethousand against a robot")
        for _, student, _, _ in students:
            student.locator("[data-part='shaker'] button").wait_for()
        scores = play_fivethousand({name: student for _, student, _, name in students})
        screenshot(students[3][1], ARTIFACTS / "classroom" / "phone-fivethousand.png")
        page.locator(f".dicelab-board-pooled[data-trials='{STUDENTS}']").wait_for()
        games = [row for row in server.csv_rows() if row[1] == "fivethousand"]
        assert {row[3].lstrip("'"): json.loads(row[7])["score"] for row in games} == scores
        wins = sum(int(row[6]) for row in games)
        assert page.locator(".dicelab-board-pooled").get_attribute("data-successes") == str(wins)
        screenshot(page, ARTIFACTS / "classroom" / "teacher-jupyterlab.png")
        assert_no_errors(page, students)
    finally:
        leave(students, server)
