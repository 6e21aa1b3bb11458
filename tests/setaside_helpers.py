"""Helpers to drive a set-aside engine through chosen throws in tests."""

from dicelab.setaside import Throw


def throw(engine, state, dice):
    """The state after throwing and the dice showing ``dice``."""
    return engine.apply_chance(engine.apply(state, Throw()), tuple(dice))


def unchanged_after(game, call, message):
    """Check that ``call(game)`` raises IllegalMoveError matching ``message`` and changes nothing."""
    import pytest

    from dicelab import IllegalMoveError

    state, history = game.state, list(game.history)
    with pytest.raises(IllegalMoveError, match=message):
        call(game)
    assert game.state is state and game.history == history
