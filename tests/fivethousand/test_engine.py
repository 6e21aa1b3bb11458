from dataclasses import replace

import pytest

from dicelab import fivethousand
from dicelab.fivethousand import Bank, Engine, SetAside, State
from tests.setaside_helpers import throw, unchanged_after


def engine(preset="zillions"):
    return Engine(fivethousand.Rules.preset(preset))


def test_a_farkle_loses_the_turn():
    e = engine()
    state = throw(e, e.initial_state(2), (1, 2, 3, 3, 4, 6))
    state = e.apply(state, SetAside((1,)))
    state = throw(e, state, (2, 2, 3, 4, 6))
    assert state.news == ("bust",) and state.player == 1 and state.scores == (0, 0)


@pytest.mark.parametrize("preset, kept", [("zillions", 1500), ("traditional", 0)])
def test_a_farkle_in_a_bonus_round(preset, kept):
    e = engine(preset)
    state = throw(e, e.initial_state(2), (1, 1, 1, 5, 5, 5))
    state = e.apply(state, SetAside((1, 1, 1, 5, 5, 5)))
    assert state.news == ("hot_dice",) and state.dice_left == 6 and state.turn_points == 1500
    state = throw(e, state, (1, 2, 3, 3, 4, 6))
    state = e.apply(state, SetAside((1,)))
    assert state.round_points == 100
    state = throw(e, state, (2, 2, 3, 4, 6))
    assert state.scores == (kept, 0) and state.player == 1


def test_hot_dice_may_pass_or_throw_six():
    e = engine()
    state = throw(e, e.initial_state(1), (1, 1, 1, 5, 5, 5))
    state = e.apply(state, SetAside((1, 1, 1, 5, 5, 5)))
    assert e.legal_actions(state) == [fivethousand.Throw(), Bank()]
    assert e.apply(state, Bank()).scores == (1500,)


def test_reaching_the_target_gives_every_other_player_one_more_turn():
    e = engine()
    state = replace(e.initial_state(3), scores=(4900, 300, 200))
    state = throw(e, state, (1, 2, 3, 3, 4, 6))
    state = e.apply(e.apply(state, SetAside((1,))), Bank())
    assert state.news == ("banked", "final_round") and state.final_turns == (1, 2)
    assert state.player == 1 and e.in_final_turn(state)
    state = throw(e, state, (2, 2, 3, 4, 6, 6))  # player 1 farkles
    assert state.player == 2 and not state.is_over
    state = throw(e, state, (1, 1, 1, 1, 2, 3))
    state = e.apply(e.apply(state, SetAside((1, 1, 1, 1))), Bank())
    assert state.is_over and state.scores == (5000, 300, 1300) and e.winners(state) == [0]


def test_an_equal_highest_score_is_a_shared_win():
    e = engine()
    state = replace(e.initial_state(2), scores=(4900, 4950), player=0)
    state = throw(e, state, (1, 2, 3, 3, 4, 6))
    state = e.apply(e.apply(state, SetAside((1,))), Bank())
    state = throw(e, state, (5, 2, 3, 3, 4, 6))
    state = e.apply(e.apply(state, SetAside((5,))), Bank())
    assert state.is_over and e.winners(state) == [0, 1]


def test_a_solo_game_ends_at_the_target():
    e = engine()
    state = replace(e.initial_state(1), scores=(4950,))
    state = throw(e, state, (5, 2, 3, 3, 4, 6))
    assert e.apply(e.apply(state, SetAside((5,))), Bank()).is_over


def test_illegal_actions_change_nothing():
    game = fivethousand.Game(seed=40)
    unchanged_after(game, lambda g: g.pass_turn(), "throw the dice first")
    unchanged_after(game, lambda g: g.set_aside([1]), "throw the dice first")
    game.throw()  # 1 5 6 3 1 5
    unchanged_after(game, lambda g: g.set_aside([1, 3]), "a 3 doesn't score on its own")
    unchanged_after(game, lambda g: g.set_aside([6, 3]), "6, 3|3, 6")
    unchanged_after(game, lambda g: g.set_aside([]), "at least one scoring die")
    unchanged_after(game, lambda g: g.set_aside([4]), "no 4")
    unchanged_after(game, lambda g: g.set_aside([1, 7]), "not a die face")
    unchanged_after(game, lambda g: g.throw(), "set aside at least one scoring die")
    unchanged_after(game, lambda g: g.pass_turn(), "set aside at least one scoring die")
    game.set_aside([1, 1])
    unchanged_after(game, lambda g: g.set_aside([5]), "already set dice aside")
    unchanged_after(game, lambda g: g.play("throw"), "not an action")


def test_state_records_the_upper_and_lower_numbers():
    game = fivethousand.Game(seed=40)
    game.throw()
    game.set_aside([1, 1, 5, 5])
    assert game.state.turn_points == 300 and game.state.kept == (1, 1, 5, 5)
    assert isinstance(game.state, State)
