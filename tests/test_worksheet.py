"""Each lesson's printable worksheet: prediction boxes, a tally sized for its experiment,
the exercises with room to work, no answers."""

import json
import re

import pytest

from dicelab import cli
from dicelab.worksheet import (
    LESSONS,
    design,
    exercises,
    lesson_notebook,
    predictions,
    tally,
    worksheet,
)
from tests.test_handout import parsed


def _parameter(lesson: int, name: str) -> int:
    """A number the lesson's cells set (``NAME = 20`` or ``A, NAME = 25, 20``)."""
    for cell in json.loads(lesson_notebook(lesson).read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        match = re.search(rf"^([A-Z_, ]*\b{name}\b[A-Z_, ]*) = ([\d_, ]+)$", source, re.M)
        if cell["cell_type"] == "code" and match:
            names = [n.strip() for n in match.group(1).split(",")]
            return int(match.group(2).split(",")[names.index(name)].replace("_", ""))
    raise AssertionError(f"lesson {lesson} sets no {name}")


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_has_a_well_formed_worksheet_without_answers(lesson):
    page = worksheet(lesson)
    text = " ".join(" ".join(parsed(page).text).split())
    assert len(predictions(lesson)) >= 2 and f"Prediction {len(predictions(lesson))}" in text
    for title, _question in exercises(lesson):
        assert title in text
    assert "reveal" not in page and "Teacher" not in page and "Answer" not in text
    assert (
        "break-inside: avoid" in page and "@page" in page and "size: A4" not in page
    )  # A4 or Letter


@pytest.mark.parametrize(
    "lesson,each", [(1, "THROWS_EACH"), (2, "TURNS_EACH"), (3, "ATTEMPTS_EACH")]
)
def test_the_tally_has_a_square_for_each_trial_of_the_experiment(lesson, each):
    found = tally(lesson)
    assert found["trials"] == _parameter(lesson, each)
    structure = parsed(worksheet(lesson))
    text = " ".join(" ".join(structure.text).split())
    squares = re.findall(r"<table class='marks'>(.*?)</table>", worksheet(lesson))[0].count("<td>")
    assert squares == found["trials"] and f"out of {found['trials']}" in text


def test_the_exercises_can_be_done_on_paper():
    # lesson 1's hot dice exercise gives the hand route's parts; lesson 2's burn count its patterns
    text = " ".join(" ".join(parsed(worksheet(1)).text).split())
    assert "only 1s and 5s" in text and "two such triples" in text
    assert "perfect play" not in " ".join(question for _, question in exercises(1))
    assert "the faces 2, 3, 4 and 6, each at most twice" in " ".join(
        " ".join(parsed(worksheet(2)).text).split()
    )


def test_an_unknown_lesson_is_refused():
    for bad in (0, 8, "1", True):
        with pytest.raises(ValueError, match="no lesson"):
            lesson_notebook(bad)


def test_the_command_writes_a_lesson_worksheet(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["handout", "lesson3"]) == 0
    assert (tmp_path / "lesson3-handout.html").read_text(encoding="utf-8") == worksheet(3)
    with pytest.raises(SystemExit):
        cli.main(["handout", "lesson9"])


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_class_activity_has_a_tally_on_its_worksheet(lesson):
    code = "\n".join(
        "".join(cell["source"])
        for cell in json.loads(lesson_notebook(lesson).read_text(encoding="utf-8"))["cells"]
        if cell["cell_type"] == "code"
    )
    assert re.search(r'live\("[a-z-]+"\)', code) and tally(lesson), f"lesson {lesson}"
    text = " ".join(" ".join(parsed(worksheet(lesson)).text).split())
    assert f"out of {tally(lesson)['trials']}" in text and " a escape" not in text


def test_lesson_7_asks_each_pair_for_one_game_on_one_sheet():
    assert tally(7)["trials"] == 1 and "one sheet per pair" in tally(7)["of"]
    assert "for an escape" in worksheet(2) and "sixes out of" in worksheet(4)


@pytest.mark.notebook
def test_the_teacher_sheet_adds_the_computed_answer_to_each_prediction_and_exercise(
    tmp_path, monkeypatch
):
    from dicelab.worksheet import answer_key

    key = dict(answer_key(3))
    assert set(key) == {f"Prediction {n}" for n in range(1, len(predictions(3)) + 1)} | {
        title for title, _ in exercises(3)
    }
    assert "347897/7558272" in key["Prediction 1"] and "<b>26</b>" in key["Exercise 1"]
    monkeypatch.chdir(tmp_path)
    assert cli.main(["handout", "lesson3", "--teacher"]) == 0
    page = (tmp_path / "lesson3-answers.html").read_text(encoding="utf-8")
    assert "Answer key" in page and "347897/7558272" in page and "Prediction 1" in page


def test_an_answer_key_is_for_a_lesson_only(capsys):
    with pytest.raises(SystemExit):
        cli.main(["handout", "yahtzee", "--teacher"])
    assert "lesson1 to lesson7" in capsys.readouterr().err


def test_lesson_7s_sheet_has_pairs_design_their_tournament_strategy_on_paper():
    planned = design(7)
    page = worksheet(7)
    assert planned and "tournament" in planned["title"]
    assert page.count("<div class='ask'>") == len(planned["asks"]) >= 4
    assert page.count("<div class='ask wide'>") == 2 * len(planned["explain"]) >= 2
    assert page.index(planned["title"]) < page.index("<h2>Exercises</h2>")
    assert design(1) is None and "class='ask'" not in worksheet(1)
