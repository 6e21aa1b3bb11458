"""The exact chance of a strategy against the win robot itself (``win_chance(s, "win")``)
against games the batch simulator plays with the real robot; its refusals. (The check
against a hand-written value iteration is in ``test_exact.py``.)"""

import pytest

from dicelab import simulate
from dicelab.fivethousand import Rules
from dicelab.simulate.results import Estimate
from dicelab.strategy import StrategyBot, threshold, win_chance, win_robot_table

GAMES = [
    Rules(dice=3, target=500, bust_keeps_completed_rounds=False),
    Rules(dice=3, target=400, bust_keeps_completed_rounds=False, opening=150),
    Rules(dice=4, target=500, bust_keeps_completed_rounds=False, last_turn=False),
]


@pytest.mark.parametrize("rules", GAMES, ids=["traditional", "opening", "first"])
def test_the_exact_chance_agrees_with_games_against_the_real_robot(rules):
    bold = threshold(rules, bank_at=250, set_aside="keep_most_dice", name="bold")
    exact = win_chance(bold, "win")
    for seat, chance in ((0, exact.first), (1, exact.second)):
        players = [StrategyBot(bold), "win"] if seat == 0 else ["win", StrategyBot(bold)]
        played = simulate.games(rules=rules, players=players, n=20_000, seed=7, progress=False)
        won = played.wins[:, seat] / played.wins.sum(axis=1)  # a shared win counts half
        share = Estimate.of_sample(won)
        assert abs(share.value - chance) < 3 * share.standard_error


def test_the_robot_picks_its_dice_where_its_table_cannot():
    """Against the robot's own bank-or-throw table, whose dice are set aside by one rule,
    a strategy wins more than against the robot: the robot's choice of dice is judged."""
    rules = GAMES[0]
    bold = threshold(rules, bank_at=250, name="bold")
    against_table = win_chance(bold, win_robot_table(rules, band=50, turn_cap=500))
    assert win_chance(bold, "win").chance < against_table.chance - 0.01


def test_the_robot_side_is_refused_where_it_cannot_be_judged():
    penalised = threshold(
        {"penalty": 500, "score_floor": -500, "bust_keeps_completed_rounds": False}, bank_at=300
    )
    with pytest.raises(ValueError, match="farkle penalty"):
        win_chance(penalised, "win")
    compulsory = threshold({"hot_dice": "compulsory", "target": 300}, bank_at=300)
    with pytest.raises(ValueError, match="compulsory hot dice"):
        win_chance("win", compulsory)
    with pytest.raises(ValueError, match="the win robot against itself"):
        win_chance("win", "win")
    with pytest.raises(ValueError, match="a strategy or"):
        win_chance(threshold({"target": 300}), "optimal")
