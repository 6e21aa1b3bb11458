"""The teacher's guide tells how to run each lesson with the class server, with phones only
and with pen and paper, naming the activity each lesson's class-experiment cell starts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "teachers-guide.md").read_text(encoding="utf-8")
LESSONS = sorted((ROOT / "notebooks").glob("0[1-7]_*.ipynb"))


def test_the_guide_names_the_three_ways_to_run_a_lesson():
    for way in ("**With the class server**", "**Phones only**", "**Pen and paper**"):
        assert way in GUIDE


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_each_lesson_has_its_row_with_the_activity_its_cell_starts(path):
    code = "\n".join(
        "".join(cell["source"])
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
        if cell["cell_type"] == "code"
    )
    (activity,) = set(re.findall(r'live\("([a-z-]+)"\)', code))
    number = int(path.name[:2])
    row = next(line for line in GUIDE.splitlines() if line.startswith(f"| {number} "))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert f"`{activity}`" in cells[1] and cells[2], row
