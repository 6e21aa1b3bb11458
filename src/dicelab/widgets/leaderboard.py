"""A tournament's leaderboard in a notebook, filling in while the tournament plays.

``Leaderboard(standings)`` draws the result of :func:`dicelab.tournament`: the entrants
best first with their share of wins ± 2 standard errors (a bar beside each), and, where
the tournament worked out exact chances, each such pairing's exact chance beside its
simulated share. ``Leaderboard().play(entrants, rules, games=…)`` plays the tournament
itself off the event loop (the kernel stays free), in ``rounds``: each round is a whole
round robin of its share of the games, with dice of its own (seeded from the seed and
the round), and the board is drawn again after each, every pairing's share pooled over
the rounds so far (:meth:`dicelab.round_robin.Standings.pooled`), with a progress bar.
The exact chances, when asked for, come with the last round. Outside a running event
loop (a script, a test) the rounds are played at once.

>>> from dicelab import strategy
>>> field = [strategy.threshold("traditional", bank_at=t, name=f"at {t}") for t in (200, 400)]
>>> board = Leaderboard().play(field, robots=("simple",), games=200, rounds=2)
>>> board.standings.games, len(board.board.rows)
(200, 3)
"""

from __future__ import annotations

import asyncio
import math
import threading

import numpy

from dicelab import validation
from dicelab.messages import DEFAULT, catalogue, in_language
from dicelab.round_robin import MAX_GAMES, ROBOTS, Standings, tournament
from dicelab.widgets import replacing
from dicelab.widgets.components.strategy import LeaderboardPart
from dicelab.widgets.table import Table

ROUNDS = 10  # rounds a played tournament is drawn after, by default
COLUMNS = ("place", "entrant", "wins", "error", "games")  # the board's, by catalogue key
PAIRING_COLUMNS = ("entrant", "against", "wins", "error", "exact")


def round_seed(seed: int, number: int) -> int:
    """The seed of round ``number`` of a tournament of ``seed``."""
    return int(numpy.random.SeedSequence([seed, number]).generate_state(1, numpy.uint64)[0])


class LeaderboardTable(Table):
    """The leaderboard's AnyWidget."""

    COMPONENTS = ("leaderboard",)


