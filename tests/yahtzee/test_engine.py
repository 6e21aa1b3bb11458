from dataclasses import replace

import pytest

from dicelab import yahtzee
from dicelab.yahtzee import Card, Engine, Hold, Roll, Score
from tests.setaside_helpers import unchanged_after


def rolled(e, dice, filled=(), rolls_used=1, bonuses=0):
    state = e.initial_state(1)
    return replace(
        state, cards=(Card(tuple(filled), bonuses),), dice=tuple(dice), rolls_used=rolls_used
    )


def test_a_turn_rolls_holds_and_scores():
    e = Engine(yahtzee.Rules())
    state = e.apply(e.initial_state(2), Roll())
    state = e.apply_chance(state, (2, 2, 3, 5, 6))
    state = e.apply(e.apply(state, Hold(0)), Hold(1))
    state = e.apply(state, Roll())
    assert e.chance_outcomes(state) == yahtzee.engine._dice.outcomes(3)
    state = e.apply_chance(state, (6, 2, 2))
    assert state.dice == (2, 2, 6, 2, 2) and state.held[:2] == (
        True,
        True,
    )  # rolled dice fill their places in order
    assert e.preview(state, "twos") == 8
    state = e.apply(state, Score("twos"))
    assert state.player == 1 and state.dice == () and state.cards[0].boxes == {"twos": 8}


def test_upper_bonus_and_total():
    rules = yahtzee.Rules()
    card = Card(tuple((box, 3 * (i + 1)) for i, box in enumerate(rules.upper_boxes)))
    assert card.upper_total() == 63 and card.total(rules) == 63 + 35
    assert Card((("ones", 2),)).total(rules) == 2


def test_yahtzee_bonus_is_counted_while_the_box_holds_50():
    e = Engine(yahtzee.Rules())
    state = rolled(e, (3,) * 5, filled=[("yahtzee", 50)])
    state = e.apply(state, Score("threes"))
    card = state.cards[0]
    assert card.yahtzee_bonuses == 1 and card.total(e.rules) == 50 + 15 + 100
    zero = rolled(e, (3,) * 5, filled=[("yahtzee", 0)])
    assert e.apply(zero, Score("threes")).cards[0].yahtzee_bonuses == 0


def test_forced_joker_refuses_other_boxes_with_a_reason():
    e = Engine(yahtzee.Rules.preset("hasbro"))
    state = rolled(e, (5,) * 5, filled=[("yahtzee", 50)])
    assert [a for a in e.legal_actions(state) if isinstance(a, Score)] == [Score("fives")]
    with pytest.raises(
        yahtzee.engine.IllegalMoveError, match="joker rule: this Yahtzee must go in Fives"
    ):
        e.apply(state, Score("chance"))


def test_yatzy_has_15_rounds():
    game = yahtzee.Game(players=[{"name": "A", "bot": "greedy"}], rules="yatzy", seed=2)
    game.play_bots()
    assert len(game.state.cards[0].filled) == 15 and game.is_over


def test_illegal_actions_change_nothing():
    game = yahtzee.Game(players=["Ann", "Ben"], seed=7)
    unchanged_after(game, lambda g: g.hold(0), "roll the dice first")
    unchanged_after(game, lambda g: g.score("chance"), "roll the dice before you score")
    game.roll()
    unchanged_after(game, lambda g: g.hold(9), "no die number 9")
    unchanged_after(game, lambda g: g.release(1), "not held")
    unchanged_after(game, lambda g: g.score("one_pair"), "no box called 'one_pair'")
    game.hold(0, 1, 2, 3, 4)
    unchanged_after(game, lambda g: g.roll(), "every die is held")
    game.release(0, 1, 2, 3, 4)
    game.roll()
    game.roll()
    unchanged_after(game, lambda g: g.roll(), "rolled 3 times")
    unchanged_after(game, lambda g: g.hold(0), "no rolls are left")
    game.score("chance")
    game.roll()
    game.score("chance")
    game.roll()
    unchanged_after(game, lambda g: g.score("chance"), "Chance is already used")
    unchanged_after(game, lambda g: g.play(Hold("2")), "no die number")
