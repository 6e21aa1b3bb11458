"""What a table keeps of a game as it is played: the history's entries and the moments
(a farkle, hot dice, a Yahtzee, a win), and the ranking at the end (a mixin of
:class:`~dicelab.widgets.controller.GameController`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.widgets.colours import css_colour
from dicelab.widgets.phrasing import count, says, whom

HISTORY_SHOWN = 200  # the latest entries of the history the log lists
STAYS = ("farkle", "burn", "big")  # a human's moment that waits for them before the robots go on
MOMENTS = {  # what the table shows, briefly, at a moment of a player's (a win names the winner)
    "farkle": "Farkle for {}!",
    "burn": "Burned for {}!",
    "hot_dice": "Hot dice for {}!",
    "yahtzee": "Yahtzee for {}!",
    "bonus": "Bonus for {}!",
}


class GameRecord:
    """The history and the moments of a game, and its ranking once it is over."""

    _entries: list
    _moment: dict
    _moments: int
    _status: str
    _waiting: bool
    _game: Any
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
            text = f"{says(winners[0].name, 'wins')}!" if len(winners) == 1 else "A shared win!"
        else:
            text = MOMENTS.get(kind, "").format(whom(self._game.players[event.player].name))
        self._moments += bool(kind)
        self._moment = {"kind": kind, "text": text, "serial": self._moments} if kind else {}

    def moment(self, event, before, mark: str) -> str:
        """The moment ``event`` makes (a key of :data:`MOMENTS`, or "win"), "" for none: by
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
                    "place": _ordinal(place),
                    "name": player.name,
                    "colour": css_colour(player.colour),
                    "score": scores[i],
                    "winner": player in self._game.winners,
                }
            )
        self.ranking.draw(heading=self._result(), rows=rows)

    def _result(self) -> str:
        winners = self._game.winners
        best = max(self.scores())
        if len(self._game.players) == 1:
            return f"Game over: {count(best, 'point')}."
        if len(winners) == 1:
            return f"Game over: {says(winners[0].name, 'wins')} with {count(best, 'point')}."
        return (
            f"Game over: {join_names(p.name for p in winners)} share the win with "
            f"{count(best, 'point')}."
        )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_names(names) -> str:
    """Names as a phrase: "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    names = list(names)
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
