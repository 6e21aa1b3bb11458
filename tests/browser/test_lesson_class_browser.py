"""Lesson 1's class experiment on a class server: five students (two on phones) throw three
dice in their browsers, and the lesson's own cell in JupyterLab shows the pooled result live,
with the exact value hidden until Reveal."""

from __future__ import annotations

import json
import re

import pytest

from dicelab.editions import edition, tutorial_notebooks
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
from tests.browser.test_classroom_browser import PHONE, settled
from tests.classroom.serving import ServerProcess

pytestmark = pytest.mark.slow  # every test here takes tens of seconds on two cores

pytest.importorskip("tornado")
pytest.importorskip("segno")

SHOTS = ARTIFACTS / "classroom"
LAPTOP = {"viewport": {"width": 1024, "height": 768}}


def lesson_cells(name: str, marker: str, wanted: str) -> list[str]:
    """The code cells of a lesson's student edition: the one importing ``marker`` and the
    class experiment's (the one calling ``wanted``)."""
    path = next(p for p in tutorial_notebooks() if p.name == name)
    cells = edition(json.loads(path.read_text(encoding="utf-8")), "student")["cells"]
    sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return [s for s in sources if marker in s or wanted in s]


def test_lesson_1_pools_five_students_live(browser, page, jupyter_server, tmp_path):
    server = ServerProcess(tmp_path / "class", "--activity", "farkles", port=free_port())
    contexts = []
    try:
        cells = lesson_cells(
            "01_fivethousand.ipynb", "from dicelab.pooled import", 'live("farkles-three")'
        )
        assert len(cells) == 2
        setup = f"import os\nos.environ['DICELAB_CLASS_URL'] = {server.teacher_url!r}"
        write_notebook(jupyter_server.root_dir, "lesson1.ipynb", [setup, *cells])
        page.set_viewport_size({"width": 1024, "height": 768})
        open_notebook(page, jupyter_server, "lesson1.ipynb")
        run_all_cells(page, timeout=300)
        board = page.locator(".dicelab-board")
        board.wait_for()
        board.locator("h3", has_text="Farkles with three dice").wait_for()
        assert "hidden" in board.inner_text() or "Reveal" in board.inner_text()

        throws = {}
        for index in range(5):
            options = PHONE if index < 2 else LAPTOP
            context = browser.new_context(**options, color_scheme="dark" if index % 2 else "light")
            context.set_default_timeout(60_000)
            contexts.append(context)
            student = context.new_page()
            errors = []
            student.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
            student.goto(server.student_url)
            student.fill("#name", f"Student {index + 1}")
            student.get_by_role("button", name="Join").click()
            student.locator("button[data-key='throw']").wait_for()
            throws[index] = 3 + index
            for n in range(1, throws[index] + 1):
                student.locator("button[data-key='throw']").first.click()
                settled(student)
                student.get_by_text(re.compile(rf"in {n} throws?\.")).wait_for()
            if index == 0:
                screenshot(student, SHOTS / "phone-farkles-three.png")
            assert errors == []

        total = sum(throws.values())
        pooled = board.locator(f".dicelab-board-pooled[data-trials='{total}']")
        pooled.wait_for()
        rows = [row for row in server.csv_rows() if row[1] == "farkles-three"]
        assert len(rows) == total
        assert pooled.get_attribute("data-successes") == str(sum(int(row[6]) for row in rows))
        assert board.locator(".dicelab-board-name").count() == 5
        # the lesson's answer reads the same pool
        said = kernel_eval(
            jupyter_server, "lesson1.ipynb", "s = room.shares(); print(s.trials, len(s.names))"
        )
        assert said.split() == [str(total), "5"]

        board.get_by_role("button", name=re.compile("Reveal")).click()
        board.get_by_text("Exact: 5/18 = 27.8 %.").wait_for()
        board.scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SHOTS / "lesson-live-pool.png"))
        assert_no_widget_errors(page)
    finally:
        for context in contexts:
            context.close()
        server.stop()
