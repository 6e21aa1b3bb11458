"""Yahtzee in forced order (boxes filled top to bottom): the engine offers only the first
open box, the batch simulator plays it as the engine path does, and the optimal solver and
settings that can't go with it are refused by name."""

from __future__ import annotations

import pytest

from dicelab import simulate, yahtzee
from dicelab.errors import IllegalMoveError, InvalidInputError
from dicelab.yahtzee.engine import Score
from tests.test_simulate_batch import two_sample_p

FORCED = yahtzee.Rules(forced_order=True)


def test_only_the_first_open_box_may_be_scored():
    game = yahtzee.Game(players=1, rules=FORCED, seed=3)
    for box in FORCED.boxes:
        game.roll()
        assert game.engine.scorable_boxes(game.state) == (box,)
        assert [a for a in game.legal_actions() if isinstance(a, Score)] == [Score(box)]
        if box != FORCED.boxes[-1]:
            with pytest.raises(IllegalMoveError):
                game.play(Score(FORCED.boxes[-1]))
        game.play(Score(box))
    assert game.is_over
    assert [box for box, _ in game.state.cards[0].filled] == list(FORCED.boxes)


def test_the_batch_simulator_plays_forced_order_as_the_engine_path():
    batch = simulate.games(FORCED, ["greedy", "random"], n=4000, seed=1, progress=False)
    engine = simulate.games(
        FORCED,
        [engine_form_yahtzee("greedy"), engine_form_yahtzee("random")],
        n=300,
        seed=2,
        progress=False,
    )
    for seat in range(2):
        assert two_sample_p(batch.scores[:, seat] // 20, engine.scores[:, seat] // 20) > 1e-4
    free = simulate.games(yahtzee.Rules(), ["greedy"], n=2000, seed=1, progress=False)
    assert batch.scores[:, 0].mean() < free.scores[:, 0].mean() - 40  # forced order costs


def engine_form_yahtzee(level):
    class OnTheEngine:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, engine, state, rng):
            return self.bot.choose(engine, state, rng)

    return OnTheEngine(yahtzee.BOTS[level]())


def test_the_solver_and_the_forced_joker_are_refused_by_name():
    with pytest.raises(ValueError, match="forced_order=True"):
        yahtzee.solve(FORCED, progress=False)
    with pytest.raises(InvalidInputError, match="forced_order.*joker|joker.*forced_order"):
        yahtzee.Rules(forced_order=True, joker="forced")
