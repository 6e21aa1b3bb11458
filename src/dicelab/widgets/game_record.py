"""What a table keeps of a game as it is played: the history's entries and the moments
(a farkle, hot dice, a Yahtzee, a win), and the ranking at the end (a mixin of
:class:`~dicelab.widgets.controller.GameController`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.messages import Catalogue
from dicelab.widgets.colours import css_colour

HISTORY_SHOWN = 200  # the latest entries of the history the log lists
STAYS = ("farkle", "burn", "big")  # a human's moment that waits for them before the robots go on
MOMENTS = ("farkle", "burn", "hot_dice", "yahtzee", "bonus")  # what the table shows, briefly,
# at a moment of a player's (the catalogue's "moment.<kind>"; a win names the winner)


class GameRecord:
    """The history and the moments of a game, and its ranking once it is over."""

    _entries: list
    _moment: dict
    _moments: int
    _status: str
    _waiting: bool
    _game: Any
    say: Catalogue
    pace: float
    ranking: Any
    # the table's own, used here: the dice and mark an action leaves in the history, each
    # seat's final score, whether a robot is to move
    log_entry: Callable[[Any, Any], tuple[tuple, str]]
    scores: Callable[[], list]
    _bot_to_move: Callable[[], bool]

    def _note(self, event, before) -> None:
        """Add ``event`` to the history: the sentence said, its dice, what it stands for. A
        human's farkle, burn or big score before a robot's turn waits for them (with a pace)."""
        player = self._game.players[event.player]
        dice, mark = self.log_entry(event, before)
        if self._game.is_over:
            mark = "win"
        self._mark_moment(event, before, mark)
        self._entries.append(
            {
                "serial": len(self._entries) + 1,
                "player": player.name,
                "colour": css_colour(player.colour),
                "text": self._status,
                "dice": list(dice),
                "mark": mark,
            }
        )
        if mark in STAYS and not player.is_bot and self._bot_to_move() and self.pace > 0:
            self._waiting = True

    def _mark_moment(self, event, before, mark: str) -> None:
        """The moment ``event`` makes, if any (see :meth:`moment`), numbered so that the
        table plays each one once."""
        kind = self.moment(event, before, mark)
        if kind == "win":
            winners = self._game.winners
            one = len(winners) == 1
            text = self.say("moment.win", who=winners[0].name) if one else self.say("moment.shared")
        else:
            who = self._game.players[event.player].name
            text = self.say(f"moment.{kind}", who=who) if kind in MOMENTS else ""
        self._moments += bool(kind)
        self._moment = {"kind": kind, "text": text, "serial": self._moments} if kind else {}

    def moment(self, event, before, mark: str) -> str:
        """The moment ``event`` makes (one of :data:`MOMENTS`, or "win"), "" for none: by
        default a win, a farkle and a burn (from the history's ``mark``), and hot dice."""
        if mark in ("win", "farkle", "burn"):
            return mark
        return "hot_dice" if "hot_dice" in self._game.state.news else ""

    def _render_ranking(self) -> None:
        scores = self.scores()
        rows = []
        for i in sorted(range(len(scores)), key=lambda i: -scores[i]):
            player = self._game.players[i]
            place = 1 + sum(score > scores[i] for score in scores)
            rows.append(
                {
                    "place": self.say.ordinal(place),
                    "name": player.name,
                    "colour": css_colour(player.colour),
                    "score": scores[i],
                    "winner": player in self._game.winners,
                }
            )
        self.ranking.draw(heading=self._result(), rows=rows)

    def _result(self) -> str:
        winners, say = self._game.winners, self.say
        best = say.count(max(self.scores()), "point")
        if len(self._game.players) == 1:
            return say("result.alone", points=best)
        if len(winners) == 1:
            return say("result.won", who=winners[0].name, points=best)
        return say("result.shared", names=say.names(p.name for p in winners), points=best)
