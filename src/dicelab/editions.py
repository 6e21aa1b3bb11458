"""A lesson's student and teacher editions, made from its one source notebook.

A cell's tag says its role, and the role alone decides what students see. Three roles are
held back from the student edition:

* ``answer``: the worked answer to an exercise, its text and the code that computes it;
* ``reveal``: the answer to a prediction (a ``reveal(...)`` behind a click), kept apart from
  the simulation, plot or table that shows the result;
* ``teacher``: the teacher's note (timing plan, misconceptions, exit questions).

Every other cell is the lesson itself, and both editions have it: the text, every
simulation, plot, table and widget the lesson teaches with. The student edition gets a
place to answer after each prediction and each exercise instead of the answers.
The teacher edition is the source itself, with a line saying so under its title.

>>> lesson = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "**Predict first.** How many?"},
...                     {"cell_type": "code", "metadata": {}, "source": "plot_the_throws()"},
...                     {"cell_type": "code", "metadata": {"tags": ["reveal"]}, "source": "reveal(6)"}],
...           "metadata": {}}
>>> [cell["source"] for cell in student_edition(lesson)["cells"]]
['**Predict first.** How many?', '*Your answer:* ', 'plot_the_throws()']
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

EDITIONS = ("student", "teacher")
ROLES = {  # the tags of the cells students do not see, and what such a cell holds
    "answer": "the worked answer to an exercise: its text and the code that computes it",
    "reveal": "the answer to a prediction, shown after the class has predicted",
    "teacher": "the teacher's note: timing plan, misconceptions, exit questions",
}
HIDDEN = frozenset(ROLES)
PROMPTS = ("**Predict first.**", "### Exercise")  # a place to answer follows each
ANSWER_SPACE = "*Your answer:* "
TEACHER_NOTE = (
    "*Teacher edition*: the worked answers, the timing plan, common misconceptions and exit "
    "questions are in this copy; `dicelab lab` gives students theirs without them."
)


def tutorial_notebooks() -> list[Path]:
    """The lessons' source notebooks shipped with dicelab (in a wheel, or in a source checkout)."""
    shipped = Path(__file__).parent / "notebooks"
    checkout = Path(__file__).parents[2] / "notebooks"
    folder = shipped if shipped.is_dir() else checkout
    return sorted(folder.glob("*.ipynb"))


def _tags(cell) -> set:
    return set(cell.get("metadata", {}).get("tags", []))


def _source(cell) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def student_edition(notebook: dict) -> dict:
    """The notebook without the cells whose role is held back (:data:`ROLES`), with a place
    to answer after each prediction and exercise."""
    edition = copy.deepcopy(notebook)
    cells = []
    for cell in edition["cells"]:
        if _tags(cell) & HIDDEN:
            continue
        cells.append(cell)
        if cell["cell_type"] == "markdown" and any(prompt in _source(cell) for prompt in PROMPTS):
            space = {
                "cell_type": "markdown",
                "metadata": {"tags": ["student"]},
                "source": ANSWER_SPACE,
            }
            if "id" in cell:
                space["id"] = f"{cell['id']}-a"[:64]
            cells.append(space)
    edition["cells"] = cells
    edition.setdefault("metadata", {})["dicelab"] = {"edition": "student"}
    return edition


def teacher_edition(notebook: dict) -> dict:
    """The whole notebook, with a line under its title saying that it is the teacher's."""
    edition = copy.deepcopy(notebook)
    if any(_tags(cell) & HIDDEN for cell in edition["cells"]):
        note = {"cell_type": "markdown", "metadata": {"tags": ["teacher"]}, "source": TEACHER_NOTE}
        if "id" in edition["cells"][0]:
            note["id"] = f"{edition['cells'][0]['id']}-t"[:64]
        edition["cells"].insert(1, note)
    edition.setdefault("metadata", {})["dicelab"] = {"edition": "teacher"}
    return edition


def edition(notebook: dict, name: str) -> dict:
    """The ``name`` edition ("student" or "teacher") of ``notebook``."""
    if name not in EDITIONS:
        raise ValueError(f"there is no {name!r} edition: choose one of {', '.join(EDITIONS)}")
    return student_edition(notebook) if name == "student" else teacher_edition(notebook)


def write_edition(source: Path, target: Path, name: str) -> Path:
    """Write the ``name`` edition of the notebook file ``source`` to ``target``, atomically
    (a write cut short leaves no half notebook)."""
    from dicelab.files import write_atomic

    notebook = json.loads(Path(source).read_text(encoding="utf-8"))
    return write_atomic(
        Path(target), json.dumps(edition(notebook, name), indent=1, ensure_ascii=False) + "\n"
    )


__all__ = [
    "EDITIONS",
    "HIDDEN",
    "ROLES",
    "edition",
    "student_edition",
    "teacher_edition",
    "write_edition",
]
