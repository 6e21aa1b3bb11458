"""The game driver shared by every game: seats, seeded dice, history, undo, bots and saving.

Each game subclasses :class:`Game` with its engine, its rules class and its bots. The driver
holds the only mutable state; the engine stays pure.

Duplicate dice: a die's face depends only on the game's seed and the moment it is thrown —
the player, that player's turn, the throw within the turn and the die's position — whatever
was held or set aside before. So a class given one seed sees the same dice wherever its
choices agree, undoing a throw and throwing again shows the same dice, and a saved game is
checked by replaying it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from dicelab import dice as _dice
from dicelab import protocols, saves, validation
from dicelab.actions import Action
from dicelab.errors import (
    CorruptGameError,
    IllegalMoveError,
    InvalidInputError,
    TooManyMovesError,
)
from dicelab.players import Player
from dicelab.protocols import StateT
from dicelab.ruleset import RuleSet

SAVE_FORMAT = saves.FORMAT
SAVE_VERSION = saves.VERSION


def too_many_moves() -> str:
    """Why a game stopped at the most moves a game may have."""
    return (
        f"this game has had {saves.MAX_EVENTS:,} moves, the most a game may have (no real "
        "game comes near): it stops here, as its rules may never let it end"
    )


G = TypeVar("G", bound="Game[Any]")


@dataclass(frozen=True)
class Event:
    """One action in a game's history, with the dice it threw (None when it threw none)."""

    player: int
    action: Action
    dice: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, object]:
        document: dict[str, object] = {"player": self.player, "action": self.action.to_json()}
        if self.dice is not None:
            document["dice"] = list(self.dice)
        return document


