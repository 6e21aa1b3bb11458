"""The threshold builder's tables, worked out at once over the grid, are those a student's
function with the same thresholds gives when it is asked about every decision state."""

import pytest

from dicelab.fivethousand import Rules
from dicelab.strategy import from_function, threshold

SETTINGS = [
    ("zillions", {"bank_at": 300}),
    (
        "zillions",
        {
            "bank_at": {1: 250, 2: 300, 3: 400},
            "otherwise": 600,
            "when_behind_by": 1500,
            "behind_bank_at": 800,
            "when_opponent_within": 700,
            "near_bank_at": {6: 1000},
        },
    ),
    ("traditional", {"bank_at": {2: None}, "otherwise": 350, "when_behind_by": 0}),
    ({"target": 300}, {"bank_at": 100, "when_opponent_within": 100, "near_bank_at": None}),
]


def by_hand(rules, bank_at=300, otherwise=None, **more):
    """The thresholds as a student would write them: one state at a time."""
    dice = 6

    def limits(value):
        if value is None or type(value) is int:
            return {n: value for n in range(1, dice + 1)}
        return {n: value.get(n, otherwise) for n in range(1, dice + 1)}

    usual = limits(bank_at)
    behind = limits(more.get("behind_bank_at"))
    near = limits(more.get("near_bank_at"))
    target = Rules.coerce(rules).target

    def decide(state):
        if state.last_turn:
            return state.behind < 0
        chosen = usual
        if "when_behind_by" in more and state.opponent - state.score > more["when_behind_by"]:
            chosen = behind
        if (
            "when_opponent_within" in more
            and target - state.opponent <= more["when_opponent_within"]
        ):
            chosen = near
        limit = chosen[state.dice_left]
        return limit is not None and state.turn_points >= limit

    return decide


@pytest.mark.parametrize(("rules", "settings"), SETTINGS)
def test_the_builder_decides_as_a_function_of_each_state_would(rules, settings):
    built = threshold(rules, name="mine", **settings)
    asked = from_function(by_hand(rules, **settings), rules, name="mine")
    assert built == asked
