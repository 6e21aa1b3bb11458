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


def self_play_wins(engine, policy, games: int, seed: int) -> float:
    """The first player's share of ``games`` two-player games of ``policy`` against itself
    (a shared win counts half), with the engine's own chance sampling."""
    import random

    rng, wins = random.Random(seed), 0.0
    for _ in range(games):
        state = engine.initial_state(2)
        while not state.is_over:
            if state.is_chance:
                state = engine.apply_chance(state, engine.sample_chance(state, rng))
            else:
                state = engine.apply(state, policy.action(state))
        winners = engine.winners(state)
        wins += (0 in winners) / len(winners)
    return wins / games


def value_iteration(start: dict, value_of, sweeps: int = 20000) -> dict:
    """Plain value iteration of a two-player race: ``start`` maps each pair of scores to a
    first guess of the mover's chance to win, ``value_of(pair)`` computes it again from the
    current guesses; pairs go highest total first, until nothing moves by 1e-14."""
    for _ in range(sweeps):
        change = 0.0
        for pair in sorted(start, key=lambda p: -sum(p)):
            value = value_of(pair)
            change = max(change, abs(value - start[pair]))
            start[pair] = value
        if change < 1e-14:
            return start
    raise AssertionError("value iteration did not converge")
