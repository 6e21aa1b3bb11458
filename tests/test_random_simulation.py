"""Random simulation over every registered game, as OpenSpiel's random-simulation test does:
random rules and random legal play through the engine, the game driver, saves, the batch
simulator and the RL environment. A fourth game in ``registry.GAMES`` is tested here too."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from dicelab import registry, simulate
from dicelab.rl import aec_env

GAMES = list(registry.GAMES)
MOST_ACTIONS = 3000  # a game of random play ends well before this many actions


def random_rules(spec: registry.GameSpec, rng: random.Random):
    """A rule set of ``spec``'s game: a preset with some settings changed, each to a value
    some preset has or, for a switch, either way (so the mixture is one a table could
    play); a mixture the game refuses (one that could never end) is drawn again."""
    presets = list(spec.Rules.PRESETS.values())
    while True:
        rules = rng.choice(presets)
        changes = {}
        for field in dataclasses.fields(rules):
            if rng.random() < 0.3:
                values = [getattr(preset, field.name) for preset in presets]
                if isinstance(values[0], bool):
                    values = [False, True]
                changes[field.name] = rng.choice(values)
        try:
            return rules.replace(**changes)
        except ValueError:
            continue


def check_chance(engine, state) -> None:
    """The dice a chance state waits for: exact chances that sum to one."""
    outcomes = engine.chance_outcomes(state)
    assert outcomes and sum(outcomes.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in outcomes.values())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_random_rules_and_random_legal_play_hold_every_invariant(game, seed):
    spec = registry.GAMES[game]
    rng = random.Random(f"{game}/{seed}")
    rules = random_rules(spec, rng)
    players = rng.randint(1, 4)
    driver = spec.Game(players=players, rules=rules, seed=seed)
    engine = driver.engine
    saved_at = rng.randrange(1, 40)
    while not driver.is_over:
        assert len(driver.history) < MOST_ACTIONS, "random play should end"
        state = driver.state
        assert not state.is_chance and 0 <= state.player < players
        legal = driver.legal_actions()
        assert legal, "a state where someone is to move has a legal action"
        action = rng.choice(legal)
        after = engine.apply(state, action)  # the engine alone, as the driver will
        if after.is_chance:
            check_chance(engine, after)
        event = driver.play(action)
        assert driver.history[-1] is event and event.action == action
        if len(driver.history) == saved_at:  # a save made in the middle plays on alike
            again = spec.Game.from_json(driver.to_json())
            assert again.to_json() == driver.to_json() and again.state == driver.state
    again = spec.Game.from_json(driver.to_json())
    assert again.is_over and again.state == driver.state
    scores = engine.scores(driver.state)
    winners = engine.winners(driver.state)
    assert len(scores) == players and winners and all(0 <= w < players for w in winners)


@pytest.mark.parametrize("game", GAMES)
def test_the_batch_simulator_plays_random_rules(game):
    spec = registry.GAMES[game]
    rules = random_rules(spec, random.Random(f"{game}/batch"))
    results = simulate.games(game, ["random", "random"], n=40, seed=1, rules=rules, progress=False)
    assert results.scores.shape == (40, 2) and (results.wins.sum(axis=1) >= 1).all()
    assert (results.turns > 0).all()


@pytest.mark.parametrize("game", GAMES)
def test_the_rl_environment_plays_random_rules_to_the_end(game):
    spec = registry.GAMES[game]
    rng = random.Random(f"{game}/rl")
    env = aec_env(game, players=rng.randint(1, 3), rules=random_rules(spec, rng))
    env.reset(seed=2)
    for agent in env.possible_agents:
        env.action_space(agent).seed(2)
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        steps += 1
        assert steps < MOST_ACTIONS * 4, "random play should end"
        env.step(
            None
            if terminated or truncated
            else env.action_space(agent).sample(observation["action_mask"])
        )
    assert not env.agents  # every seat's game ended
