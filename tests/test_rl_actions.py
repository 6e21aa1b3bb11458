"""The RL action spaces map exactly onto the engines' legal actions (no gymnasium needed)."""

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import IllegalMoveError, fivethousand, thousand, yahtzee
from dicelab.rl.actions import SetAsideActions, YahtzeeActions
from dicelab.rl.episode import Episode
from dicelab.setaside import Bank, SetAside, State, Throw

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLES = [
    ("yahtzee", "scratch"),
    ("yahtzee", "hasbro"),
    ("yahtzee", "yatzy"),
    ("fivethousand", "zillions"),
    ("fivethousand", "farkle"),
    ("thousand", "classic"),
    ("thousand", thousand.Rules(choose_keep=True)),
]


def reached(game, rules, players, seed, moves):
    """An episode after up to ``moves`` random legal decisions."""
    episode = Episode(game, rules, players)
    episode.reset(np.random.default_rng(seed))
    pick = random.Random(seed)
    for _ in range(moves):
        if episode.state.is_over:
            break
        episode.step(pick.choice(episode.legal()))
    return episode


def outcome(actions, state, index):
    """The state after ``index``, or None when it is illegal (and the state is unchanged)."""
    try:
        return actions.apply(state, index)
    except IllegalMoveError:
        return None


@FAST
@given(
    table=st.sampled_from(TABLES),
    players=st.integers(1, 3),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
)
def test_the_mask_is_exactly_the_actions_the_engine_accepts(table, players, seed, moves):
    episode = reached(*table, players, seed, moves)
    state, actions = episode.state, episode.actions
    mask = actions.mask(state)
    assert mask.dtype == np.int8 and mask.shape == (actions.size,)
    accepted = [int(outcome(actions, state, i) is not None) for i in range(actions.size)]
    assert mask.tolist() == accepted
    assert (state.is_over or state.is_chance) == (not mask.any())


@FAST
@given(
    players=st.integers(1, 3),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
    preset=st.sampled_from(["scratch", "hasbro", "free_joker", "yatzy"]),
)
def test_yahtzee_actions_are_every_hold_and_every_scorable_box(players, seed, moves, preset):
    episode = reached("yahtzee", preset, players, seed, moves)
    state, engine, actions = episode.state, episode.engine, episode.actions
    legal = actions.legal(state)
    boxes = [actions.boxes[i - actions.HOLDS] for i in legal if i >= actions.HOLDS]
    assert boxes == list(engine.scorable_boxes(state)) or state.is_over
    holds = [i for i in legal if i < actions.HOLDS]
    rolls_left = 0 < state.rolls_used < engine.rules.rolls
    assert holds == (list(range(31)) if rolls_left else [])
    for index in holds:  # each hold is the dice it names, then the roll
        after = actions.apply(state, index)
        assert after.is_chance and after.held == tuple(bool(index >> die & 1) for die in range(5))


@FAST
@given(
    table=st.sampled_from([t for t in TABLES if t[0] != "yahtzee"]),
    players=st.integers(1, 3),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
)
def test_each_legal_set_aside_has_exactly_one_number(table, players, seed, moves):
    episode = reached(*table, players, seed, moves)
    state, engine, actions = episode.state, episode.engine, episode.actions
    legal = actions.legal(state)
    decoded = [actions.decode(state, i)[0] for i in legal]
    assert sorted(decoded, key=repr) == sorted(engine.legal_actions(state), key=repr)
    assert len(set(decoded)) == len(decoded)
    for index, action in zip(legal, decoded):
        assert actions.encode(state, (action,)) == index


def test_the_numbers_of_a_six_dice_game():
    actions = SetAsideActions(fivethousand.Engine(fivethousand.Rules()))
    assert actions.size == 65 and actions.THROW == 0 and actions.bank == 64
    assert [actions.describe(i) for i in (0, 5, 64)] == [
        "throw",
        "set aside the dice at 0 2",
        "bank",
    ]
    state = State(scores=(0, 0), dice_left=6, phase="choose", throw=(1, 1, 2, 3, 5, 5))
    assert actions.decode(state, 0b010001) == (SetAside((1, 5)),)
    assert [actions.decode(state, i) for i in (0, 64)] == [(Throw(),), (Bank(),)]


