"""PettingZoo AEC environments of the three games, for any number of seats.

Agents are ``player_0`` … ``player_{n-1}`` in turn order. Each observation is
``{"observation": vector, "action_mask": int8 vector}`` (the mask is all zeros for a seat
that is not deciding); the vector's fields are named in ``env.observer.slices``
(:mod:`dicelab.rl.observations`), the actions in :mod:`dicelab.rl.actions`. Dice and the
turns' forced first throws are played inside ``step``, seeded by ``reset(seed=...)``.

``reward="win"`` (the default) gives +1 to each winner and -1 to every other seat when the
game ends, and 0 before; ``reward="points"`` gives each step's change of every seat's
score (banked points, or the Yahtzee total).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import numpy as np

from dicelab import registry
from dicelab.extras import require
from dicelab.rl.episode import Episode, EpisodeEnvironment
from dicelab.rl.observations import UNBOUNDED_POINTS, SetAsideObserver, YahtzeeObserver

if TYPE_CHECKING:  # (for its classes, as bases; at run time, with a hint if it is missing)
    import pettingzoo
else:
    pettingzoo = require("pettingzoo", "rl", "dicelab.rl")
spaces = require("gymnasium.spaces", "rl", "dicelab.rl")
seeding = require("gymnasium.utils.seeding", "rl", "dicelab.rl")

REWARDS = ("win", "points")


class DiceGameAEC(EpisodeEnvironment, pettingzoo.AECEnv):
    """A game of ``game`` ("fivethousand", "thousand" or "yahtzee") for ``players`` seats."""

    metadata = {
        "render_modes": EpisodeEnvironment.RENDER_MODES,
        "render_fps": 4,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        rules=None,
        reward: str = "win",
        render_mode: str | None = None,
    ):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {REWARDS}, not {reward!r}")
        self._set_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"dicelab_{game}_v0"}
        self.episode = Episode(game, rules, players)
        self.rules, self.reward = self.episode.rules, reward
        engine = self.episode.engine
        self.observer: YahtzeeObserver | SetAsideObserver
        if not registry.game(game).set_aside:
            self.observer = YahtzeeObserver(engine, players, table=True)
        else:  # under an exact finish no score passes the target
            high = self.rules.target if self.rules.exact_finish else UNBOUNDED_POINTS
            self.observer = SetAsideObserver(engine, players, table=True, points_high=high)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = self.episode.actions.size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": self.observer.flat_space(),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.np_random = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        self.episode.reset(self.np_random)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self._after_move()
        self._accumulate_rewards()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.episode.standings()
        self.episode.step(action)
        self._cumulative_rewards[agent] = 0
        if self.reward == "points":
            changes = np.subtract(self.episode.standings(), before)
            self.rewards = {a: int(change) for a, change in zip(self.agents, changes)}
        else:
            self.rewards = {a: 0 for a in self.agents}
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        state = self.episode.state
        deciding = not state.is_over and state.player == seat
        mask = (
            self.episode.actions.mask(state)
            if deciding
            else np.zeros(self.episode.actions.size, np.int8)
        )
        return {"observation": self.observer.as_flat(state, seat), "action_mask": mask}

    def close(self) -> None:
        pass

    def _after_move(self) -> None:
        state = self.episode.state
        over = state.is_over
        self.terminations = {agent: over for agent in self.agents}
        if over and self.reward == "win":
            winners = set(self.episode.engine.winners(state))
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] += 1 if seat in winners else -1
        self.agent_selection = self.possible_agents[state.player]


class FivethousandAEC(DiceGameAEC):
    """Fivethousand for ``players`` seats (default rules "zillions")."""

    def __init__(self, players: int = 2, rules=None, reward: str = "win", render_mode=None):
        super().__init__("fivethousand", players, rules, reward, render_mode)


class ThousandAEC(DiceGameAEC):
    """Thousand for ``players`` seats (default rules "classic")."""

    def __init__(self, players: int = 2, rules=None, reward: str = "win", render_mode=None):
        super().__init__("thousand", players, rules, reward, render_mode)


class YahtzeeAEC(DiceGameAEC):
    """Yahtzee for ``players`` seats, each on their own card (default rules "scratch")."""

    def __init__(self, players: int = 2, rules=None, reward: str = "win", render_mode=None):
        super().__init__("yahtzee", players, rules, reward, render_mode)


def aec_env(
    game: str, players: int = 2, rules=None, reward: str = "win", render_mode=None
) -> DiceGameAEC:
    """The AEC environment of ``game`` ("fivethousand", "thousand" or "yahtzee").

    >>> env = aec_env("thousand", players=3)
    >>> env.reset(seed=1); env.agent_selection, env.describe(env.action_space("player_0").n - 1)
    ('player_0', 'bank')
    """
    if game not in registry.GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {sorted(registry.GAMES)}")
    environment = registry.load(registry.GAMES[game].aec, type)
    return cast(DiceGameAEC, environment(players, rules, reward, render_mode))
