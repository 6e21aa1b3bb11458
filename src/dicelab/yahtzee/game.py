"""A game of Yahtzee at the table: players with colours, and verbs for each move."""

from __future__ import annotations

from dicelab.errors import InvalidInputError
from dicelab.game import Event
from dicelab.game import Game as _Game
from dicelab.messages import Said, colour_key
from dicelab.players import Player
from dicelab.validation import die_indices
from dicelab.yahtzee.engine import Engine, Hold, Release, Roll, Score, State
from dicelab.yahtzee.rules import COLOURS, Rules
from dicelab.yahtzee.strategy import BOTS


class Game(_Game[State]):
    """Yahtzee for 1 to 8 players, each with a different colour.

    >>> g = Game(players=["Ann", "Ben"], seed=7)
    >>> [p.colour for p in g.players]
    ['White', 'Light Gray']
    >>> _ = g.roll(); g.score("chance").player
    0
    """

    name = "yahtzee"
    engine: Engine
    Engine = Engine

    Rules = Rules
    BOTS = BOTS
    DEFAULT_PLAYERS = ("Player 1",)
    MAX_PLAYERS = 8

    @classmethod
    def seat(cls, players: object) -> tuple[Player, ...]:
        """The players, each with their own colour (the next free one when not given)."""
        seats = super().seat(players)
        colours = [p.colour for p in seats if p.colour]
        for colour in colours:
            if colour not in COLOURS:
                raise InvalidInputError(
                    f"{colour!r} is not one of the colours {', '.join(COLOURS)}"
                )
            if colours.count(colour) > 1:
                shared = Said(colour_key(colour))
                raise InvalidInputError(Said("refusal.shared_colour", colour=shared))
        free = iter(c for c in COLOURS if c not in colours)
        return tuple(p if p.colour else Player(p.name, p.bot, next(free)) for p in seats)

    def roll(self) -> Event:
        """Roll the dice that are not held."""
        return self.play(Roll())

    def hold(self, *dice: int) -> list[Event]:
        """Hold the dice at these places (0-4); all of them, or none when one can't be."""
        return self.play_all([Hold(die) for die in die_indices(dice)])

    def release(self, *dice: int) -> list[Event]:
        """Release held dice at these places (0-4); all of them, or none when one can't be."""
        return self.play_all([Release(die) for die in die_indices(dice)])

    def score(self, box: str) -> Event:
        """Score the dice in ``box``."""
        return self.play(Score(box))

    def preview(self, box: str) -> int:
        """What ``box`` would score now for the player to move."""
        self.engine.check_score(self.state, box)
        return self.engine.preview(self.state, box)

    def totals(self) -> list[int]:
        return self.engine.totals(self.state)
