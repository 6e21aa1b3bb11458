"""The game driver's verbs for a set-aside game: throw, set aside, bank."""

from __future__ import annotations

from typing import cast

from dicelab.game import Game
from dicelab.setaside.combinations import SetAsideRules
from dicelab.setaside.engine import Bank, SetAside, Throw
from dicelab.setaside.house import first_seat


class SetAsideGame(Game):
    """A :class:`dicelab.game.Game` of Fivethousand or Thousand."""

    def _first_seat(self) -> tuple:
        """The seat to start: the first, or one chance picks from the game's seed."""
        rules = cast(SetAsideRules, self.rules)  # a set-aside game's (and a RuleSet)
        return (first_seat(rules, self.seed, len(self.players)),)

    def throw(self):
        """Throw the dice that are not set aside."""
        return self.play(Throw())

    def set_aside(self, dice):
        """Set these dice of the last throw aside (a list or tuple of faces)."""
        return self.play(SetAside(dice))

    def bank(self):
        """Bank the turn's points and pass the dice on."""
        return self.play(Bank())

    @property
    def scores(self) -> tuple:
        """Each player's banked score."""
        return self.state.scores
