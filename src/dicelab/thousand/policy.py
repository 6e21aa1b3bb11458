"""Optimal solitaire play of Thousand: the fewest turns on average to reach the target
exactly, casks and the burn over the target included; and the bot that plays it.

>>> policy = solitaire_policy("classic")
>>> round(policy.expected_turns(0), 3), policy.expected_turns(1000)
(37.365, 0.0)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from dicelab.setaside.house import after_turn
from dicelab.setaside.policy import SetAsidePolicy, pick, refuse_unsolved, take, throw_table
from dicelab.thousand.engine import Engine, State
from dicelab.thousand.rules import Rules

MAX_SWEEPS = 1000  # policy iteration; a few without the bolts, tens with them

# The table rules each policy can't yet honour (the bolts make each seat's scoreless run
# part of the two-player state, and a farkle can then lower a score): it refuses rules that
# set them.
UNSOLVED = {
    "solitaire policy": (),
    "chance to win under solitaire play": (),
    "win policy": ("penalty",),
}


def solitaire_policy(rules=None) -> SolitairePolicy:
    """The policy that reaches the target in the fewest turns on average (cached per rules)."""
    return _solitaire_policy(Rules.coerce(rules))


@cache
def _solitaire_policy(rules: Rules) -> SolitairePolicy:
    return SolitairePolicy(rules)


class SolitairePolicy(SetAsidePolicy):
    """The play that minimises the expected number of turns to reach the target exactly.

    Values are expected numbers of turns, counting the current one, so lower is better.
    This is a stochastic shortest-path problem over (banked, standing = banked + turn
    points, dice left). Saving only moves up, so the standings are solved from the target
    down, every banked score at once; a farkle or a burn sends a player back to their own
    banked score, whose value is found by policy iteration (a few sweeps).
    With ``choose_keep`` the player also picks which scoring dice to set aside. A save
    landing on the dump truck leaves 0 banked (``landing``); its value, the start's, is the
    sweep's guess until the iteration settles. With the bolts (``penalty``) a state also
    carries the player's scoreless turns in a row (``streaks`` of them, 0 to
    ``penalty_after - 1``): a farkle or a burn moves on to one more, or at the last costs the
    penalty and starts again; a save starts again. A scoreless turn's value is the guess's
    until the iteration settles, as the truck's.
    """

    lowest = True

    def __init__(self, rules: Rules):
        super().__init__(Engine(rules))
        refuse_unsolved(rules, "solitaire policy", UNSOLVED)
        self.rules = rules
        self.throws = throw_table(
            rules.combinations(), rules.dice, "all" if rules.choose_keep else "best"
        )
        self.unit = self.throws.unit
        if rules.target % self.unit:
            raise ValueError(
                f"turns score multiples of {self.unit}: {rules.target} cannot be reached exactly"
            )
        size = rules.target // self.unit
        #: landing[s]: the banked score (units) a save at standing s leaves: s, or 0 on the truck
        self.landing = rules.landed(np.arange(size + 1) * self.unit) // self.unit
        self.streaks = rules.penalty_after if rules.penalty else 1
        #: fallen: the banked score and streak (index arrays by banked score and streak, units)
        #: a scoreless turn leaves, after the bolts' penalty and the dump truck
        self.fallen = self._scoreless_ends(size)
        self._next_dice = self.throws.next_dice
        self._may_save = np.array(
            [
                [self._save_allowed(banked, standing) for standing in range(size)]
                for banked in range(size)
            ]
        )
        guess = self._first_guess(size)
        for _ in range(MAX_SWEEPS):
            expected, throw_a, throw_c = self._sweep(guess)
            if np.allclose(expected[:size], guess, rtol=1e-13, atol=0):
                break
            guess = expected[:size]
        else:
            raise RuntimeError("the solitaire policy did not settle")
        self._expected = expected  # (size + 1, streaks)
        fallen = expected[self.fallen]  # (size, streaks): after a scoreless turn
        self._throw = throw_a + throw_c * fallen.T[:, :, None, None]  # (streaks, b, s, dice)

    def _streak_index(self, streak):
        """The streak axis of a state's values: the streak with the bolts; without them
        every streak plays alike (the engine still counts the scoreless turns), 0."""
        return streak if self.rules.penalty else 0

    def _scoreless_ends(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        """Where a scoreless turn (a farkle, a burn) leaves each (banked, streak): the banked
        score (after the bolts' penalty and the dump truck) and the streak, as index arrays
        (size, streaks) into the expected turns."""
        banked = np.repeat(np.arange(size)[:, None], self.streaks, axis=1)
        streak = np.repeat(np.arange(self.streaks)[None, :], size, axis=0)
        if not self.rules.penalty:
            return self.landing[banked], np.zeros_like(streak)
        score, streak = after_turn(
            self.rules, banked * self.unit, streak, np.ones_like(banked, bool)
        )
        return self.landing[score // self.unit], streak

    def expected_turns(self, banked: int, streak: int = 0) -> float:
        """Expected number of turns from a banked score to the target, played optimally
        (with the bolts, after ``streak`` scoreless turns in a row)."""
        if banked % self.unit or not 0 <= banked <= self.rules.target:
            raise ValueError(
                f"a banked score is a multiple of {self.unit} from 0 to {self.rules.target}"
            )
        if type(streak) is not int or not 0 <= streak < self.streaks:
            raise ValueError(f"the scoreless turns in a row are 0 to {self.streaks - 1}")
        return float(self._expected[banked // self.unit, streak])

    def should_save(self, state: State) -> bool:
        """Whether saving now is best (False when the casks forbid it)."""
        return self.best(state).bank

    def bank_value(self, state: State) -> float:
        return float(self.bank_values(state.scores[state.player], state.turn_points))

    def throw_value(self, state: State) -> float:
        return float(
            self.throw_values(
                state.scores[state.player],
                state.turn_points,
                state.round_start,
                state.dice_left,
                _streak(state),
            )
        )

    def ended_value(self, before: State, after: State) -> float:
        return float(
            self.ended_values(before.scores[before.player], after.is_over, _streak(before))
        )

    def bank_values(self, banked, turn_points) -> np.ndarray:
        """Expected turns, counting this one, when saving now (numpy arrays of states); a
        save ends the scoreless run."""
        standing = (np.asarray(banked) + turn_points) // self.unit
        return 1.0 + self._expected[self.landing[standing], 0]

    def throw_values(self, banked, turn_points, round_start, dice_left, streak=0) -> np.ndarray:
        """Expected turns, counting this one, when the player throws the dice left now
        (numpy arrays of states; ``round_start`` does not matter in Thousand; ``streak``
        the scoreless turns in a row before this one)."""
        banked = np.asarray(banked) // self.unit
        standing = banked + np.asarray(turn_points) // self.unit
        return 1.0 + self._throw[self._streak_index(streak), banked, standing, dice_left]

    def ended_values(self, banked, won, streak=0) -> np.ndarray:
        """Expected turns when setting dice aside ended the turn: 1 when it reached the
        target exactly (``won``), else (burned) one more than from where the burn leaves."""
        index = np.asarray(banked) // self.unit, self._streak_index(streak)
        fallen = tuple(where[index] for where in self.fallen)
        return np.where(won, 1.0, self._expected[fallen] + 1.0)

    def saves(self, banked, standing, dice_left, streak=0) -> np.ndarray:
        """Whether the policy saves when deciding at ``standing`` (banked + turn points) with
        ``dice_left`` to throw after ``streak`` scoreless turns in a row; all in units, arrays
        of states. A tie saves, as the ranked options have it."""
        banked, standing = np.asarray(banked), np.asarray(standing)
        thrown = self._throw[self._streak_index(streak), banked, standing, dice_left]
        return self._may_save[banked, standing] & (
            self._expected[self.landing[standing], 0] <= thrown
        )

    def decide_values(self, banked, standing, dice_left, streak=0) -> np.ndarray:
        """Expected turns, counting this one, when deciding at ``standing`` with ``dice_left``
        to throw after ``streak`` scoreless turns in a row (units, arrays of states below the
        target), the policy's choice made."""
        banked, standing = np.asarray(banked), np.asarray(standing)
        throw = 1.0 + self._throw[self._streak_index(streak), banked, standing, dice_left]
        save = np.minimum(1.0 + self._expected[self.landing[standing], 0], throw)
        return np.where(self._may_save[banked, standing], save, throw)

    def _first_guess(self, size: int) -> np.ndarray:
        """Expected turns by banked score and streak, guessed for the first sweep: from the
        policy that sets the best dice aside when the player may choose, else with the bolts
        from the policy without them, else so large that the first sweep saves whenever it
        may. Each guess leads to policies that reach the target."""
        if self.rules.choose_keep:
            return solitaire_policy(self.rules.replace(choose_keep=False))._expected[:size]
        if self.rules.penalty:
            without = solitaire_policy(self.rules.replace(penalty=0))._expected[:size]
            return np.repeat(without, self.streaks, axis=1)
        return np.full((size, self.streaks), 1e6)

    def _save_allowed(self, banked: int, standing: int) -> bool:
        return (
            banked < standing
            and self.rules.cask_blocking(banked * self.unit, (standing - banked) * self.unit)
            is None
        )

    def _sweep(self, guess: np.ndarray):
        """One policy-iteration sweep: choices made with ``guess`` (the expected turns from
        each banked score and streak, i.e. what a farkle costs), values exact for those
        choices where a farkle leaves the state as it was, else read from ``guess``.

        Returns the expected turns from each banked score and streak (0 at the target) and
        the turns after the current one when throwing, by (streak, banked, standing, dice
        left), as ``a + c * expected[fallen]`` (where a farkle or a burn leaves).
        """
        size, streaks = guess.shape
        shape = (streaks, size, size, self.rules.dice + 1)
        throw_a, throw_c = np.zeros(shape), np.zeros(shape)
        expected = np.zeros((size + 1, streaks))
        known = guess.copy()  # the guess, and each streak's values once swept
        for streak in reversed(range(streaks)):  # a farkle leads to the streak swept before
            self._sweep_streak(known, streak, expected, throw_a[streak], throw_c[streak])
            known[:, streak] = expected[:size, streak]
        return expected, throw_a, throw_c

    def _sweep_streak(self, known, streak: int, expected, throw_a, throw_c) -> None:
        """The sweep of the turns after ``streak`` scoreless turns in a row, into
        ``expected[:, streak]``, ``throw_a`` and ``throw_c`` (banked, standing, dice), with
        the ``known`` expected turns of the states it leads to (swept, or guessed)."""
        throws, dice = self.throws, self.rules.dice
        size = len(known)
        value_a, value_c = np.zeros(throw_a.shape), np.zeros(throw_a.shape)
        fallen_banked, fallen_streak = (where[:, streak] for where in self.fallen)
        fallback = known[fallen_banked, fallen_streak]  # what a farkle or a burn leaves
        for standing in range(size - 1, -1, -1):
            banked = slice(0, standing + 1)
            after = standing + throws.points
            burn, win = after > size, after == size
            index = np.minimum(after, size - 1)
            a = np.where(burn | win, 0.0, value_a[banked, index, self._next_dice])
            c = np.where(burn, 1.0, np.where(win, 0.0, value_c[banked, index, self._next_dice]))
            best = pick(a + c * fallback[banked, None, None], throws.valid, lowest=True)
            ta = throws.expect(take(a, best))
            tc = throws.expect(take(c, best)) + throws.bust
            throw_a[banked, standing], throw_c[banked, standing] = ta, tc
            if (fallen_banked[standing], fallen_streak[standing]) == (standing, streak):
                expected[standing, streak] = (1 + ta[standing, dice]) / (1 - tc[standing, dice])
            else:  # the scoreless turn leads elsewhere: its value as known
                expected[standing, streak] = (
                    1 + ta[standing, dice] + tc[standing, dice] * (fallback[standing])
                )
            landing = int(self.landing[standing])  # a save starts the streak again
            if streak == 0 and landing == standing:
                saved = expected[standing, 0]
            else:  # streak 0, swept last, or the truck's 0, not yet solved: as known
                saved = known[landing, 0]
            below = slice(0, standing)
            save = self._may_save[below, standing, None] & (
                saved <= ta[below] + tc[below] * fallback[below, None]
            )
            value_a[below, standing] = np.where(save, saved, ta[below])
            value_c[below, standing] = np.where(save, 0.0, tc[below])


def _streak(state: State) -> int:
    """The scoreless turns in a row of the player to move (0 without the bolts)."""
    return state.streaks[state.player] if state.streaks else 0


class OptimalBot:
    """Plays for the fewest turns to reach the target exactly (the solitaire optimum)."""

    level = "optimal"

    def prepare(self, engine: Engine, players: int | None = None) -> None:
        """Work out the policy now rather than at the first move (for any table)."""
        solitaire_policy(engine.rules)

    def choose(self, engine: Engine, state: State, rng):
        return solitaire_policy(engine.rules).action(state)
