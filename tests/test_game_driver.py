"""The shared game driver: seeds, undo, saving and loading, for every game."""

import json

import pytest

import dicelab
from dicelab import fivethousand, thousand, yahtzee
from tests.json_documents import replaced

BOT_TABLES = {
    fivethousand: [{"name": "A", "bot": "intelligent"}, {"name": "B", "bot": "simple"}],
    thousand: [{"name": "A", "bot": "cask_aware"}, {"name": "B", "bot": "simple"}],
    yahtzee: [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "random"}],
}
GAMES = list(BOT_TABLES)


def finished(module, seed=5):
    game = module.Game(players=BOT_TABLES[module], seed=seed)
    game.play_bots()
    return game


@pytest.mark.parametrize("module", GAMES)
def test_same_seed_same_game(module):
    a, b = finished(module, 11), finished(module, 11)
    assert a.history == b.history and a.state == b.state and a.is_over
    assert finished(module, 12).history != a.history


@pytest.mark.parametrize("module", GAMES)
def test_json_round_trip_replays_the_same_game(module):
    game = finished(module)
    loaded = module.Game.from_json(game.to_json())
    assert loaded.state == game.state and loaded.history == game.history
    assert [p.name for p in loaded.winners] == [p.name for p in game.winners]


@pytest.mark.parametrize("module", GAMES)
def test_a_loaded_game_goes_on_as_the_original(module):
    original = module.Game(players=BOT_TABLES[module], seed=3)
    for _ in range(15):
        original.play_bot()
    copy = module.Game.from_json(original.to_json())
    original.play_bots()
    copy.play_bots()
    assert copy.history == original.history


@pytest.mark.parametrize("module", GAMES)
def test_undo_restores_the_state_and_the_same_dice_come_again(module):
    game = module.Game(players=BOT_TABLES[module], seed=4)
    first = game.play_bot()
    before = game.state
    event = game.play_bot()
    assert game.undo() == event and game.state == before
    assert game.play_bot() == event
    game.undo(), game.undo()
    with pytest.raises(dicelab.IllegalMoveError, match="nothing to undo"):
        game.undo()
    assert first.dice is not None


def tampered(game, change):
    return json.dumps(change(json.loads(game.to_json())))


def _set(path, value):
    return lambda document: replaced(document, path, value)


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize(
    "change, path",
    [
        (_set(["format"], "chess"), "$.format"),
        (_set(["version"], 99), "$.version"),
        (_set(["game"], "ludo"), "$.game"),
        (_set(["seed"], "seven"), "$.seed"),
        (_set(["events", 0, "dice"], [1, 1, 1, 1, 1]), "$.events[0].dice"),
        (_set(["events", 1, "action"], {"type": "dance"}), "$.events[1].action.type"),
        (_set(["events", 2, "player"], 7), "$.events[2].player"),
        (_set(["rules", "dice"], "six"), "$.rules.dice"),
        (_set(["rules", "rolls"], -1), "$.rules.rolls"),
        (_set(["players"], []), "$.players"),
        (_set(["players", 0], {"name": 3}), "$.players[0].name"),
    ],
)
def test_corrupt_saves_are_refused(module, change, path):
    game = finished(module)
    document = tampered(game, change)
    with pytest.raises(dicelab.CorruptGameError) as refusal:
        module.Game.from_json(document)
    assert refusal.value.path.startswith(path) and str(refusal.value).startswith(
        refusal.value.path + ": "
    )


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": "dicelab-game"}'])
def test_garbage_is_refused(module, text):
    with pytest.raises(dicelab.CorruptGameError):
        module.Game.from_json(text)


def test_players_and_bots_are_checked():
    with pytest.raises(ValueError, match="unknown bot level"):
        yahtzee.Game(players=[{"name": "R", "bot": "genius"}])
    with pytest.raises(ValueError, match="1 to 6"):
        fivethousand.Game(players=7)
    with pytest.raises(ValueError, match="share the colour Red"):
        yahtzee.Game(players=[{"name": "A", "colour": "Red"}, {"name": "B", "colour": "Red"}])
    with pytest.raises(ValueError, match="unknown preset"):
        thousand.Game(rules="modern")


def test_a_human_is_not_played_by_a_bot():
    game = fivethousand.Game(seed=1)
    with pytest.raises(dicelab.IllegalMoveError, match="Red's turn"):
        game.play_bot()
    assert game.play_bots() == []


def test_rules_round_trip_and_presets():
    for module in GAMES:
        for name, rules in module.PRESETS.items():
            assert module.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
            assert module.Rules.coerce(name) == rules and rules.preset_name == name
        assert module.Rules() == next(iter(module.PRESETS.values()))
    with pytest.raises(ValueError, match="unknown rule settings"):
        yahtzee.Rules.from_dict({"colour": "red"})


@pytest.mark.parametrize("module", GAMES)
def test_optimal_bots_prepare_before_their_first_move(module, tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = yahtzee.Rules(boxes=("chance", "yahtzee")) if module is yahtzee else None
    game = module.Game(players=["Ann", {"name": "Robot", "bot": "optimal"}], rules=rules, seed=1)
    assert game.bots_to_prepare() == ["optimal"]
    game.prepare_bots()
    assert module.Game(players=["Ann"]).bots_to_prepare() == []
