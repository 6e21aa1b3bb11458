"""A two-player win policy's values for a batch (:class:`WinValues`), with the throw tables
of the pairs of scores met (:class:`WinThrowTables`)."""

from __future__ import annotations

import numpy

from dicelab.simulate.policy_bots import StateValues


class WinValues(StateValues):
    """A two-player win policy's chances to win (:mod:`dicelab.setaside.win`), by the
    policy's own formulas: banking read from its arrays, throwing from the throw tables of
    the pairs of scores met (:class:`WinThrowTables`), Fivethousand's last turn from its
    last-turn values of each situation met."""

    def __init__(self, policy):
        fivethousand = hasattr(policy, "final")
        super().__init__(
            policy,
            reads=("banked", "best_other", "turn_points", "round_start", "dice_left")
            + (("final",) if fivethousand else ()),
        )
        self._tables = WinThrowTables(policy)
        self._last_turns: dict = {}
        self.ends_turns = not fivethousand  # Thousand: setting dice aside can end a turn

    def _units(self, points):
        return numpy.minimum(
            points // self.policy.unit, getattr(self.policy, "cap", numpy.iinfo(numpy.int64).max)
        )

    def bank(self, turns):
        policy = self.policy
        theirs, mine = self._units(turns.best_other), self._units(turns.banked + turns.turn_points)
        if hasattr(policy, "final"):
            usual = 1.0 - policy.after[numpy.minimum(theirs, policy.goal - 1), mine]
            return numpy.where(turns.final, _tie(theirs - mine), usual)
        return (
            1.0
            - policy.start[
                numpy.minimum(theirs, policy.goal - 1), numpy.minimum(mine, policy.goal - 1)
            ]
        )

    def throw(self, turns):
        policy = self.policy
        if not hasattr(policy, "final"):
            return self._tables.look_up(
                self._units(turns.banked),
                self._units(turns.best_other),
                turns.turn_points // policy.unit,
                turns.dice_left,
            )
        safe_points = (
            turns.round_start if policy.keeps_rounds else numpy.zeros_like(turns.round_start)
        )
        safe, theirs = self._units(turns.banked + safe_points), self._units(turns.best_other)
        at_risk = (turns.turn_points - safe_points) // policy.unit
        values = numpy.zeros(safe.shape)
        final = turns.final
        keys = list(
            zip(
                (theirs - safe)[final].tolist(),
                at_risk[final].tolist(),
                turns.dice_left[final].tolist(),
                policy.needs(safe[final]).tolist(),
            )
        )
        for key in set(keys):
            if key not in self._last_turns:
                self._last_turns[key] = policy.final.throw_value(*key)
        if final.any():
            values[final] = [self._last_turns[key] for key in keys]
        usual = ~final
        theirs = numpy.minimum(theirs, policy.goal - 1)
        capped = usual & (safe - theirs >= policy.lead)
        values[capped] = 1.0 - policy.after[theirs[capped], policy.cap]
        inside = usual & ~capped
        values[inside] = self._tables.look_up(
            safe[inside], theirs[inside], at_risk[inside], turns.dice_left[inside]
        )
        return values

    def ended(self, turns, won):
        """Thousand: the exact target wins; a burn leaves the opponent to move."""
        policy = self.policy
        burned = (
            1.0
            - policy.start[
                numpy.minimum(self._units(turns.best_other), policy.goal - 1),
                numpy.minimum(self._units(turns.banked), policy.goal - 1),
            ]
        )
        return numpy.where(won, 1.0, burned)


class WinThrowTables:
    """A win policy's throw tables (:meth:`~dicelab.setaside.win.WinPolicy.throw_tables`)
    for arrays of states: each pair of scores met is solved once, the new pairs of a look-up
    all together (in blocks of at most ``PAIRS`` pairs and about ``BLOCK`` rows), and the
    values are gathered from one flat array, bit for bit those of the policy's own
    ``turn_values``."""

    BLOCK = 100_000  # pairs × rows swept together
    PAIRS = 512  # and at most this many pairs (a sweep's look-ups grow with them)

    def __init__(self, policy):
        self.policy = policy
        self.columns = policy.rules.dice + 1
        shape = (policy.start.shape[0] + 1, policy.goal)
        self._offset = numpy.full(shape, -1, dtype=numpy.int64)  # where a pair's table starts
        self._rows = numpy.zeros(shape, dtype=numpy.int64)
        self._values = numpy.zeros(0)
        self._used = 0

    def look_up(self, mine, theirs, at_risk, dice) -> numpy.ndarray:
        """``turn_values(mine, theirs)[min(at_risk, last row), dice]`` for arrays of units."""
        self._solve_missing(mine, theirs)
        offset, rows = self._offset[mine, theirs], self._rows[mine, theirs]
        return self._values[offset + (numpy.minimum(at_risk, rows - 1) * self.columns + dice)]

    def _solve_missing(self, mine, theirs) -> None:
        missing = self._offset[mine, theirs] < 0
        if not missing.any():
            return
        pairs = numpy.unique(numpy.stack([mine[missing], theirs[missing]], axis=1), axis=0)
        rows = self.policy.table_rows(pairs[:, 0], pairs[:, 1])
        order = numpy.argsort(-rows, kind="stable")  # like rows together: little padding
        pairs, rows = pairs[order], rows[order]
        done = 0
        while done < len(pairs):
            count = max(1, min(self.PAIRS, self.BLOCK // int(rows[done])))
            block, block_rows = pairs[done : done + count], rows[done : done + count]
            tables = self.policy.throw_tables(block[:, 0], block[:, 1])
            kept = tables[numpy.arange(tables.shape[1]) < block_rows[:, None]].ravel()
            self._grow(len(kept))
            starts = (
                self._used + numpy.concatenate([[0], numpy.cumsum(block_rows)[:-1]]) * self.columns
            )
            self._values[self._used : self._used + len(kept)] = kept
            self._offset[block[:, 0], block[:, 1]] = starts
            self._rows[block[:, 0], block[:, 1]] = block_rows
            self._used += len(kept)
            done += count

    def _grow(self, more: int) -> None:
        if self._used + more > len(self._values):
            grown = numpy.zeros(max(2 * len(self._values), self._used + more))
            grown[: self._used] = self._values[: self._used]
            self._values = grown


def _tie(units_needed) -> numpy.ndarray:
    from dicelab.fivethousand.win import _tie as tie

    return tie(units_needed)
