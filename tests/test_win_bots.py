"""The win robots of the set-aside games at the table, and the levels' descriptions."""

from __future__ import annotations

import pytest

from dicelab import fivethousand, thousand
from tests.bot_matches import play_checking_legality, wins_of

SMALL = {fivethousand: fivethousand.Rules(dice=3, target=500),
         thousand: thousand.Rules(dice=3, target=100, casks=((0, 20), (50, 60)))}


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))


@pytest.mark.parametrize("module", [fivethousand, thousand])
def test_every_level_is_described_in_one_line(module):
    assert list(module.LEVELS) == list(module.BOTS)
    assert all(text and "\n" not in text for text in module.LEVELS.values())


@pytest.mark.parametrize("module", [fivethousand, thousand])
@pytest.mark.parametrize("players", [2, 3])
def test_the_win_robot_plays_legal_games(module, players):
    seats = [{"name": "Win", "bot": "win"}] + [{"name": f"Simple {i}", "bot": "simple"} for i in range(1, players)]
    game = module.Game(players=seats, rules=SMALL[module], seed=4)
    game.prepare_bots()
    play_checking_legality(game)
    assert game.is_over


@pytest.mark.parametrize("module", [fivethousand, thousand])
def test_the_win_robot_beats_the_simple_one(module):
    games = 300
    assert wins_of(module.Game, "win", "simple", games, rules=SMALL[module]) > games / 2
