"""The coach of a game: ranks a state's choices by a policy, and rates a player's moves."""

from __future__ import annotations

import abc

from dicelab.coach.ledger import TOP, Advice, Choice, Decision, Measure
from dicelab.messages import Said

# What a coach rates decisions by: the game's own points measure, or the chance to win the game.
RATINGS = ("points", "win")


class Coach(abc.ABC):
    """A game's coach for some rules. Subclasses give the choices of a state
    (:meth:`choices`), the move a list of actions makes (:meth:`move`), the odds, the
    situation in words and the measure."""

    odds_title = ""  # what the odds of an advice are
    points_label = Said("coach.points")  # the game's own measure, as "Rate by" names it

    def __init__(self, rules, rating: str = "points", seats: int = 2):
        self.rules = rules
        self.rating = rating
        self.seats = seats  # the table's seats, for which the chance to win is prepared

    # --- the rating the player chooses (one of RATINGS) -------------------------------
    @property
    def rating(self) -> str:
        """What the choices are valued by: "points" (the game's own measure) or "win" (the
        chance to win the game); the player may change it at any time."""
        return self._rating

    @rating.setter
    def rating(self, rating: str) -> None:
        if rating not in RATINGS:
            raise ValueError(f"a coach rates by {' or '.join(map(repr, RATINGS))}, not {rating!r}")
        self._rating = rating

    # ------------------------------------------------------------------------------------

    def prepare(self) -> None:  # noqa: B027 - an optional hook: most coaches have nothing to prepare
        """Do the heavy work now (solving the game), not at the first advice; a coach with
        nothing to prepare keeps this default, which does nothing."""  # noqa: B027 - optional hook

    @abc.abstractmethod
    def measure(self, state) -> Measure:
        """What the values of ``state``'s choices mean."""

    @abc.abstractmethod
    def choices(self, state) -> list[Choice]:
        """Every choice of the player to move, best first ([] when there is none yet)."""

    @abc.abstractmethod
    def move(self, state, actions) -> tuple | None:
        """The move that ``actions``, played from ``state``, make (None: not a decision).

        A ``None`` inside the move leaves that part open (to be decided later): it matches
        every choice that agrees on the rest, and is worth the best of them.
        """

    @abc.abstractmethod
    def label(self, state, move: tuple) -> str:
        """``move`` in words, e.g. "hold 5, 5, 5 and roll 2"."""

    @abc.abstractmethod
    def odds(self, state, choices: list[Choice]) -> list[tuple[str, str]]:
        """The chances behind ``choices``, as (what, chance in words) pairs."""

    @abc.abstractmethod
    def situation(self, state) -> str:
        """The player's situation in words, e.g. "dice 1, 2, 2, 5, 6 (2 rolls left)"."""

    def advise(self, state) -> Advice:
        """The choices of ``state`` best first, and the odds behind the best ``TOP``."""
        choices = self.choices(state)
        return Advice(
            self.situation(state),
            self.measure(state),
            tuple(choices),
            tuple(self.odds(state, choices[:TOP])),
        )

    def why_not_most_points(self, state, choices: list[Choice]) -> str:
        """Where the move worth the most points now is not the best of ``choices`` (those
        of ``state``, best first), one line saying why; "" where they agree, or where a
        game proposes no such move."""
        return ""

    def rate(self, state, actions, player: str) -> Decision | None:
        """The decision that ``actions`` (played from ``state``) make, rated; None when they
        are no decision (a forced move, a single hold toggle)."""
        move = self.move(state, list(actions))
        choices = self.choices(state)
        if move is None or len(choices) < 2:
            return None
        matching = [choice for choice in choices if _matches(choice.move, move)]
        if not matching:
            return None
        taken = Choice(move, self.label(state, move), matching[0].value)
        return Decision(player, self.situation(state), taken, choices[0], self.measure(state))


def _matches(move: tuple, pattern: tuple) -> bool:
    return len(move) == len(pattern) and all(p is None or p == m for m, p in zip(move, pattern))


def faces(dice) -> str:
    return ", ".join(map(str, dice))
