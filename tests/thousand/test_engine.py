from dataclasses import replace

import pytest

from dicelab import thousand
from dicelab.thousand import Bank, Engine, SetAside
from tests.setaside_helpers import throw, unchanged_after


def engine(**changes):
    return Engine(thousand.Rules().replace(**changes))


def at(e, banked, player=0, players=2):
    scores = tuple(banked if i == player else 0 for i in range(players))
    return replace(e.initial_state(players), scores=scores, player=player)


@pytest.mark.parametrize("banked, cask", [(0, (0, 100)), (300, (300, 400)), (750, (700, 800))])
def test_no_save_inside_a_cask_until_leaving_it(banked, cask):
    e = engine()
    state = throw(e, at(e, banked), (1, 2, 3, 3, 6))  # one 1: 10 points
    assert (
        e.bank_refusal(state) == f"you are in the {cask[0]}–{cask[1]} cask: reach {cask[1]} to save"
    )
    assert Bank() not in e.legal_actions(state)
    need = cask[1] - banked
    state = replace(state, turn_points=need)
    assert e.bank_refusal(state) is None and e.apply(state, Bank()).scores[0] == cask[1]


def test_saving_into_a_cask_from_below_is_allowed():
    e = engine()
    state = throw(e, at(e, 250), (1, 1, 2, 3, 6))  # 20 points
    state = replace(state, turn_points=60)  # would stand at 310, inside 300-400
    assert e.apply(state, Bank()).scores[0] == 310


def test_more_than_1000_burns_the_turn():
    e = engine()
    state = throw(e, at(e, 990), (1, 1, 2, 3, 6))
    assert state.news == ("burned",) and state.scores == (990, 0) and state.player == 1


def test_exactly_1000_wins_at_once():
    e = engine()
    state = throw(e, at(e, 980, player=1), (1, 1, 2, 3, 6))
    assert state.is_over and state.scores == (0, 1000) and e.winners(state) == [1]
    assert "exact_win" in state.news and e.legal_actions(state) == []


def test_no_combination_burns_the_turn():
    e = engine()
    state = replace(throw(e, at(e, 500), (1, 2, 3, 3, 6)), turn_points=200)
    state = throw(e, state, (2, 2, 3, 4))
    assert state.news == ("bust",) and state.scores == (500, 0)


def test_all_five_scoring_dice_give_five_again():
    e = engine()
    state = throw(e, at(e, 500), (1, 2, 3, 4, 5))
    assert state.turn_points == 150 and state.dice_left == 5 and state.news == ("hot_dice",)


def test_scoring_dice_go_aside_by_themselves():
    e = engine()
    state = throw(e, at(e, 500), (1, 5, 5, 3, 6))
    assert state.phase == "decide" and state.kept == (1, 5, 5) and state.dice_left == 2


def test_choose_keep_lets_the_player_pick():
    e = engine(choose_keep=True)
    state = throw(e, at(e, 500), (1, 5, 5, 3, 6))
    assert state.phase == "choose"
    assert set(e.legal_actions(state)) == {
        SetAside(p) for p in [(1,), (5,), (1, 5), (5, 5), (1, 5, 5)]
    }
    state = e.apply(state, SetAside((5,)))
    assert state.turn_points == 5 and state.dice_left == 4


def test_illegal_actions_change_nothing():
    game = thousand.Game(players=["A", "B"], seed=3)
    unchanged_after(game, lambda g: g.save(), "throw the dice first")
    game.throw()  # (1, 1, 5, 6, 6): 25 points, inside the 0-100 cask
    unchanged_after(game, lambda g: g.save(), "0–100 cask: reach 100")
    unchanged_after(game, lambda g: g.set_aside([6]), "already set dice aside")
