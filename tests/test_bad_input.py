"""Bad input is refused before anything happens: each case a new user tried, and the
validators the engines, drivers and widgets share."""

import json

import pytest

import dicelab
from dicelab import fivethousand, registry, thousand, validation, yahtzee
from dicelab.errors import InvalidInputError, WrongTypeError

# --- the reproductions ------------------------------------------------------------------


def test_a_set_of_dice_is_refused_as_a_move_and_the_game_still_saves():
    game = fivethousand.Game(players=["A", "B"], seed=1)
    assert sorted(game.throw().dice) == [1, 1, 2, 4, 5, 5]  # a 1 and a 5 to set aside
    before = game.to_json()
    with pytest.raises(dicelab.IllegalMoveError, match="a set forgets repeated faces"):
        game.play(fivethousand.SetAside({1, 5}))
    assert game.to_json() == before
    game.play(fivethousand.SetAside([5, 1]))  # a list is fine, and saved as sorted faces
    assert json.loads(game.to_json())["events"][-1]["action"] == {
        "type": "set_aside",
        "dice": [1, 5],
    }


def test_holding_several_dice_is_all_or_nothing():
    game = yahtzee.Game(players=["A"], seed=1)
    game.roll()
    before = game.to_json()
    with pytest.raises(dicelab.IllegalMoveError, match="no die number 9"):
        game.hold(0, 9)
    assert game.state.held == (False,) * 5 and game.to_json() == before
    game.hold(1)
    with pytest.raises(dicelab.IllegalMoveError, match="already held"):
        game.hold(0, 1)  # each die is valid, but the second can't be held: the first isn't either
    assert game.state.held == (False, True, False, False, False)
    with pytest.raises(dicelab.IllegalMoveError, match="not held"):
        game.release(1, 2)
    assert game.state.held == (False, True, False, False, False)
    assert [event.action.die for event in game.hold(0, 4)] == [0, 4]


@pytest.mark.parametrize("dice", [None, 5, "15", {1, 5}, [1.0], [True], [0], [7], [1] * 7])
def test_set_aside_refuses_what_is_not_dice_as_an_illegal_move(dice):
    game = fivethousand.Game(players=["A", "B"], seed=1)
    game.throw()
    before = game.to_json()
    with pytest.raises(dicelab.IllegalMoveError):
        game.set_aside(dice)
    assert game.to_json() == before


@pytest.mark.parametrize("module", [s.module for s in registry.GAMES.values() if s.set_aside])
@pytest.mark.parametrize(
    "dice, error",
    [
        ([0, 0, 0], InvalidInputError),
        ([-5], InvalidInputError),
        ([True] * 3, WrongTypeError),
        ([7], InvalidInputError),
        ([1.0], WrongTypeError),
        ("111", WrongTypeError),
        ({1, 5}, WrongTypeError),
        ([1] * 7, InvalidInputError),
        (None, WrongTypeError),
    ],
)
def test_score_refuses_what_is_not_dice(module, dice, error):
    with pytest.raises(error):
        module.score(dice)


def test_score_of_real_dice():
    assert fivethousand.score([1, 5, 5]) == 200 and fivethousand.score((5, 1, 5)) == 200
    assert fivethousand.score([2]) is None and fivethousand.score([]) is None
    assert thousand.score([2, 3, 4, 5, 6]) == 250
    with pytest.raises(InvalidInputError, match="0 to 5 items, not 6"):
        thousand.score([1] * 6)  # Thousand has five dice
    assert yahtzee.score("full_house", [3, 3, 3, 3, 3]) == 25
    with pytest.raises(WrongTypeError):
        yahtzee.score("chance", [1, 2, 3, 4, True])
    with pytest.raises(InvalidInputError, match="no box called 'one_pair'"):
        yahtzee.score("one_pair", [1, 1, 2, 3, 4])  # a yatzy box, not in the default rules
    with pytest.raises(WrongTypeError):
        yahtzee.score(None, [1, 1, 2, 3, 4])


