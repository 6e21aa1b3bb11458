"""The game driver's verbs for a set-aside game: throw, set aside, bank."""

from __future__ import annotations

from dicelab.game import Game
from dicelab.setaside.engine import Bank, SetAside, Throw


class SetAsideGame(Game):
    """A :class:`dicelab.game.Game` of Fivethousand or Thousand."""

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
