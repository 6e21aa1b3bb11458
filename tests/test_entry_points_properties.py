"""Arbitrary values at every public entry point: actions and their fields, the game verbs,
``score``, rules, the game's constructor and saved documents.

Each test is one entry point, for the three games, with 2000 examples. Each call either raises the documented error (IllegalMoveError for moves, InvalidInputError
for arguments and rules, CorruptGameError for saves) with the game's ``to_json()``
unchanged, or gives a result that round-trips through ``to_json``/``from_json``.
"""

import dataclasses
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dicelab
from dicelab import fivethousand, registry, yahtzee
from dicelab.errors import InvalidInputError
from tests.json_documents import paths

pytestmark = pytest.mark.slow  # every test here takes tens of seconds on two cores

GAMES = [spec.module for spec in registry.GAMES.values()]
BOTS = {
    spec.module: spec.demo[0].bot for spec in registry.GAMES.values()
}  # each game's best quick robot
EXAMPLES = settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
BOXES = tuple(yahtzee.BOX_TITLES)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 8),
    st.integers(),
    st.floats(),
    st.text(max_size=6),
    st.binary(max_size=3),
    st.sampled_from(BOXES + ("", "bonus", "Chance")),
)
anything = st.one_of(
    scalars,
    st.lists(scalars, max_size=7),
    st.tuples(scalars, st.lists(scalars, max_size=2)),
    st.sets(st.integers(0, 7), max_size=4),
    st.frozensets(st.integers(1, 6), max_size=3),
    st.dictionaries(st.text(max_size=4), scalars, max_size=3),
)
dice_like = st.one_of(
    st.lists(st.integers(1, 6), max_size=7), st.lists(st.integers(0, 7), max_size=7).map(tuple)
)
values = st.one_of(anything, dice_like, dice_like, st.integers(0, 5))
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 10),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=6),
)
json_values = st.one_of(
    json_scalars,
    st.lists(json_scalars, max_size=6),
    st.lists(st.integers(0, 7), max_size=7),
    st.dictionaries(st.text(max_size=5), json_scalars, max_size=3),
)


@cache
def positions(module) -> tuple:
    """Games of ``module`` stopped at many moments: before, within and between turns, over."""
    games = []
    for seed, steps in [
        (1, 0),
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 5),
        (5, 8),
        (6, 13),
        (7, 30),
        (8, 10**4),
    ]:
        game = module.Game(
            players=[{"name": "Ann", "bot": BOTS[module]}, {"name": "Ben", "bot": BOTS[module]}],
            seed=seed,
        )
        for _ in range(steps):
            if game.is_over:
                break
            game.play_bot()
        games.append(game)
    return tuple(games)


def attempt(game, move, error):
    """Call ``move()``: a refusal by ``error`` leaves the game as it was; a success
    round-trips and is then taken back. Whether it succeeded."""
    before, played = game.to_json(), len(game.history)
    try:
        move()
    except error as refusal:
        assert str(refusal) and game.to_json() == before
        return False
    text = game.to_json()
    loaded = type(game).from_json(text)
    assert loaded.state == game.state and loaded.to_json() == text
    while len(game.history) > played:
        game.undo()
    assert game.to_json() == before
    return True


@EXAMPLES
@given(module=st.sampled_from(GAMES), data=st.data())
def test_actions_with_any_field_value(module, data):
    game = data.draw(st.sampled_from(positions(module)))
    kind = data.draw(st.sampled_from(module.Engine.actions + (None,)))
    fields = [] if kind is None else [field.name for field in dataclasses.fields(kind)]
    value = data.draw(values)

    def move():
        if kind is None:
            return game.play(value)  # not an action at all
        return game.play(kind(**{name: value for name in fields}))

    attempt(game, move, dicelab.IllegalMoveError)


def verbs(module, game, args):
    if module is yahtzee:
        return {
            "roll": lambda: game.roll(),
            "hold": lambda: game.hold(*args),
            "release": lambda: game.release(*args),
            "score": lambda: game.score(*args[:1]),
            "preview": lambda: game.preview(*args[:1]),
            "undo": game.undo,
        }
    named = (
        {"pass_turn": lambda: game.pass_turn()}
        if module is fivethousand
        else {"save": lambda: game.save()}
    )
    return {
        "throw": game.throw,
        "set_aside": lambda: game.set_aside(*args[:1]),
        "bank": game.bank,
        "undo": game.undo,
        **named,
    }


@EXAMPLES
@given(module=st.sampled_from(GAMES), data=st.data())
def test_game_verbs_with_any_arguments(module, data):
    game = data.draw(st.sampled_from(positions(module)))
    args = data.draw(st.lists(values, min_size=1, max_size=3))
    name = data.draw(st.sampled_from(sorted(verbs(module, game, args))))
    history = list(game.history)
    if name == "undo" and history:
        event = game.undo()
        assert type(game).from_json(game.to_json()).state == game.state
        game.play(event.action)  # the same seed throws the same dice again
        assert game.history == history
        return
    attempt(game, verbs(module, game, args)[name], dicelab.IllegalMoveError)


