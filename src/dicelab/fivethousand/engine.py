"""Fivethousand as a pure state machine: a set-aside game with bonus rounds and a last turn.

>>> from dicelab.fivethousand import Rules
>>> engine = Engine(Rules())
>>> state = engine.apply(engine.initial_state(2), Throw())
>>> engine.chance_outcomes(state)[(1, 2, 3, 4, 5, 6)]
Fraction(5, 324)
>>> state = engine.apply_chance(state, (1, 1, 2, 3, 4, 6))
>>> engine.apply(state, SetAside((1, 1))).turn_points
200
"""

from __future__ import annotations

from dicelab.fivethousand.rules import Rules
from dicelab.setaside import Bank, SetAside, SetAsideEngine, State, Throw


class Engine(SetAsideEngine[Rules]):
    """Fivethousand: the player chooses what to set aside and may bank with enough points
    (a farkle that keeps completed rounds and the last turns are the rules' own:
    :meth:`Rules.kept_on_bust`, :meth:`Rules.last_turns`)."""

    def on_hot_dice(self, state: State) -> bool:
        """Whether every die of the round has just scored (all the dice to throw again)."""
        return state.phase == "decide" and state.dice_left == self.rules.dice

    def bank_refusal(self, state: State) -> str | None:
        rules = self.rules
        if rules.must_rethrow and self.on_hot_dice(state):
            return "hot dice must be thrown: throw all the dice again"
        needs = rules.bank_needs(self.on_board(state))
        if state.turn_points < needs:
            if needs == rules.opening and not self.on_board(state):
                return f"you need {needs} points in one turn to get on the board"
            return f"you need at least {needs} points in the turn to bank"
        return None

    def in_final_turn(self, state: State) -> bool:
        """Whether the player to move is playing their last turn."""
        return bool(state.final_turns and state.final_turns[0] == state.player)


__all__ = ["Bank", "Engine", "SetAside", "State", "Throw"]
