"""Players, and the random bot every other bot must beat.

A :class:`Player` is a name, an optional colour and, for a robot, the name of a bot level
from the game's ``BOTS``. A bot is any object with ``choose(engine, state, rng)`` returning
one of ``engine.legal_actions(state)`` (:class:`dicelab.protocols.Bot`).

>>> Player.coerce("Ann")
Player(name='Ann', bot=None, colour=None)
>>> Player.coerce({"name": "Robot", "bot": "random"}).is_bot
True
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass

from dicelab import validation
from dicelab.actions import Action
from dicelab.errors import WrongTypeError
from dicelab.protocols import Engine
from dicelab.protocols import StateT as S


@dataclass(frozen=True)
class Player:
    """A seat at the table: a human when ``bot`` is None, else a bot of that level."""

    name: str
    bot: str | None = None
    colour: str | None = None

    def __post_init__(self) -> None:
        validation.text(self.name, "a player's name")
        if self.bot is not None:
            validation.text(self.bot, "a bot level")
        if self.colour is not None:
            validation.text(self.colour, "a colour")

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, str | None]:
        return asdict(self)

    @classmethod
    def coerce(cls, value: object) -> Player:
        """A Player from a name, a dict like ``{"name": ..., "bot": ...}`` or a Player."""
        if isinstance(value, Player):
            return value
        if isinstance(value, str):
            return cls(value)
        if type(value) is dict and "name" in value and set(value) <= {"name", "bot", "colour"}:
            return cls(value["name"], value.get("bot"), value.get("colour"))
        raise WrongTypeError(
            f"a player is a name or {{'name': ..., 'bot': ...}}, not {validation.shown(value)}"
        )


class RandomBot:
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    level = "random"

    def choose(self, engine: Engine[S], state: S, rng: random.Random) -> Action:
        return rng.choice(engine.legal_actions(state))