class Game(Generic[StateT]):
    """A game in progress, over the states ``StateT`` of its engine. Subclasses set
    ``name``, ``Engine``, ``Rules``, ``BOTS`` and ``DEFAULT_PLAYERS``."""

    name: str
    Engine: type[protocols.Engine[StateT]]
    Rules: type[RuleSet]
    BOTS: Mapping[str, Callable[[], protocols.Bot]]
    DEFAULT_PLAYERS: tuple[Player | str, ...]
    MAX_PLAYERS = 6

    def __init__(self, players: object = None, rules: object = None, seed: int | None = None):
        seed = validation.seed(seed)
        self.players = self.seat(players)  # checked before anything is built
        self.rules = self.Rules.coerce(rules)
        self.engine = self.Engine(self.rules)
        self._bots: dict[str, protocols.Bot] = {
            level: self.BOTS[level]()
            for level in dict.fromkeys(p.bot for p in self.players if p.bot is not None)
        }
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        self.state = self._initial_state()
        self.history: list[Event] = []
        self._states = [self.state]
        self._turns = [(0,) * len(self.players)]  # turns each player has begun, per state

    def _initial_state(self) -> StateT:
        """The state the game starts in: the first seat starts, unless a game's rules let
        chance pick it."""
        return self.engine.initial_state(len(self.players))

    @classmethod
    def seat(cls, players: object) -> tuple[Player, ...]:
        """The players of ``players=``: None (the default table), a number of players, or a
        list of names, ``{"name": ..., "bot": ...}`` dicts and Players; checked, bots too."""
        if players is None:
            players = cls.DEFAULT_PLAYERS
        elif type(players) is int:
            count = validation.player_count(players, cls.MAX_PLAYERS, cls.name)
            players = [f"Player {i + 1}" for i in range(count)]
        seats = tuple(
            Player.coerce(p) for p in validation.player_list(players, cls.MAX_PLAYERS, cls.name)
        )
        for player in seats:
            if player.is_bot and player.bot not in cls.BOTS:
                raise InvalidInputError(
                    f"unknown bot level {player.bot!r}; {cls.name} has "
                    f"{', '.join(sorted(cls.BOTS))}"
                )
        return seats

    def __repr__(self) -> str:
        names = ", ".join(p.name for p in self.players)
        status = "over" if self.is_over else f"{self.current_player.name} to play"
        return f"<{type(self).__module__.split('.')[1]}.Game [{names}] {status}>"

    # --- what is going on -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def current_player(self) -> Player:
        return self.players[self.state.player]

    @property
    def winners(self) -> list[Player]:
        """The players with the best final result (several on a shared win); [] while playing."""
        if not self.is_over:
            return []
        return [self.players[i] for i in self.engine.winners(self.state)]

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else list(self.engine.legal_actions(self.state))

    # --- playing ----------------------------------------------------------------------
    def play(self, action: Action) -> Event:
        """Play ``action`` for the player to move; IllegalMoveError (game unchanged) if illegal."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        if not isinstance(action, self.Engine.actions):
            raise IllegalMoveError(f"{validation.shown(action)} is not an action of {self.name}")
        if len(self.history) >= saves.MAX_EVENTS:
            raise TooManyMovesError(too_many_moves())
        state = self.engine.apply(self.state, action)
        dice = None
        turns = self._turns[-1]
        if state.is_chance:
            if self.engine.throw_number(state) == 0:
                turns = (
                    turns[: state.player] + (turns[state.player] + 1,) + turns[state.player + 1 :]
                )
            dice = self._throw_dice(state, turns[state.player] - 1)
            state = self.engine.apply_chance(state, dice)
        event = Event(self.state.player, action, dice)
        self.history.append(event)
        self._states.append(state)
        self._turns.append(turns)
        self.state = state
        return event

    def play_all(self, actions: Iterable[Action]) -> list[Event]:
        """Play these actions in turn, all or nothing: when one is illegal, IllegalMoveError
        and the game is as it was before the first."""
        start = len(self.history)
        try:
            return [self.play(action) for action in actions]
        except BaseException:
            while len(self.history) > start:
                self.undo()
            raise

    def _throw_dice(self, state: StateT, turn: int) -> tuple[int, ...]:
        """The faces of the dice ``state`` is about to throw, in position order: one random
        stream per moment (player, turn, throw), drawing a face for each position in turn."""
        moment = f"{self.seed}/dice/{state.player}/{turn}/{self.engine.throw_number(state)}"
        positions = self.engine.throw_positions(state)
        faces = _dice.throw(random.Random(moment), positions[-1] + 1)
        return tuple(faces[position] for position in positions)

    def bot_action(self) -> Action:
        """What the bot to move would play now (IllegalMoveError when a human is to move)."""
        player = self.current_player
        if self.is_over or player.bot is None:
            raise IllegalMoveError(f"it is {player.name}'s turn, not a bot's")
        rng = random.Random(f"{self.seed}/bot/{len(self.history)}")
        return self._bots[player.bot].choose(self.engine, self.state, rng)

    def bots_to_prepare(self) -> list[str]:
        """The levels of this game's bots that have set-up to do (see :meth:`prepare_bots`)."""
        return [
            level for level, bot in self._bots.items() if isinstance(bot, protocols.PreparingBot)
        ]

    def prepare_bots(self) -> None:
        """Do the bots' slow set-up now (e.g. an optimal bot solving the game), not at their
        first move; ``prepare(engine, players=...)`` is told how many sit at the table."""
        for bot in self._bots.values():
            if isinstance(bot, protocols.PreparingBot):
                bot.prepare(self.engine, players=len(self.players))

    def play_bot(self) -> Event:
        """Let the bot to move play one action."""
        return self.play(self.bot_action())

    def play_bots(self) -> list[Event]:
        """Let bots play until a human is to move or the game is over."""
        events: list[Event] = []
        while not self.is_over and self.current_player.is_bot:
            events.append(self.play_bot())
        return events

    def undo(self) -> Event:
        """Take back the last action (and the dice it threw); returns the event undone."""
        if not self.history:
            raise IllegalMoveError("there is nothing to undo")
        self._states.pop()
        self._turns.pop()
        self.state = self._states[-1]
        return self.history.pop()

    # --- saving -----------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game as a JSON document: rules, players, seed and every action."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.name,
                "rules": self.rules.to_dict(),
                "players": [p.to_json() for p in self.players],
                "seed": self.seed,
                "events": [event.to_json() for event in self.history],
            }
        )

    @classmethod
    def from_json(cls: type[G], text: object) -> G:
        """Load a game saved by :meth:`to_json`, replaying and checking every action.

        Only what :meth:`to_json` writes is loaded: anything else (bad JSON, an unknown or
        missing field, a value of the wrong type, an action or dice that do not replay)
        raises CorruptGameError naming the JSON path of the first problem, and nothing is
        half-loaded.
        """
        document = saves.parse(text)
        # (a class is hashable; mypy's Hashable protocol does not see it for type[Game])
        saves.check_document(document, saves.schema(cls))  # type: ignore[arg-type]
        try:
            rules = cls.Rules(**document["rules"])
        except ValueError as error:
            setting = getattr(error, "setting", None)
            raise CorruptGameError(
                str(error), "$.rules" + (f".{setting}" if setting else "")
            ) from None
        players = []
        for index, seat in enumerate(document["players"]):
            try:
                players.append(Player(**seat))
                cls.seat([players[-1]])
            except ValueError as error:
                raise CorruptGameError(str(error), f"$.players[{index}]") from None
        try:
            game = cls(players=players, rules=rules, seed=document["seed"])
        except ValueError as error:
            raise CorruptGameError(str(error), "$.players") from None
        for index, (saved, seated) in enumerate(zip(players, game.players)):
            if saved != seated:  # e.g. a Yahtzee player saved without their colour
                raise CorruptGameError(
                    f"a saved player is seated as {seated.to_json()}", f"$.players[{index}]"
                )
        for index, entry in enumerate(document["events"]):
            game._replay(f"$.events[{index}]", entry)
        if json.loads(game.to_json()) != document:
            raise CorruptGameError("this is not a document that to_json() writes")
        return game

    def _replay(self, path: str, entry: dict[str, Any]) -> None:
        """Play one saved event (already checked against the schema), as saved."""
        if entry["player"] != self.state.player:
            raise CorruptGameError(
                f"it was player {self.state.player}'s turn, not player {entry['player']}'s",
                f"{path}.player",
            )
        try:
            action = self.engine.action_from_json(entry["action"])
            event = self.play(action)
        except ValueError as error:
            raise CorruptGameError(
                f"this action does not replay: {error}", f"{path}.action"
            ) from None
        recorded, thrown = entry.get("dice"), event.dice
        if recorded is None and thrown is None:
            return
        if recorded is None or thrown is None:
            raise CorruptGameError(
                "this action threw dice but none are saved"
                if recorded is None
                else "this action threw no dice",
                path if recorded is None else f"{path}.dice",
            )
        if list(thrown) != recorded:
            where = next((i for i, (a, b) in enumerate(zip(thrown, recorded)) if a != b), None)
            raise CorruptGameError(
                f"the dice {recorded} are not what this game's seed threw",
                f"{path}.dice" + ("" if where is None else f"[{where}]"),
            )
