"""A two-player win policy's values for a batch (:class:`WinValues`), read from the policy's
throw tables of every pair of scores (:class:`~dicelab.setaside.win_tables.WinThrowTables`)."""

from __future__ import annotations

from typing import Any

import numpy

from dicelab.setaside.win import standing_value
from dicelab.setaside.win_tables import WinThrowTables
from dicelab.simulate.batch_turns import TurnBatch
from dicelab.simulate.policy_bots import StateValues


class WinValues(StateValues):
    """A two-player win policy's chances to win (:mod:`dicelab.setaside.win`), by the
    policy's own formulas: banking read from its arrays, throwing from its throw tables
    (:attr:`~dicelab.setaside.win.WinPolicy.batch_tables`), Fivethousand's last turn from
    its last-turn values of each situation met."""

    def __init__(self, policy: Any) -> None:
        # Thousand: reaching the target exactly wins and passing it burns, so setting dice
        # aside can end a turn; Fivethousand: banking at the target starts the last turns
        self.ends_turns = policy.rules.exact_finish
        super().__init__(
            policy,
            reads=("banked", "best_other", "turn_points", "round_start", "dice_left")
            + (() if self.ends_turns else ("final",)),
        )
        self._tables: WinThrowTables = policy.batch_tables
        self._banks = policy.batch_banks if self.ends_turns else None  # bits, when they suffice
        self._last_turns: dict[tuple[int, int, int, int], float] = {}

    def _units(self, points: numpy.ndarray) -> numpy.ndarray:
        units: numpy.ndarray = numpy.minimum(
            points // self.policy.unit, getattr(self.policy, "cap", numpy.iinfo(numpy.int64).max)
        )
        return units

    def bank(self, turns: TurnBatch) -> numpy.ndarray:
        policy = self.policy
        theirs, mine = self._units(turns.best_other), self._units(turns.banked + turns.turn_points)
        if not self.ends_turns:
            usual = 1.0 - policy.after[numpy.minimum(theirs, policy.goal - 1), mine]
            standing: numpy.ndarray = standing_value(theirs - mine)
            return numpy.where(turns.final, standing, usual)
        return numpy.asarray(policy.bank_values(numpy.minimum(theirs, policy.goal - 1), mine))

    def banks(self, turns: TurnBatch) -> numpy.ndarray:
        """Thousand with the dice setting themselves aside: the policy's bank bits."""
        if self._banks is None:
            return super().banks(turns)
        unit = self.policy.unit
        return numpy.asarray(
            self._banks.banks(
                turns.banked // unit,
                turns.best_other // unit,
                turns.turn_points // unit,
                turns.dice_left,
            )
        )

    def throw(self, turns: TurnBatch) -> numpy.ndarray:
        policy = self.policy
        if self.ends_turns:
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

    def ended(self, turns: TurnBatch, won: numpy.ndarray) -> numpy.ndarray:
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
