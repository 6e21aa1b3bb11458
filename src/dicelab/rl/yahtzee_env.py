"""Solitaire Yahtzee as a Gymnasium environment, on the exact rules engine.

Each step is one decision (:class:`dicelab.rl.actions.YahtzeeActions`): a hold, then the
roll it asks for, or a box. The reward is what the step adds to the card's total (box,
upper bonus, Yahtzee bonus), so an episode's rewards add up to its final score. The legal
actions are ``info["action_mask"]`` and :meth:`YahtzeeEnv.action_masks`; a masked action
raises :class:`dicelab.IllegalMoveError` and changes nothing. Registered with Gymnasium as
``dicelab/Yahtzee-v0``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicelab.extras import require
from dicelab.rl.episode import Episode, EpisodeEnvironment
from dicelab.rl.observations import YahtzeeObserver

if TYPE_CHECKING:  # (for its classes, as bases; at run time, with a hint if it is missing)
    import gymnasium as gym
else:
    gym = require("gymnasium", "rl", "dicelab.rl")


class YahtzeeEnv(EpisodeEnvironment, gym.Env):
    """Solitaire Yahtzee under ``rules`` (a Rules or a preset name; default "scratch").

    ``env.bot_action("optimal")`` is the action a dicelab bot would take now.
    """

    metadata = {"render_modes": EpisodeEnvironment.RENDER_MODES, "render_fps": 4}

    def __init__(self, rules=None, render_mode: str | None = None):
        self._set_render_mode(render_mode)
        self.episode = Episode("yahtzee", rules, players=1)
        self.rules = self.episode.rules
        self.observer = YahtzeeObserver(self.episode.engine, seats=1, table=False)
        self.observation_space = self.observer.dict_space()
        self.action_space = gym.spaces.Discrete(self.episode.actions.size)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.episode.reset(self.np_random)
        return self._observation(), self._info()

    def step(self, action):
        before = self.episode.standings()[0]
        self.episode.step(action)
        reward = self.episode.standings()[0] - before
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self.episode.state.is_over, False, self._info()

    def action_masks(self):
        """True for each legal action (the method that maskable learners call)."""
        return self.episode.actions.mask(self.episode.state).astype(bool)

    def _observation(self) -> dict:
        return self.observer.as_dict(self.episode.state, 0)

    def _info(self) -> dict:
        return {"action_mask": self.episode.actions.mask(self.episode.state)}


gym.register(id="dicelab/Yahtzee-v0", entry_point="dicelab.rl.yahtzee_env:YahtzeeEnv")