def test_a_string_of_players_is_not_split_into_letters():
    with pytest.raises(WrongTypeError, match=r"such as \['Ann'\]"):
        yahtzee.Game(players="Ann")


@pytest.mark.parametrize("module", [spec.module for spec in registry.GAMES.values()])
@pytest.mark.parametrize(
    "players",
    [
        10**7,
        10**30,
        0,
        -1,
        True,
        2.0,
        [],
        ["A"] * 10**5,
        "AB",
        b"AB",
        {"A", "B"},
        [""],
        [None],
        [{"name": "A", "age": 3}],
    ],
)
def test_players_are_refused_at_once(module, players):
    with pytest.raises(InvalidInputError):
        module.Game(players=players)


def test_player_numbers_and_lists():
    assert [p.name for p in thousand.Game(players=2).players] == ["Player 1", "Player 2"]
    assert len(yahtzee.Game(players=8).players) == 8
    with pytest.raises(InvalidInputError, match="from 1 to 6, not 7"):
        fivethousand.Game(players=7)
    with pytest.raises(InvalidInputError, match="unknown bot level 'genius'"):
        thousand.Game(players=[{"name": "R", "bot": "genius"}])


@pytest.mark.parametrize(
    "make",
    [
        lambda: yahtzee.Rules(rolls=2.5),
        lambda: thousand.Rules(target=1000.0),
        lambda: fivethousand.Rules(single_one=1.5),
        lambda: fivethousand.Rules(bust_keeps_completed_rounds=1),
        lambda: yahtzee.Rules(style=3),
        lambda: thousand.Rules(ones=(10, 20, 100, 200, 1000.0)),
        lambda: yahtzee.Rules().replace(yahtzee=True),
        lambda: thousand.Rules.from_dict({"dice": 5.0}),
    ],
)
def test_rules_of_the_wrong_type_are_refused_however_they_are_made(make):
    with pytest.raises(WrongTypeError, match="must be"):
        make()


@pytest.mark.parametrize(
    "make, setting",
    [
        (lambda: thousand.Rules(casks=((0, 100), (50, 150))), "casks"),
        (lambda: thousand.Rules(casks=((300, 400), (0, 100))), "casks"),
        (lambda: thousand.Rules(casks=((900, 1100),)), "casks"),
        (lambda: thousand.Rules(target=1003), "target"),
        (lambda: thousand.Rules(ones=(10, 20)), "ones"),
        (lambda: fivethousand.Rules(dice=7), "dice"),
        (lambda: fivethousand.Rules(dice=2, single_one=0, single_five=0), "dice"),
        (lambda: fivethousand.Rules(target=0), "target"),
        (lambda: fivethousand.Rules(target=10**9), "target"),
        (lambda: yahtzee.Rules(rolls=0), "rolls"),
        (lambda: yahtzee.Rules(boxes=("chance", "chance")), "boxes"),
        (lambda: yahtzee.Rules(boxes=("one_pair",)), "boxes"),
        (lambda: yahtzee.Rules(joker="sometimes"), "joker"),
        (lambda: yahtzee.Rules().replace(colour="red"), None),
    ],
)
def test_inconsistent_rules_are_refused_naming_the_setting(make, setting):
    with pytest.raises(InvalidInputError) as refusal:
        make()
    assert refusal.value.setting == setting


def test_lists_are_taken_as_tuples_in_rules():
    rules = thousand.Rules(casks=[[0, 100], [300, 400]])
    assert rules.casks == ((0, 100), (300, 400)) and hash(rules) == hash(
        thousand.Rules(casks=((0, 100), (300, 400)))
    )


@pytest.mark.parametrize("seed", ["7", 7.0, True, -1, 2**64, [7]])
def test_seeds_are_whole_numbers(seed):
    with pytest.raises(InvalidInputError):
        fivethousand.Game(seed=seed)


