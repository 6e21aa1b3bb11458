"""What the optimal policies of Fivethousand and Thousand share.

Both games' solvers are backward inductions over (points, dice left): every throw of ``n``
dice is grouped by the choices it leaves the player (points for setting so many dice aside),
and the groups become arrays, so a solver evaluates every throw of every dice count at once.
Points are counted in *units*, the greatest common divisor of the combinations' points.

>>> from dicelab.fivethousand import Rules
>>> throws = throw_table(Rules(dice=1).combinations(), 1, "best")
>>> throws.unit, throws.points.ravel().tolist(), throws.probability.tolist(), throws.bust.tolist()
(50, [2, 1], [0.16666666666666666, 0.16666666666666666], [0.0, 0.6666666666666666])
"""

from __future__ import annotations

import abc
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from dicelab import dice as _dice
from dicelab.setaside.engine import Bank, SetAside, Throw
from dicelab.setaside.throws import MULTISETS, ThrowChoices, throw_choices

CHOICES = ("best", "most_per_count", "all")


@dataclass(frozen=True)
class Option:
    """One way to go on: set ``keep`` aside from the throw (``()`` when that is already done),
    then bank (``bank``) or throw the dice left; ``value`` is what the policy expects of it."""

    keep: tuple
    bank: bool
    value: float


@dataclass(frozen=True, eq=False)
class ThrowTable:
    """Every scoring throw of 1 to ``dice`` dice, grouped by the choices it leaves.

    Row ``i`` is a group of throws of ``thrown[i]`` dice, together ``probability[i]``; each
    lets the player set ``kept[i, j]`` dice aside for ``points[i, j]`` units, for the ``j``
    where ``valid[i, j]`` (padding elsewhere: 0 points, 0 dice). A throw with no scoring die
    has no row: ``bust[n]`` is its chance with ``n`` dice.
    """

    dice: int
    unit: int
    thrown: np.ndarray
    probability: np.ndarray
    points: np.ndarray
    kept: np.ndarray
    valid: np.ndarray
    bust: np.ndarray
    weights: np.ndarray  # (rows, dice + 1): probability[i] in column thrown[i]

    @property
    def left(self) -> np.ndarray:
        """Dice left to throw after each choice (0 means hot dice)."""
        return self.thrown[:, None] - self.kept

    @property
    def next_dice(self) -> np.ndarray:
        """Dice thrown after each choice: those left, or all ``dice`` again on hot dice."""
        left = self.left
        return np.where(left == 0, self.dice, left)

    def expect(self, row_values: np.ndarray) -> np.ndarray:
        """Sum of probability × value over the rows of each dice count (bust rows add 0).

        ``row_values`` has the rows on its last axis; the result has ``dice + 1`` entries
        there, one per number of dice thrown (entry 0 unused).
        """
        return row_values @ self.weights


def point_unit(table) -> int:
    """The greatest common divisor of the combinations' points: every turn is a multiple."""
    return math.gcd(*(points for _, points in table.combinations))


