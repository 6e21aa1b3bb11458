"""The win solver's short cuts change no number: every array is the same, bit for bit, as
when each is switched off.

- Rows taken from the turn of the pair one unit up (``solve_level``'s donors).
- A round's worth of last-turn deficits, and of Zillions leads, solved at once.

Only the most points for each number of dice set aside, where more points never hurt,
gives the same numbers up to rounding.
"""

from __future__ import annotations

import numpy as np
import pytest

from dicelab import fivethousand, thousand
from dicelab.fivethousand import win as five_win
from dicelab.fivethousand import win_solver as five_solver
from dicelab.setaside import levels, sweep
from dicelab.thousand import win as thousand_win

FIVETHOUSAND = [
    fivethousand.Rules(target=1500),
    fivethousand.Rules.preset("traditional").replace(target=1500),
    fivethousand.Rules.preset("farkle").replace(target=1500),
]
THOUSAND = [
    thousand.Rules(target=300, casks=((100, 150), (200, 250))),
    thousand.Rules(dice=3, target=150, casks=((0, 30),), choose_keep=True),
]


def _arrays(policy) -> dict:
    if isinstance(policy, five_win.FivethousandWinPolicy):
        return {"start": policy.start, "after": policy.after, "final": policy.final.start}
    return {"start": policy.start}


def _same(first: dict, second: dict) -> None:
    assert first.keys() == second.keys()
    for name in first:
        assert np.array_equal(first[name], second[name]), name


@pytest.mark.parametrize("rules", FIVETHOUSAND + THOUSAND)
@pytest.mark.slow
def test_rows_taken_from_the_pair_one_unit_up_change_no_number(rules, monkeypatch):
    five = isinstance(rules, fivethousand.Rules)
    module, solver = (five_win, five_solver) if five else (thousand_win, thousand_win)
    policy = module.win_policy(rules, use_cache=False)
    taken = _arrays(policy)
    assert policy.first_player_wins > 0.5
    module._win_policy.cache_clear()
    monkeypatch.setattr(
        solver, "one_unit_up", lambda mover, above: np.full(len(mover), -1)
    )  # every row swept
    try:
        _same(taken, _arrays(module.win_policy(rules, use_cache=False)))
    finally:
        module._win_policy.cache_clear()


@pytest.mark.parametrize("rules", FIVETHOUSAND)
@pytest.mark.slow
def test_a_rounds_worth_solved_at_once_changes_no_number(rules, monkeypatch):
    policy = five_win.FivethousandWinPolicy(rules, use_cache=False)
    assert policy.final.round_least >= 6  # six single 5s: the fewest units a round sets aside
    at_once = _arrays(policy)
    original = five_win.FinalTurns.__init__

    def one_at_a_time(self, rules):
        original(self, rules)
        self.round_least = 1

    monkeypatch.setattr(five_win.FinalTurns, "__init__", one_at_a_time)
    _same(at_once, _arrays(five_win.FivethousandWinPolicy(rules, use_cache=False)))


@pytest.mark.parametrize("rules", FIVETHOUSAND)
@pytest.mark.slow
def test_the_most_points_for_each_number_of_dice_change_no_number(rules, monkeypatch):
    checked = []
    original = levels._never_worse_with_more

    def counted(turns):
        checked.append(original(turns))
        return checked[-1]

    monkeypatch.setattr(levels, "_never_worse_with_more", counted)
    fewer = _arrays(five_win.FivethousandWinPolicy(rules, use_cache=False))
    answers = np.concatenate(checked)
    assert answers.any() and not answers.all()  # near the target, banking more can be worse
    monkeypatch.setattr(
        levels, "_never_worse_with_more", lambda turns: np.zeros(len(turns.ends), bool)
    )
    every = _arrays(five_win.FivethousandWinPolicy(rules, use_cache=False))
    for name in every:
        assert np.allclose(fewer[name], every[name], rtol=0, atol=1e-14), name


@pytest.mark.slow
def test_a_sweep_gives_the_bust_values_over_which_its_choices_hold():
    """Swept again with a bust value inside a pair's range, every state's value (and that
    of throwing with nothing at risk) is the same affine function, bit for bit; just past
    either end of the range, one changes."""
    policy = five_win.FivethousandWinPolicy(FIVETHOUSAND[0], use_cache=False)
    checked = {"inside": 0, "past": 0}
    for m, b in list(policy.pairs_by_level())[::9]:
        turns, x = policy.level_turns(m, b), policy.bust_values(m, b)
        swept = sweep.sweep_with_ranges(policy.throws, policy.next_dice, turns, x)
        low, high = swept.low[:, 0], swept.high[:, 0]
        assert np.all((low <= x) & (x <= high))
        for row in range(len(x)):
            one = turns.take(np.array([row]), turns.value_a.shape[1])
            middle = (max(low[row], 0.0) + min(high[row], 1.0)) / 2
            for moved, kind in (
                (middle, "inside"),
                (low[row] - 1e-9, "past"),
                (high[row] + 1e-9, "past"),
            ):
                if not 0 <= moved <= 1:
                    continue
                again = sweep.sweep_with_ranges(
                    policy.throws, policy.next_dice, one, np.array([moved])
                )
                same = all(
                    np.array_equal(getattr(again, name)[0], getattr(swept, name)[row])
                    for name in ("value_a", "value_c", "throw_a", "throw_c")
                )
                assert same == (kind == "inside"), (
                    m[row],
                    b[row],
                    kind,
                    moved,
                    low[row],
                    high[row],
                )
                checked[kind] += 1
    assert checked["inside"] > 20 and checked["past"] > 20
