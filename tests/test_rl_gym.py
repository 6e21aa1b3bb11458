"""dicelab.rl.YahtzeeEnv: Gymnasium's own checker, seeding, masks, rewards and the bots."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from dicelab import IllegalMoveError, yahtzee
from dicelab.rl import YahtzeeEnv

SMALL = yahtzee.Rules(boxes=("ones", "sixes", "yahtzee", "chance"))


def play(env, seed, choose):
    """A whole episode; returns the rewards and the last observation."""
    obs, info = env.reset(seed=seed)
    rewards, done = [], False
    while not done:
        obs, reward, done, truncated, info = env.step(choose(env, info))
        assert truncated is False
        rewards.append(reward)
    return rewards, obs, info


def random_agent(env, info):
    return env.action_space.sample(info["action_mask"])


@pytest.mark.parametrize("rules", ["scratch", "hasbro", "yatzy", SMALL])
def test_gymnasiums_checker_passes(rules):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every warning of the checker is a failure here
        check_env(YahtzeeEnv(rules), skip_render_check=True)


def test_the_registered_environment_passes_the_checker_with_its_render_modes(capsys):
    env = gymnasium.make("dicelab/Yahtzee-v0", render_mode="ansi")
    check_env(env.unwrapped)  # renders every declared mode and closes twice through the spec
    assert "rolls left" in env.unwrapped.render()
    assert "rolls left" in capsys.readouterr().out  # the "human" mode prints the same line


def test_the_same_seed_gives_the_same_game():
    env_a, env_b = YahtzeeEnv(), YahtzeeEnv()
    env_a.action_space.seed(5)
    env_b.action_space.seed(5)
    games = [play(env, 42, random_agent) for env in (env_a, env_b)]
    assert games[0][0] == games[1][0]
    assert all(np.array_equal(games[0][1][key], games[1][1][key]) for key in games[0][1])
    other = YahtzeeEnv()
    other.action_space.seed(5)
    first = [env_a.reset(seed=s)[0]["dice"].tolist() for s in range(5)]
    assert first != [other.reset(seed=s + 100)[0]["dice"].tolist() for s in range(5)]


def test_rewards_add_up_to_the_final_total_and_the_episode_fills_every_box():
    env = YahtzeeEnv("hasbro")
    env.action_space.seed(0)
    rewards, obs, info = play(env, 7, random_agent)
    card = env.episode.state.cards[0]
    assert sum(rewards) == card.total(env.rules) == obs["total"][0]
    assert len(card.filled) == 13 and not obs["open_boxes"].any() and not info["action_mask"].any()
    assert 13 <= len(rewards) <= 39


def test_the_observation_describes_the_situation():
    env = YahtzeeEnv()
    obs, info = env.reset(seed=3)
    state = env.episode.state
    assert obs["dice"].tolist() == list(state.dice)
    assert obs["counts"].sum() == 5 and obs["rolls_left"][0] == 2
    assert obs["open_boxes"].tolist() == [1] * 13
    chance = env.rules.boxes.index("chance")
    assert obs["box_points"][chance] == sum(state.dice)
    assert info["action_mask"].tolist() == [1] * 44 and env.action_masks().dtype == bool
    obs, reward, *_ = env.step(31 + chance)
    assert (
        reward == sum(state.dice) and obs["open_boxes"][chance] == 0 and obs["rolls_left"][0] == 2
    )


def test_a_masked_action_is_refused_and_changes_nothing():
    env = YahtzeeEnv()
    env.reset(seed=1)
    env.step(43)  # chance
    before = env.episode.state
    with pytest.raises(IllegalMoveError, match="Chance is already used"):
        env.step(43)
    env.step(0)
    env.step(0)  # the third roll
    assert not env.action_masks()[:31].any()
    with pytest.raises(IllegalMoveError, match="choose a box"):
        env.step(7)
    assert env.episode.state.cards == before.cards


def test_the_optimal_bot_steps_the_environment_and_scores_its_expectation():
    solution = yahtzee.solve(SMALL, progress=False)
    env = YahtzeeEnv(SMALL)
    totals = []
    for seed in range(300):
        rewards, _, _ = play(env, seed, lambda env, info: env.bot_action("optimal"))
        totals.append(sum(rewards))
    mean, error = np.mean(totals), np.std(totals) / np.sqrt(len(totals))
    assert abs(mean - solution.expected_score) < 4 * error


def test_describe_names_the_actions():
    env = YahtzeeEnv()
    assert env.describe(0) == "roll all" and env.describe(31 + 12) == "score chance"


def test_the_random_bot_plays_whole_games_however_long_it_holds_and_releases():
    env = YahtzeeEnv(SMALL)
    for seed in range(30):
        rewards, obs, _ = play(env, seed, lambda env, info: env.bot_action("random"))
        assert sum(rewards) == obs["total"][0]
