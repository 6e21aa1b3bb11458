"""Thousand as a pure state machine: a set-aside game with casks and an exact finish.

>>> from dicelab.thousand import Rules
>>> engine = Engine(Rules())
>>> state = engine.apply(engine.initial_state(3), Throw())
>>> state = engine.apply_chance(state, (1, 5, 5, 3, 3))
>>> state.turn_points, state.dice_left, engine.bank_refusal(state)
(20, 2, 'you are in the 0–100 cask: reach 100 to save')
"""

from __future__ import annotations

from dicelab.messages import Said
from dicelab.setaside import Bank, SetAside, SetAsideEngine, State, Throw
from dicelab.thousand.rules import Rules


class Engine(SetAsideEngine[Rules]):
    """Thousand: scoring dice go aside by themselves (unless ``choose_keep``) and casks
    forbid saving (the exact finish, the burn and the dump truck are the rules' own:
    :meth:`Rules.finish` with ``exact_finish``, :meth:`Rules.landed`); the one on the target wins."""

    def bank_refusal(self, state: State) -> str | None:
        cask = self.rules.cask_blocking(state.scores[state.player], state.turn_points)
        return cask and Said("refusal.in_cask", low=cask[0], high=cask[1])

    def winners(self, state: State) -> list[int]:
        return [i for i, score in enumerate(state.scores) if score == self.rules.target]


__all__ = ["Bank", "Engine", "SetAside", "State", "Throw"]
