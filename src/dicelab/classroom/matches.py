"""Robot against robot: lesson 7's class experiment, who wins the short game, the first player?

Each press plays one whole short game of Fivethousand (first to 1000) between two win
robots, on dice seeded from the class's seed, the student and the game's number, so any
game can be played again and checked. A game is one result: 1 for a first-player win, 1/2
for a shared win (the rules count it half), 0 for a loss. The exact share is the first
player's chance under perfect play, from the solved win policy.

>>> from dicelab.classroom.activities import activity, seeder
>>> room = activity("first-player").session(seeder(1, 1, 1), "Ann", {})
>>> room.receive({"part": "controls", "type": "press", "button": "play"})
>>> [(trials, won in (0, 0.5, 1)) for trials, won, _ in room.take_results()]
[(1, True)]
"""

from __future__ import annotations

from typing import Any

from dicelab import fivethousand
from dicelab.classroom.activity import Message, Register, SeedOf
from dicelab.classroom.throws import Experiment
from dicelab.messages import DEFAULT
from dicelab.widgets.buttons import Button

SHORT = fivethousand.Rules(target=1000)  # the short game of lesson 7 (its SHORT_TARGET)
ROBOTS = ("first_player.first", "first_player.second")  # the two robots' names, by key


def prepare() -> None:
    """Work out the win robots' policy for the short game (once, then read from the cache)."""
    fivethousand.win_policy(SHORT)


def first_player_wins() -> float:
    """The first player's exact chance in the short game, both robots playing to win."""
    return float(fivethousand.win_policy(SHORT).first_player_wins)


def first_player_share(game: fivethousand.Game) -> float:
    """1 when the first player alone won, 1/2 when the win was shared, 0 when they lost."""
    first, second = (player in game.winners for player in game.players)
    return 0.5 if first and second else float(first)


class FirstPlayer(Experiment):
    """Play short games between two win robots and note whether the first player won."""

    heading = "first_player.heading"
    help = "first_player.help"

    def __init__(
        self,
        seed_of: SeedOf,
        name: str,
        options: dict[str, Any],
        state: Message | None = None,
        lang: str = DEFAULT,
    ) -> None:
        super().__init__(seed_of, name, options, lang)
        state = state or {"games": []}
        self.games = [list(game) for game in state["games"]]  # [first's score, second's, share]
        self._status = self._said() if self.games else self.say("first_player.start")
        self.render()

    def state(self) -> Message:
        return {"games": self.games}

    def buttons(self) -> list[Button]:
        label, aria = self.say("first_player.play"), self.say("first_player.play_aria")
        return [Button("play", label, self.play, aria, key="p")]

    def play(self) -> None:
        """One whole game between the robots, on this student's dice for its number."""
        robots = [{"name": self.say(key), "bot": "win"} for key in ROBOTS]
        game = fivethousand.Game(
            players=robots, rules=SHORT, seed=self.seed_of("game", len(self.games))
        )
        game.play_bots()
        first, second = game.state.scores
        share = first_player_share(game)
        self.games.append([first, second, share])
        self._results.append(
            (1, share, {"game": len(self.games), "first": first, "second": second})
        )
        self._status = self._said()

    def _said(self) -> str:
        first, second, share = self.games[-1]
        who = {
            1.0: "first_player.first_won",
            0.5: "first_player.shared",
            0.0: "first_player.second_won",
        }
        wins = sum(game[2] for game in self.games)
        return self.say(
            "first_player.said",
            who=self.say(who[share]),
            first=first,
            second=second,
            wins=self.say.count(int(wins) if wins == int(wins) else wins, "win"),
            games=self.say.count(len(self.games), "game"),
        )


def register_all(register: Register) -> None:
    from dicelab.classroom.activity import Activity

    register(
        Activity(
            "first-player",
            "Who wins, the first player?",
            "Play short games between two robots that play to win (lesson 7).",
            "the share of short games the first player wins (a shared win counts half)",
            FirstPlayer,
            first_player_wins,
            prepare=prepare,
            limit=20,
            unit="games",
        )
    )
