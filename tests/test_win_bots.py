"""The win robots of the set-aside games at the table, and the levels' descriptions."""

from __future__ import annotations

import numpy
import pytest

from dicelab import fivethousand, registry, thousand
from dicelab.fivethousand import win as fivethousand_win
from dicelab.simulate.win_values import WinThrowTables
from dicelab.thousand import win as thousand_win
from tests.bot_matches import play_checking_legality, wins_of

SMALL = {
    fivethousand: fivethousand.Rules(dice=3, target=500),
    thousand: thousand.Rules(dice=3, target=100, casks=((0, 20), (50, 60))),
}
WIN = {fivethousand: fivethousand_win, thousand: thousand_win}
WIN_GAMES = [spec.module for spec in registry.GAMES.values() if "win" in spec.policies]


@pytest.mark.parametrize("module", WIN_GAMES)
def test_every_level_is_described_in_one_line(module):
    assert list(module.LEVELS) == list(module.BOTS)
    assert all(text and "\n" not in text for text in module.LEVELS.values())


@pytest.mark.parametrize("module", WIN_GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_the_win_robot_plays_legal_games(module, players):
    seats = [{"name": "Win", "bot": "win"}] + [
        {"name": f"Simple {i}", "bot": "simple"} for i in range(1, players)
    ]
    game = module.Game(players=seats, rules=SMALL[module], seed=4)
    game.prepare_bots()
    play_checking_legality(game)
    assert game.is_over


@pytest.mark.parametrize("module", WIN_GAMES)
def test_the_win_robot_beats_the_simple_one(module):
    games = 300
    assert wins_of(module.Game, "win", "simple", games, rules=SMALL[module]) > games / 2


@pytest.mark.parametrize(
    "module,rules",
    [
        (fivethousand, fivethousand.Rules(dice=3, target=500)),
        (fivethousand, fivethousand.Rules(dice=4, target=600, bust_keeps_completed_rounds=False)),
        (thousand, SMALL[thousand]),
    ],
)
def test_throw_tables_of_many_pairs_are_the_one_pair_tables_bit_for_bit(module, rules):
    """The batch robot's tables (pairs swept together, in any grouping) are the numbers
    the one-game robot decides by."""
    policy = WIN[module].win_policy(rules, use_cache=False)
    rng = numpy.random.default_rng(7)
    mine = rng.integers(0, policy.start.shape[0], 300)
    theirs = rng.integers(0, policy.goal, 300)
    inside = mine - theirs < getattr(policy, "lead", policy.goal)
    mine, theirs = mine[inside], theirs[inside]
    tables = WinThrowTables(policy)
    tables.PAIRS = 7  # many blocks of pairs
    for block in numpy.array_split(numpy.arange(len(mine)), 4):  # new pairs and pairs met before
        at_risk = rng.integers(0, 60, len(block))
        dice = rng.integers(1, rules.dice + 1, len(block))
        values = tables.look_up(mine[block], theirs[block], at_risk, dice)
        for m, b, r, n, value in zip(mine[block], theirs[block], at_risk, dice, values):
            table = policy.turn_values(int(m), int(b))
            assert value == table[min(r, table.shape[0] - 1), n]


@pytest.mark.parametrize("module", WIN_GAMES)
@pytest.mark.parametrize("players,solves", [(2, True), (3, False), (4, False)])
def test_the_win_robot_prepares_its_policy_only_for_two_players(
    module, players, solves, monkeypatch
):
    """With three or more seats it plays like the optimal robot, so only that is prepared."""
    asked = []
    solve = WIN[module].win_policy
    monkeypatch.setattr(
        WIN[module], "win_policy", lambda rules: asked.append(rules) or solve(rules)
    )
    seats = [{"name": "Win", "bot": "win"}] + [
        {"name": f"Simple {i}", "bot": "simple"} for i in range(1, players)
    ]
    game = module.Game(players=seats, rules=SMALL[module], seed=4)
    game.prepare_bots()
    assert asked == ([SMALL[module]] if solves else [])
    play_checking_legality(game)
    assert bool(asked) == solves  # at three or more seats it never asks for the policy