rules_arguments = st.one_of(
    st.none(), st.sampled_from(["zillions", "classic", "scratch", "yatzy", "nope"]), anything
)


@EXAMPLES
@given(module=st.sampled_from(GAMES), dice=values, rules=rules_arguments, box=values)
def test_score_of_anything(module, dice, rules, box):
    try:
        if module is yahtzee:
            points = module.score(box, dice, rules)
        else:
            points = module.score(dice, rules)
    except InvalidInputError as refusal:
        assert str(refusal)
        return
    valid = module.Rules.coerce(rules)
    faces = tuple(sorted(dice))
    assert all(type(face) is int and 1 <= face <= 6 for face in faces) and type(dice) in (
        list,
        tuple,
    )
    if module is yahtzee:
        assert len(faces) == 5 and box in valid.boxes and type(points) is int and points >= 0
    else:
        assert len(faces) <= valid.dice and points == valid.combinations().score(faces)


@cache
def setting_values(rules_class):
    """For each setting, values near its default and anything at all."""

    def near(default):
        if isinstance(default, bool):
            return st.booleans()
        if isinstance(default, int):
            return st.integers(-2, 2 * default + 10)
        if isinstance(default, str):
            return st.sampled_from(
                [
                    "yahtzee",
                    "yatzy",
                    "none",
                    "forced",
                    "free",
                    "fixed",
                    "doubling",
                    "adding",
                    "other",
                ]
            )
        if default and isinstance(default[0], tuple):  # casks
            return st.lists(st.tuples(st.integers(-1, 1100), st.integers(-1, 1100)), max_size=4)
        if default and isinstance(default[0], str):  # boxes
            return st.lists(st.sampled_from(BOXES), max_size=14, unique=True)
        return st.lists(st.integers(-1, 1000), min_size=4, max_size=6)

    fields = dataclasses.fields(rules_class)
    return st.dictionaries(
        st.sampled_from([field.name for field in fields]),
        st.one_of(*(near(field.default) for field in fields), anything, anything),
        max_size=4,
    )


@EXAMPLES
@given(module=st.sampled_from(GAMES), data=st.data())
def test_rules_from_any_settings(module, data):
    settings_ = data.draw(setting_values(module.Rules))
    how = data.draw(st.sampled_from(["constructor", "replace", "from_dict"]))
    make = {
        "constructor": lambda: module.Rules(**settings_),
        "replace": lambda: module.Rules().replace(**settings_),
        "from_dict": lambda: module.Rules.from_dict(settings_),
    }[how]
    try:
        rules = make()
    except InvalidInputError as refusal:
        assert str(refusal)
        return
    assert module.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert hash(rules) == hash(module.Rules(**rules.to_dict()))


seat = st.one_of(
    st.sampled_from(["Ann", "Ben", "", " "]),
    anything,
    st.fixed_dictionaries(
        {"name": st.sampled_from(["R", "S"])},
        optional={
            "bot": st.sampled_from(["random", "simple", "greedy", "x", None]),
            "colour": st.sampled_from(["Red", "Blue", "Teal", None]),
        },
    ),
)
players_arguments = st.one_of(st.none(), st.integers(-1, 10), st.lists(seat, max_size=9), anything)


@EXAMPLES
@given(
    module=st.sampled_from(GAMES),
    players=players_arguments,
    rules=st.one_of(rules_arguments, setting_values(yahtzee.Rules)),
    seed=st.one_of(st.none(), st.integers(-2, 2**64 + 1), anything),
)
def test_game_from_any_arguments(module, players, rules, seed):
    try:
        game = module.Game(players=players, rules=rules, seed=seed)
    except InvalidInputError as refusal:
        assert str(refusal)
        return
    text = game.to_json()
    assert module.Game.from_json(text).to_json() == text
    assert 1 <= len(game.players) <= module.Game.MAX_PLAYERS


@cache
def real_save(module) -> str:
    return positions(module)[6].to_json()


@EXAMPLES
@given(module=st.sampled_from(GAMES), data=st.data())
def test_save_documents_with_any_value_anywhere(module, data):
    document = json.loads(real_save(module))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(paths(document))))
        change = data.draw(st.sampled_from(["replace", "delete", "add"]))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        if not path:
            document = data.draw(json_values)
        elif change == "replace":
            parent[path[-1]] = data.draw(json_values)
        elif change == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(json_values)
        else:
            parent.insert(path[-1], data.draw(json_values))
    text = json.dumps(document)
    try:
        game = module.Game.from_json(text)
    except dicelab.CorruptGameError as refusal:
        assert str(refusal).startswith(refusal.path + ": ")
        return
    assert json.loads(game.to_json()) == document  # exactly what to_json writes


@EXAMPLES
@given(
    module=st.sampled_from(GAMES),
    text=st.one_of(st.text(max_size=50), st.binary(max_size=50), anything),
)
def test_save_text_of_anything(module, text):
    with pytest.raises(dicelab.CorruptGameError):
        module.Game.from_json(text)
