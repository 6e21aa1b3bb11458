"""The class tournament in Chromium, without JupyterLab: six students (two on phones) build
and enter strategies, the teacher closes the entries and the server plays the round robin,
the projector's leaderboard fills in, the robots are revealed last, each student sees their
card, and the CSV holds every strategy and result. Each new page is also opened alone, and
photographed."""

from __future__ import annotations

import csv
import io
import json

import pytest

from dicelab.classroom.tournament import DEFAULTS
from tests.browser.axe import violations
from tests.browser.harness import ARTIFACTS, free_port, screenshot
from tests.classroom.serving import ServerProcess
from tests.classroom.test_tournament import GAMES, tournament_folder

pytest.importorskip("tornado")
pytest.importorskip("segno")

SCREEN = {"viewport": {"width": 1024, "height": 768}}
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
PICTURES = ARTIFACTS / "classroom"


@pytest.fixture
def server(tmp_path):
    server = ServerProcess(tournament_folder(tmp_path / "class"), port=free_port())
    yield server
    server.stop()


def open_page(browser, url: str, size: dict):
    """A page of its own at ``url``: (context, page, the page's errors)."""
    context = browser.new_context(**size)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


def join(page, name: str) -> None:
    page.locator("#name").fill(name)
    page.locator("#join button").click()
    page.locator(".dicelab-entry[data-phase='open']").wait_for()


def choose(page, setting: str, value) -> None:
    """Pick ``value`` in the menu of ``setting``; wait until the server has it."""
    page.locator(f".dicelab-entry select[data-key='{setting}']").select_option(str(value))
    page.wait_for_function(
        "([setting, value]) => document.querySelector("
        "`.dicelab-entry select[data-key='${setting}']`)?.value === value "
        "&& document.body.dataset.pending === '0'",
        arg=[setting, str(value)],
    )


STRATEGIES = {  # name: the settings each student picks, in order
    "Ann": [("all", 400)],
    "Ben": [("all", 250), ("bank_1", 150), ("bank_2", 200)],
    "Cat": [("behind", 300), ("behind_bank_at", 600)],
    "Dan": [("near", 200), ("near_bank_at", 50), ("set_aside", "fewest_dice")],
    "Eve": [("all", 350), ("set_aside", "keep_most_dice")],  # a phone
    "Fay": [("bank_6", 500), ("bank_5", 450), ("bank_1", 100)],  # a phone
}


def expected(settings) -> dict:
    """The settings a student has after picking ``settings`` from the defaults."""
    chosen = dict(DEFAULTS)
    for setting, value in settings:
        for name in [f"bank_{n}" for n in range(1, 7)] if setting == "all" else [setting]:
            chosen[name] = value
    return chosen


def test_six_students_enter_the_teacher_plays_the_projector_fills_in_and_the_csv_holds_it(
    browser, server
):
    teacher, teacher_page, teacher_errors = open_page(browser, server.teacher_url, SCREEN)
    projector, board, board_errors = open_page(browser, server.projector_url, SCREEN)
    students = []
    try:
        board.locator(".dicelab-leaderboard[data-phase='open']").wait_for()
        for index, (name, settings) in enumerate(STRATEGIES.items()):
            context, page, errors = open_page(
                browser, server.student_url, PHONE if index >= 4 else SCREEN
            )
            students.append((name, context, page, errors))
            join(page, name)
            for setting, value in settings:
                choose(page, setting, value)
            if name == "Eve":
                screenshot(page, PICTURES / "tournament-phone-builder.png")
            # the last setting is in: one tap enters
            page.locator(".dicelab-entry button[data-key='enter']").click()
            page.locator(".dicelab-entry[data-entered='true']").wait_for()
        board.locator(".dicelab-leaderboard-status", has_text="Entries: 6.").wait_for()
        assert board.locator(".dicelab-leaderboard button").count() == 0

        teacher_page.locator(".dicelab-leaderboard button[data-key='play']").click()
        board.locator(".dicelab-leaderboard[data-phase='played'][data-rows='6']").wait_for()
        names = board.locator(".dicelab-leaderboard-name").all_inner_texts()
        assert sorted(names) == sorted(STRATEGIES)  # the robots are not shown yet
        board.get_by_text("their places are revealed last").wait_for()

        teacher_page.locator(".dicelab-leaderboard button[data-key='reveal-robots']").click()
        board.locator(".dicelab-leaderboard[data-revealed='true'][data-rows='10']").wait_for()
        places = board.locator(".dicelab-leaderboard-place").all_inner_texts()
        assert places == [str(n) for n in range(1, 11)]
        assert board.locator("tr.is-robot").count() == 4
        screenshot(board, PICTURES / "tournament-projector.png")

        for name, _, page, _ in students:
            page.locator(".dicelab-entry-result").wait_for()
            assert page.locator(".dicelab-entry-result").inner_text().count("of 10") == 1, name
        screenshot(students[4][2], PICTURES / "tournament-phone-card.png")

        answer = teacher.request.get(server.teacher_page + "/results.csv")
        assert answer.status == 200
        rows = list(csv.DictReader(io.StringIO(answer.text())))
        entries = {r["name"]: json.loads(r["detail"]) for r in rows if "entry" in r["detail"]}
        results = {r["name"]: r for r in rows if '"place"' in r["detail"]}
        assert sorted(entries) == sorted(results) == sorted(STRATEGIES)
        for name, settings in STRATEGIES.items():
            assert entries[name]["settings"] == expected(settings), name
            assert int(results[name]["trials"]) == 9 * GAMES  # 5 students and 4 robots
        shown = {
            row.split("\t")[1]: row.split("\t")[0]
            for row in board.locator(
                ".dicelab-leaderboard-table tr:not(:first-child)"
            ).all_inner_texts()
        }
        for name, row in results.items():
            assert shown[name] == str(json.loads(row["detail"])["place_all"])
        assert teacher_errors == board_errors == [] and all(not s[3] for s in students)
    finally:
        for _, context, _, _ in students:
            context.close()
        teacher.close()
        projector.close()


def test_each_new_page_draws_alone_and_passes_axe(browser, server):
    """The builder on a phone, the card, and the projector's leaderboard, each opened alone."""
    context, page, errors = open_page(browser, server.student_url, PHONE)
    try:
        join(page, "Ann")
        assert (
            page.locator(".dicelab-entry select").count() == 10
        )  # "then bank at" once a clause is on
        for select in page.locator(".dicelab-entry select").all():
            assert select.bounding_box()["height"] >= 44  # a finger's size
        assert violations(page, ".dicelab-entry") == []
        page.locator(".dicelab-entry button[data-key='enter']").click()
        page.locator(".dicelab-entry-card").wait_for()
        assert violations(page, ".dicelab-entry") == []
        assert errors == []
    finally:
        context.close()
    context, page, errors = open_page(browser, server.projector_url, SCREEN)
    try:
        page.locator(".dicelab-leaderboard-status", has_text="Entries: 1.").wait_for()
        assert violations(page, ".dicelab-leaderboard") == []
        assert errors == []
    finally:
        context.close()
