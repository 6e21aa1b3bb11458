"""Random simulation over every registered game, as OpenSpiel tests its games: rules drawn
at random from each game's settings, and random legal play through the engine, the game
driver, saves, the batch simulator and the RL environment. Seeded loops, a few seconds.

Each playout checks what must hold whatever the rules: the driver plays the engine's game
(the same legal actions, the same states, chances that sum to exactly 1), a game saved and
resumed at any point goes on as the original, a finished game has winners, and the batch
simulator and the engine path both end their games with the winners the rules name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import pytest

from dicelab import registry, simulate
from tests.test_faults import random_rules

GAMES = sorted(registry.GAMES)
PLAYOUTS = 8  # random rules and a random game on them, per registered game
MOST_MOVES = 150  # a playout stops here (random play in a set-aside game can be long)
CHEAP_BOTS = {  # levels that need no solved policy, so any rules play at once
    "fivethousand": ("random", "simple", "intelligent"),
    "thousand": ("random", "simple", "cask_aware"),
    "yahtzee": ("random", "greedy"),
}


def draw(name: str, playout: int):
    """The seeded generator, rules and number of seats of one playout."""
    rng = random.Random(f"random simulation/{name}/{playout}")
    return rng, random_rules(registry.GAMES[name], rng), rng.randint(1, 3)


def test_every_registered_game_has_cheap_bots_here():
    assert set(CHEAP_BOTS) == set(registry.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_random_play_by_driver_and_saves_is_the_engines(name):
    spec = registry.GAMES[name]
    for playout in range(PLAYOUTS):
        rng, rules, seats = draw(name, playout)
        game = spec.Game(players=seats, rules=rules, seed=playout)
        resumed = spec.Game.from_json(game.to_json())
        engine = spec.Engine(rules)
        state = game.state
        for _ in range(MOST_MOVES):
            if game.is_over:
                break
            legal = game.legal_actions()
            assert legal == list(engine.legal_actions(state)) and legal
            action = rng.choice(legal)
            event = game.play(action)
            resumed.play(action)
            state = engine.apply(state, action)
            if state.is_chance:
                assert sum(engine.chance_outcomes(state).values()) == 1
                state = engine.apply_chance(state, event.dice)
            assert state == game.state == resumed.state
            if rng.random() < 0.1:  # saved, and continued from the save
                resumed = spec.Game.from_json(resumed.to_json())
        assert resumed.to_json() == game.to_json() and resumed.is_over == game.is_over
        if game.is_over:
            assert game.legal_actions() == [] and game.winners


@dataclass(frozen=True)
class OnTheEngine:
    """A built-in bot as a bot of your own, so that it plays on the engine path."""

    bot: object

    def choose(self, engine, state, rng):
        return self.bot.choose(engine, state, rng)


def check_results(rules, results) -> None:
    """Every game has a winner, and the winners are those the rules name: on the target
    under an exact finish, else the best score."""
    wins, scores = results.wins, results.scores
    assert wins.any(axis=1).all() and (results.turns >= 1).all()
    if getattr(rules, "exact_finish", False):
        assert (scores[wins] == rules.target).all()
    else:
        assert np.array_equal(wins, scores == scores.max(axis=1, keepdims=True))
    floor = getattr(rules, "score_floor", 0)
    assert (scores >= min(floor, 0)).all()


@pytest.mark.parametrize("name", GAMES)
def test_random_rules_through_the_batch_and_engine_paths(name):
    spec = registry.GAMES[name]
    for playout in range(3):
        rng, rules, seats = draw(name, playout)
        levels = [rng.choice(CHEAP_BOTS[name]) for _ in range(seats)]
        batch = simulate.games(rules, levels, n=30, seed=playout, progress=False)
        engine = simulate.games(
            rules,
            [OnTheEngine(spec.bots[level]()) for level in levels],
            n=3,
            seed=playout,
            progress=False,
        )
        check_results(rules, batch)
        check_results(rules, engine)


@pytest.mark.parametrize("name", GAMES)
def test_random_play_through_the_rl_environment(name):
    rl = pytest.importorskip("dicelab.rl")
    for playout in range(3):
        rng, rules, seats = draw(name, playout)
        env = rl.aec_env(name, players=seats, rules=rules)
        env.reset(seed=playout)
        returns = dict.fromkeys(env.possible_agents, 0)
        for moves, agent in enumerate(env.agent_iter()):
            observation, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            assert env.observation_space(agent).contains(observation)
            if terminated or truncated:
                env.step(None)
                continue
            if moves >= 4 * MOST_MOVES:
                break
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal.tolist())))
        state = env.episode.state
        if state.is_over:
            winners = set(env.episode.engine.winners(state))
            assert returns == {
                f"player_{seat}": 1 if seat in winners else -1 for seat in range(seats)
            }
