"""Each seat's chance to win Thousand at a table of any size, exactly, if every seat plays the
solitaire-optimal policy (:func:`dicelab.thousand.solitaire_policy`) from here.

Under that policy a turn depends on the player's own banked score only (and, with the
bolts, on their own scoreless turns in a row), so the seats' numbers of turns to finish are
independent. Each seat's distribution of that number follows exactly from the policy's
Markov chain: a turn from banked score ``b`` ends on ``b`` (a throw with no combination, or
a burn; with the bolts one more scoreless turn in a row, or at the last the penalty), on a
higher banked score (a save; 0 for one landing on the dump truck) or on the target (a win).
The first seat to finish in turn order wins, and reaching the target ends the game at once, so a seat wins in its ``n``-th turn when every seat before it in the round needs more
than ``n`` turns and every seat after it at least ``n``. Sums over turns run until less than
``TAIL`` of any seat's probability is left (float64).

>>> from dicelab.thousand import Engine, Rules
>>> rules = Rules(dice=2, target=30, casks=())
>>> state = Engine(rules).initial_state(3)
>>> [round(p, 4) for p in finishing_chances(rules).chances(state)]
[0.3813, 0.3307, 0.288]
"""

from __future__ import annotations

from functools import cache

import numpy as np

from dicelab.setaside.policy import SetAsidePolicy, refuse_unsolved
from dicelab.thousand.engine import Engine, State
from dicelab.thousand.policy import UNSOLVED, solitaire_policy
from dicelab.thousand.rules import Rules

TAIL = 1e-13  # the probability left out at the end of the sums over turns
MOST_TURNS = 200_000  # a seat that would need more turns than this is refused, not summed


def finishing_chances(rules=None) -> FinishingChances:
    """The chances to win under solitaire-optimal play, for ``rules`` (cached per rules)."""
    return _finishing(Rules.coerce(rules))


@cache
def _finishing(rules: Rules) -> FinishingChances:
    return FinishingChances(rules)


