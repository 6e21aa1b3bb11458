"""Rule sets whose game can't end are refused naming their settings; a game that goes on
past the most moves a game may have stops with a clear error."""

import pytest

from dicelab import fivethousand, registry, saves, simulate, yahtzee
from dicelab.errors import IllegalMoveError, InvalidInputError, TooManyMovesError


@pytest.mark.parametrize(
    "settings",
    [
        {"dice": 1, "all_dice_farkle": 500},
        {"dice": 1, "all_dice_farkle": 500, "hot_dice": "optional"},
        {"dice": 2, "single_one": 0, "single_five": 0, "all_dice_farkle": 500},
    ],
)
def test_rules_where_a_turn_never_risks_a_farkle_are_refused_naming_the_settings(settings):
    with pytest.raises(InvalidInputError) as refusal:
        fivethousand.Rules(**settings)
    assert refusal.value.setting == "all_dice_farkle"
    assert "all_dice_farkle" in str(refusal.value) and "no game would end" in str(refusal.value)
    assert f"with {settings['dice']} di" in str(refusal.value)


@pytest.mark.parametrize(
    "settings", [{"dice": 1}, {"all_dice_farkle": 500}, {"dice": 2, "all_dice_farkle": 500}]
)
def test_rules_with_a_risk_in_every_turn_are_taken(settings):
    assert fivethousand.Rules(**settings).dice == settings.get("dice", 6)


@pytest.mark.parametrize("module", [spec.module for spec in registry.GAMES.values()])
def test_a_game_stops_at_the_most_moves_a_game_may_have(module, monkeypatch):
    monkeypatch.setattr(saves, "MAX_EVENTS", 30)
    bot = "greedy" if module is yahtzee else "simple"
    game = module.Game(players=[{"name": "A", "bot": bot}, {"name": "B", "bot": bot}], seed=1)
    with pytest.raises(TooManyMovesError, match="has had 30 moves, the most a game may have"):
        game.play_bots()
    assert len(game.history) == 30 and not game.is_over
    assert isinstance(TooManyMovesError("x"), IllegalMoveError)


def test_a_simulated_game_stops_there_too(monkeypatch):
    monkeypatch.setattr(saves, "MAX_EVENTS", 10)
    with pytest.raises(simulate.RunStopped) as stopped:
        simulate.games("fivethousand", [Banker(), Banker()], n=3, seed=1, progress=False)
    assert isinstance(stopped.value.__cause__, TooManyMovesError)
    assert "game 0 (numbered from 0)" in str(stopped.value.__cause__)


class Banker:
    """A robot of the engine path that plays the simple robot's moves."""

    def choose(self, engine, state, rng):
        return fivethousand.BOTS["simple"]().choose(engine, state, rng)


def test_the_win_policy_refuses_rules_without_singles_naming_the_setting():
    rules = fivethousand.Rules(single_one=0, single_five=0)
    for with_penalty in (rules, rules.replace(penalty=500, bust_keeps_completed_rounds=False)):
        with pytest.raises(InvalidInputError, match="single_one=0, single_five=0") as refusal:
            fivethousand.win_policy(with_penalty, use_cache=False)
        assert refusal.value.setting == "single_one"
