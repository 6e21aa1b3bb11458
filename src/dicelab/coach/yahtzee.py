"""The Yahtzee coach: the player's expected final score from the solitaire solution, or the
estimated chance to win the game."""

from __future__ import annotations

from functools import cached_property

from dicelab.coach.base import Coach, faces
from dicelab.coach.ledger import FINAL_SCORE, Choice, Measure, chance
from dicelab.messages import Said

WIN_ESTIMATE = Measure(Said("measure.win_estimate"), "", "win", percent=True)


class YahtzeeCoach(Coach):
    """The player's own expected final score, from the solitaire solution of the rules; or,
    with ``rating="win"`` at a table of several, the estimated chance to win the game that
    each choice leaves (see :mod:`dicelab.yahtzee.winning`).

    A move is ``("hold", faces)`` when the player rolls with ``faces`` held, or
    ``("box", box)`` when scoring ``box``; the odds are each open box's chance of scoring
    by the end of the turn, playing for that box.
    """

    odds_title = Said("coach.odds_boxes")

    @cached_property
    def solution(self):
        from dicelab.yahtzee.solver import solve

        return solve(self.rules, progress=False)

    @cached_property
    def engine(self):
        from dicelab.yahtzee import Engine

        return Engine(self.rules)

    def prepare(self) -> None:
        """Solve the game and build the tables behind an advice, so that advice comes at once."""
        from dicelab.yahtzee import Roll

        engine = self.engine
        self.advise(
            engine.apply_chance(engine.apply(engine.initial_state(1), Roll()), (1, 2, 3, 4, 5))
        )

    def measure(self, state) -> Measure:
        """The chance to win when the player chose it and has someone to beat, else points."""
        return WIN_ESTIMATE if self.rating == "win" and len(state.cards) > 1 else FINAL_SCORE

    def choices(self, state) -> list[Choice]:
        if state.is_over or not state.rolls_used:
            return []
        if self.measure(state) is WIN_ESTIMATE:
            from dicelab.yahtzee.winning import option_chances

            valued = option_chances(self.solution, state)
        else:
            valued = [(option, option.value) for option in self.solution.options(state)]
        moves = [
            ((option.kind, option.keep if option.kind == "hold" else option.box), value)
            for option, value in valued
        ]
        moves.sort(key=lambda move: -move[1])  # stable: equal chances stay in order of points
        return [Choice(move, self.label(state, move), value) for move, value in moves]

    def move(self, state, actions) -> tuple | None:
        from dicelab.yahtzee import Roll, Score

        if len(actions) != 1 or not state.rolls_used:
            return None
        action = actions[0]
        if isinstance(action, Roll):
            return "hold", tuple(sorted(face for face, held in zip(state.dice, state.held) if held))
        if isinstance(action, Score):
            return "box", action.box
        return None

    def label(self, state, move: tuple) -> str:
        kind, what = move
        if kind == "box":
            points = self.engine.preview(state, what) + self.engine.bonus_preview(state)
            return Said("coach.score_box", box=Said(f"box.{what}"), points=points)
        if not what:
            return Said("coach.roll_all")
        return Said("coach.hold_and_roll", faces=faces(what), dice=5 - len(what))

    def odds(self, state, choices: list[Choice]) -> list[tuple[str, str]]:
        from dicelab.odds import state_odds

        boxes = state_odds(self.engine, state, best_hold=True).boxes
        return [(Said(f"box.{box}"), chance(odds.chance)) for box, odds in boxes.items()]

    def situation(self, state) -> str:
        if not state.rolls_used:
            return Said("coach.before_first_roll")
        left = self.rules.rolls - state.rolls_used
        return Said("coach.rolls_left", faces=faces(sorted(state.dice)), n=left)
