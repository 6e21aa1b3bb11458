"""A strategy beside the win robot, state by state: where its bank-or-throw decisions cost
the most chance to win.

In every state of a turn before the last (banked scores below the target, points at risk up
to the strategy's turn cap, the dice to throw) where a player may bank, the exact win policy
(:func:`dicelab.fivethousand.win_policy`) gives the chance to win by banking and by throwing
on, each played to win afterwards. The strategy's choice costs the difference to the better
one; each cell of its table gets the most it costs in any of its states.

>>> from dicelab.strategy.build import threshold
>>> report = compare_with_win_robot(threshold({"target": 500}, bank_at=300))
>>> 0 < report.disagreement < 1 and report.losses.shape == report.strategy.play.shape
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from dicelab.odds.table import OddsTable
from dicelab.strategy.exact import _rules_of, check_judged
from dicelab.strategy.table import Grid, Strategy


@dataclass(frozen=True, eq=False)
class Comparison:
    """``losses[cell]``: the most chance to win the strategy's decision in that cell of its
    ``play`` table costs against the win robot's (NaN where it is never asked);
    ``disagreement``: the share of the states compared where they decide differently."""

    strategy: Strategy
    losses: numpy.ndarray
    robot_banks: numpy.ndarray  # by cell: whether the robot banks in the costliest state
    disagreement: float

    def worst(self, count: int = 10) -> OddsTable:
        """The ``count`` cells where the strategy loses the most, worst first."""
        grid = self.strategy.grid
        flat = numpy.where(numpy.isnan(self.losses), -1.0, self.losses).ravel()
        rows = []
        for index in numpy.argsort(-flat, kind="stable")[:count]:
            if flat[index] <= 0:
                break
            own, theirs, row, die = numpy.unravel_index(index, self.losses.shape)
            says = "bank" if self.strategy.play[own, theirs, row, die] else "throw"
            rows.append(
                {
                    "score": f"{own * grid.band}+",
                    "opponent": f"{theirs * grid.band}+",
                    "turn points": int(row) * grid.unit,
                    "dice": int(die) + 1,
                    "strategy": says,
                    "win robot": "bank" if self.robot_banks[own, theirs, row, die] else "throw",
                    "chance lost": round(float(flat[index]), 4),
                }
            )
        columns = [
            "score",
            "opponent",
            "turn points",
            "dice",
            "strategy",
            "win robot",
            "chance lost",
        ]
        return OddsTable(columns, rows, title=f"Where {self.strategy.name} loses the most")

    def __str__(self) -> str:
        return (
            f"{self.strategy.name} decides as the win robot in "
            f"{1 - self.disagreement:.1%} of the states compared\n{self.worst()}"
        )


def compare_with_win_robot(strategy: Strategy, rules=None) -> Comparison:
    """Compare ``strategy``'s bank-or-throw decisions with the win robot's (two players;
    turns before the last; the dice set aside are not compared)."""
    from dicelab.fivethousand.win import win_policy

    rules = _rules_of((strategy,), rules)
    policy = win_policy(rules)
    grid, dice = strategy.grid, rules.dice
    unit = policy.unit
    if unit != grid.unit:
        raise AssertionError("the policy and the table count points alike")
    losses = numpy.full(grid.play_shape, numpy.nan)
    robot = numpy.zeros(grid.play_shape, dtype=bool)
    r = numpy.arange(1, grid.rows)
    counted = differ = 0
    last_dice = dice - (rules.bust_keeps_completed_rounds or rules.must_rethrow)
    for m in range(policy.goal):
        theirs = numpy.arange(policy.goal)
        bank, throw, allowed = _robot_values(policy, m, theirs, r, last_dice)
        own, their = grid.band_of(m * unit), grid.band_of(theirs * unit)
        says = strategy.play[own, their][:, r, :last_dice]
        chosen = numpy.where(says, bank, throw)
        loss = numpy.where(allowed, numpy.maximum(bank, throw) - chosen, numpy.nan)
        robot_banks = bank >= throw
        counted += int(allowed.sum())
        differ += int((allowed & (loss > 0)).sum())
        cells = (
            own,
            their[:, None, None],
            r[None, :, None],
            numpy.arange(last_dice)[None, None, :],
        )
        index = numpy.ravel_multi_index(numpy.broadcast_arrays(*cells), grid.play_shape)
        _keep_worst(
            losses.reshape(-1), robot.reshape(-1), index.ravel(), loss.ravel(), robot_banks.ravel()
        )
    return Comparison(strategy, losses, robot, differ / max(counted, 1))


def _robot_values(policy, m: int, theirs: numpy.ndarray, r: numpy.ndarray, dice: int):
    """``(bank, throw, allowed)``, each ``[opponent, r, n - 1]``: the win policy's chance to
    win by banking and by throwing ``n`` dice (up to ``dice``) with ``m`` safe units against
    ``theirs`` and ``r`` units at risk, and whether the rules let it bank there."""
    tables = policy.throw_tables(numpy.full(len(theirs), m), theirs)
    throw = tables[:, numpy.minimum(r, tables.shape[1] - 1), 1 : dice + 1]
    bank = 1 - policy.after[theirs[:, None], numpy.minimum(m + r, policy.cap)]
    bank = numpy.broadcast_to(bank[:, :, None], throw.shape)
    allowed = numpy.broadcast_to((r >= policy.needs(m))[None, :, None], throw.shape)
    return bank, throw, allowed


def win_robot_table(
    rules=None,
    *,
    set_aside: str = "fewest_dice",
    name: str = "win robot's table",
    band=None,
    turn_cap=None,
) -> Strategy:
    """The win robot's bank-or-throw decisions as a strategy: in each cell of the table,
    what the robot decides at the lowest scores of the cell's bands (in the last turn:
    throw until ahead, and when level bank only where a throw wins less than half). Its
    dice are set aside by the rule ``set_aside``, not by the robot's own choice, so it is
    a copy of the robot that the exact judgement can judge: with bands one point unit wide
    it differs from the robot only in the dice it sets aside."""
    from dicelab.fivethousand.win import win_policy

    grid = Grid.of(rules, band, turn_cap)
    rules = grid.rules
    check_judged(rules)
    policy = win_policy(rules)
    unit, dice, goal = grid.unit, rules.dice, policy.goal
    play = numpy.zeros(grid.play_shape, dtype=bool)
    r = numpy.arange(grid.rows)
    theirs = numpy.minimum(numpy.arange(grid.bands) * grid.band // unit, goal - 1)
    for own in range(grid.bands):
        m = min(own * grid.band // unit, policy.start.shape[0] - 1)
        capped = m - theirs >= policy.lead  # at the lead cap: banking is all there is
        bank, throw, allowed = _robot_values(policy, m, theirs[~capped], r, dice)
        play[own, ~capped] = allowed & (bank >= throw)
        play[own, capped] = True
    if rules.must_rethrow:
        play[..., dice - 1] = False
    last = numpy.zeros(grid.last_shape, dtype=bool)
    last[0] = True  # ahead: banking wins
    needs = int(policy.needs(1))
    for row in range(grid.rows):
        for n in range(1, dice + 1):
            last[1, row, n - 1] = 0.5 >= policy.final.throw_value(row, row, n, needs)
    return Strategy(grid, play, last, set_aside, name)


def _keep_worst(losses, robot, index, loss, banks) -> None:
    """Each cell's largest loss, and the robot's decision in that state (flat arrays)."""
    asked = ~numpy.isnan(loss)
    index, loss, banks = index[asked], loss[asked], banks[asked]
    order = numpy.lexsort((loss, index))  # by cell, the largest loss last
    last = numpy.r_[index[order][1:] != index[order][:-1], True]
    cells, worst, robots = index[order][last], loss[order][last], banks[order][last]
    better = numpy.isnan(losses[cells]) | (worst > losses[cells])
    losses[cells[better]] = worst[better]
    robot[cells[better]] = robots[better]
