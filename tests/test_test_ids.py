"""Test ids name a case without spelling it out (conftest.py's ``pytest_make_parametrize_id``)."""

from __future__ import annotations

import conftest
from dicelab import fivethousand, thousand


def rules_id(rules) -> str | None:
    return conftest.pytest_make_parametrize_id(None, rules, "rules")  # type: ignore[arg-type]


def test_a_rule_set_is_named_by_its_nearest_preset_and_what_differs():
    assert rules_id(fivethousand.Rules.preset("traditional").replace(target=1500)) == (
        "traditional,target=1500"
    )
    assert rules_id(thousand.Rules()) == "classic"


def test_a_rule_set_with_many_changes_is_cut_short_and_still_told_apart():
    many = fivethousand.Rules().replace(
        target=1500, opening=500, min_bank=300, hot_dice="compulsory", last_turn=False
    )
    other = many.replace(min_bank=350)
    assert rules_id(many).startswith("zillions,target=1500,")
    assert len(rules_id(many)) == len(rules_id(other)) == conftest.SHORT_ID
    assert rules_id(many) != rules_id(other)


def test_a_module_is_named_by_its_last_name():
    assert rules_id(fivethousand) == "fivethousand"


def test_a_long_text_is_cut_short_and_still_told_apart():
    one, other = "x" * 100 + "1", "x" * 100 + "2"
    assert len(rules_id(one)) == len(rules_id(other)) == conftest.SHORT_ID
    assert rules_id(one) != rules_id(other)
    assert rules_id("short") is None  # (pytest's own id)
