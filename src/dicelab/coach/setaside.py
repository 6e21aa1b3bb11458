"""Coaches of the set-aside games: Fivethousand and Thousand."""

from __future__ import annotations

import abc
from functools import cached_property

from dicelab.coach.base import Coach, faces
from dicelab.coach.ledger import (
    GAME_WIN_CHANCE,
    TURN_POINTS,
    TURNS_TO_FINISH,
    WIN_CHANCE,
    Choice,
    Measure,
    chance,
)
from dicelab.messages import Said


class SetAsideCoach(Coach):
    """What the set-aside games share: a move is ``(dice set aside, bank)``, from the
    options of the game's policy; the odds are the bust chances of the dice thrown next.

    ``rating="points"`` rates by the game's points policy; ``rating="win"`` by the chance to
    win the game: against the other player (two players), or at the table (the game's
    :meth:`table_policy`, three or more).
    """

    bank_word = ""  # what banking is called in the game
    odds_title = Said("coach.odds_throw")

    def plays_to_win(self, state) -> bool:
        """Whether ``state`` is rated by the chance to win the game."""
        return self.rating == "win" and len(state.scores) >= 2

    def policy(self, state):
        """The policy that values the options of ``state``."""
        if self.plays_to_win(state):
            return self.win_policy() if len(state.scores) == 2 else self.table_policy()
        return self.points_policy(state)

    def measure(self, state) -> Measure:
        return GAME_WIN_CHANCE if self.plays_to_win(state) else self.points_measure(state)

    @abc.abstractmethod
    def win_policy(self):
        """The game's two-player win policy for the rules."""

    @abc.abstractmethod
    def table_policy(self):
        """The game's options valued by the chance to win at a table of three or more."""

    @abc.abstractmethod
    def points_policy(self, state):
        """The game's points policy for ``state``."""

    @abc.abstractmethod
    def points_measure(self, state) -> Measure:
        """What the points policy's values mean in ``state``."""

    @cached_property
    def engine(self):
        from dicelab.odds import resolve

        return resolve(self.rules).module.Engine(self.rules)

    def prepare(self) -> None:
        self.policy(self.engine.initial_state(self.seats))

    def choices(self, state) -> list[Choice]:
        if state.phase not in ("throw", "choose", "decide"):
            return []
        return [
            Choice(
                (option.keep, option.bank),
                self.label(state, (option.keep, option.bank)),
                option.value,
            )
            for option in self.policy(state).options(state)
        ]

    def move(self, state, actions) -> tuple | None:
        from dicelab.setaside import Bank, SetAside

        keep = actions.pop(0).dice if actions and isinstance(actions[0], SetAside) else ()
        if len(actions) > 1 or (not keep and not actions):
            return None
        return tuple(sorted(keep)), isinstance(actions[0], Bank) if actions else None

    def label(self, state, move: tuple) -> str:
        keep, bank = move
        then = (
            self._bank_label(state, keep)
            if bank
            else ""
            if bank is None
            else self._throw_label(state, keep)
        )
        if not keep:
            return then
        if not then:
            return Said("coach.set_aside", faces=faces(keep))
        return Said("coach.set_aside_and", faces=faces(keep), then=then)

    def _bank_label(self, state, keep: tuple) -> str:
        points = state.turn_points + (self.engine.table.score(keep) if keep else 0)
        return Said(f"coach.{self.bank_word}", points=Said("count.point", n=points))

    def _throw_label(self, state, keep: tuple) -> str:
        dice = self.dice_next(state, keep)
        if dice is None:
            return Said("coach.win" if self.engine.set_aside(state, keep).is_over else "coach.burn")
        return Said("coach.throw", dice=Said("count.die", n=dice))

    def dice_next(self, state, keep: tuple) -> int | None:
        """The dice thrown next after setting ``keep`` aside (None when that ends the turn:
        a burn or an exact win in Thousand)."""
        if not keep:
            return state.dice_left
        after = self.engine.set_aside(state, keep)
        return after.dice_left if after.phase == "decide" else None

    def odds(self, state, choices: list[Choice]) -> list[tuple[str, str]]:
        from dicelab.odds import bust_probability

        counts = [self.dice_next(state, choice.move[0]) for choice in choices if not choice.move[1]]
        return [
            (
                Said("coach.farkle_chance", dice=Said("count.die", n=n)),
                chance(bust_probability(self.rules, n)),
            )
            for n in dict.fromkeys(counts)
            if n
        ]

    def why_not_most_points(self, state, choices: list[Choice]) -> str:
        """E.g. "Most points now, set aside 2, 2, 2, 5 and throw 2 dice, gives 320.1 points;
        the best, set aside 5 and throw 5 dice, 347.8 points: it keeps 5 dice to throw, not 2."
        """
        if state.phase != "choose" or not choices:
            return ""
        most = tuple(sorted(self.engine.table.best_choice(state.throw)[0]))
        best = choices[0]
        rival = next((choice for choice in choices if choice.move[0] == most), None)
        if best.move[0] == most or rival is None:
            return ""
        measure = self.measure(state)
        said = {
            "rival": rival.label,
            "rival_value": measure.say(rival.value),
            "best": best.label,
            "best_value": measure.say(best.value),
        }
        dice = None if best.move[1] else self.dice_next(state, best.move[0])
        if dice and rival.move[1]:
            return Said("coach.why_throw_on", dice=Said("count.die", n=dice), **said)
        if dice and dice > (self.dice_next(state, most) or 0):
            fewer = self.dice_next(state, most)
            return Said("coach.why_keeps", dice=Said("count.die", n=dice), fewer=fewer, **said)
        return Said("coach.why", **said)

    def situation(self, state) -> str:
        points = Said("count.point", n=state.turn_points)
        if state.phase == "choose":
            return Said("coach.situation_throw", faces=faces(state.throw), points=points)
        return Said("coach.situation", points=points, dice=Said("count.die", n=state.dice_left))


class FivethousandCoach(SetAsideCoach):
    """By points: expected points of the turn; in a last turn, the chance to win against the
    leader (a shared win counting half). By win: the chance to win the game (estimated from
    every pair's exact chances at a table of three or more)."""

    bank_word = "pass"

    def win_policy(self):
        from dicelab.fivethousand.win import win_policy

        return win_policy(self.rules)

    def table_policy(self):
        from dicelab.fivethousand.pairwise import PairwiseChances

        return PairwiseChances(self.rules)

    def points_policy(self, state):
        from dicelab.fivethousand.policy import OptimalBot

        return OptimalBot.policy(self.engine, state)

    def points_measure(self, state) -> Measure:
        return WIN_CHANCE if self.engine.in_final_turn(state) else TURN_POINTS


class ThousandCoach(SetAsideCoach):
    """By points: expected turns to reach the target exactly (lower is better). By win: the
    chance to win the game, at any table: with two players both playing to win, with more
    every seat playing the solitaire-optimal policy (see :mod:`dicelab.thousand.finishing`)."""

    bank_word = "save"
    points_label = Said("coach.fewest_turns")

    def table_policy(self):
        from dicelab.thousand.finishing import finishing_chances

        return finishing_chances(self.rules)

    def win_policy(self):
        from dicelab.thousand.win import win_policy

        return win_policy(self.rules)

    def points_policy(self, state):
        from dicelab.thousand.policy import solitaire_policy

        return solitaire_policy(self.rules)

    def points_measure(self, state) -> Measure:
        return TURNS_TO_FINISH
