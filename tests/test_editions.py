"""The student and teacher editions of each lesson, made from its one source: no answer,
and no code that computes one, reaches the student edition, and everything else does (every
simulation, plot, table and widget, and the cell each announcement promises)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from dicelab.editions import ANSWER_SPACE, HIDDEN, edition, student_edition, teacher_edition

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(path.name for path in NOTEBOOKS.glob("0[1-7]_*.ipynb"))
NOTEBOOK_NAMES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
# A sentence that promises a result right after it: "…exactly:", "below", "here", or a colon at the end.
ANNOUNCES = re.compile(
    r":\s*$|\bexactly:|\b(?:cell|table|plot|picture|lab|game|robot|widget)s? below\b|\bbelow:"
    r"|(?:^|[.!?]\s+)Here\b|\bhere:"
)
TEACHING = ("simulate.", "plt.", "plots.", "display(", "Game(", "RuleLab(")  # what a lesson shows
TEACHER_WORDS = ("Teacher's note", "misconception", "Exit questions")


def _source(cell) -> str:
    return "".join(cell["source"])


def _read(name):
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def _tags(cell):
    return set(cell["metadata"].get("tags", []))


def _answer_texts(cell) -> list[str]:
    """The lines of a markdown cell over 30 characters, or the string pieces of a code cell over
    40 (shorter ones are labels a student's own plot may share)."""
    if cell["cell_type"] == "markdown":
        pieces = [line.strip() for line in _source(cell).splitlines()]
    else:
        pieces = [
            node.value.strip()
            for node in ast.walk(ast.parse(_source(cell)))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ]
    return [
        piece for piece in pieces if len(piece) > (30 if cell["cell_type"] == "markdown" else 40)
    ]


@pytest.mark.parametrize("name", LESSONS)
def test_every_cell_that_reveals_or_teaches_is_tagged(name):
    for i, cell in enumerate(_read(name)["cells"]):
        if cell["cell_type"] == "code" and "reveal(" in _source(cell):
            assert _tags(cell) & {"answer", "reveal"}, (
                f"{name} cell {i} reveals an answer without the answer or reveal tag"
            )
        if cell["cell_type"] == "markdown" and re.search(
            r"^## Teacher's note", _source(cell), re.M
        ):
            assert "teacher" in _tags(cell), (
                f"{name} cell {i}: the teacher's note is not tagged teacher"
            )


@pytest.mark.parametrize("name", LESSONS)
def test_no_answer_leaks_into_the_student_edition(name):
    source = _read(name)
    student = student_edition(source)
    text = "\n".join(
        _source(cell) if isinstance(cell["source"], list) else cell["source"]
        for cell in student["cells"]
    )
    assert not any(_tags(cell) & HIDDEN for cell in student["cells"])
    assert "reveal(" not in text
    for word in TEACHER_WORDS:
        assert word not in text, f"{name}: {word!r} reaches the student edition"
    for cell in source["cells"]:
        if (
            _tags(cell) & HIDDEN
        ):  # every substantial line of an answer, every sentence its code writes
            for line in _answer_texts(cell):
                assert line not in text, f"{name}: {line[:60]!r} leaks"
    prompts = sum(
        1
        for cell in student["cells"]
        if cell["cell_type"] == "markdown"
        and ("**Predict first.**" in _source(cell) or "### Exercise" in _source(cell))
    )
    spaces = sum(1 for cell in student["cells"] if cell["source"] == ANSWER_SPACE)
    assert prompts >= 2 and spaces == prompts
    assert student["metadata"]["dicelab"] == {"edition": "student"}


@pytest.mark.parametrize("name", LESSONS)
def test_the_teacher_edition_holds_the_whole_source_with_answers_and_a_plan(name):
    source, teacher = _read(name), teacher_edition(_read(name))
    assert [cell for cell in teacher["cells"] if cell in source["cells"]] == source["cells"]
    assert (
        len(teacher["cells"]) == len(source["cells"]) + 1
    )  # and a line saying whose edition it is
    text = "\n".join(_source(cell) for cell in source["cells"] if "teacher" in _tags(cell))
    assert "| minutes |" in text and "misconceptions" in text and "Exit questions" in text
    assert any("answer" in _tags(cell) for cell in source["cells"])


def test_an_unknown_edition_is_refused():
    with pytest.raises(ValueError, match="no 'pupil' edition"):
        edition(_read(LESSONS[0]), "pupil")


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_is_a_core_path_of_at_most_six_parts_in_45_minutes(name):
    cells = _read(name)["cells"]
    headings = [
        match.group(1)
        for cell in cells
        if cell["cell_type"] == "markdown"
        for match in re.finditer(r"^## (.*)$", _source(cell), re.M)
    ]
    core = [h for h in headings if not h.startswith(("Optional", "Teacher's note", "What next"))]
    assert [h.split(" · ")[0] for h in core] == [f"Part {n}" for n in range(1, len(core) + 1)], core
    assert 3 <= len(core) <= 6
    note = next(
        _source(cell)
        for cell in cells
        if "teacher" in _tags(cell) and "| minutes |" in _source(cell)
    )
    spans = [(int(a), int(b)) for a, b in re.findall(r"^\| (\d+)–(\d+) \|", note, re.M)]
    assert len(spans) == len(core) and spans[0][0] == 0 and spans[-1][1] == 45
    assert all(
        end == start for (_, end), (start, _) in zip(spans, spans[1:])
    )  # minute by minute, no gaps


@pytest.mark.parametrize("name", LESSONS)
def test_no_prompt_is_hidden_with_an_answer(name):
    for i, cell in enumerate(_read(name)["cells"]):
        if _tags(cell) & HIDDEN and "teacher" not in _tags(cell):
            assert "**Predict first.**" not in _source(cell) and "### Exercise" not in _source(
                cell
            ), f"{name} cell {i}: a prompt students need is tagged {_tags(cell)}"


def _student_cells(name):
    return student_edition(_read(name))["cells"]


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_every_announced_result_follows_in_the_student_edition(name):
    """A markdown cell that announces a result ("exactly:", "below", "here", a sentence ending
    in a colon) is followed by the code cell that shows it, past the student's answer space."""
    cells = [cell for cell in _student_cells(name) if cell["source"] != ANSWER_SPACE]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        paragraphs = [part for part in _source(cell).split("\n\n") if part.strip()]
        last = paragraphs[-1] if paragraphs else ""
        if ANNOUNCES.search(last) and not last.lstrip().startswith("#"):
            following = cells[i + 1] if i + 1 < len(cells) else None
            assert following is not None and following["cell_type"] == "code", (
                f"{name}: {last.strip()[-70:]!r} announces a result the student edition does not show"
            )


def _sections(cells) -> dict:
    """Each heading's first line -> the cells under it, up to the next heading."""
    sections, heading = {}, None
    for cell in cells:
        if cell["cell_type"] == "markdown" and re.match(r"#{2,3} ", _source(cell)):
            heading = _source(cell).splitlines()[0]
        sections.setdefault(heading, []).append(cell)
    return sections


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_no_heading_stands_empty_in_the_student_edition(name):
    """A section that loses held-back cells keeps a cell to run or a place to answer."""
    source = _sections(_read(name)["cells"])
    for heading, section in _sections(_student_cells(name)).items():
        if any(_tags(cell) & HIDDEN - {"teacher"} for cell in source[heading]):
            assert any(
                cell["cell_type"] == "code" or cell["source"] == ANSWER_SPACE for cell in section
            ), f"{name}: {heading!r} stands empty in the student edition"


@pytest.mark.parametrize("name", LESSONS)
def test_the_student_edition_keeps_every_simulation_plot_table_and_widget(name):
    """Held back are answers only: a held-back code cell calls ``reveal`` or answers an exercise,
    and no cell the lesson teaches with (a simulation, a plot, a shown table or widget) is held
    back unless it is a reveal's own picture of the class's results."""
    for i, cell in enumerate(_read(name)["cells"]):
        if cell["cell_type"] != "code" or not _tags(cell) & HIDDEN:
            continue
        source = _source(cell)
        assert "reveal(" in source, f"{name} cell {i} is held back but reveals nothing"
        if "room.reveal()" not in source:
            shown = [word for word in TEACHING if word in source]
            assert not shown, f"{name} cell {i} holds back what the lesson teaches with: {shown}"


def _names(tree, context) -> set:
    names = {
        node.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and isinstance(node.ctx, context)
    }
    if context is ast.Store:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return names


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_the_student_edition_needs_nothing_that_only_an_answer_defines(name):
    """Read statically: no cell of the student edition uses a name that only a held-back cell
    before it defines (executing both editions checks the same, at the cost of a kernel)."""
    defined, hidden = set(), set()
    for i, cell in enumerate(_read(name)["cells"]):
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(_source(cell))
        if _tags(cell) & HIDDEN:
            hidden |= _names(tree, ast.Store) - defined
            continue
        missing = (_names(tree, ast.Load) & hidden) - defined - _names(tree, ast.Store)
        assert not missing, f"{name} cell {i} needs {sorted(missing)}, defined only in answers"
        defined |= _names(tree, ast.Store)


def test_the_student_start_page_speaks_of_no_answer_button():
    text = "\n".join(_source(cell) for cell in _student_cells("00_start_here.ipynb"))
    assert "Click **Answer**" not in text and "room for your own" in text


@pytest.mark.parametrize("name", LESSONS)
def test_each_plan_says_what_to_cut_when_late(name):
    note = next(_source(cell) for cell in _read(name)["cells"] if "| minutes |" in _source(cell))
    plan, _, after = note.partition("**What to cut when late.**")
    assert after.strip(), f"{name}: the plan does not say what to cut when a class runs late"
    if name.startswith("04"):
        assert "√n" in plan and "gambler's fallacy" in plan  # the section has its own minutes
    if name.startswith("07"):
        assert "`first-player` activity" in plan and "one short game per pair" in plan


READING = 100  # words a class reads and talks through in a minute, at the slowest
PREDICTION = 2  # minutes to write down and compare a prediction


def _core_parts(name) -> dict:
    """Part number -> (words, predictions) of its student-edition text, optional sections left out."""
    parts: dict = {}
    part, optional = None, False
    for cell in _student_cells(name):
        if cell["cell_type"] != "markdown":
            continue
        for block in re.split(r"(?m)^(?=#{2,3} )", _source(cell)):
            heading = re.match(r"(#{2,3}) (.*)", block)
            if heading:
                optional = heading.group(2).startswith("Optional")
                if heading.group(1) == "##":
                    found = re.match(r"Part (\d+)", heading.group(2))
                    part = int(found.group(1)) if found else None
            if part is not None and not optional:
                words, predictions = parts.get(part, (0, 0))
                parts[part] = (
                    words + len(block.split()),
                    predictions + block.count("**Predict first.**"),
                )
    return parts


@pytest.mark.parametrize("name", LESSONS)
def test_each_part_has_the_minutes_its_words_and_predictions_take(name):
    note = next(_source(cell) for cell in _read(name)["cells"] if "| minutes |" in _source(cell))
    spans = [int(b) - int(a) for a, b in re.findall(r"^\| (\d+)–(\d+) \|", note, re.M)]
    for number, (words, predictions) in _core_parts(name).items():
        needed = words / READING + PREDICTION * predictions
        assert spans[number - 1] >= needed, (
            f"{name} part {number}: {words} words and {predictions} predictions need "
            f"{needed:.0f} minutes, the plan gives {spans[number - 1]}"
        )
