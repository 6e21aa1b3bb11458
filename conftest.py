"""Every test (and doctest) saves widget games in a folder of its own, never in the user's data folder."""

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DICELAB_DATA_DIR", str(tmp_path_factory.mktemp("dicelab-data")))
