"""Optional libraries: a missing one gives one line naming the extra that installs it."""

import importlib
import json
import re
import sys

import pytest

from dicelab import cli, extras, odds, simulate
from dicelab.extras import EXTRAS, MissingExtraError, install_hint, require


def hide(monkeypatch, *modules):
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_require_returns_the_module_or_names_the_extra(monkeypatch):
    assert require("fractions", "data", "odds").Fraction(1, 2) == 0.5
    hide(monkeypatch, "pandas")
    with pytest.raises(MissingExtraError) as error:
        require("pandas", "data", "to_dataframe()")
    assert str(error.value) == f"to_dataframe() needs pandas: {install_hint('data')}"
    assert isinstance(error.value, ImportError) and error.value.__cause__ is None


def test_a_library_that_is_there_but_fails_to_import_raises_its_own_error(monkeypatch, tmp_path):
    (tmp_path / "dicelab_probe_library.py").write_text("import dicelab_probe_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="dicelab_probe_dependency") as error:
        require("dicelab_probe_library", "plots", "a probe")
    assert not isinstance(error.value, MissingExtraError)


def test_an_unknown_extra_is_a_mistake_of_the_caller():
    with pytest.raises(ValueError, match="unknown extra 'graphs'"):
        require("fractions", "graphs", "odds")
    assert set(EXTRAS) == {"lab", "plots", "data", "rl", "class", "all"}


def test_to_dataframe_names_the_data_extra(monkeypatch):
    hide(monkeypatch, "pandas")
    with pytest.raises(MissingExtraError, match=re.escape(install_hint("data"))):
        odds.bust_table("thousand").to_dataframe()
    results = simulate.games("fivethousand", ["simple", "simple"], n=4, seed=0, progress=False)
    with pytest.raises(MissingExtraError, match=re.escape(install_hint("data"))):
        results.to_dataframe()


def test_dicelab_lab_names_the_lab_extra(monkeypatch, tmp_path, capsys):
    hide(monkeypatch, "jupyterlab")
    with pytest.raises(SystemExit) as stop:
        cli.main(["lab", str(tmp_path), "--no-browser"])
    assert stop.value.code == 2  # one line on stderr, as every error of the command
    assert capsys.readouterr().err.strip() == (
        f"dicelab lab: error: dicelab lab needs jupyterlab: {install_hint('lab')}"
    )


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_the_rl_environments_name_the_rl_extra(monkeypatch, missing):
    for name in [m for m in sys.modules if m.startswith("dicelab.rl.")]:
        monkeypatch.delitem(sys.modules, name)
    hide(monkeypatch, missing, f"{missing}.spaces", f"{missing}.utils.seeding")
    with pytest.raises(
        MissingExtraError, match=re.escape(f"dicelab.rl needs {missing}: {install_hint('rl')}")
    ):
        importlib.import_module("dicelab.rl.aec")


class Origin:
    """A stand-in for dicelab's installed metadata, saying where it was installed from."""

    def __init__(self, direct_url):
        self.direct_url = direct_url

    def read_text(self, name):
        assert name == "direct_url.json"
        return None if self.direct_url is None else json.dumps(self.direct_url)


@pytest.mark.parametrize(
    "origin, hint",
    [
        (None, 'pip install "dicelab[plots]"'),  # from the package index
        (
            {"url": "file:///home/ann/dice%20lab", "dir_info": {"editable": True}},
            'pip install -e "/home/ann/dice lab[plots]"',
        ),  # pip install -e . in a clone
        (
            {"url": "file:///home/ann/dicelab", "dir_info": {}},
            'pip install "/home/ann/dicelab[plots]"',
        ),
        (
            {"url": "file:///tmp/dicelab-0.1.0-py3-none-any.whl", "archive_info": {}},
            'pip install "dicelab[plots]"',
        ),
    ],
)
def test_the_install_hint_works_where_dicelab_came_from(monkeypatch, origin, hint):
    monkeypatch.setattr(extras.importlib.metadata, "distribution", lambda name: Origin(origin))
    assert install_hint("plots") == hint
