"""The transitions of a set-aside turn (Fivethousand, Thousand), each written once.

:class:`TurnRules` is a mixin of each set-aside game's ``Rules``: hot dice and the round's
start, who may bank, what a farkle keeps, the exact finish and the burn, where a banked
score lands, getting on the board and the last-turn countdown, each one method over
numbers (one turn: the engine, :mod:`dicelab.setaside.engine`) or numpy arrays (many turns
at once: the batch simulator, :mod:`dicelab.simulate.setaside_batch`, and the policy
robots' batch form, :mod:`dicelab.simulate.policy_bots`). A game's ``Rules`` overrides the
ones its rules change; a house rule that changes a turn is one such method, or one setting
that a method reads (Fivethousand's ``exact_finish``). The penalty for scoreless turns in
a row, shared by both games, is :func:`dicelab.setaside.house.after_turn`.

The solvers' sweep down a turn (:mod:`dicelab.setaside.sweep_kernel`) is compiled by numba,
which can't call Python methods, so it keeps its own form of hot dice and of who may bank,
read from tables built before the sweep; the brute forces of
``tests/fivethousand/test_compulsory_hot_dice.py`` hold it to the rules, and
``tests/test_simulate_batch.py`` holds the batch simulator to the engine path.

>>> from dicelab.fivethousand import Rules
>>> Rules().next_throw(turn_points=600, round_start=0, dice_left=0)
(600, 6, True)
>>> import numpy as np
>>> [a.tolist() for a in Rules().next_throw(np.array([600, 650]), np.array([0, 0]), np.array([0, 2]))]
[[600, 0], [6, 2], [True, False]]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


def as_given(value: Any) -> Any:
    """A numpy result as the turns came: a Python number for one turn, else the array."""
    return value.item() if np.ndim(value) == 0 else value


class TurnRules:
    """A set-aside turn's transitions, as methods of the game's ``Rules`` (numbers or numpy
    arrays alike; see the module docstring). The defaults are the rules both games share;
    a game overrides what its rules change."""

    dice: int
    target: int
    exact_finish: bool  # a turn reaching the target exactly wins; one beyond it burns

    @property
    def must_rethrow(self) -> bool:
        """Whether hot dice must be thrown again (no bank on them): not by default."""
        return False

    def next_throw(
        self, turn_points: Any, round_start: Any, dice_left: Any
    ) -> tuple[Any, Any, Any]:
        """Once dice are set aside: when none is left (every die scored), the round is
        complete, its points are safe from a farkle in the next round under rules that keep
        completed rounds, and all the dice are thrown again. Returns ``round_start`` (the
        turn's points from completed rounds), ``dice_left`` and whether it was hot dice."""
        hot = np.asarray(dice_left) == 0
        rows = np.flatnonzero(hot)  # (few: far cheaper than a full pass of np.where)
        round_start, dice_left = np.array(round_start), np.array(dice_left)  # (copies)
        round_start.reshape(-1)[rows] = np.asarray(turn_points).reshape(-1)[rows]
        dice_left.reshape(-1)[rows] = self.dice
        return as_given(round_start), as_given(dice_left), as_given(hot)

    def kept_on_bust(self, round_start: Any, on_board: Any = True) -> Any:
        """The turn points a farkle still banks (none, unless the game keeps completed
        rounds)."""
        return 0

    def finish(self, banked: Any, turn_points: Any) -> tuple[Any, Any]:
        """Whether setting dice aside has ended the turn at a banked score of ``banked``
        with ``turn_points``: won (the game's end at once) and burned (the turn lost).
        Under an exact finish, reaching the target exactly wins at once and passing it
        burns the turn; else neither.

        >>> from dicelab.thousand import Rules
        >>> Rules().finish(900, 100), Rules().finish(900, 150), Rules().finish(900, 50)
        ((True, False), (False, True), (False, False))
        """
        if not self.exact_finish:
            return False, False
        standing = banked + turn_points
        return standing == self.target, standing > self.target

    def landed(self, score: Any) -> Any:
        """A banked score once the turn's points are in (and any penalty taken)."""
        return score

    def boarded(self, on_board: Any, gained: Any) -> Any:
        """Whether a seat is on the board once its turn banked ``gained`` points (under an
        opening score to reach: a bank needs the opening until then)."""
        return on_board | (gained > 0)

    #: ``turn_needs(banked, on_board=True)``: the turn points a player whose banked score is
    #: ``banked`` needs to bank, the same all turn long (``on_board``: they have banked before).
    #: Each game's ``Rules`` defines it: Fivethousand's minimum bank and opening, Thousand's casks.
    turn_needs: Callable[..., Any]

    def allows_bank(self, turn_points: Any, needs: Any, hot: Any) -> Any:
        """Whether a player with ``turn_points`` may bank now, ``needs`` being their turn's
        :meth:`turn_needs` (``hot``: every die of the round has just scored, and the rules
        may make hot dice be thrown again)."""
        allowed = turn_points >= needs
        return allowed & ~np.asarray(hot) if self.must_rethrow else allowed

    def last_turns(self, owed: Any, score: Any, seats: int) -> Any:
        """The last turns still owed once a turn ends on the banked ``score``: -1 while
        none is due; the game ends when 0 are owed. By default a game never ends by a
        bank (it ends by :meth:`finish`)."""
        return owed
