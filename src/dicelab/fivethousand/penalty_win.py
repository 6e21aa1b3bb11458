"""The two-player Fivethousand win policy under a penalty for farkles in a row.

The ``penalty_after``-th farkle in a row costs ``penalty`` points (never below
``score_floor``), so a state is a pair of banked scores, negative ones down to the floor,
and each seat's farkles in a row: ``start[s, t, i, j]`` is the chance to win of the player
about to throw all the dice with ``s`` farkles in a row and banked score ``i + low`` (units)
against an opponent with ``t`` in a row and ``j + low``.

How it is solved: a bank moves to a higher total score, and a farkle that costs nothing
keeps the total and adds one to the farkles in a row, so within a level (one total) the
states are solved from the most farkles in a row down, each with its bust value known
(:func:`~dicelab.setaside.levels.solve_level` with no partners), and levels from the top.
Only a penalty moves down, to a *penalty target* (the opponent to move, the penalised seat
at 0 in a row and a lower score, or the same at the floor), which is not solved yet in this
order. The targets start from the chances without the penalty of a game as long, from the floor
to the target (:meth:`PenaltyWinPolicy._first_guess`), and a pass solves every level with the targets' values as they stand (in place:
Gauss-Seidel, so each target holds the last pass's value), and passes repeat until they
settle. The error left after a pass shrinks with each pass by the chance of one more
penalty in the rest of the game (:attr:`PenaltyWinPolicy.iteration_error`).

Refused here, by name: an opening score (being on the board would be one more flag of each
seat), Zillions rules (a farkle that keeps completed rounds), a floor further below 0 than
the target (Zilch's "no floor"), and penalties or floors that are not whole units of the
scoring.
"""

from __future__ import annotations

import logging
import time

import numpy as np

from dicelab.fivethousand.engine import State
from dicelab.fivethousand.rules import Rules
from dicelab.fivethousand.win_solver import FivethousandWinPolicy
from dicelab.memo import cached_method
from dicelab.setaside.levels import Level, solve_level
from dicelab.setaside.policy import throw_table
from dicelab.setaside.sweep import throw_rows

LOG = logging.getLogger(__name__)
TOLERANCE = 1e-10  # passes stop once the error bound left is below this: 10 % of CAP_ERROR
MAX_PASSES = 500
RATIOS = 3  # the error bound trusts the largest of this many last ratios of changes


def check_penalty_rules(rules: Rules) -> None:
    """Refuse, naming the setting, what the penalty win policy can't honour."""
    if rules.opening:
        raise ValueError(
            f"the win policy can't yet honour an opening score (opening={rules.opening}) "
            f"together with a penalty (penalty={rules.penalty}): set one of them to 0"
        )
    if rules.bust_keeps_completed_rounds:
        raise ValueError(
            "the win policy can't yet honour a penalty "
            f"(penalty={rules.penalty}) under Zillions rules "
            "(bust_keeps_completed_rounds=True): set one of them off"
        )
    if rules.score_floor < -rules.target:
        raise ValueError(
            f"the win policy can't yet honour a score floor (score_floor={rules.score_floor}) "
            f"further below 0 than the target ({rules.target}): every score down to it is a "
            "state of each seat; raise score_floor"
        )
    unit = throw_table(rules.combinations(), rules.dice, "all").unit
    for name in ("penalty", "score_floor"):
        if getattr(rules, name) % unit:
            raise ValueError(
                f"the win policy needs {name} ({getattr(rules, name)}) to be a multiple of "
                f"{unit} points, the unit every score of these rules is made of"
            )


