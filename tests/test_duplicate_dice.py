"""Duplicate dice: with one seed, a die thrown at the same moment (player, turn, throw of the
turn, die position) shows the same face in every game, whatever was held or set aside."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import fivethousand, registry, thousand, yahtzee
from dicelab.setaside import SetAside
from dicelab.yahtzee.engine import Hold, Score

GAMES = [spec.module for spec in registry.GAMES.values()]


def moments(game) -> dict:
    """{(player, turn, throw, position): face} for every die the game has thrown, worked out
    by replaying its history: a turn begins with a throw that is the turn's first."""
    engine, state = game.engine, game.engine.initial_state(len(game.players))
    turns = [-1] * len(game.players)
    seen = {}
    for event in game.history:
        state = engine.apply(state, event.action)
        if state.is_chance:
            throw = engine.throw_number(state)
            if throw == 0:
                turns[state.player] += 1
            for position, face in zip(engine.throw_positions(state), event.dice, strict=True):
                seen[state.player, turns[state.player], throw, position] = face
            state = engine.apply_chance(state, event.dice)
    return seen


def assert_same_faces(a, b) -> int:
    """The dice two games threw at the same moments agree; returns how many moments they share."""
    first, second = moments(a), moments(b)
    shared = first.keys() & second.keys()
    assert {m: first[m] for m in shared} == {m: second[m] for m in shared}
    return len(shared)


def random_play(game, rng, steps=400) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.play(rng.choice(game.legal_actions()))


def test_yahtzee_held_dice_stay_in_place_and_rolled_places_match():
    a, b = yahtzee.Game(seed=21), yahtzee.Game(seed=21)
    first = a.roll().dice
    assert b.roll().dice == first and a.state.dice == first  # first roll: the dice in place
    a.hold(0, 1)
    b.hold(3)
    a.roll()
    b.roll()
    assert a.state.dice[:2] == first[:2] and b.state.dice[3] == first[3]  # held dice stay put
    assert a.state.dice[2] == b.state.dice[2] and a.state.dice[4] == b.state.dice[4]
    assert assert_same_faces(a, b) == 5 + 2


def test_fivethousand_different_set_asides_then_the_same_positions_show_the_same_faces():
    a, b = fivethousand.Game(seed=40), fivethousand.Game(seed=40)
    throw = a.throw().dice
    assert b.throw().dice == throw == (1, 5, 6, 3, 1, 5)
    a.set_aside([1])  # the leftmost 1 goes aside: position 0
    b.set_aside([1, 1, 5])  # positions 0, 4 and 1
    assert a.state.aside == (0,) and b.state.aside == (0, 1, 4)
    second_a, second_b = a.throw().dice, b.throw().dice
    assert len(second_a) == 5 and len(second_b) == 3
    # positions 2, 3 and 5 were thrown by both at the turn's second throw (player 0, turn 0)
    assert [moments(a)[0, 0, 1, p] for p in (2, 3, 5)] == list(second_b)
    assert [second_a[i] for i in (1, 2, 4)] == list(second_b)  # a threw positions 1-5
    assert a.state.faces[0] == 1 and a.state.faces[1:] == second_a  # in place; the 1 stays
    assert assert_same_faces(a, b) == 6 + 3


def test_thousand_auto_set_aside_keeps_positions():
    game = thousand.Game(players=1, seed=3)
    throw = game.throw().dice
    assert throw == (6, 4, 1, 1, 6) and game.state.aside == (2, 3)  # the two 1s went aside
    assert game.engine.throw_positions(game.state) == (0, 1, 4)
    second = game.throw().dice
    assert [game.state.faces[p] for p in (0, 1, 4)] == list(second)


def test_undo_and_a_different_choice_still_shows_the_class_dice():
    reference = yahtzee.Game(seed=8)
    reference.roll()
    reference.hold(0)
    reference.roll()
    game = yahtzee.Game(seed=8)
    game.roll()
    game.hold(0, 1, 2)
    game.roll()
    game.undo()  # the roll
    game.undo()  # and the hold of die 2
    game.play(Hold(3))  # a different choice: hold 0, 1 and 3
    game.roll()
    assert (
        game.state.dice[2] == reference.state.dice[2]
        and game.state.dice[4] == reference.state.dice[4]
    )
    assert assert_same_faces(game, reference) == 5 + 2
    game.play(Score("chance"))
    game.roll()
    reference.play(Score("ones"))
    reference.roll()
    assert game.state.dice == reference.state.dice  # the next turn's first roll is the same
    loaded = yahtzee.Game.from_json(game.to_json())
    assert loaded.history == game.history and loaded.state == game.state


def test_undo_of_a_set_aside_then_another_keeps_the_moments():
    game = fivethousand.Game(seed=40)
    game.throw()
    game.set_aside([1, 5])
    first = game.throw().dice
    game.undo()
    game.undo()
    game.play(SetAside((1,)))
    game.throw()
    other = fivethousand.Game(seed=40)
    other.throw()
    other.set_aside([1, 1])
    other.throw()
    assert assert_same_faces(game, other) == 6 + 4  # position 5 (a 5) was thrown by game alone
    assert len(first) == 4


@settings(max_examples=60, deadline=None)
@given(
    module=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    a=st.integers(0, 2**16),
    b=st.integers(0, 2**16),
)
@pytest.mark.slow
def test_random_legal_play_with_one_seed_shows_the_same_dice_at_the_same_moments(
    module, seed, a, b
):
    first, second = module.Game(players=2, seed=seed), module.Game(players=2, seed=seed)
    random_play(first, random.Random(a))
    random_play(second, random.Random(b))
    assert assert_same_faces(first, second) >= 5  # at least the first throw: every die of it
    for game in (first, second):
        assert module.Game.from_json(game.to_json()).history == game.history
