"""A strategy beside the win robot: in each state the better of bank and throw costs
nothing, the other what the win policy says it costs."""

import numpy
import pytest

from dicelab.fivethousand import Rules, win_policy
from dicelab.strategy import Strategy, compare_with_win_robot, win_robot_table

RULES = Rules(target=500)


def test_banking_and_throwing_everywhere_share_out_each_states_difference():
    # bands one point unit wide: each cell of the table is one pair of scores
    banks = compare_with_win_robot(Strategy.filled(RULES, bank=True, band=50, name="banks"))
    throws = compare_with_win_robot(Strategy.filled(RULES, bank=False, band=50, name="throws"))
    policy = win_policy(RULES)
    asked = ~numpy.isnan(banks.losses)
    assert asked.sum() > 1000 and (asked == ~numpy.isnan(throws.losses)).all()
    assert (numpy.minimum(banks.losses, throws.losses)[asked] == 0).all()
    for own, theirs, row, die in numpy.argwhere(asked)[::97]:
        bank = 1 - policy.after[theirs, own + row]
        throw = policy.turn_values(int(own), int(theirs))[row, die + 1]
        assert abs(banks.losses[own, theirs, row, die] - max(throw - bank, 0)) < 1e-12
        assert abs(throws.losses[own, theirs, row, die] - max(bank - throw, 0)) < 1e-12
        assert banks.robot_banks[own, theirs, row, die] == (bank >= throw)
    assert 0 < banks.disagreement < 1
    assert abs(banks.disagreement + throws.disagreement - 1) < 0.05  # ties agree with both
    worst = banks.worst(3)
    assert len(worst) == 3 and worst[0]["strategy"] == "bank" and worst[0]["win robot"] == "throw"
    assert worst[0]["chance lost"] >= worst[1]["chance lost"] >= worst[2]["chance lost"]


def test_the_robots_table_decides_as_the_win_robot_in_every_state_compared():
    # bands one point unit wide: the table is the robot's bank-or-throw decisions exactly
    table = win_robot_table(RULES, band=50)
    report = compare_with_win_robot(table)
    assert report.disagreement == 0 and numpy.nanmax(report.losses) == 0
    assert table.set_aside == "fewest_dice" and table.name == "win robot's table"
    # the last turn: ahead it banks, behind it throws, level it banks only with one die
    assert table.banks(450, 500, 100, 3, True) and not table.banks(300, 500, 100, 3, True)
    assert table.banks(400, 500, 100, 1, True) and not table.banks(400, 500, 100, 2, True)


def test_the_robots_table_refuses_rules_the_judgement_cant_honour():
    with pytest.raises(ValueError, match="penalty"):
        win_robot_table(Rules(target=500, penalty=500))
