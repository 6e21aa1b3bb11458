"""A core install, without extras, in a new virtual environment: the games, odds, solver,
widgets and demo work, and each optional feature says in one line which extra to install.

pip installs the core dependencies from the package index (or its cache): a minute or two.
"""

import json
import os
import subprocess
import sys
import venv
from fractions import Fraction
from pathlib import Path

import pytest

from tests.run_once import made_once

pytestmark = pytest.mark.slow  # every test here takes tens of seconds on two cores

REPO = Path(__file__).parents[1]
OPTIONAL = ("matplotlib", "pandas", "jupyterlab", "notebook", "gymnasium", "pettingzoo")

CORE_CHECKS = """
import json, sys
from fractions import Fraction
import dicelab
from dicelab import fivethousand, odds, thousand, yahtzee
from dicelab.widgets import FivethousandGame, YahtzeeGame

report = {"file": dicelab.__file__}
for module, bots in ((fivethousand, ["simple", "intelligent"]), (thousand, ["simple", "cask_aware"]),
                     (yahtzee, ["greedy", "random"])):
    game = module.Game(players=[{"name": b, "bot": b} for b in bots], seed=3)
    game.play_bots()
    report[module.__name__] = game.is_over
report["score"] = [fivethousand.score([1, 5, 5]), thousand.score([2, 3, 4, 5, 6])]
report["bust"] = str(odds.bust_probability("fivethousand", 6))
report["chance"] = str(odds.box_odds("yahtzee", rolls_left=3).chance)
rules = yahtzee.Rules(boxes=tuple(sys.argv[1].split(",")))
report["solved"] = yahtzee.solve(rules, progress=False).expected_score
report["cached"] = yahtzee.solve(rules, progress=False).expected_score
report["widgets"] = [repr(YahtzeeGame()), repr(FivethousandGame())]
print(json.dumps(report))
"""

MISSING = {
    "plots": (
        "from dicelab import plots; plots.score_histogram([1, 2, 3])",
        'dicelab.plots needs matplotlib: pip install "dicelab[plots]"',
    ),
    "odds table": (
        "from dicelab import odds; odds.bust_table('thousand').to_dataframe()",
        'to_dataframe() needs pandas: pip install "dicelab[data]"',
    ),
    "simulation": (
        "from dicelab import simulate; "
        "simulate.games('fivethousand', ['simple', 'intelligent'], n=10, seed=0).to_dataframe()",
        'to_dataframe() needs pandas: pip install "dicelab[data]"',
    ),
    "gymnasium": (
        "from dicelab.rl import YahtzeeEnv",
        'dicelab.rl needs gymnasium: pip install "dicelab[rl]"',
    ),
    "aec": (
        "from dicelab.rl import aec_env",
        'dicelab.rl needs gymnasium: pip install "dicelab[rl]"',
    ),
}
SMALL_RULES = "ones,sixes,yahtzee,chance"


def make_core(root: Path) -> None:
    """Build dicelab's wheel from this checkout into ``root/dist`` and install it, with its
    core dependencies only, into a new venv ``root/env``."""
    dist = root / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(REPO),
        ],
        check=True,
    )
    venv.create(root / "env", with_pip=True)
    subprocess.run(
        [
            str(root / "env" / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            str(next(dist.glob("dicelab-*.whl"))),
        ],
        check=True,
        env=environment(root),
    )


def environment(root: Path) -> dict:
    """The environment of a command run in the new venv under ``root`` (its own cache)."""
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    bin_dir = root / "env" / "bin"
    environ.update(
        DICELAB_CACHE_DIR=str(root / "cache"), PATH=f"{bin_dir}{os.pathsep}{environ['PATH']}"
    )
    return environ


@pytest.fixture(scope="module")
def core(tmp_path_factory):
    """A new venv with dicelab from this checkout and its core dependencies only, made once
    per run and shared by the workers."""
    root = made_once(tmp_path_factory, "fresh-install", make_core)
    return root / "env" / "bin", environment(root), root


def run(core, *command, check=True):
    bin_dir, environ, root = core
    return subprocess.run(
        command, capture_output=True, text=True, env=environ, cwd=root, check=check
    )


@pytest.mark.fresh_install
def test_the_core_install_has_no_optional_library(core):
    bin_dir = core[0]
    installed = run(core, str(bin_dir / "python"), "-m", "pip", "list", "--format=json").stdout
    names = {package["name"].lower() for package in json.loads(installed)}
    assert {"dicelab", "numpy", "anywidget", "ipywidgets", "traitlets", "ipython", "tqdm"} <= names
    assert names.isdisjoint(OPTIONAL)


@pytest.mark.fresh_install
def test_games_odds_solver_and_widgets_work_without_extras(core):
    from dicelab import yahtzee

    bin_dir = core[0]
    result = run(core, str(bin_dir / "python"), "-c", CORE_CHECKS, SMALL_RULES)
    report = json.loads(result.stdout)
    assert str(core[2]) in report["file"]  # the installed copy, not this checkout
    assert (
        report["dicelab.fivethousand"] and report["dicelab.thousand"] and report["dicelab.yahtzee"]
    )
    assert report["score"] == [200, 250]
    assert Fraction(report["bust"]) == Fraction(5, 162)
    assert Fraction(report["chance"]) == Fraction(2783176, 60466176)
    expected = yahtzee.solve(
        yahtzee.Rules(boxes=tuple(SMALL_RULES.split(","))), progress=False, cache=False
    ).expected_score
    assert report["solved"] == report["cached"] == expected
    assert list(Path(core[2], "cache").iterdir())  # the solution was cached on disk
    assert "YahtzeeGame" in report["widgets"][0] and "FivethousandGame" in report["widgets"][1]


@pytest.mark.fresh_install
def test_the_demo_command_plays_a_game(core):
    result = run(core, str(core[0] / "dicelab"), "demo", "yahtzee", "--seed", "2")
    assert (
        result.stdout.startswith("A game of Yahtzee between bots (seed 2).")
        and "Winner: " in result.stdout
    )


@pytest.mark.fresh_install
@pytest.mark.parametrize("feature", sorted(MISSING))
def test_each_optional_feature_names_its_extra_in_one_line(core, feature):
    code, message = MISSING[feature]
    result = run(core, str(core[0] / "python"), "-c", code, check=False)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == f"dicelab.extras.MissingExtraError: {message}"
    assert "ModuleNotFoundError" not in result.stderr


@pytest.mark.fresh_install
def test_dicelab_lab_names_the_lab_extra(core):
    result = run(core, str(core[0] / "dicelab"), "lab", "class", "--no-browser", check=False)
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == 'dicelab lab: error: dicelab lab needs jupyterlab: pip install "dicelab[lab]"'
    )
    assert (core[2] / "class" / "00_start_here.ipynb").exists()  # the notebooks were copied first