def test_a_repeated_face_is_taken_from_the_first_die_of_that_face():
    actions = SetAsideActions(fivethousand.Engine(fivethousand.Rules()))
    state = State(scores=(0,), dice_left=6, phase="choose", throw=(1, 1, 2, 3, 5, 5))
    with pytest.raises(IllegalMoveError, match="action 1 sets 1 aside"):
        actions.apply(state, 0b000010)
    with pytest.raises(IllegalMoveError, match="a 2 doesn't score on its own"):
        actions.apply(state, 0b000100)
    with pytest.raises(IllegalMoveError, match="set aside at least one scoring die first"):
        actions.apply(state, actions.bank)
    short = State(scores=(0,), dice_left=2, phase="choose", throw=(1, 5))
    with pytest.raises(IllegalMoveError, match="the throw has 2 dice: there is no die 2"):
        actions.apply(short, 0b100)


def test_yahtzee_numbers_and_illegal_ones():
    engine = yahtzee.Engine(yahtzee.Rules())
    actions = YahtzeeActions(engine)
    assert actions.size == 44
    assert [actions.describe(i) for i in (0, 5, 31, 43)] == [
        "roll all",
        "hold 0 2, roll",
        "score ones",
        "score chance",
    ]
    state = yahtzee.State(cards=(yahtzee.Card(),), dice=(2, 2, 3, 5, 6), rolls_used=3)
    with pytest.raises(IllegalMoveError, match="no rolls are left"):
        actions.apply(state, 3)
    filled = yahtzee.State(
        cards=(yahtzee.Card((("chance", 20),)),), dice=(2, 2, 3, 5, 6), rolls_used=1
    )
    with pytest.raises(IllegalMoveError, match="Chance is already used"):
        actions.apply(filled, 43)


@pytest.mark.parametrize(
    "bad, error",
    [(44, ValueError), (-1, ValueError), (True, TypeError), (2.0, TypeError), ("3", TypeError)],
)
def test_an_action_outside_the_space_is_refused(bad, error):
    actions = YahtzeeActions(yahtzee.Engine(yahtzee.Rules()))
    with pytest.raises(error, match="0 to 43"):
        actions.describe(bad)


def test_numpy_integers_are_actions():
    episode = Episode("yahtzee", players=1)
    episode.reset(np.random.default_rng(3))
    episode.step(np.int64(43))
    assert episode.state.cards[0].boxes["chance"] > 0


@pytest.mark.parametrize(
    "game, level",
    [("yahtzee", "greedy"), ("fivethousand", "intelligent"), ("thousand", "cask_aware")],
)
def test_a_bot_plays_a_whole_game_through_the_numbers_as_it_would_on_the_engine(game, level):
    episode = Episode(game, players=2)
    episode.reset(np.random.default_rng(11))
    bot = episode.module.BOTS[level]()
    while not episode.state.is_over:
        state = episode.state
        index = episode.bot_action(level)
        assert index in episode.legal()
        own = state
        while True:  # the bot's own engine actions up to its decision
            action = bot.choose(episode.engine, own, random.Random(0))
            own = episode.engine.apply(own, action)
            if not isinstance(action, (yahtzee.Hold, yahtzee.Release)):
                break
        assert episode.actions.apply(state, index) == own
        episode.step(index)


def test_seats_and_games_are_checked():
    with pytest.raises(ValueError, match="at least one seat"):
        Episode("yahtzee", players=0)
    with pytest.raises(TypeError, match="number of seats"):
        Episode("yahtzee", players=True)
    with pytest.raises(ValueError, match="unknown game"):
        Episode("chess")
    with pytest.raises(ValueError, match="unknown bot level"):
        episode = Episode("thousand")
        episode.reset(np.random.default_rng(0))
        episode.bot_action("genius")
