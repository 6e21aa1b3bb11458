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
from dataclasses import dataclass

from dicelab import dice as _dice
from dicelab.actions import Action
from dicelab.errors import CorruptGameError, IllegalMoveError
from dicelab.players import Player

SAVE_FORMAT = "dicelab-game"
SAVE_VERSION = 2  # 2: dice seeded by the moment they are thrown (duplicate dice)


@dataclass(frozen=True)
class Event:
    """One action in a game's history, with the dice it threw (None when it threw none)."""

    player: int
    action: Action
    dice: tuple | None = None

    def to_json(self) -> dict:
        document = {"player": self.player, "action": self.action.to_json()}
        if self.dice is not None:
            document["dice"] = list(self.dice)
        return document


class Game:
    """A game in progress. Subclasses set ``name``, ``Engine``, ``Rules``, ``BOTS`` and
    ``DEFAULT_PLAYERS``."""

    name: str
    Engine: type
    Rules: type
    BOTS: dict
    DEFAULT_PLAYERS: tuple
    MAX_PLAYERS = 6

    def __init__(self, players=None, rules=None, seed: int | None = None):
        self.rules = self.Rules.coerce(rules)
        self.engine = self.Engine(self.rules)
        if players is None:
            players = self.DEFAULT_PLAYERS
        elif isinstance(players, int) and not isinstance(players, bool):
            players = [f"Player {i + 1}" for i in range(players)]
        self.players = tuple(Player.coerce(p) for p in players)
        if not 1 <= len(self.players) <= self.MAX_PLAYERS:
            raise ValueError(f"{self.name} is played by 1 to {self.MAX_PLAYERS} players, not {len(self.players)}")
        self._bots = {}
        for player in self.players:
            if player.is_bot and player.bot not in self._bots:
                if player.bot not in self.BOTS:
                    raise ValueError(f"unknown bot level {player.bot!r}; {self.name} has {sorted(self.BOTS)}")
                self._bots[player.bot] = self.BOTS[player.bot]()
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else int(seed)
        self.state = self.engine.initial_state(len(self.players))
        self.history: list[Event] = []
        self._states = [self.state]
        self._turns = [(0,) * len(self.players)]  # turns each player has begun, per state

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
        return [] if self.is_over else self.engine.legal_actions(self.state)

    # --- playing ----------------------------------------------------------------------
    def play(self, action: Action) -> Event:
        """Play ``action`` for the player to move; IllegalMoveError (game unchanged) if illegal."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        if not isinstance(action, Action):
            raise IllegalMoveError(f"{action!r} is not an action of {self.name}")
        state = self.engine.apply(self.state, action)
        dice = None
        turns = self._turns[-1]
        if state.is_chance:
            if self.engine.throw_number(state) == 0:
                turns = turns[:state.player] + (turns[state.player] + 1,) + turns[state.player + 1:]
            dice = self._throw_dice(state, turns[state.player] - 1)
            state = self.engine.apply_chance(state, dice)
        event = Event(self.state.player, action, dice)
        self.history.append(event)
        self._states.append(state)
        self._turns.append(turns)
        self.state = state
        return event

    def _throw_dice(self, state, turn: int) -> tuple:
        """The faces of the dice ``state`` is about to throw, in position order: one random
        stream per moment (player, turn, throw), drawing a face for each position in turn."""
        moment = f"{self.seed}/dice/{state.player}/{turn}/{self.engine.throw_number(state)}"
        positions = self.engine.throw_positions(state)
        faces = _dice.throw(random.Random(moment), positions[-1] + 1)
        return tuple(faces[position] for position in positions)

    def bot_action(self) -> Action:
        """What the bot to move would play now (IllegalMoveError when a human is to move)."""
        player = self.current_player
        if self.is_over or not player.is_bot:
            raise IllegalMoveError(f"it is {player.name}'s turn, not a bot's")
        rng = random.Random(f"{self.seed}/bot/{len(self.history)}")
        return self._bots[player.bot].choose(self.engine, self.state, rng)

    def bots_to_prepare(self) -> list[str]:
        """The levels of this game's bots that have set-up to do (see :meth:`prepare_bots`)."""
        return [level for level, bot in self._bots.items() if hasattr(bot, "prepare")]

    def prepare_bots(self) -> None:
        """Do the bots' slow set-up now (e.g. an optimal bot solving the game), not at their
        first move."""
        for level in self.bots_to_prepare():
            self._bots[level].prepare(self.engine)

    def play_bot(self) -> Event:
        """Let the bot to move play one action."""
        return self.play(self.bot_action())

    def play_bots(self) -> list[Event]:
        """Let bots play until a human is to move or the game is over."""
        events = []
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
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.name,
            "rules": self.rules.to_dict(),
            "players": [p.to_json() for p in self.players],
            "seed": self.seed,
            "events": [event.to_json() for event in self.history],
        })

    @classmethod
    def from_json(cls, text):
        """Load a game saved by :meth:`to_json`, replaying and checking every action.

        Raises CorruptGameError (and returns nothing half-loaded) for a document that is not
        a saved game of this kind, or whose actions or dice do not replay.
        """
        try:
            document = json.loads(text) if isinstance(text, (str, bytes)) else text
        except ValueError as error:
            raise CorruptGameError(f"not a saved game: {error}") from None
        if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
            raise CorruptGameError("not a saved dicelab game")
        if document.get("version") != SAVE_VERSION:
            raise CorruptGameError(f"saved game version {document.get('version')!r} is not {SAVE_VERSION}")
        if document.get("game") != cls.name:
            raise CorruptGameError(f"this is a saved {document.get('game')!r} game, not {cls.name!r}")
        events = document.get("events")
        seed = document.get("seed")
        if not isinstance(events, list) or type(seed) is not int:
            raise CorruptGameError("a saved game needs a list of events and a whole-number seed")
        try:
            rules = cls.Rules.from_dict(document.get("rules"))
            game = cls(players=document.get("players"), rules=rules, seed=seed)
        except (TypeError, ValueError) as error:
            raise CorruptGameError(f"bad rules or players: {error}") from None
        for number, entry in enumerate(events, start=1):
            game._replay(number, entry)
        return game

    def _replay(self, number: int, entry) -> None:
        try:
            if not isinstance(entry, dict) or set(entry) - {"player", "action", "dice"}:
                raise ValueError("an event has 'player', 'action' and maybe 'dice'")
            action = self.engine.action_from_json(entry.get("action"))
            if entry.get("player") != self.state.player:
                raise ValueError(f"it was player {self.state.player}'s turn, not {entry.get('player')!r}'s")
            event = self.play(action)
            recorded = entry.get("dice")
            if (tuple(recorded) if isinstance(recorded, list) else recorded) != event.dice:
                raise ValueError(f"the dice {recorded!r} are not what this game's seed threw")
        except (ValueError, TypeError) as error:
            raise CorruptGameError(f"event {number} does not replay: {error}") from None