@cache
def throw_table(table, dice: int, choices: str) -> ThrowTable:
    """The :class:`ThrowTable` of ``table`` for 1 to ``dice`` dice, grouped from its
    :class:`~dicelab.setaside.throws.ThrowChoices`.

    ``choices`` says which choices a throw leaves: ``"best"`` only the dice worth most (sets
    aside by itself), ``"most_per_count"`` the most points for each number of dice (enough
    when more points never hurt), ``"all"`` every distinct (points, dice) pair.
    """
    if choices not in CHOICES:
        raise ValueError(f"choices is one of {CHOICES}, not {choices!r}")
    unit = point_unit(table)
    offered = throw_choices(table, dice)
    groups: dict[tuple[int, frozenset], float] = {}
    bust = np.zeros(dice + 1)
    for number, throw in enumerate(MULTISETS):
        n = len(throw)
        if not 0 < n <= dice:
            continue
        p = float(_dice.probability(throw))
        pairs = _choices(offered, number, choices)
        if not pairs:
            bust[n] += p
        else:
            key = (n, frozenset((points // unit, size) for points, size in pairs))
            groups[key] = groups.get(key, 0.0) + p
    width = max(len(group) for _, group in groups)
    points = np.zeros((len(groups), width), dtype=np.int64)
    kept = np.zeros((len(groups), width), dtype=np.int64)
    valid = np.zeros((len(groups), width), dtype=bool)
    for row, (_, group) in enumerate(groups):
        for column, (units, size) in enumerate(sorted(group)):
            points[row, column], kept[row, column], valid[row, column] = units, size, True
    thrown = np.array([n for n, _ in groups], dtype=np.int64)
    probability = np.array(list(groups.values()))
    weights = np.zeros((len(groups), dice + 1))
    weights[np.arange(len(groups)), thrown] = probability
    return ThrowTable(dice, unit, thrown, probability, points, kept, valid, bust, weights)


def _choices(offered: ThrowChoices, number: int, choices: str) -> list[tuple[int, int]]:
    """The (points, dice) choices the throw ``number`` leaves, as ``choices`` says."""
    if not offered.count[number]:
        return []
    if choices == "best":
        points, size = offered.choices[number, offered.best[number]].tolist()
        return [(points, size)]
    pairs = offered.parts(number)
    if choices == "most_per_count":
        most: dict[int, int] = {}
        for points, size in pairs:
            most[size] = max(points, most.get(size, points))
        pairs = [(points, size) for size, points in most.items()]
    return pairs


def pick(values: np.ndarray, valid: np.ndarray, lowest: bool = False) -> np.ndarray:
    """Index of the best valid choice on the last axis (highest value, or ``lowest``)."""
    if valid.shape[-1] == 1:
        return np.zeros(values.shape[:-1], dtype=np.int64)
    if lowest:
        return np.where(valid, values, np.inf).argmin(axis=-1)
    return np.where(valid, values, -np.inf).argmax(axis=-1)


def take(values: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``values`` at the choices ``index`` (from :func:`pick`) on the last axis."""
    if values.shape[-1] == 1:
        return values[..., 0]
    return np.take_along_axis(values, index[..., None], axis=-1)[..., 0]


def refuse_unsolved(rules: Any, what: str, unsolved: Mapping[str, tuple[str, ...]]) -> None:
    """Raise ValueError naming the settings of ``rules`` (changed from their game's default)
    that the ``what`` can't yet honour: ``unsolved[what]`` lists them."""
    default = type(rules)()
    changed = [name for name in unsolved[what] if getattr(rules, name) != getattr(default, name)]
    if changed:
        shown = ", ".join(f"{name}={getattr(rules, name)!r}" for name in changed)
        raise ValueError(
            f"the {what} can't yet honour {shown}: play these rules with the other robots, "
            "or set it back to its default"
        )


def ranked(options: list[Option], lowest: bool = False) -> list[Option]:
    """``options`` best first (highest value, or ``lowest``); ties keep their order."""
    return sorted(options, key=lambda option: option.value if lowest else -option.value)


class SetAsidePolicy(abc.ABC):
    """The options of a set-aside turn ranked by a policy's values of its states.

    A game's policy gives the value of banking and of throwing in a state where the player
    may do either (:meth:`bank_value`, :meth:`throw_value`), and of a turn that setting dice
    aside ended at once (:meth:`ended_value`); this class turns them into the ranked options
    of any engine state, using the engine's own transitions. ``lowest`` says whether a lower
    value is better.
    """

    lowest = False

    def __init__(self, engine):
        self.engine = engine

    @abc.abstractmethod
    def bank_value(self, state) -> float:
        """Value of banking now, in a state where the player may bank."""

    @abc.abstractmethod
    def throw_value(self, state) -> float:
        """Value of throwing the dice left now and playing on by the policy."""

    def ended_value(self, before, after) -> float:
        """Value of setting dice aside in ``before`` when that ended the turn (``after``);
        only a game whose set-aside can end a turn (Thousand: the burn, the exact finish)
        needs one."""
        raise ValueError(f"setting dice aside does not end a turn here ({after.phase!r})")

    def options(self, state) -> list[Option]:
        """Every way to go on from ``state``, best first.

        In the "choose" phase: each scoring part of the throw, then bank or throw; in the
        "decide" phase: bank (when allowed) or throw; in the "throw" phase: the forced throw.
        """
        if state.phase == "throw":
            return [Option((), False, self.throw_value(state))]
        if state.phase == "decide":
            return ranked(self._then(state, ()), self.lowest)
        if state.phase == "choose":
            options = []
            for part in self.engine.table.scoring_choices(state.throw):
                after = self.engine.set_aside(state, part)
                if after.phase == "decide":
                    options += self._then(after, part)
                else:
                    options.append(Option(part, False, self.ended_value(state, after)))
            return ranked(options, self.lowest)
        raise ValueError(f"there is no choice to make in the {state.phase!r} phase")

    def best(self, state) -> Option:
        """The best way to go on from ``state`` (the first of :meth:`options`)."""
        return self.options(state)[0]

    def action(self, state):
        """The engine action this policy plays in ``state``: Throw, SetAside or Bank."""
        if state.phase == "throw":
            return Throw()
        option = self.best(state)
        if state.phase == "choose":
            return SetAside(option.keep)
        return Bank() if option.bank else Throw()

    def _then(self, state, keep: tuple) -> list[Option]:
        options = (
            [Option(keep, True, self.bank_value(state))]
            if self.engine.bank_refusal(state) is None
            else []
        )
        return options + [Option(keep, False, self.throw_value(state))]
