"""One game played by numbered decisions, with seeded dice: what every environment wraps.

Between two decisions the episode plays what nobody chooses: the dice (thrown with the
environment's numpy generator, so ``reset(seed=...)`` fixes every face) and the forced first
throw or roll of each turn. ``state`` is therefore always a decision or the end.

>>> import numpy as np
>>> episode = Episode("yahtzee", players=1)
>>> episode.reset(np.random.default_rng(0))
>>> episode.state.rolls_used, len(episode.legal())
(1, 44)
"""

from __future__ import annotations

import random
from typing import Any

from dicelab import registry
from dicelab.rl.actions import SetAsideActions, YahtzeeActions

GAMES = tuple(registry.GAMES)


def check_seats(players) -> int:
    """``players`` as a number of seats (a whole number, at least 1)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players is a number of seats, not {players!r}")
    if players < 1:
        raise ValueError(f"a game has at least one seat, not {players}")
    return players


class Episode:
    """A game of ``game`` (a name from GAMES) for ``players`` seats, under ``rules``."""

    def __init__(self, game: str, rules=None, players: int = 2):
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; choose one of {list(GAMES)}")
        self.game, self.players = game, check_seats(players)
        self.spec = registry.GAMES[game]
        self.module = self.spec.module
        self.rules: Any = self.spec.Rules.coerce(rules)  # the game's own Rules: described below
        self.engine = self.spec.Engine(self.rules)
        self.actions = (SetAsideActions if self.spec.set_aside else YahtzeeActions)(self.engine)
        self.state: Any = None  # the game's engine state (None until reset)
        self._bots: dict[str, Any] = {}

    def reset(self, rng) -> None:
        """A new game whose dice come from ``rng`` (a numpy Generator)."""
        self.rng = rng
        self.bot_rng = random.Random(int(rng.integers(2**63)))
        self.state = self._advance(self.engine.initial_state(self.players))

    def step(self, index) -> None:
        """Play decision ``index``; IllegalMoveError (and nothing changes) when it is masked."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        self.state = self._advance(self.actions.apply(self.state, index))

    def legal(self) -> list[int]:
        return self.actions.legal(self.state)

    def standings(self, state=None) -> list[int]:
        """Each seat's score: the banked points, or the Yahtzee card's total."""
        state = state or self.state
        return self.engine.scores(state)

    def bot_action(self, bot) -> int:
        """The decision that ``bot`` (a level name from the game's BOTS, or a bot) makes now."""
        if isinstance(bot, str):
            if bot not in self.module.BOTS:
                raise ValueError(
                    f"unknown bot level {bot!r}; choose one of {sorted(self.module.BOTS)}"
                )
            bot = self._bots.setdefault(bot, self.module.BOTS[bot]())
        if self.state is None or self.state.is_over:
            raise RuntimeError("there is no decision to make: reset() starts a game")
        return self.actions.bot_action(bot, self.state, self.bot_rng)

    def describe(self) -> str:
        """One line of the table: who decides, what the dice show, the scores."""
        state = self.state
        if state is None:
            return "no game yet: reset() starts one"
        scores = "scores " + " ".join(map(str, self.standings()))

        if state.is_over:
            return f"game over; {scores}"
        if not self.spec.set_aside:
            now = f"dice {' '.join(map(str, state.dice))}, {self.rules.rolls - state.rolls_used} rolls left"
        elif state.phase == "choose":
            now = (
                f"throw {' '.join(map(str, state.throw))} to choose from, turn {state.turn_points}"
            )
        else:
            now = f"{state.dice_left} dice to throw, {state.turn_points} points this turn"
        return f"seat {state.player}: {now}; {scores}"

    def _advance(self, state):
        engine = self.engine
        while not state.is_over:
            if state.is_chance:
                dice = len(next(iter(engine.chance_outcomes(state))))
                state = engine.apply_chance(
                    state, tuple(int(face) for face in self.rng.integers(1, 7, dice))
                )
            elif (opening := self.actions.opening(state)) is not None:
                state = engine.apply(state, opening)
            else:
                break
        return state


class EpisodeEnvironment:
    """What every environment offers over its ``episode``: bots, action labels, rendering."""

    RENDER_MODES = ["ansi", "human"]
    episode: Episode
    render_mode: str | None

    def _set_render_mode(self, render_mode) -> None:
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(
                f"render_mode is one of {self.RENDER_MODES} or None, not {render_mode!r}"
            )
        self.render_mode = render_mode

    def bot_action(self, bot) -> int:
        """The action that ``bot`` (a level name of the game's BOTS, or a bot object) takes now."""
        return self.episode.bot_action(bot)

    def describe(self, action) -> str:
        """What action number ``action`` does, e.g. "hold 0 2, roll" or "bank"."""
        return self.episode.actions.describe(action)

    def render(self):
        """The table in one line: returned ("ansi") or printed ("human")."""
        text = self.episode.describe()
        if self.render_mode == "human":
            print(text)
            return None
        return text
