"""dicelab.rl's AEC environments: PettingZoo's own API and seed tests, rewards, masks, bots."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from dicelab import IllegalMoveError, registry, thousand
from dicelab.rl import FivethousandAEC, ThousandAEC, YahtzeeAEC, aec_env

GAMES = list(registry.GAMES)


def play(env, seed, choose=None):
    """A whole game with masked random actions (or ``choose(env)``); the rewards summed."""
    env.reset(seed=seed)
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    returns = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            action = None
        elif choose is not None:
            action = choose(env)
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
    return returns


@pytest.mark.parametrize("players", [1, 2, 4])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoos_api_test_passes(game, players):
    api_test(aec_env(game, players=players), num_cycles=300)


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoos_seed_test_passes(game, players):
    seed_test(lambda: aec_env(game, players=players), num_cycles=300)


def test_thousand_choosing_its_dice_passes_both_tests():
    rules = thousand.Rules(choose_keep=True)
    api_test(ThousandAEC(3, rules), num_cycles=300)
    seed_test(lambda: ThousandAEC(3, rules), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ends_with_plus_one_for_each_winner_and_minus_one_for_the_rest(game):
    env = aec_env(game, players=3)
    returns = play(env, 4)
    winners = env.episode.engine.winners(env.episode.state)
    assert returns == {f"player_{seat}": 1 if seat in winners else -1 for seat in range(3)}
    assert env.agents == []


@pytest.mark.parametrize("game", GAMES)
def test_points_rewards_add_up_to_the_final_scores(game):
    env = aec_env(game, players=2, reward="points")
    returns = play(env, 9)
    assert list(returns.values()) == env.episode.standings()


def test_only_the_deciding_seat_has_legal_actions_and_scores_are_seen_from_each_seat():
    env = FivethousandAEC(3)
    env.reset(seed=2)
    while env.episode.state.player == 0:  # let seat 0 bank something or bust
        obs = env.observe(env.agent_selection)
        env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
    state, slices = env.episode.state, env.observer.slices
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert obs["action_mask"].any() == (seat == state.player)
        vector = obs["observation"]
        assert vector[slices["score"]].tolist() == [state.scores[seat]]
        others = [state.scores[(seat + k) % 3] for k in (1, 2)]
        assert vector[slices["others"]].tolist() == others
        assert vector[slices["to_move"]].tolist() == [int(seat == state.player)]


def test_an_illegal_action_is_refused_and_the_turn_stays():
    env = YahtzeeAEC(2)
    env.reset(seed=0)
    env.step(31)  # player_0 scores ones
    assert env.agent_selection == "player_1"
    env.step(31)
    with pytest.raises(IllegalMoveError, match="Ones is already used"):
        env.step(31)
    assert env.agent_selection == "player_0" and env.episode.state.cards[0].filled[0][0] == "ones"


def test_bots_take_their_seats_through_the_numbers():
    env = ThousandAEC(2)
    returns = play(env, 5, lambda env: env.bot_action("cask_aware"))
    assert sorted(returns.values()) == [-1, 1]
    assert max(env.episode.standings()) == env.rules.target


def test_the_rendered_line_names_the_seat_and_scores():
    env = FivethousandAEC(2, render_mode="ansi")
    env.reset(seed=1)
    assert (
        env.render().startswith(f"seat {env.episode.state.player}: ")
        and "scores 0 0" in env.render()
    )
    assert np.issubdtype(env.observe("player_0")["observation"].dtype, np.integer)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_gets_the_environment_its_registry_entry_declares(game):
    env = aec_env(game, players=2)
    assert type(env) is registry.load(registry.GAMES[game].aec, type)
    assert registry.game(env.episode.engine.rules).name == game


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="reward is one of"):
        YahtzeeAEC(2, reward="money")
    with pytest.raises(ValueError, match="unknown game"):
        aec_env("chess")
    with pytest.raises(ValueError, match="at least one seat"):
        FivethousandAEC(0)


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode is one of"):
        ThousandAEC(2, render_mode="rgb_array")
