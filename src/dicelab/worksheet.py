"""A printable worksheet for each lesson, read from the lesson's student edition: a box for
each prediction, a tally sized for the class experiment, and the exercises with room to
work them out by hand. The answers are in the teacher edition (``dicelab lab --teacher``).

A lesson's experiment is described in the metadata of its class-experiment cell, as
``{"dicelab": {"tally": {"trials": 20, "of": "throws of three dice", "mark": "farkle"}}}``
(with ``"marks"`` where the plural is not the mark and an s). Every lesson with a class
experiment has one. A lesson where pairs design something on paper first describes it in the
metadata of that cell as ``{"dicelab": {"design": {"title": ..., "intro": ..., "asks": [...],
"explain": [...]}}}``: the sheet gives each ask (a number, a word) a line to fill in, and each
thing to explain a line across the page and one more. The sheet fits two pages of A4 or Letter: the predictions side by side,
no section forced onto a page of its own.

>>> page = worksheet(1)
>>> "Prediction 1" in page and "20 throws of three dice" in page and "reveal" not in page
True
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from dicelab.handout import CSS, _markdown

LESSONS = tuple(range(1, 8))
PER_ROW = 10  # tally cells in a row
SHEET_CSS = (
    CSS
    + """
.box { border: 0.75pt solid #444; border-radius: 1.5mm; padding: 2mm 3mm; margin: 0 0 3mm; }
.box .room { height: 8mm; }
table.marks td { width: 10%; height: 9mm; text-align: left; vertical-align: top; font-size: 7pt; color: #555; }
.count { margin: 2mm 0 4mm; }
.predictions { display: grid; grid-template-columns: 1fr 1fr; gap: 0 3mm; }
.box p { margin: 0 0 1mm; }
section, .sheet { break-inside: auto; break-before: auto; }  /* no page of its own */
h2, h3 { break-after: avoid; }
.working { height: 12mm; }
.design { display: grid; grid-template-columns: 1fr 1fr; gap: 0 3mm; }
.design .wide { grid-column: 1 / -1; }
.design .ask:empty { height: 4mm; }
.design .ask { border-bottom: 0.75pt solid #444; padding: 3mm 0 1mm; }
"""
)


def lesson_notebook(lesson: int) -> Path:
    """The notebook file of lesson ``lesson`` (1 to 7)."""
    from dicelab.editions import tutorial_notebooks

    if type(lesson) is not int or lesson not in LESSONS:
        raise ValueError(f"there is no lesson {lesson!r}: the lessons are 1 to {LESSONS[-1]}")
    return next(path for path in tutorial_notebooks() if path.stem.startswith(f"{lesson:02d}_"))


def _cells(lesson: int) -> list[dict]:
    from dicelab.editions import student_edition

    notebook = json.loads(lesson_notebook(lesson).read_text(encoding="utf-8"))
    return student_edition(notebook)["cells"]


def _text(cell) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def predictions(lesson: int) -> list[str]:
    """The prompts of the lesson's predictions, in order (the paragraph after "Predict first")."""
    found = []
    for cell in _cells(lesson):
        if cell["cell_type"] != "markdown":
            continue
        for match in re.finditer(
            r"\*\*Predict first[.:]?\*\*:?\s*(.*?)(?=\n\s*\n|\Z)", _text(cell), re.S
        ):
            found.append(match.group(1).strip())
    return found


def exercises(lesson: int) -> list[tuple[str, str]]:
    """(title, question) of each exercise: the markdown under each "### Exercise" heading."""
    found = []
    for cell in _cells(lesson):
        if cell["cell_type"] == "markdown":
            for match in re.finditer(
                r"^### (Exercise \d+)\n(.*?)(?=^#|\Z)", _text(cell), re.M | re.S
            ):
                found.append((match.group(1), match.group(2).strip()))
    return found


def tally(lesson: int) -> dict | None:
    """The class experiment's tally (trials, what they are, what to mark), or None."""
    for cell in _cells(lesson):
        found = cell.get("metadata", {}).get("dicelab", {}).get("tally")
        if found:
            return found
    return None


def design(lesson: int) -> dict | None:
    """What pairs design on paper before entering it (title, intro, asks), or None."""
    for cell in _cells(lesson):
        found = cell.get("metadata", {}).get("dicelab", {}).get("design")
        if found:
            return found
    return None


def _design_html(found: dict) -> str:
    asks = "".join(f"<div class='ask'>{html.escape(ask)}:</div>" for ask in found["asks"])
    asks += "".join(
        f"<div class='ask wide'>{html.escape(ask)}:</div><div class='ask wide'></div>"
        for ask in found.get("explain", [])
    )
    return (
        f"<section><h2>{html.escape(found['title'])}</h2>{_markdown(found['intro'])}"
        f"<div class='design'>{asks}</div></section>"
    )


def _title(lesson: int) -> str:
    first = _text(_cells(lesson)[0]).splitlines()[0]
    return first.lstrip("# ").strip()


def _a(noun: str) -> str:
    """``noun`` with its indefinite article: "a farkle", "an escape"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _tally_html(found: dict) -> str:
    trials = found["trials"]
    marks = html.escape(found.get("marks", found["mark"] + "s"))
    rows = []
    for start in range(1, trials + 1, PER_ROW):
        cells = "".join(f"<td>{n}</td>" for n in range(start, min(start + PER_ROW, trials + 1)))
        rows.append(f"<tr>{cells}</tr>")
    return (
        f"<p>{trials} {html.escape(found['of'])}: in each square write <b>✓</b> for "
        f"{html.escape(_a(found['mark']))}, <b>✗</b> otherwise.</p>"
        f"<table class='marks'>{''.join(rows)}</table>"
        f"<p class='count'>My count: ______ {marks} out of {trials}. "
        f"Class total: ______ out of ______ (share: ______).</p>"
    )


def _executed_teacher_edition(lesson: int) -> list[dict]:
    """The cells of the lesson's teacher edition, run top to bottom in a kernel (the answers
    are computed, not typed); needs the ``lab`` extra."""
    import os
    import tempfile

    from dicelab.editions import teacher_edition
    from dicelab.extras import require

    nbformat = require("nbformat", "lab", "an answer key")
    nbclient = require("nbclient", "lab", "an answer key")
    notebook = json.loads(lesson_notebook(lesson).read_text(encoding="utf-8"))
    node = nbformat.reads(json.dumps(teacher_edition(notebook)), as_version=4)
    saved = {name: os.environ.get(name) for name in ("MPLBACKEND", "DICELAB_CLASS_URL")}
    os.environ["MPLBACKEND"] = "agg"  # no pictures needed
    os.environ.pop("DICELAB_CLASS_URL", None)  # pasted counts, not a class server
    try:
        with tempfile.TemporaryDirectory() as folder:
            nbclient.NotebookClient(
                node, timeout=900, kernel_name="python3", resources={"metadata": {"path": folder}}
            ).execute()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return [dict(cell) for cell in node.cells]


REVEALED = re.compile(r"<details><summary><b>Answer</b>.*?</summary><p>(.*?)</p></details>", re.S)


def answer_key(lesson: int) -> list[tuple[str, str]]:
    """(prompt, answer as HTML) for each prediction and exercise of lesson ``lesson``: what the
    teacher edition reveals after it, computed by running that edition (a minute or two)."""
    from dicelab.editions import HIDDEN

    key: list[tuple[str, str]] = []
    prompt, predicted = None, 0
    for cell in _executed_teacher_edition(lesson):
        tags = set(cell.get("metadata", {}).get("tags", []))
        text = _text(cell)
        if cell["cell_type"] == "markdown" and not tags & HIDDEN:
            exercise = re.findall(r"^### (Exercise \d+)", text, re.M)
            asked = len(re.findall(r"\*\*Predict first[.:]?\*\*", text))
            predicted += asked
            if exercise or asked:
                prompt = exercise[-1] if exercise else f"Prediction {predicted}"
        elif prompt and tags & {"answer", "reveal"}:
            if cell["cell_type"] == "markdown":
                answer = _markdown(text)
            else:
                answer = "".join(
                    f"<p>{found}</p>"
                    for output in cell.get("outputs", [])
                    for found in REVEALED.findall(output.get("data", {}).get("text/html", ""))
                )
            if answer:
                if key and key[-1][0] == prompt:
                    key[-1] = (prompt, key[-1][1] + answer)
                else:
                    key.append((prompt, answer))
    return key


def worksheet(lesson: int, teacher: bool = False) -> str:
    """The printable HTML worksheet of lesson ``lesson`` (1 to 7); with ``teacher``, its
    answer key after it (see :func:`answer_key`)."""
    title = _title(lesson)
    parts = [
        f"<h1>{html.escape(title)} <span class='name'>Name: ____________________</span></h1>",
        "<p>Write each prediction <b>before</b> the lesson shows the answer.</p>",
    ]
    prompts = predictions(lesson)
    if prompts:
        parts.append(
            "<section><h2>Predictions</h2><div class='predictions'>"
            + "".join(
                f"<div class='box'><p><b>Prediction {i}</b></p>{_markdown(prompt)}<div class='room'></div></div>"
                for i, prompt in enumerate(prompts, 1)
            )
            + "</div></section>"
        )
    found = tally(lesson)
    if found:
        parts.append(f"<section><h2>Class experiment</h2>{_tally_html(found)}</section>")
    planned = design(lesson)
    if planned:
        parts.append(_design_html(planned))
    work = exercises(lesson)
    if work:
        parts.append(
            "<section class='sheet'><h2>Exercises</h2>"
            + "".join(
                f"<div class='exercise'><h3>{html.escape(name)}</h3>{_markdown(text)}<div class='working'></div></div>"
                for name, text in work
            )
            + "</section>"
        )
    if teacher:
        parts.append(
            "<section class='key'><h2>Answer key</h2>"
            + "".join(
                f"<div class='exercise'><h3>{html.escape(prompt)}</h3>{answer}</div>"
                for prompt, answer in answer_key(lesson)
            )
            + "</section>"
        )
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}: {'answer key' if teacher else 'worksheet'}</title><style>{SHEET_CSS}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )


def write_worksheet(lesson: int, path, teacher: bool = False) -> Path:
    """Write the worksheet of ``lesson`` (with ``teacher``, and its answer key) to ``path``
    (atomically; a folder gets the file ``lessonN-handout.html`` or ``lessonN-answers.html``
    inside) and return the path."""
    from dicelab.files import write_atomic

    path = Path(path)
    if path.is_dir():
        path = path / f"lesson{lesson}-{'answers' if teacher else 'handout'}.html"
    return write_atomic(path, worksheet(lesson, teacher))


__all__ = [
    "LESSONS",
    "answer_key",
    "design",
    "exercises",
    "predictions",
    "tally",
    "worksheet",
    "write_worksheet",
]
