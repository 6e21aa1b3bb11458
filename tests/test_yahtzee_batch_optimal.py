"""The batch optimal Yahtzee bot: the one-game bot's decisions, bit for bit (ties included),
and the solver's expected score."""

import numpy
import pytest

from dicelab.simulate.yahtzee_batch import batch_bots, play_games
from dicelab.simulate.yahtzee_optimal import BatchOptimal
from dicelab.yahtzee import Engine, Rules, solve
from dicelab.yahtzee.optimal import OptimalBot
from tests.yahtzee_batch_helpers import batch_decisions, load_turn, one_game_decision, sample_states

PRESETS = ["scratch", "hasbro", "free_joker", "no_bonus", "yatzy"]
# a small card, four rolls a turn, the forced joker and a low upper bonus: quick to solve
SMALL = Rules(
    boxes=("ones", "twos", "threes", "fours", "three_of_a_kind", "yahtzee", "chance"),
    rolls=4,
    joker="forced",
    upper_bonus_threshold=12,
    upper_bonus=20,
)
GAMES = 20_000  # per preset here; benchmarks/bench_simulate_yahtzee.py plays 100 000


def decide_all(rules, states):
    """The batch bot's decision in every state, with the turn tables of all their cards."""
    bot = BatchOptimal(rules)
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


@pytest.mark.parametrize(
    "rules",
    [Rules.preset(name) for name in PRESETS] + [SMALL, Rules(forced_order=True)],
    ids=PRESETS + ["small", "forced_order"],
)
def test_batch_decisions_are_the_one_game_bots(rules):
    engine, bot = Engine(rules), OptimalBot()
    states = sample_states(rules, 1500, seed=21, per_card=10)
    for state, decision in zip(states, decide_all(rules, states)):
        assert decision == one_game_decision(engine, bot, state), state


def test_ties_between_equal_holds_go_the_one_game_bots_way():
    """Only Yahtzee open: holding any one face is worth the same; the batch picks the same one."""
    rules = Rules.preset("no_bonus")
    engine = Engine(rules)
    states = [
        state for state in sample_states(rules, 4000, seed=2) if len(state.card.filled) == 12
    ][:300]
    assert len(states) > 50
    for state, decision in zip(states, decide_all(rules, states)):
        assert decision == one_game_decision(engine, OptimalBot(), state)


@pytest.mark.parametrize("name", PRESETS)
def test_mean_score_is_the_solvers_expected_score(name):
    rules = Rules.preset(name)
    scores = play_games(rules, batch_bots(rules, ["optimal"]), seed=17, games=numpy.arange(GAMES))[
        "scores"
    ][:, 0]
    error = scores.std(ddof=1) / numpy.sqrt(GAMES)
    assert abs(scores.mean() - solve(rules).expected_score) < 3 * error


def test_small_rules_mean_score():
    scores = play_games(
        SMALL, batch_bots(SMALL, ["optimal", "optimal"]), seed=1, games=numpy.arange(GAMES)
    )["scores"]
    error = scores.std(ddof=1, axis=0) / numpy.sqrt(GAMES)
    assert (abs(scores.mean(axis=0) - solve(SMALL).expected_score) < 3 * error).all()
