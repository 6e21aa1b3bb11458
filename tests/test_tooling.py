"""The checks of a maintained library, run as tests so that CI runs them: the formatter and
linter, the type checker, the API reference's strict build, and the wheel's contents."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import dicelab

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True)


def tool(name: str) -> str:
    """The command of an installed tool, beside this Python (a venv's bin folder) or on PATH."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        pytest.fail(f'{name} is not installed: pip install -e ".[test]"')
    return found


def test_the_code_is_formatted_by_ruff():
    result = run(tool("ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing():
    result = run(tool("ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_finds_nothing():
    result = run(tool("mypy"))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_the_api_reference_builds_with_warnings_as_errors(tmp_path):
    result = run(tool("mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site"))
    assert result.returncode == 0, result.stdout + result.stderr
    page = (tmp_path / "site" / "api" / "fivethousand" / "index.html").read_text()
    assert (
        "win_policy" in page
        and "IllegalMoveError" in (tmp_path / "site" / "api" / "dicelab" / "index.html").read_text()
    )


@pytest.mark.slow
def test_the_wheel_ships_the_package_its_types_and_lessons_and_nothing_stray(tmp_path):
    result = run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "-q",
        "-w",
        str(tmp_path),
        str(ROOT),
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("dicelab-*.whl")
    assert wheel.name.startswith(f"dicelab-{dicelab.__version__}-")  # one version, in __init__.py
    names = zipfile.ZipFile(wheel).namelist()
    assert "dicelab/py.typed" in names and "dicelab/notebooks/00_start_here.ipynb" in names
    stray = [
        name
        for name in names
        if any(
            part in name
            for part in (
                "__marimo__",
                ".ipynb_checkpoints",
                "__pycache__",
                ".pyc",
                "tests/",
                "benchmarks/",
            )
        )
    ]
    assert not stray
    for name in names:
        if name.endswith(".ipynb"):
            json.loads(zipfile.ZipFile(wheel).read(name))  # every lesson is a whole notebook


def test_ci_runs_the_readme_test_command_and_the_readme_has_the_fast_tier():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Test\n", 1)[1].split("\n## ", 1)[0]
    command = section.split("```bash\n", 1)[1].split("\n", 1)[0]
    assert command.startswith('pip install -e ".[test]" && ')
    test_command = command.split(" && ", 1)[1]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == test_command and ci[-2] == "# The test command of README.md:"
    fast = 'python -m pytest -n auto -m "not slow and not browser and not notebook and not fresh_install"'
    assert fast in section and fast in (ROOT / "CONTRIBUTING.md").read_text()
