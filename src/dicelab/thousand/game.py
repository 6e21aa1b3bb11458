"""A game of Thousand at the table: you and two bots by default."""

from __future__ import annotations

from dicelab.game import Event
from dicelab.players import Player
from dicelab.setaside.game import SetAsideGame
from dicelab.thousand.engine import Engine
from dicelab.thousand.rules import Rules
from dicelab.thousand.strategy import BOTS


class Game(SetAsideGame):
    """Thousand for 1 to 6 players: reach exactly 1000.

    >>> g = Game(seed=3)
    >>> [p.name for p in g.players]
    ['You', 'Bot 1', 'Bot 2']
    >>> g.throw().dice, g.state.turn_points
    ((6, 4, 1, 1, 6), 20)
    """

    name = "thousand"
    Engine = Engine
    Rules = Rules
    BOTS = BOTS
    DEFAULT_PLAYERS = (
        Player("You"),
        Player("Bot 1", bot="cask_aware"),
        Player("Bot 2", bot="simple"),
    )

    def save(self) -> Event:
        """Save the turn's points (refused inside a cask until you leave it)."""
        return self.bank()
