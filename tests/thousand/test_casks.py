"""The cask rule, asked in one place by the engine, the policies, the batch bots and the
widget: its scalar and array forms agree everywhere, and both follow the rules' words."""

import numpy as np
import pytest

from dicelab.thousand import Rules

RULE_SETS = [
    Rules(),
    Rules(casks=()),
    Rules(target=200, casks=((0, 50), (150, 200))),
    Rules(casks=((0, 5), (995, 1000))),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["classic", "none", "edges", "narrow"])
def test_the_array_form_is_the_scalar_rule_at_every_score_and_turn(rules):
    scores = np.arange(-20, rules.target + 30, 5)  # and below 0, and past the target
    banked, turn = np.meshgrid(scores, np.arange(0, rules.target + 1, 5))
    banked, turn = banked.ravel(), turn.ravel()
    expected = [rules.cask_blocking(int(b), int(t)) is None for b, t in zip(banked, turn)]
    assert rules.casks_allow_saving(banked, turn).tolist() == expected
    low, high = rules.casks_at(banked)
    casks = [rules.cask_at(int(b)) for b in banked]
    assert [(int(a), int(b)) if a >= 0 else None for a, b in zip(low, high)] == casks


def test_the_rule_in_words_inside_a_cask_a_save_must_reach_its_upper_end():
    rules = Rules()  # casks 0–100, 300–400, 700–800
    for banked, turn, blocked in [
        (0, 95, (0, 100)),
        (0, 100, None),
        (50, 45, (0, 100)),
        (50, 50, None),
        (100, 5, None),
        (250, 60, None),
        (300, 95, (300, 400)),
        (395, 5, None),
        (800, 5, None),
    ]:
        assert rules.cask_blocking(banked, turn) == blocked, (banked, turn)