def test_saves_of_the_issue_are_refused_with_the_path_of_the_problem():
    document = json.loads(fivethousand.Game(players=["A", "B"], seed=1).to_json())
    game = fivethousand.Game(players=["A", "B"], seed=1)
    game.throw()
    with_event = json.loads(game.to_json())

    def refused(change, path):
        copy = json.loads(json.dumps(change[0]))
        change[1](copy)
        with pytest.raises(dicelab.CorruptGameError) as refusal:
            fivethousand.Game.from_json(json.dumps(copy))
        assert refusal.value.path == path, str(refusal.value)

    refused((document, lambda d: d.update(version=True)), "$.version")
    refused(
        (with_event, lambda d: d["events"][0].update(dice=[1.0, True, 3.0, 5, 5, 6])),
        "$.events[0].dice[0]",
    )
    refused((with_event, lambda d: d["events"][0].update(player=False)), "$.events[0].player")
    refused((document, lambda d: d.update(cheat=True)), "$.cheat")
    refused((document, lambda d: d.pop("players")), "$.players")
    refused((document, lambda d: d.update(players=None)), "$.players")
    refused((document, lambda d: d.update(players="AB")), "$.players")
    refused((document, lambda d: d.update(players=10**30)), "$.players")
    refused((document, lambda d: d["rules"].update(target=5000.0)), "$.rules.target")
    refused((document, lambda d: d["rules"].update(dice=9)), "$.rules.dice")
    refused((document, lambda d: d["players"][1].update(bot="genius")), "$.players[1]")
    with pytest.raises(dicelab.CorruptGameError, match="nested more than"):
        fivethousand.Game.from_json("[" * 1000 + "]" * 1000)
    with pytest.raises(dicelab.CorruptGameError, match="nested more than"):
        fivethousand.Game.from_json('{"a":' * 100_000 + "1" + "}" * 100_000)


# --- the validators ---------------------------------------------------------------------


def test_validators_for_the_widgets():
    assert validation.die_index(4) == 4
    assert validation.die_indices((0, 3)) == (0, 3)
    assert validation.faces([6, 1], 1, 6) == (1, 6)
    assert validation.box_name("chance", yahtzee.Rules().boxes) == "chance"
    for bad in (True, 5, -1, 1.0, "0", None):
        with pytest.raises(dicelab.IllegalMoveError):
            validation.die_index(bad)
    with pytest.raises(dicelab.IllegalMoveError, match="no box called 'bonus'"):
        validation.box_name("bonus", yahtzee.Rules().boxes)
    with pytest.raises(dicelab.IllegalMoveError):
        validation.faces([1, 2], 3, 6, error=dicelab.IllegalMoveError)
    fields = {"toggle": {"die": validation.die_index}}
    assert validation.intent({"type": "toggle", "die": 1}, fields) == ("toggle", {"die": 1})
    for bad in (
        [],
        {"type": "dance"},
        {"type": "toggle"},
        {"type": "toggle", "die": True},
        {"type": "toggle", "die": 1, "extra": 0},
        {"die": 1},
        {"type": 3},
    ):
        with pytest.raises(dicelab.IllegalMoveError):
            validation.intent(bad, fields)


def test_messages_are_short_sentences_even_for_huge_values():
    with pytest.raises(InvalidInputError) as refusal:
        fivethousand.Game(players=["x" * 10**6])
    assert len(str(refusal.value)) < 200
    with pytest.raises(dicelab.IllegalMoveError) as refusal:
        fivethousand.SetAside([10**100])
    assert len(str(refusal.value)) < 200


def test_actions_check_their_fields_when_made():
    assert fivethousand.SetAside((5, 1)) == fivethousand.SetAside([1, 5])
    for make in (
        lambda: yahtzee.Hold(True),
        lambda: yahtzee.Hold(5),
        lambda: yahtzee.Release("0"),
        lambda: yahtzee.Score(3),
        lambda: yahtzee.Score("bonus"),
        lambda: thousand.SetAside("15"),
    ):
        with pytest.raises(dicelab.IllegalMoveError):
            make()