class PenaltyWinPolicy(FivethousandWinPolicy):
    """:class:`~dicelab.fivethousand.win_solver.FivethousandWinPolicy` with each seat's farkles
    in a row and banked scores down to the floor (see the module).

    Arrays: ``start[s, t, i, j]`` as above, ``after[s, j, u]``: the chance to win of the
    player with ``s`` in a row and ``j + low`` banked, about to move once the other has
    just banked at ``u + low`` (a last turn once at the target)."""

    def __init__(self, rules: Rules, lead_cap: int | None = None, use_cache: bool = True):
        unit = throw_table(rules.combinations(), rules.dice, "all").unit
        self.low = rules.score_floor // unit
        self.streaks = rules.penalty_after
        self.penalty_units = rules.penalty // unit
        super().__init__(rules, lead_cap=lead_cap, use_cache=use_cache)

    @classmethod
    def code_sources(cls) -> tuple:
        import sys

        return (*super().code_sources(), sys.modules[__name__])

    def _loaded(self, arrays: dict) -> None:
        self.passes = int(arrays["passes"])
        self.iteration_error = float(arrays["iteration_error"])

    # --- solving ----------------------------------------------------------------------
    def _choose_lead(self) -> int:
        """As without a penalty, and at least the target over the floor, so that only a
        leader past the target is capped, whatever the other's score."""
        return max(super()._choose_lead(), self.goal - self.low)

    def _dropped(self, i: np.ndarray) -> np.ndarray:
        """The score (index) a penalty leaves of index ``i``: down by the penalty, not
        below the floor (index 0)."""
        return np.maximum(i - self.penalty_units, 0)

    def _bust(self, start, i, j, s, t) -> np.ndarray:
        """The bust values: the opponent to move, one more farkle in a row, or the penalty
        target (0 in a row, the score dropped) after the ``penalty_after``-th."""
        more = s + 1 < self.streaks
        in_row = np.where(more, s + 1, 0)
        return 1 - start[t, in_row, j, np.where(more, i, self._dropped(i))]

    def _solve(self) -> dict:
        goal, low, k = self.goal, self.low, self.streaks
        lead = self._choose_lead()
        cap = goal - 1 + lead
        self.final.extend(lead)
        n = goal - low  # banked scores low .. goal - 1
        start = np.empty((k, k, n, n))  # the penalty targets' first values (see _first_guess)
        start[:] = self._first_guess(n)
        after = np.zeros((k, n, cap + 1 - low))
        j, u = np.arange(n)[:, None], np.arange(cap + 1 - low)[None, :]
        after[:] = np.where(
            u + low >= goal,
            self.final.start_needing(np.clip(u - j, 0, lead), self.needs(j + low)),
            0.0,
        )
        after[:, :, :n] = start[:, 0]
        changes: list[float] = []
        bound = np.inf
        began = time.perf_counter()
        for passes in range(1, MAX_PASSES + 1):
            before = start.copy()
            self._pass(start, after, lead, passes)
            changes.append(float(np.abs(start - before).max()))
            bound = _error_bound(changes)
            LOG.info(
                "pass %d done%s: the first player wins %.7f %%, error bound %.1e (%.0f s)",
                passes,
                _passes_left(changes, bound),
                100 * start[0, 0, -low, -low],
                bound,
                time.perf_counter() - began,
            )
            if bound <= TOLERANCE:
                break
        else:
            raise RuntimeError("the penalty win policy did not settle; please report these rules")
        return {
            "start": start,
            "after": after,
            "final": self.final.start,
            "passes": np.array(passes),
            "iteration_error": np.array(bound),
        }

    def _first_guess(self, n: int) -> np.ndarray:
        """The first values of every pair of scores (n × n, from the floor up): the chances
        to win without the penalty in a game as long, from the floor to the target (the
        same rules with the floor as 0 and the target that much higher), at the same
        distances to the target. A penalty's cost is then only missing from the guess, not
        the way down to the floor; the passes make up the rest. Against the solution of the
        ``facebook`` rules at a target of 1500, its largest error is 0.057 and its mean
        0.0068, where the same scores read in a game without a floor were 0.16 and 0.038."""
        longer = self.rules.replace(penalty=0, score_floor=0, target=n * self.unit)
        plain = FivethousandWinPolicy(longer, use_cache=self.cache_key is not None)
        return plain.start[:n, :n]

    def _pass(self, start, after, lead, number: int) -> None:
        """Every level once, from the top; within a level, the most farkles in a row
        first (pass ``number``, as the progress log says)."""
        n, k = start.shape[2], self.streaks
        above: dict[int, tuple[np.ndarray, Level]] = {}  # by farkles in a row: lookup, level
        shifts = not self._needs_by_board.any()
        levels = 2 * n - 1
        for total in range(levels - 1, -1, -1):
            if total % max(1, levels // 10) == 0:
                LOG.debug("pass %d: level %d of %d", number, levels - total, levels)
            rows = np.arange(max(0, total - n + 1), min(n - 1, total) + 1)
            here: dict[int, tuple[np.ndarray, Level]] = {}
            for sigma in range(2 * k - 2, -1, -1):
                s = np.arange(max(0, sigma - k + 1), min(k - 1, sigma) + 1)
                s, i = (a.ravel() for a in np.meshgrid(s, rows, indexing="ij"))
                t, j = sigma - s, total - i
                x = self._bust(start, i, j, s, t)
                lookup = np.full(k * (n + 1), -1)
                lookup[s * (n + 1) + i] = np.arange(len(i))
                donors = beside = None
                if shifts and sigma in above:
                    donors = (above[sigma][0][s * (n + 1) + i + 1], above[sigma][1])
                if sigma + 1 in here:  # the same turn with one more farkle in a row
                    more = s + 1 < k
                    index = here[sigma + 1][0][np.where(more, s + 1, 0) * (n + 1) + i]
                    beside = (np.where(more, index, -1), here[sigma + 1][1])
                level = solve_level(
                    self.throws,
                    self.next_dice,
                    lambda x, i=i, j=j, t=t: self._turns(i, j, None, after, lead, x, streak=t),
                    np.full(len(i), -1),
                    x,
                    x,
                    donors,
                    self.dominant,
                    beside,
                )
                start[s, t, i, j] = level.start
                banked = t == 0  # the other seat has just banked
                after[s[banked], i[banked], j[banked]] = level.start[banked]
                here[sigma] = (lookup, level)
            above = here

    # --- reading ----------------------------------------------------------------------
    @property
    def first_player_wins(self) -> float:
        return float(self.start[0, 0, -self.low, -self.low])

    @property
    def cap_error(self) -> float:
        """A bound on how much the cap and the passes left undone change any chance to win."""
        return super().cap_error + self.iteration_error

    def _in_rows(self, state: State) -> tuple[int, int]:
        return state.streaks[state.player], state.streaks[1 - state.player]

    def _after_bank(self, state: State, theirs: int, standing: int) -> float:
        _, t = self._in_rows(state)
        return float(self.after[t, theirs - self.low, standing - self.low])

    def _turn_table(self, state: State, safe: int, theirs: int) -> np.ndarray:
        return self.streak_turn_values(safe, theirs, *self._in_rows(state))

    @cached_method(maxsize=256)
    def streak_turn_values(self, mine: int, theirs: int, in_row: int, theirs_in_row: int):
        """The chance to win by throwing, by (units at risk, dice to throw), in a turn from
        banked ``mine`` against ``theirs`` units with these farkles in a row; past its last
        row, every row equals the last one."""
        i, j = np.array([mine - self.low]), np.array([theirs - self.low])
        s, t = np.array([in_row]), np.array([theirs_in_row])
        x = self._bust(self.start, i, j, s, t)
        rows = int(j[0] + self.lead - i[0]) + 1
        turns = self._turns(i, j, None, self.after, self.lead, x, rows, streak=t)
        a, c = throw_rows(self.throws, self.next_dice, turns, x, rows)
        return (a + c * x[:, None, None])[0]

    def bank_from(
        self, mine: int, theirs: int, dice: int, in_row: int = 0, theirs_in_row: int = 0
    ) -> int | None:
        """As without a penalty, with each seat's farkles in a row (0 by default)."""
        if dice == self.rules.dice and self.rules.must_rethrow:
            return None
        m, b = self._units(mine), min(self._units(theirs), self.goal - 1)
        throw = self.streak_turn_values(m, b, in_row, theirs_in_row)
        for r in range(max(1, int(self.needs(m))), throw.shape[0]):
            banked = (
                1.0 - self.after[theirs_in_row, b - self.low, min(m + r, b + self.lead) - self.low]
            )
            if m + r - b >= self.lead or banked >= throw[r, dice]:
                return r * self.unit
        return None

    @property
    def batch_tables(self):
        raise ValueError(
            "the win policy's batch tables don't yet hold farkles in a row: under a penalty "
            "the win robot plays on the engine path"
        )


def _passes_left(changes: list[float], bound: float) -> str:
    """ ", about N more" passes until the error bound is within :data:`TOLERANCE`, if the
    largest changes keep shrinking by the last ratio (nothing while that is unknown).

    >>> _passes_left([0.1, 0.01, 0.001, 0.0001], 1.1e-5)
    ', about 6 more'
    """
    if not np.isfinite(bound) or bound <= TOLERANCE:
        return ""
    ratio = changes[-1] / changes[-2]
    return f", about {int(np.ceil(np.log(TOLERANCE / bound) / np.log(ratio)))} more"


def _error_bound(changes: list[float]) -> float:
    """What the passes still to come can change, from the largest changes of the passes so
    far: their sum if each shrinks by at least ``q``, the largest of the last ``RATIOS``
    ratios of a change to the one before, ``change * q / (1 - q)`` (the ratios wander, so
    not the last one alone); infinite until there are that many, or while ``q >= 1``.

    >>> round(_error_bound([0.1, 0.01, 0.002, 0.0001]), 12)
    2.5e-05
    """
    if changes and changes[-1] == 0:
        return 0.0
    if len(changes) <= RATIOS:
        return np.inf
    ratio = max(now / before for now, before in zip(changes[-RATIOS:], changes[-RATIOS - 1 : -1]))
    return changes[-1] * ratio / (1 - ratio) if ratio < 1 else np.inf
