"""Optimal solitaire play of Thousand: the fewest turns on average to reach the target
exactly, casks and the burn over the target included; and the bot that plays it.

>>> policy = solitaire_policy("classic")
>>> round(policy.expected_turns(0), 3), policy.expected_turns(1000)
(37.365, 0.0)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from dicelab.setaside.policy import SetAsidePolicy, pick, refuse_unsolved, take, throw_table
from dicelab.thousand.engine import Engine, State
from dicelab.thousand.rules import Rules

# The table rules each policy can't yet honour (the bolts make a seat's scoreless run part
# of the state; the dump truck's jump to 0 breaks the win policy's order of solving, scores
# that only rise): it refuses rules that set them.
UNSOLVED = {
    "solitaire policy": ("penalty",),
    "win policy": ("penalty", "dump_truck"),
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
    sweep's guess until the iteration settles.
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
        self.landing = rules.dumped(np.arange(size + 1) * self.unit) // self.unit
        left = self.throws.left
        self._next_dice = np.where(left == 0, rules.dice, left)
        self._may_save = np.array(
            [
                [self._save_allowed(banked, standing) for standing in range(size)]
                for banked in range(size)
            ]
        )
        guess = self._first_guess(size)
        for _ in range(100):
            expected, throw_a, throw_c = self._sweep(guess)
            if np.allclose(expected[:size], guess, rtol=1e-13, atol=0):
                break
            guess = expected[:size]
        self._expected = expected
        self._throw = throw_a + throw_c * expected[self.landing[:size], None, None]

    def expected_turns(self, banked: int) -> float:
        """Expected number of turns from a banked score to the target, played optimally."""
        if banked % self.unit or not 0 <= banked <= self.rules.target:
            raise ValueError(
                f"a banked score is a multiple of {self.unit} from 0 to {self.rules.target}"
            )
        return float(self._expected[banked // self.unit])

    def should_save(self, state: State) -> bool:
        """Whether saving now is best (False when the casks forbid it)."""
        return self.best(state).bank

    def bank_value(self, state: State) -> float:
        return float(self.bank_values(state.scores[state.player], state.turn_points))

    def throw_value(self, state: State) -> float:
        return float(
            self.throw_values(
                state.scores[state.player], state.turn_points, state.round_start, state.dice_left
            )
        )

    def ended_value(self, before: State, after: State) -> float:
        return float(self.ended_values(before.scores[before.player], after.is_over))

    def bank_values(self, banked, turn_points) -> np.ndarray:
        """Expected turns, counting this one, when saving now (numpy arrays of states)."""
        return 1.0 + self._expected[self.landing[(np.asarray(banked) + turn_points) // self.unit]]

    def throw_values(self, banked, turn_points, round_start, dice_left) -> np.ndarray:
        """Expected turns, counting this one, when the player throws the dice left now
        (numpy arrays of states; ``round_start`` does not matter in Thousand)."""
        banked = np.asarray(banked) // self.unit
        return 1.0 + self._throw[banked, banked + np.asarray(turn_points) // self.unit, dice_left]

    def ended_values(self, banked, won) -> np.ndarray:
        """Expected turns when setting dice aside ended the turn: 1 when it reached the
        target exactly (``won``), else (burned) one more than from ``banked``."""
        return np.where(
            won, 1.0, self._expected[self.landing[np.asarray(banked) // self.unit]] + 1.0
        )

    def saves(self, banked, standing, dice_left) -> np.ndarray:
        """Whether the policy saves when deciding at ``standing`` (banked + turn points) with
        ``dice_left`` to throw; all in units, arrays of states. A tie saves, as the ranked
        options have it."""
        banked, standing = np.asarray(banked), np.asarray(standing)
        return self._may_save[banked, standing] & (
            self._expected[self.landing[standing]] <= self._throw[banked, standing, dice_left]
        )

    def decide_values(self, banked, standing, dice_left) -> np.ndarray:
        """Expected turns, counting this one, when deciding at ``standing`` with ``dice_left``
        to throw (units, arrays of states below the target), the policy's choice made."""
        banked, standing = np.asarray(banked), np.asarray(standing)
        throw = 1.0 + self._throw[banked, standing, dice_left]
        save = np.minimum(1.0 + self._expected[self.landing[standing]], throw)
        return np.where(self._may_save[banked, standing], save, throw)

    def _first_guess(self, size: int) -> np.ndarray:
        """Expected turns by banked score, guessed for the first sweep: from the policy that
        sets the best dice aside when the player may choose, else so large that the first
        sweep saves whenever it may. Both guesses lead to policies that reach the target."""
        if self.rules.choose_keep:
            return solitaire_policy(self.rules.replace(choose_keep=False))._expected[:size]
        return np.full(size, 1e6)

    def _save_allowed(self, banked: int, standing: int) -> bool:
        return (
            banked < standing
            and self.rules.cask_blocking(banked * self.unit, (standing - banked) * self.unit)
            is None
        )

    def _sweep(self, guess: np.ndarray):
        """One policy-iteration sweep: choices made with ``guess`` (the expected turns from
        each banked score, i.e. what a farkle costs), values exact for those choices.

        Returns the expected turns from each banked score (0 at the target) and the turns
        after the current one when throwing, by (banked, standing, dice left), as
        ``a + c * expected[landing[banked]]`` (what a farkle or a burn leaves).
        """
        throws, dice = self.throws, self.rules.dice
        size = len(guess)
        shape = (size, size, dice + 1)
        throw_a, throw_c, value_a, value_c = (np.zeros(shape) for _ in range(4))
        expected = np.zeros(size + 1)
        fallback = guess[self.landing[:size]]  # what a farkle or a burn leaves: the banked score
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
            landing = int(self.landing[standing])  # on the truck: 0, not yet solved
            if landing == standing:
                expected[standing] = (1 + ta[standing, dice]) / (1 - tc[standing, dice])
                saved = expected[standing]
            else:
                expected[standing] = 1 + ta[standing, dice] + tc[standing, dice] * guess[landing]
                saved = guess[landing]
            below = slice(0, standing)
            save = self._may_save[below, standing, None] & (
                saved <= ta[below] + tc[below] * fallback[below, None]
            )
            value_a[below, standing] = np.where(save, saved, ta[below])
            value_c[below, standing] = np.where(save, 0.0, tc[below])
        return expected, throw_a, throw_c


class OptimalBot:
    """Plays for the fewest turns to reach the target exactly (the solitaire optimum)."""

    level = "optimal"

    def prepare(self, engine: Engine, players: int | None = None) -> None:
        """Work out the policy now rather than at the first move (for any table)."""
        solitaire_policy(engine.rules)

    def choose(self, engine: Engine, state: State, rng):
        return solitaire_policy(engine.rules).action(state)
