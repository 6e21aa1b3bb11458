"""The batch Yahtzee win robot: the one-game robot's decisions in seeded games and in sampled
situations at tables of two and three (ties and the margin included), the same chances for a
game weighed alone or with others, and a clear win over the greedy robot."""

import pickle
import random
from dataclasses import replace

import numpy
import pytest

from dicelab import simulate
from dicelab.simulate.yahtzee_batch import batch_bots, play_games
from dicelab.simulate.yahtzee_optimal import BatchOptimal
from dicelab.simulate.yahtzee_win import BatchWin
from dicelab.yahtzee import Engine, Rules
from dicelab.yahtzee.optimal import OptimalBot
from dicelab.yahtzee.win_bot import YahtzeeWinBot
from tests.yahtzee_batch_helpers import (
    batch_decisions,
    load_turn,
    one_game_decision,
    random_card,
    sample_states,
)

PRESETS = ["scratch", "hasbro", "free_joker", "no_bonus", "yatzy"]
# a small card, four rolls a turn, the forced joker and a low upper bonus: quick to solve
SMALL = Rules(
    boxes=("ones", "twos", "threes", "fours", "three_of_a_kind", "yahtzee", "chance"),
    rolls=4,
    joker="forced",
    upper_bonus_threshold=12,
    upper_bonus=20,
)


def batch_decide(bot, rules, states):
    """The batch robot's decision in every state (one player to move in all), weighed together."""
    table, turn = load_turn(rules, states)
    key = bot.solver_cards(*turn.card(numpy.arange(len(states))))[2]
    cards, column = numpy.unique(key, return_inverse=True)
    tables = bot._turn_tables(cards)
    return batch_decisions(
        rules,
        lambda turn, which: bot._decide(turn, which, tables, bot._games(turn, column.ravel())),
        turn,
        states,
    )


def compare(rules, states, margin=float("inf")):
    """Every state's batch decision against the one-game robot's, grouped by table size and
    player to move; returns how many differ from the optimal robot's decision."""
    engine, batch = Engine(rules), BatchWin(rules, margin)
    differ = 0
    for seats, player in sorted({(len(state.cards), state.player) for state in states}):
        group = [state for state in states if (len(state.cards), state.player) == (seats, player)]
        for state, decision in zip(group, batch_decide(batch, rules, group)):
            assert decision == one_game_decision(engine, YahtzeeWinBot(margin), state), state
            differ += decision != one_game_decision(engine, OptimalBot(), state)
    return differ


def win_robot_situations(rules, games: int, seed: int) -> list:
    """Every situation after a roll in which the win robot decides, over seeded games of the
    one-game win robot against the optimal one, the win robot first in every other game."""
    engine, situations = Engine(rules), []
    for game in range(games):
        rng, win_seat = random.Random(seed + game), game % 2
        bots = [YahtzeeWinBot(), OptimalBot()] if win_seat == 0 else [OptimalBot(), YahtzeeWinBot()]
        state = engine.initial_state(2)
        while not state.is_over:
            if state.is_chance:
                state = engine.apply_chance(state, engine.sample_chance(state, rng))
                if state.player == win_seat:
                    situations.append(state)
            else:
                state = engine.apply(state, bots[state.player].choose(engine, state, rng))
    return situations


def with_rivals(rules, states, seats: int, seed: int) -> list:
    """``states`` at a table of ``seats``: the sampled card is the player to move's, each
    other card has as many boxes filled, or one more if that player has played this round."""
    engine, rng = Engine(rules), random.Random(seed)
    tables = []
    for state in states:
        player, filled = rng.randrange(seats), len(state.card.filled)
        cards = [
            state.card if seat == player else random_card(engine, rng, filled + (seat < player))
            for seat in range(seats)
        ]
        tables.append(replace(state, cards=tuple(cards), player=player))
    return tables


def test_every_decision_of_seeded_games_is_the_one_game_robots():
    """About 1 900 decisions of the win robot in real games against the optimal robot; in some
    of them it plays otherwise than the optimal robot would."""
    rules = Rules.preset("no_bonus")
    situations = win_robot_situations(rules, 40, seed=300)
    assert len(situations) > 1000
    assert compare(rules, situations) > 20


@pytest.mark.parametrize(
    "rules",
    [Rules.preset(name) for name in PRESETS] + [SMALL, Rules(forced_order=True)],
    ids=PRESETS + ["small", "forced_order"],
)
@pytest.mark.slow
def test_sampled_situations_at_tables_of_two_and_three(rules):
    states = sample_states(rules, 240, seed=8, per_card=6)
    compare(
        rules,
        with_rivals(rules, states[:160], 2, seed=1) + with_rivals(rules, states[160:], 3, seed=2),
    )