class FinishingChances(SetAsidePolicy):
    """Chances to win for every seat (:meth:`chances`), and the options of a turn valued by
    the chance to win of the player to move (a :class:`SetAsidePolicy`, for the coach).

    A seat's state between its turns is its banked score and, with the bolts, its scoreless
    turns in a row (the policy's ``streaks``), numbered ``banked * streaks + streak``; the
    number ``size * streaks`` is the target."""

    def __init__(self, rules: Rules):
        refuse_unsolved(rules, "chance to win under solitaire play", UNSOLVED)
        super().__init__(Engine(rules))
        self.rules = rules
        self.policy = solitaire_policy(rules)
        self.unit = self.policy.unit
        self.size = rules.target // self.unit
        self.streaks = self.policy.streaks
        self.won = self.size * self.streaks  # the target's number
        self._next_dice = self.policy.throws.next_dice
        fallen_banked, fallen_streak = self.policy.fallen  # after a scoreless turn
        self._fallen = (fallen_banked * self.streaks + fallen_streak).ravel()  # by state
        self._saved = self.policy.landing * self.streaks  # a save at a standing: streak 0
        turn_ends = self._turn_ends(np.arange(self.won), "throw")
        self.turn_ends = turn_ends  # (state, state after the turn), the target last
        self.finish = self._finish_turns(turn_ends)  # (turns - 1, state): P(finish in turn n)

    # --- the chances ---------------------------------------------------------------------
    def chances(self, state: State) -> list[float]:
        """Each seat's chance to win from ``state``, in seat order."""
        if state.is_over:
            return [float(score == self.rules.target) for score in state.scores]
        if state.phase == "choose":  # the policy's set-aside is played at once
            return self.chances(self.engine.apply(state, self.policy.action(state)))
        seats = len(state.scores)
        order = [(state.player + k) % seats for k in range(seats)]
        pmfs = {seat: self._turns_pmf(state, seat) for seat in order}
        length = max(len(pmf) for pmf in pmfs.values())
        pmfs = {seat: np.pad(pmf, (0, length - len(pmf))) for seat, pmf in pmfs.items()}
        # after[seat][n - 1] = P(N > n); before = P(N >= n) = P(N > n - 1)
        after = {seat: 1.0 - np.cumsum(pmf) for seat, pmf in pmfs.items()}
        chances = [0.0] * seats
        for k, seat in enumerate(order):
            won = pmfs[seat].copy()
            for earlier in order[:k]:
                won *= after[earlier]
            for later in order[k + 1 :]:
                won *= np.concatenate(([1.0], after[later][:-1]))
            chances[seat] = float(won.sum())
        return chances

    def _turns_pmf(self, state: State, seat: int) -> np.ndarray:
        """P(``seat`` finishes in its n-th turn from ``state``), n = 1, 2, … (index n - 1)."""
        streak = state.streaks[seat] if self.rules.penalty else 0
        at = state.scores[seat] // self.unit * self.streaks + streak
        if seat != state.player:
            return self.finish[:, at]
        ends = self._turn_ends(
            np.array([at]),
            "decide" if state.phase == "decide" else "throw",
            (state.scores[seat] + state.turn_points) // self.unit,
            state.dice_left,
        )[0]
        later = self.finish @ ends[: self.won]
        return np.concatenate(([ends[self.won]], later))

    # --- the Markov chain of turns --------------------------------------------------------
    def _turn_ends(self, starts, kind: str, standing=None, dice=None) -> np.ndarray:
        """For each state in ``starts`` (numbers, see the class), the distribution of the
        state at the end of a turn played by the policy (the target included, last), from
        the turn's first throw, or from ``standing`` (units) with ``dice`` to throw, in a
        ``kind`` state: "throw" (a throw is due) or "decide" (save or throw)."""
        throws, size, all_dice = self.policy.throws, self.size, self.rules.dice
        banked, streak = np.divmod(starts, self.streaks)
        rows = len(starts)
        ends = np.zeros((rows, self.won + 1))
        due = np.zeros((rows, size + 1, all_dice + 1))  # throws due at (standing, dice)
        deciding = np.zeros_like(due)
        if standing is None:
            due[np.arange(rows), banked, all_dice] = 1.0
        elif kind == "throw":
            due[:, standing, dice] = 1.0
        else:
            deciding[:, standing, dice] = 1.0
        first = int(banked.min()) if standing is None else standing
        everyone = np.arange(rows)
        fallen = self._fallen[starts]  # a farkle or a burn: the banked score, the streak on
        for at in range(first, size):
            for n in range(1, all_dice + 1):
                mass = deciding[:, at, n]
                if mass.any():
                    save = self.policy.saves(banked, np.full(rows, at), n, streak)
                    ends[:, self._saved[at]] += np.where(save, mass, 0.0)
                    due[:, at, n] += np.where(save, 0.0, mass)
                mass = due[:, at, n]
                if not mass.any():
                    continue
                ends[everyone, fallen] += mass * throws.bust[n]
                group = np.flatnonzero(throws.thrown == n)
                choice = self._choices(banked, streak, at, group)  # (rows, groups)
                points = throws.points[group[None, :], choice]
                after = at + points
                next_dice = self._next_dice[group[None, :], choice]
                weight = mass[:, None] * throws.probability[group][None, :]
                who = np.broadcast_to(everyone[:, None], after.shape)
                burn, won = after > size, after == size
                np.add.at(
                    ends,
                    (who[burn], np.broadcast_to(fallen[:, None], after.shape)[burn]),
                    weight[burn],
                )
                ends[:, self.won] += np.where(won, weight, 0.0).sum(axis=1)
                going = ~(burn | won)
                np.add.at(deciding, (who[going], after[going], next_dice[going]), weight[going])
        return ends

    def _choices(self, banked, streak, standing: int, group) -> np.ndarray:
        """The set-aside the policy picks in each throw group (a column), per row of banked
        score and streak: the fewest expected turns after it (a burn costs the turn and
        leaves what a scoreless turn leaves, the target ends the game)."""
        throws, policy = self.policy.throws, self.policy
        if throws.points.shape[1] == 1:
            return np.zeros((len(banked), len(group)), dtype=np.int64)
        after = np.broadcast_to(
            standing + throws.points[group], (len(banked), *throws.points[group].shape)
        )
        dice = np.broadcast_to(self._next_dice[group], after.shape)
        rows = np.broadcast_to(banked[:, None, None], after.shape)
        streaks = np.broadcast_to(streak[:, None, None], after.shape)
        inside = after < self.size
        values = np.where(
            after > self.size,
            policy.ended_values(rows * self.unit, False, streaks),
            np.where(after == self.size, 1.0, 0.0),
        )
        values[inside] = policy.decide_values(
            rows[inside], after[inside], dice[inside], streaks[inside]
        )
        values = np.where(throws.valid[group][None], values, np.inf)
        return values.argmin(axis=-1)

    def _finish_turns(self, turn_ends: np.ndarray) -> np.ndarray:
        """P(finishing in the n-th turn) from each state: rows n = 1, 2, …."""
        stay, finish = turn_ends[:, : self.won], turn_ends[:, self.won]
        rows = [finish]
        left = 1.0 - finish
        while left.max() > TAIL:
            if len(rows) >= MOST_TURNS:
                raise ValueError("these rules take too many turns to finish to be summed")
            step = stay @ rows[-1]
            rows.append(step)
            left = left - step
        return np.array(rows)

    # --- the options valued by the chance to win (the coach's "Chance to win") ----------
    lowest = False

    def bank_value(self, state: State) -> float:
        return self.chances(self.engine.bank(state))[state.player]

    def throw_value(self, state: State) -> float:
        from dataclasses import replace

        return self.chances(replace(state, phase="throw"))[state.player]

    def ended_value(self, before: State, after: State) -> float:
        return self.chances(after)[before.player]
