"""Each seat's chance to win on a game widget's table: switched on and off, worked out off
the event loop the first time, drawn again after every action.

A controller owns one :class:`WinChances`, and its game gives a source of chances (its
``CHANCES``). Fivethousand and Thousand have :class:`BySeats`: for two players
:class:`ExactForTwo` (the exact two-player win policy, both players playing to win); at
larger tables :class:`PairwiseEstimate` for Fivethousand (an estimate from every pair's exact
chances) and :class:`ExactFinishing` for Thousand (exact if every seat plays the
solitaire-optimal policy). Yahtzee has :class:`YahtzeeEstimate` (the estimate of
:func:`dicelab.yahtzee.chance_to_win`, for any number of players). Building a policy or
a solution takes seconds to a minute the first time for some rules, minutes under a farkle
penalty (it is cached on disk afterwards): meanwhile the panel says "computing…" and the game goes on; the numbers are
filled in once it is done (see :mod:`dicelab.widgets.background`). A source whose chances
of one state take a while (Thousand's at three or more seats) works those out on the same
background worker after each action, the last chances staying on show meanwhile, so that a
click is answered at once. Where a source has no chance for the table (one player; rules
too large to solve at the table) the panel says why in words.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial
from importlib import import_module

from dicelab.messages import Said, in_language
from dicelab.widgets.background import prepared, submitted
from dicelab.widgets.colours import css_colour
from dicelab.widgets.components.win_chances import WinChancesPanel
from dicelab.widgets.phrasing import percentages, seat_name
from dicelab.widgets.switched_panel import SwitchedPanel

ALONE = Said("chances.alone")


class Source:
    """Where the chances of a table come from; :meth:`at` picks the source for its size."""

    kept = Said("chances.saved")  # what becomes of the work done the first time
    first_time = Said("chances.a_few_seconds")  # how long that work takes
    slow_chances = False  # a state's chances take long enough to work out off the event loop

    def at(self, seats: int) -> Source:
        """The source of the chances at a table of ``seats`` (this one, unless a game has
        another basis for larger tables)."""
        return self

    def takes(self, rules) -> str:
        """How long the work takes the first time under ``rules``."""
        return self.first_time


def _win_policy_takes(source: Source, rules) -> str:
    """How long a two-player win policy takes to build the first time: minutes under a
    farkle penalty (its passes over every level)."""
    if rules.penalty:
        return Said("chances.several_minutes")
    return source.first_time


class ExactForTwo(Source):
    """The exact chance to win of Fivethousand or Thousand (``game``, the module's name),
    from its two-player win policy (``win_policy(rules)``)."""

    basis = Said("chances.basis_two")
    first_time = Said("chances.up_to_a_minute")
    takes = _win_policy_takes

    def __init__(self, game: str):
        self.game = game

    def unavailable(self, rules, seats: int) -> str:
        """Why there is no chance to win for ``seats`` players under ``rules``, as a clause
        ("" when there is one)."""
        if seats == 1:
            return ALONE
        largest = [max(sizes) for sizes in zip(*map(_size, rules.PRESETS.values()))]
        if any(size > most for size, most in zip(_size(rules), largest)):
            return Said("chances.too_large")
        return ""

    def key(self, rules) -> tuple:
        return "win_policy", self.game, rules

    def prepare(self, rules):
        return import_module(f"dicelab.{self.game}").win_policy(rules)

    def chances(self, policy, state) -> list[float]:
        return list(policy.chances(state))


@lru_cache(maxsize=64)
def _size(rules) -> tuple[int, int]:
    """How large a win policy of ``rules`` is: its target in scoring units, and its dice."""
    from dicelab.setaside.policy import point_unit

    return math.ceil(rules.target / point_unit(rules.combinations())), rules.dice


class ExactFinishing(Source):
    """Thousand at a table of three or more: exact chances if every seat plays the
    solitaire-optimal policy (see :mod:`dicelab.thousand.finishing`)."""

    basis = Said("chances.basis_finishing")
    kept = Said("chances.kept")
    slow_chances = True  # each seat's turns to finish, from its state: milliseconds to tens

    def unavailable(self, rules, seats: int) -> str:
        return ALONE if seats == 1 else ""

    def key(self, rules) -> tuple:
        return "finishing_chances", rules

    def prepare(self, rules):
        from dicelab.thousand.finishing import finishing_chances

        return finishing_chances(rules)

    def chances(self, finishing, state) -> list[float]:
        return finishing.chances(state)


class PairwiseEstimate(Source):
    """Fivethousand at a table of three or more: estimates from every pair's exact
    two-player chances (see :mod:`dicelab.fivethousand.pairwise`)."""

    basis = Said("chances.basis_pairwise")
    first_time = Said("chances.up_to_a_minute")
    takes = _win_policy_takes

    def unavailable(self, rules, seats: int) -> str:
        return ExactForTwo("fivethousand").unavailable(rules, 2)

    def key(self, rules) -> tuple:
        return "pairwise_chances", rules

    def prepare(self, rules):
        from dicelab.fivethousand.pairwise import PairwiseChances

        return PairwiseChances(rules)

    def chances(self, pairwise, state) -> list[float]:
        return pairwise.chances(state)


class BySeats(Source):
    """The chances of a set-aside game: from ``two`` (exact, both playing to win) for two
    players, from ``more`` at larger tables."""

    def __init__(self, two: Source, more: Source):
        self.two, self.more = two, more

    def at(self, seats: int) -> Source:
        return self.more if seats > 2 else self.two


class YahtzeeEstimate(Source):
    """The estimated chance to win of Yahtzee, from the moments of the solitaire solution."""

    basis = Said("chances.basis_yahtzee")

    def unavailable(self, rules, seats: int) -> str:
        return ALONE if seats == 1 else ""

    def key(self, rules) -> tuple:
        return "yahtzee_solution", rules

    def prepare(self, rules):
        from dicelab.yahtzee.solver import solve

        return solve(rules, progress=False)

    def chances(self, solution, state) -> list[float]:
        from dicelab.yahtzee.winning import chance_to_win

        return chance_to_win(state, solution.rules)


class WinChances(SwitchedPanel):
    """The chance-to-win display of ``controller``'s games: on or off, and its panel."""

    def __init__(self, controller, source, on: bool = False):
        super().__init__(controller, WinChancesPanel(), on)
        self.source = source
        # (what was prepared, state, chances): the last drawn
        self._last: tuple[object, object, list[float]] = (None, None, [])
        self._reading: tuple | None = None  # (prepared, state, future) of a slow source

    def toggle(self) -> None:
        """Show the chances (working them out first, if need be) or hide them."""
        self.on = not self.on

    def draw(self) -> None:
        """Draw each seat's chance in the game's state now (or why there is none)."""
        if not self.widgets():
            return
        game, say = self._controller.game, self._controller.say
        source = self.source.at(len(game.players))
        why = source.unavailable(game.rules, len(game.players))
        if why:
            note = say("chances.none_shown", why=in_language(why, say))
            self.panel.draw(busy="", note=note, basis="", seats=[])
            return
        basis = in_language(source.basis, say)
        job = prepared(source.key(game.rules), partial(source.prepare, game.rules))
        if not self.finished(job):
            busy = say(
                "chances.computing",
                first_time=in_language(source.takes(game.rules), say),
                kept=in_language(source.kept, say),
            )
            computing = say("chances.computing_short")
            seats = [self._seat(player, computing, None) for player in game.players]
            self.panel.draw(busy=busy, note="", basis=basis, seats=seats)
            return
        problem = job.exception()
        if problem is not None:
            note = say("chances.none_for_rules", problem=str(problem))
            self.panel.draw(busy="", note=note, basis="", seats=[])
            return
        chances = self._chances(source, job.result(), game.state)
        if chances is None:  # a slow source's first chances under these rules: on their way
            computing = say("chances.computing_short")
            seats = [self._seat(player, computing, None) for player in game.players]
            self.panel.draw(busy="", note="", basis=basis, seats=seats)
            return
        self.panel.draw(
            busy="",
            note="",
            basis=basis,
            seats=[
                self._seat(player, said, chance)
                for player, said, chance in zip(game.players, percentages(chances, say), chances)
            ],
        )

    def _chances(self, source, work, state) -> list[float] | None:
        """Each seat's chance in ``state`` from ``work`` (the source's prepared work): a
        redraw of the same state is free; a slow source's are worked out on the background
        worker, the table drawn again once they are, the last ones shown meanwhile (None
        when there are none under these rules yet)."""
        last_work, last_state, chances = self._last
        if last_work is work and last_state == state:
            return chances
        if not source.slow_chances:
            chances = source.chances(work, state)
        else:
            if self._reading is None or self._reading[0] is not work or self._reading[1] != state:
                self._reading = (work, state, submitted(partial(source.chances, work, state)))
            reading = self._reading[2]
            if not self.finished(reading):
                return chances if last_work is work else None
            chances = reading.result()
        self._last = (work, state, chances)
        return chances

    def _seat(self, player, value: str, share) -> dict:
        return {
            "name": seat_name(player, self._controller.say),
            "colour": css_colour(player.colour),
            "value": value,
            "share": None if share is None else round(float(share), 4),
        }
