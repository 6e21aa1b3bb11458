"""The lessons: stored clean, written as lessons, and each runs top to bottom in a fresh kernel.

Every notebook is executed with nbclient in its own kernel, which runs this very interpreter
(a kernelspec written to a temporary folder points at ``sys.executable``), in a temporary
working folder. A notebook passes when no cell raised (each lesson checks its own claims
with assertions) and the widgets it shows were sent. Each lesson runs at the sizes a class
runs (the batch simulator makes a million games a matter of seconds); they are in its cell
tagged ``parameters``. A cell tagged ``solves`` (an exact win policy, solved the first time
since the test starts with an empty cache) has a longer timeout.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
NAMES = [
    "00_start_here.ipynb",
    "01_fivethousand.ipynb",
    "02_thousand.ipynb",
    "03_yahtzee.ipynb",
    "04_law_of_large_numbers.ipynb",
    "05_expected_value.ipynb",
    "06_rule_changes.ipynb",
    "07_points_against_wins.ipynb",
]
LESSONS = NAMES[1:]
# A number typed into a lesson's text (a decimal or a percentage) must come from a cell.
TYPED_NUMBER = re.compile(r"\d+\.\d+|\d\s*%")
GAME_NOTEBOOKS = {  # notebook -> the game widgets it must show
    "00_start_here.ipynb": ["FivethousandGame", "ThousandGame", "YahtzeeGame"],
    "01_fivethousand.ipynb": ["FivethousandGame"],
    "02_thousand.ipynb": ["ThousandGame"],
    "03_yahtzee.ipynb": ["YahtzeeGame"],
    "07_points_against_wins.ipynb": ["FivethousandGame"],
}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CELL_TIMEOUT = 120  # seconds, per cell
SOLVE_TIMEOUT = (
    600  # seconds, for a cell tagged "solves": an exact win policy solved the first time
)
KERNEL = "python3"


def _read(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4)


@pytest.fixture(scope="module")
def kernel_specs(tmp_path_factory):
    """A kernelspec manager whose only ``python3`` kernel runs this interpreter."""
    from jupyter_client.kernelspec import KernelSpecManager

    folder = tmp_path_factory.mktemp("kernels")
    spec = folder / KERNEL
    spec.mkdir()
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Python 3 (dicelab notebook tests)",
                "language": "python",
            }
        )
    )
    return KernelSpecManager(kernel_dirs=[str(folder)], ensure_native_kernel=False)


def test_every_notebook_is_there():
    assert sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_stored_clean(name):
    notebook = _read(name)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == KERNEL
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{name} is stored with outputs: clear them before committing"
            )
        assert not re.search(r"(?<![\w.~])/(?:home|root|Users|tmp)/", cell.source), (
            f"{name} names a path of a machine"
        )


@pytest.mark.parametrize("name", NAMES)
def test_no_number_is_typed_into_the_text(name):
    typed = [
        (i, match.group())
        for i, cell in enumerate(_read(name).cells)
        if cell.cell_type == "markdown"
        for match in TYPED_NUMBER.finditer(cell.source)
    ]
    assert not typed, f"{name}: compute these in a cell instead: {typed}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_has_objectives_predictions_exercises_and_a_teachers_note(name):
    cells = _read(name).cells
    text = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    code = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
    assert "**Learning objectives.**" in cells[0].source, (
        f"{name} starts without its learning objectives"
    )
    assert "**Predict first.**" in text and "reveal(" in code, (
        f"{name} has no predict-then-reveal step"
    )
    assert re.search(r"^### Exercise \d", text, re.M), f"{name} has no exercises"
    assert "## Teacher's note" in text and "| minutes |" in text, (
        f"{name} has no teacher's note with timings"
    )
    assert "assert " in code, f"{name} checks none of its claims"


def test_the_lessons_with_simulations_say_their_sizes_in_a_parameters_cell():
    for name in (
        "04_law_of_large_numbers.ipynb",
        "05_expected_value.ipynb",
        "07_points_against_wins.ipynb",
    ):
        cells = [c for c in _read(name).cells if "parameters" in c.metadata.get("tags", [])]
        assert len(cells) == 1 and re.search(r"^[A-Z_]+ = [\d_]+", cells[0].source, re.M), name


def _timeout(cell) -> int:
    return SOLVE_TIMEOUT if "solves" in cell.metadata.get("tags", []) else CELL_TIMEOUT


def _executed(name: str, kernel_specs, tmp_path, monkeypatch, edition: str = "teacher"):
    from jupyter_client.manager import KernelManager

    from dicelab.editions import edition as make_edition

    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    monkeypatch.delenv("DICELAB_CLASS_URL", raising=False)  # no class server: pasted counts
    notebook = nbformat.from_dict(make_edition(_read(name), edition))
    manager = KernelManager(kernel_name=KERNEL, kernel_spec_manager=kernel_specs)
    client = nbclient.NotebookClient(
        notebook,
        km=manager,
        timeout_func=_timeout,
        kernel_name=KERNEL,
        allow_errors=True,
        store_widget_state=True,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    return notebook


@pytest.mark.parametrize("edition", ["teacher", "student"])
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_without_errors(name, edition, kernel_specs, tmp_path, monkeypatch):
    """Both editions run: the student edition needs nothing that only an answer computes."""
    notebook = _executed(name, kernel_specs, tmp_path, monkeypatch, edition)
    errors = [
        f"cell {i}: {output.ename}: {output.evalue}"
        for i, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error"
    ]
    assert not errors, f"{name} raised:\n" + "\n".join(errors)
    unrun = [
        i
        for i, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and not cell.execution_count
    ]
    assert not unrun, f"{name}: cells {unrun} did not run"

    def widget_cells(word=""):
        return [
            cell
            for cell in notebook.cells
            if cell.cell_type == "code"
            and word in cell.source
            and any(WIDGET_VIEW in output.get("data", {}) for output in cell.outputs)
        ]

    assert widget_cells() or edition == "student", (
        f"{name} shows no widget"
    )  # a student's may be answers only
    for game in GAME_NOTEBOOKS.get(name, []):
        assert widget_cells(f"{game}("), f"{name}: the {game} cell shows no widget"
    if name in GAME_NOTEBOOKS:
        assert "application/vnd.jupyter.widget-state+json" in notebook.metadata.get("widgets", {})
