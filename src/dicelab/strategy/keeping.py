"""Which dice a strategy sets aside after a throw: one of three named rules.

- ``most_points``: the dice worth most (ties: more dice), as the simple robot sets aside;
- ``fewest_dice``: the fewest dice for the points: the best single combination, keeping as
  many dice as possible to throw again (all of them when every die scores), as the
  intelligent robot sets aside;
- ``keep_most_dice``: keep the most dice to throw again: set aside one scoring die (or the
  fewest that score at all; ties: more points).

Each rule is one function of a throw (:func:`part`); the batch simulator reads it as a table
by throw (:func:`keep_table`) and the exact judgement by the rows of the policies' throw
table (:func:`row_choices`), both made from :func:`part`.

>>> from dicelab.fivethousand import Rules
>>> [chosen_pair(Rules(), (1, 1, 1, 2, 5), rule) for rule in SET_ASIDE]
[(1050, 4), (1000, 3), (100, 1)]
"""

from __future__ import annotations

from functools import cache

import numpy

from dicelab.fivethousand.engine import Engine, State
from dicelab.setaside.engine import SetAside
from dicelab.setaside.strategy import keep_fewest_for_points, keep_most
from dicelab.setaside.throws import MULTISETS, ThrowChoices

SET_ASIDE = ("most_points", "fewest_dice", "keep_most_dice")


def _keep_most_dice(engine, state) -> SetAside:
    choices = engine.table.scoring_choices(state.throw)
    return SetAside(min(choices, key=lambda part: (len(part), -choices[part])))


_RULES = {
    "most_points": keep_most,
    "fewest_dice": keep_fewest_for_points,
    "keep_most_dice": _keep_most_dice,
}


def part(engine, state, rule: str) -> SetAside:
    """The dice ``rule`` sets aside from the throw of ``state``."""
    return _RULES[rule](engine, state)


def chosen_pair(rules, throw: tuple, rule: str) -> tuple[int, int]:
    """(points, dice) that ``rule`` sets aside from ``throw`` (sorted faces) under ``rules``."""
    engine = Engine(rules)
    state = State(scores=(0,), dice_left=len(throw), phase="choose", throw=tuple(throw))
    dice = part(engine, state, rule).dice
    points = engine.table.score(dice)
    assert points is not None, "a set-aside rule takes scoring dice"
    return points, len(dice)


@cache
def keep_table(rules, rule: str) -> numpy.ndarray:
    """By throw number (:data:`~dicelab.setaside.throws.MULTISETS`), the index of the part
    ``rule`` sets aside among the throw's choices (0 where the throw farkles)."""
    throws = ThrowChoices.of(rules)
    table = numpy.zeros(len(MULTISETS), dtype=numpy.int64)
    for t in numpy.flatnonzero(throws.count).tolist():
        table[t] = throws.part_index(t, *chosen_pair(rules, MULTISETS[t], rule))
    return table


@cache
def row_choices(rules, rule: str, throws) -> numpy.ndarray:
    """By row of ``throws`` (a :class:`~dicelab.setaside.policy.ThrowTable` of every choice),
    the column ``rule`` sets aside: the rows group throws by the choices they leave, and
    the rule picks by those choices alone."""
    offered = ThrowChoices.of(rules)
    columns = {}
    for row in range(len(throws.thrown)):
        pairs = zip(throws.points[row][throws.valid[row]], throws.kept[row][throws.valid[row]])
        columns[(int(throws.thrown[row]), frozenset((int(p), int(k)) for p, k in pairs))] = row
    chosen = numpy.zeros(len(throws.thrown), dtype=numpy.int64)
    for t in numpy.flatnonzero(offered.count).tolist():
        if len(MULTISETS[t]) > rules.dice:
            continue
        key = frozenset((p // throws.unit, k) for p, k in offered.parts(t))
        row = columns[(len(MULTISETS[t]), key)]
        points, dice = chosen_pair(rules, MULTISETS[t], rule)
        valid = numpy.flatnonzero(throws.valid[row])
        match = valid[
            (throws.points[row, valid] == points // throws.unit) & (throws.kept[row, valid] == dice)
        ]
        chosen[row] = int(match[0])
    return chosen
