"""Optional libraries: a missing one gives one line naming the extra that installs it."""

import importlib
import sys

import pytest

from dicelab import cli, odds, simulate
from dicelab.extras import EXTRAS, MissingExtraError, require


def hide(monkeypatch, *modules):
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_require_returns_the_module_or_names_the_extra(monkeypatch):
    assert require("fractions", "data", "odds").Fraction(1, 2) == 0.5
    hide(monkeypatch, "pandas")
    with pytest.raises(MissingExtraError) as error:
        require("pandas", "data", "to_dataframe()")
    assert str(error.value) == 'to_dataframe() needs pandas: pip install "dicelab[data]"'
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
    with pytest.raises(MissingExtraError, match=r'pip install "dicelab\[data\]"'):
        odds.bust_table("thousand").to_dataframe()
    results = simulate.games("fivethousand", ["simple", "simple"], n=4, seed=0, progress=False)
    with pytest.raises(MissingExtraError, match=r'pip install "dicelab\[data\]"'):
        results.to_dataframe()


def test_dicelab_lab_names_the_lab_extra(monkeypatch, tmp_path, capsys):
    hide(monkeypatch, "jupyterlab")
    with pytest.raises(SystemExit) as stop:
        cli.main(["lab", str(tmp_path), "--no-browser"])
    assert stop.value.code == 'dicelab: dicelab lab needs jupyterlab: pip install "dicelab[lab]"'


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_the_rl_environments_name_the_rl_extra(monkeypatch, missing):
    for name in [m for m in sys.modules if m.startswith("dicelab.rl.")]:
        monkeypatch.delitem(sys.modules, name)
    hide(monkeypatch, missing, f"{missing}.spaces", f"{missing}.utils.seeding")
    with pytest.raises(MissingExtraError, match=rf'dicelab.rl needs {missing}: pip install "dicelab\[rl\]"'):
        importlib.import_module("dicelab.rl.aec")
