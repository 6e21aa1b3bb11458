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
    """Fivethousand: the player chooses what to set aside; a bust in a bonus round keeps
    the completed rounds under Zillions rules; reaching the target gives everyone else
    one last turn (or, without ``last_turn``, wins at once)."""

    def on_board(self, state: State) -> bool:
        """Whether the player to move has got on the board (always, without an opening)."""
        return not state.on_board or state.on_board[state.player]

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

    def points_kept_on_bust(self, state: State) -> int:
        """The completed rounds under Zillions rules, when they could be banked."""
        kept = state.round_start if self.rules.bust_keeps_completed_rounds else 0
        return kept if kept >= self.rules.bank_needs(self.on_board(state)) else 0

    def end_turn(self, state: State, scores: tuple[int, ...], news: tuple[str, ...]) -> State:
        state, scores, news = self.settle(state, scores, news)
        player, others = state.player, len(scores)
        final_turns = state.final_turns
        if not self.rules.last_turn and scores[player] >= self.rules.target:
            final_turns = ()
            news += ("reached_target",)
        elif final_turns is None and scores[player] >= self.rules.target:
            final_turns = tuple((player + k) % others for k in range(1, others))
            news += ("final_round",)
        elif final_turns is not None:
            final_turns = final_turns[1:]
        if final_turns is not None and not final_turns:
            return State(
                scores=scores,
                dice_left=self.rules.dice,
                player=player,
                phase="over",
                final_turns=(),
                news=news + ("game_over",),
                on_board=state.on_board,
                streaks=state.streaks,
            )
        next_player = final_turns[0] if final_turns else (player + 1) % others
        return self.next_turn(state, scores, next_player, news, final_turns)

    def in_final_turn(self, state: State) -> bool:
        """Whether the player to move is playing their last turn."""
        return bool(state.final_turns and state.final_turns[0] == state.player)


__all__ = ["Bank", "Engine", "SetAside", "State", "Throw"]