class Leaderboard(LeaderboardTable):
    """The leaderboard of ``standings`` (a :class:`dicelab.round_robin.Standings`, or None
    before a tournament), in the language ``lang``; :meth:`play` plays one while it fills
    in. ``.standings`` are the results so far, ``.running`` whether a tournament is being
    played, ``.error`` what stopped one (or None)."""

    def __init__(self, standings: Standings | None = None, *, lang: str = DEFAULT):
        if standings is not None and not isinstance(standings, Standings):
            raise TypeError(
                f"a leaderboard shows a tournament's standings, not {type(standings).__name__}"
            )
        say = catalogue(lang)
        super().__init__(words=say.front_end())
        self.say = say
        self.board = LeaderboardPart()
        self.standings = standings
        self.error: Exception | None = None
        self._status = ""
        self._progress: dict = {}
        self._play = (
            0  # the number of the tournament played last (a stopped one's rounds are dropped)
        )
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.render()
        replacing.made(self)

    def __repr__(self) -> str:
        what = (
            "no tournament yet"
            if self.standings is None
            else (f"{len(self.standings.names)} entrants")
        )
        return (
            f"<Leaderboard of {what}. Show it in JupyterLab, Jupyter Notebook or Voilà; "
            ".standings holds the results.>"
        )

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def show_standings(self, standings: Standings) -> None:
        """Draw ``standings`` (a finished tournament)."""
        if not isinstance(standings, Standings):
            raise TypeError(
                f"a leaderboard shows a tournament's standings, not {type(standings).__name__}"
            )
        self.stop()
        self.standings, self._progress, self._status = standings, {}, ""
        self.render()

    def play(
        self,
        entrants,
        rules=None,
        games: int = 2000,
        *,
        robots=ROBOTS,
        seed: int = 0,
        exact=None,
        rounds: int = ROUNDS,
        executor=None,
    ) -> Leaderboard:
        """Play a round robin as :func:`dicelab.tournament` does (the same arguments), in
        ``rounds`` rounds of ``games / rounds`` games a pairing, drawing the board after
        each; returns the leaderboard at once (in a notebook: the rounds go on meanwhile)."""
        validation.whole_number(rounds, "rounds", 1, 1000)
        validation.whole_number(games, "games", 2 * rounds, MAX_GAMES)
        self.stop()
        self._play += 1
        self._stop = threading.Event()
        shares = [games * (k + 1) // rounds - games * k // rounds for k in range(rounds)]
        settings = {"robots": robots, "executor": executor, "progress": False}
        names = len(entrants) + len(robots) if isinstance(entrants, (list, tuple)) else 0
        self.standings, self.error = None, None
        self._status = self.say("leaderboard.starting", entrants=names, games=games)
        self._progress = self._progress_of(0, games, 0, rounds)

        def rounds_played(arrived) -> None:
            parts: list[Standings] = []
            for number, share in enumerate(shares):
                if self._stop.is_set():
                    return
                last = number == len(shares) - 1
                part = tournament(
                    entrants,
                    rules,
                    share,
                    seed=round_seed(seed, number),
                    exact=exact if last else False,
                    **settings,
                )
                parts.append(part)
                arrived(parts, games, number + 1, rounds)

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:  # a script, a test: played now, errors raised
            rounds_played(self._arrived_for(self._play, seed))
            return self

        played = self._play
        on_loop = self._arrived_for(played, seed)

        def run() -> None:
            try:
                rounds_played(lambda *args: loop.call_soon_threadsafe(on_loop, *args))
            except Exception as error:  # said in the board, kept in .error
                loop.call_soon_threadsafe(self._failed, played, error)

        self._thread = threading.Thread(target=run, name="dicelab-tournament", daemon=True)
        self._thread.start()
        self.render()
        return self

    def _arrived_for(self, played: int, seed: int):
        def arrived(parts, games: int, done: int, rounds: int) -> None:
            if played != self._play:
                return  # a tournament stopped since
            self.standings = Standings.pooled(list(parts), seed)
            if done == rounds:
                self._progress = {}
                pairs = math.comb(len(self.standings.names), 2)
                self._status = self.say("leaderboard.played", pairs=pairs, games=games)
            else:
                self._progress = self._progress_of(self.standings.games, games, done, rounds)
                self._status = ""
            self.render()

        return arrived

    def _failed(self, played: int, error: Exception) -> None:
        if played != self._play:
            return
        self.error, self._progress = error, {}
        self._status = self.say("leaderboard.failed", why=in_language(error, self.say))
        self.render()

    def _progress_of(self, done: int, total: int, finished: int, rounds: int) -> dict:
        return {
            "done": done,
            "total": total,
            "text": self.say(
                "leaderboard.progress",
                done=done,
                total=total,
                round=min(finished + 1, rounds),
                rounds=rounds,
            ),
        }

    def stop(self) -> None:
        """Stop the tournament being played (after the round playing now); the board keeps
        the rounds played."""
        if self.running:
            self._stop.set()
            self._play += 1
            games = 0 if self.standings is None else self.standings.games
            self._progress, self._status = {}, self.say("leaderboard.stopped", games=games)
            self.render()

    def close(self) -> None:
        """Stop the tournament being played and close the board."""
        if hasattr(self, "board"):
            self.stop()
        super().close()

    # --- drawing ----------------------------------------------------------------------------
    def render(self) -> None:
        standings = self.standings
        rows, pairings = [], {}
        if standings is not None:
            for place, (name, score) in enumerate(standings.ranked(), 1):
                rows.append(
                    {
                        "place": place,
                        "name": name,
                        "robot": name in standings.robots,
                        "wins": f"{score.value:.1%}",
                        "error": f"± {2 * score.standard_error:.1%}",
                        "games": f"{score.n:,}",
                        "share": round(score.value, 4),
                    }
                )
            judged = [row for row in standings.pairings().rows if row["exact"] != "-"]
            if judged:
                pairings = {
                    "caption": self.say("leaderboard.pairings"),
                    "columns": [self.say(f"leaderboard.{key}") for key in PAIRING_COLUMNS],
                    "rows": [
                        [
                            row["entrant"],
                            row["against"],
                            f"{row['wins']:.1%}",
                            f"± {row['± 2 SE']:.1%}",
                            f"{row['exact']:.1%}",
                        ]
                        for row in judged
                    ],
                }
        heading = (
            self.say("leaderboard.title")
            if standings is None and not self._progress
            else self.say(
                "leaderboard.heading",
                games=self._progress.get("total", standings.games if standings else 0),
            )
        )
        self.board.draw(
            heading=heading,
            columns=[self.say(f"leaderboard.{key}") for key in COLUMNS],
            rows=rows,
            pairings=pairings,
            progress=self._progress,
            status=self._status
            or ("" if standings or self._progress else self.say("leaderboard.empty")),
            basis=self.say("leaderboard.basis") if rows else "",
        )
        self.show({"board": [self.board]}, title=self.say("leaderboard.title"), kind="strategy")
