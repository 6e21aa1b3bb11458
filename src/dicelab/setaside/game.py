"""The game driver's verbs for a set-aside game: throw, set aside, bank."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from dicelab.dice import Dice
from dicelab.game import Event, Game
from dicelab.setaside.combinations import SetAsideRules
from dicelab.setaside.engine import Bank, SetAside, SetAsideEngine, State, Throw
from dicelab.setaside.house import first_seat


class SetAsideGame(Game[State]):
    """A :class:`dicelab.game.Game` of Fivethousand or Thousand."""

    def _initial_state(self) -> State:
        """The state the game starts in, at the first seat or one chance picks from the
        game's seed."""
        rules = cast(SetAsideRules, self.rules)  # a set-aside game's (and a RuleSet)
        engine = cast(SetAsideEngine[SetAsideRules], self.engine)  # a set-aside game's
        return engine.initial_state(
            len(self.players), first_seat(rules, self.seed, len(self.players))
        )

    def throw(self) -> Event:
        """Throw the dice that are not set aside."""
        return self.play(Throw())

    def set_aside(self, dice: Sequence[int]) -> Event:
        """Set these dice of the last throw aside (a list or tuple of faces)."""
        return self.play(SetAside(cast(Dice, dice)))  # SetAside checks and sorts them

    def bank(self) -> Event:
        """Bank the turn's points and pass the dice on."""
        return self.play(Bank())

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's banked score."""
        return self.state.scores
