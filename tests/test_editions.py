"""The student and teacher editions of each lesson, made from its one source: no answer,
and no code that computes one, reaches the student edition."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from dicelab.editions import ANSWER_SPACE, HIDDEN, edition, student_edition, teacher_edition

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(path.name for path in NOTEBOOKS.glob("0[1-7]_*.ipynb"))
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
            assert "answer" in _tags(cell), (
                f"{name} cell {i} reveals an answer without the answer tag"
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
