"""A fuzz of saved games: every truncation of a real save, every value replaced by one of
each other JSON type, depth and size bombs. Each load raises CorruptGameError, or gives a
game equal to a legal replay of what the document says."""

import json

import pytest

import dicelab
from dicelab import registry, saves
from tests.json_documents import paths, replaced

GAMES = [spec.module for spec in registry.GAMES.values()]
BOTS = {
    spec.module: spec.demo[0].bot for spec in registry.GAMES.values()
}  # each game's best quick robot
OTHER_VALUES = [
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    2.5,
    10**30,
    "",
    "x",
    "throw",
    [],
    [1],
    [1, 5],
    {},
    {"type": "throw"},
]


def real_game(module, steps: int):
    game = module.Game(
        players=[{"name": "Ann", "bot": BOTS[module]}, {"name": "Ben", "bot": BOTS[module]}],
        seed=11,
    )
    for _ in range(steps):
        game.play_bot()
    return game


def legal_replay(module, game):
    """The game played afresh from its players, rules and seed with its actions."""
    replay = module.Game(players=game.players, rules=game.rules, seed=game.seed)
    for event in game.history:
        replay.play(event.action)
    return replay


def load(module, text):
    """The loaded game, or None after a CorruptGameError naming its path."""
    try:
        game = module.Game.from_json(text)
    except dicelab.CorruptGameError as refusal:
        assert refusal.path.startswith("$") and str(refusal).startswith(refusal.path + ": ")
        return None
    replay = legal_replay(module, game)
    assert replay.state == game.state and replay.history == game.history
    return game


@pytest.mark.parametrize("module", GAMES)
def test_every_truncation_of_a_real_save_is_refused(module):
    text = real_game(module, 40).to_json()
    for end in range(len(text)):
        assert load(module, text[:end]) is None, end
    assert load(module, text).to_json() == text


@pytest.mark.parametrize("module", GAMES)
def test_every_value_replaced_by_each_other_json_type(module):
    document = json.loads(real_game(module, 12).to_json())
    loaded = tried = 0
    for path in paths(document):
        for value in OTHER_VALUES:
            changed = replaced(document, path, value)
            if changed == document:
                continue
            tried += 1
            game = load(module, json.dumps(changed))
            if game is not None:  # only a document that to_json writes loads
                loaded += 1
                assert json.loads(game.to_json()) == changed
    assert tried > 1000 and loaded < tried


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize(
    "bomb",
    [
        "[" * 7 + "]" * 7,
        "[" * 1000 + "]" * 1000,
        "[" * 10**6,
        "{" * 10**6,
        "]" * 10**6,
        '{"a":' * 200_000 + "0" + "}" * 200_000,
        "[" * 10**5 + '"' + "]" * 10**5,
        '["\\"' + "[" * 10**5 + '"]',
        " " * 4_000_001,
        '"' + "x" * 3_999_990 + '"',
        "[" + "0," * 1_000_000 + "0]",
        "1" * 5000,
        '{"a": 1, "a": 2}',
        "NaN",
        '"\\ud800"',
    ],
)
def test_depth_and_size_bombs_are_refused(module, bomb):
    assert load(module, bomb) is None


@pytest.mark.parametrize("module", GAMES)
def test_bombs_inside_a_real_save_are_refused_with_their_path(module):
    document = json.loads(real_game(module, 6).to_json())
    deep = document
    for _ in range(2 * saves.MAX_DEPTH):
        deep = {"nested": [deep]}
    with pytest.raises(dicelab.CorruptGameError, match="nested more than"):
        module.Game.from_json(json.dumps(deep))
    long_name = replaced(document, ("players", 0, "name"), "A" * 100_000)
    with pytest.raises(dicelab.CorruptGameError) as refusal:
        module.Game.from_json(json.dumps(long_name))
    assert refusal.value.path == "$.players[0].name" and len(str(refusal.value)) < 200
    event = document["events"][0]
    many = replaced(document, ("events",), [event] * (saves.MAX_EVENTS + 1))
    with pytest.raises(dicelab.CorruptGameError) as refusal:
        module.Game.from_json(json.dumps(many))
    assert refusal.value.path == "$.events"
    replayed_twice = replaced(document, ("events",), document["events"] + document["events"][:1])
    with pytest.raises(dicelab.CorruptGameError) as refusal:
        module.Game.from_json(json.dumps(replayed_twice))
    assert refusal.value.path.startswith(f"$.events[{len(document['events'])}]")


@pytest.mark.parametrize("module", GAMES)
def test_bytes_and_other_objects(module):
    text = real_game(module, 5).to_json()
    assert load(module, text.encode()).to_json() == text
    for other in (None, 3, json.loads(text), b"\xff\xfe", bytearray(b"{}")):
        assert load(module, other) is None
