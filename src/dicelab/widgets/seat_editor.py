"""The setup screen of a game's table: the seats (name, colour, human or robot), how many,
and the rules' preset, edited before a game starts (a mixin of
:class:`~dicelab.widgets.controller.GameController`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicelab.errors import IllegalMoveError
from dicelab.messages import Said, colour_key
from dicelab.players import Player
from dicelab.validation import MAX_NAME_LENGTH, clean_name, shown
from dicelab.widgets.colours import css_colour, in_seat_order
from dicelab.widgets.components import MalformedIntent

HUMAN = "human"


class SeatEditor:
    """The seats before a game: each intent of the setup screen changes one, or is refused
    with a sentence; :meth:`_render_setup` draws them."""

    _seats: list
    setup: Any
    rules: Any
    Game: Any
    COLOURS: tuple
    say: Any  # the table's catalogue (dicelab.messages)
    if TYPE_CHECKING:

        @property
        def phase(self) -> str: ...  # the controller's: "setup", "play" or "over"

        @property
        def heading(self) -> str: ...  # the game's name

    def _seat(self, seat: int) -> dict:
        if self.phase != "setup":
            raise IllegalMoveError(Said("refusal.started_players"))
        if not 0 <= seat < len(self._seats):
            raise MalformedIntent(f"There is no player {seat + 1}.")
        return self._seats[seat]

    def _add_seat(self, player: Player | None = None) -> None:
        used = {seat["colour"] for seat in self._seats}
        colour = next((c for c in in_seat_order(self.COLOURS) if c not in used), "")
        if player is None:
            self._seats.append({"name": "", "colour": colour, "kind": HUMAN})
        else:
            self._seats.append(
                {
                    "name": player.name,
                    "colour": player.colour or colour,
                    "kind": player.bot or HUMAN,
                }
            )

    def _change_seats(self, delta: int) -> None:
        if self.phase != "setup":
            raise IllegalMoveError(Said("refusal.started_players"))
        if delta not in (-1, 1):
            raise MalformedIntent("Players are added or removed one at a time.")
        count = len(self._seats) + delta
        if not 1 <= count <= self.Game.MAX_PLAYERS:
            raise IllegalMoveError(
                Said("refusal.players", game=self.heading, most=self.Game.MAX_PLAYERS)
            )
        if delta > 0:
            self._add_seat()
        else:
            self._seats.pop()

    def _cycle_colour(self, seat: int, step: int) -> None:
        chosen = self._seat(seat)
        if not self.COLOURS or step not in (-1, 1):
            raise MalformedIntent("Colours change one step at a time, in games with colours.")
        at = self.COLOURS.index(chosen["colour"]) if chosen["colour"] in self.COLOURS else -step
        chosen["colour"] = self.COLOURS[(at + step) % len(self.COLOURS)]

    def _rename(self, seat: int, name: str) -> None:
        self._seat(seat)["name"] = clean_name(name)

    def _change_kind(self, seat: int, kind: str) -> None:
        chosen = self._seat(seat)
        if kind != HUMAN and kind not in self.Game.BOTS:
            raise MalformedIntent(f"There is no player kind {shown(kind)}.")
        chosen["kind"] = kind

    def _choose_rules(self, preset: str) -> None:
        if self.phase != "setup":
            raise IllegalMoveError(Said("refusal.started_rules"))
        try:
            self.rules = self.Game.Rules.preset(preset)
        except ValueError as problem:
            raise MalformedIntent(str(problem)) from None

    def _render_setup(self) -> None:
        say = self.say
        kinds = [{"id": HUMAN, "label": say("setup.human")}]
        kinds += [{"id": level, "label": say("setup.bot", level=level)} for level in self.Game.BOTS]
        presets = [{"id": name, "label": name} for name in self.Game.Rules.PRESETS]
        if self.rules.preset_name is None:
            presets.append({"id": "", "label": say("setup.custom")})
        self.setup.draw(
            heading=say("setup.heading", game=self.heading),
            seats=[
                {
                    **seat,
                    "swatch": css_colour(seat["colour"]),
                    "colour_name": say(colour_key(seat["colour"])) if seat["colour"] else "",
                    "placeholder": say("name.player", number=i + 1),
                }
                for i, seat in enumerate(self._seats)
            ],
            kinds=kinds,
            presets=presets,
            preset=self.rules.preset_name or "",
            max_name=MAX_NAME_LENGTH,
        )