def test_far_behind_or_far_ahead_near_ties_go_the_one_game_robots_way():
    """Late in the game, one player 100 to 300 points ahead (Yahtzee bonuses): many options'
    chances are within the robot's tolerance of each other, or exactly 0 or 1, and the first
    of them listed is taken."""
    rules = Rules.preset("hasbro")
    states = [state for state in sample_states(rules, 3000, seed=5) if len(state.card.filled) >= 9][
        :200
    ]
    engine, rng = Engine(rules), random.Random(3)
    tables = []
    for state in states:
        ahead = replace(
            random_card(engine, rng, len(state.card.filled)), yahtzee_bonuses=rng.randint(1, 3)
        )
        cards = (
            (state.card, ahead)
            if rng.random() < 0.5
            else (replace(state.card, yahtzee_bonuses=3), ahead)
        )
        tables.append(replace(state, cards=cards))
    compare(rules, tables)


@pytest.mark.parametrize("margin", [0, 3.5])
def test_the_margin_is_the_one_game_robots(margin):
    rules = Rules.preset("hasbro")
    states = with_rivals(rules, sample_states(rules, 150, seed=13), 2, seed=4)
    compare(rules, states, margin)


def test_a_game_gets_the_same_chances_weighed_alone_or_with_others():
    rules = Rules.preset("no_bonus")
    states = with_rivals(rules, sample_states(rules, 60, seed=6), 2, seed=7)
    states = [state for state in states if state.player == 0]
    batch = BatchWin(rules)
    together = batch_decide(batch, rules, states)
    alone = [batch_decide(BatchWin(rules), rules, [state])[0] for state in states]
    assert together == alone


@pytest.mark.slow
def test_alone_at_the_table_it_plays_as_the_optimal_robot():
    rules = Rules.preset("yatzy")
    games = numpy.arange(200)
    win = play_games(rules, batch_bots(rules, ["win"]), seed=3, games=games)
    optimal = play_games(rules, [BatchOptimal(rules)], seed=3, games=games)
    assert (win["scores"] == optimal["scores"]).all()


def test_levels_and_robots_with_their_margin_get_batch_forms_that_travel():
    rules = Rules.preset("no_bonus")
    bots = batch_bots(rules, ["win", YahtzeeWinBot(), YahtzeeWinBot(margin=2), "optimal"])
    assert bots[0] is bots[1] and isinstance(bots[2], BatchWin) and type(bots[3]) is BatchOptimal
    assert (bots[0].margin, bots[2].margin) == (float("inf"), 2)
    again = pickle.loads(pickle.dumps(bots))
    assert len(pickle.dumps(bots[2])) < 2000 and again[2].margin == 2
    games = numpy.arange(6)
    assert (
        play_games(rules, again[1:3], 5, games)["scores"]
        == play_games(rules, bots[1:3], 5, games)["scores"]
    ).all()

    class Bolder(YahtzeeWinBot):
        pass

    assert batch_bots(rules, [Bolder(), "optimal"]) is None


def test_games_are_the_same_whatever_the_chunking():
    """The chances of a game do not depend on the other games of its chunk."""
    rules = Rules.preset("hasbro")
    bots = batch_bots(rules, ["optimal", "win", "greedy"])
    whole = play_games(rules, bots, seed=9, games=numpy.arange(40))
    parts = [
        play_games(rules, bots, seed=9, games=numpy.arange(start, stop))
        for start, stop in ((0, 1), (1, 17), (17, 40))
    ]
    for key, values in whole.items():
        assert (numpy.concatenate([part[key] for part in parts]) == values).all(), key


@pytest.mark.slow
def test_the_win_robot_beats_the_greedy_robot_clearly():
    share = simulate.head_to_head("yahtzee", "win", "greedy", n=600, seed=4, progress=False)
    assert share.interval(0.95)[0] > 0.6


def test_a_turn_played_in_parts_is_the_same(monkeypatch):
    """The games of one card are played in turns of at most ``turn_games``; the cut changes nothing."""
    rules = Rules.preset("no_bonus")
    bots = [BatchWin(rules), BatchOptimal(rules)]
    whole = play_games(rules, bots, seed=2, games=numpy.arange(30))
    monkeypatch.setattr(BatchWin, "turn_games", 7)
    parts = play_games(rules, bots, seed=2, games=numpy.arange(30))
    assert all((parts[key] == values).all() for key, values in whole.items())
