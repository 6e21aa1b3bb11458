"""A game of Fivethousand at the table: you (Red) against the robot by default."""

from __future__ import annotations

from dicelab.fivethousand.engine import Engine
from dicelab.fivethousand.rules import Rules
from dicelab.fivethousand.strategy import BOTS
from dicelab.game import Event
from dicelab.players import Player
from dicelab.setaside.game import SetAsideGame


class Game(SetAsideGame):
    """Fivethousand for 1 to 6 players.

    >>> g = Game(seed=1)
    >>> [p.name for p in g.players]
    ['Red', 'Robot']
    >>> g.throw().dice
    (1, 5, 5, 2, 4, 1)
    >>> g.set_aside([1, 5]).action
    SetAside(dice=(1, 5))
    >>> g.pass_turn().player, g.scores
    (0, (150, 0))
    """

    name = "fivethousand"
    Engine = Engine
    Rules = Rules
    BOTS = BOTS
    DEFAULT_PLAYERS = (Player("Red"), Player("Robot", bot="intelligent"))

    def pass_turn(self) -> Event:
        """PASS: bank the points of the dice set aside this turn."""
        return self.bank()
