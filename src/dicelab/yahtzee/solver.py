"""The exact optimal strategy for solitaire Yahtzee: the play with the highest expected
score, and the questions it answers (:class:`Solution`).

``solve(rules)`` solves the game once (:mod:`dicelab.yahtzee.solve_kernel` works backwards
over the card, every card with the same number of filled boxes at once) and keeps, for
every card, the expected score of the rest of the game and its variance. A
:class:`Solution` answers from those: the expected score of a new game and its spread, every
option after a roll with its expected final score, and the values of a turn's options on
many cards at once (the batch robots). Solutions are cached in memory and on disk (one
``.npz`` file per rules, through :mod:`dicelab.cache`).

>>> option = Option("hold", value=254.6, keep=(5, 5))
>>> option.kind, option.keep
('hold', (5, 5))
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from dicelab import dice as _dice
from dicelab.cache import load_or_compute, path_for, source_digest
from dicelab.memo import KEPT, OncePerKey
from dicelab.yahtzee import scoring
from dicelab.yahtzee.engine import Card, State
from dicelab.yahtzee.rules import Rules
from dicelab.yahtzee.scoring import box_points, legal_boxes, yahtzee_bonus
from dicelab.yahtzee.solve_kernel import (
    Layout,
    Moments,
    Space,
    Tables,
    keeps,
    solve_moments,
    tables_for,
)

FORMAT = 5  # bump when the layout of the saved values changes (5: no slots for unreached cards)
CACHE_KIND = "yahtzee-solution"
_SOLUTIONS = OncePerKey(KEPT)  # rules -> Solution, the latest used (each built once at a time)


@dataclass(frozen=True)
class Option:
    """One choice after a roll and the expected final score it leads to (points already on
    the card included): hold the faces ``keep`` and roll the rest, or score ``box``. ``std``
    is the standard deviation of that final score, playing optimally from then on."""

    kind: str  # "hold" or "box"
    keep: tuple | None = None
    box: str | None = None
    value: float = 0.0
    std: float = 0.0


@dataclass(frozen=True)
class Outlook:
    """What a player's final score will be, playing optimally from now on: its expected value
    and standard deviation."""

    mean: float
    std: float


class Solution:
    """The optimal solitaire strategy for ``rules``: the expected score of a new game and its
    standard deviation, and every option with its expected final score (and the spread of
    that score) in any situation after a roll.

    Many cards at once (the batch robots): :meth:`solver_cards` turns cards into the solver's
    (mask, Yahtzee state, capped upper total), :meth:`places` into slots of :attr:`values` and
    :attr:`variances`, and :meth:`box_values` and :meth:`turn_values` give the values of a
    turn's options on each, with the same arithmetic as :meth:`options`."""

    def __init__(self, rules: Rules, moments: np.ndarray, yahtzee_states: int):
        self.rules = rules
        self.values, self.variances = moments  # per slot: the rest-of-game score's mean, variance
        self.yahtzee_states = (
            yahtzee_states  # 2 when a Yahtzee box holding 0 plays unlike a full one
        )
        self._turns: dict = {}
        self._spaces = threading.local()  # each thread's buffers for turn_values

    def __repr__(self) -> str:
        name = self.rules.preset_name or "custom rules"
        return f"<yahtzee.Solution for {name}: expected score {self.expected_score:.4f}>"

    @property
    def _tables(self) -> Tables:
        return tables_for(self.rules)

    @cached_property
    def _moments(self) -> Moments:
        layout = Layout(self._tables, self.yahtzee_states)
        if self.values.shape != (layout.size,) or self.variances.shape != self.values.shape:
            raise ValueError("these values do not belong to these rules")
        return Moments(self.values, self.variances, layout)

    @property
    def expected_score(self) -> float:
        """The expected final score of a solitaire game played optimally."""
        return Card().total(self.rules) + float(self.values[self._place(Card())])

    @property
    def std_score(self) -> float:
        """The standard deviation of the final score of a solitaire game played optimally
        (the play whose mean is :attr:`expected_score`)."""
        return math.sqrt(float(self.variances[self._place(Card())]))

    @property
    def upper_cap(self) -> int:
        """The upper total above which more upper points change nothing (the bonus threshold,
        or less when the upper boxes cannot reach it)."""
        return self._tables.cap

    def solver_cards(
        self, mask: ArrayLike, context: ArrayLike, upper: ArrayLike
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The solver's cards (mask, Yahtzee state, capped upper total) of cards given as
        arrays: the bits of the filled boxes (in the order of the rules), the Yahtzee box's
        context (0 open, 1 holding its full value, 2 holding 0) and the upper total."""
        mask = np.asarray(mask)
        y = (
            (np.asarray(context) == 2).astype(np.int64)
            if self.yahtzee_states == 2
            else np.zeros_like(mask)
        )
        return mask, y, np.minimum(upper, self._tables.cap)

    def places(self, mask: ArrayLike, y: ArrayLike, u: ArrayLike) -> np.ndarray:
        """The slots in :attr:`values` and :attr:`variances` of solver cards."""
        slots: np.ndarray = self._moments.layout.place(mask, y, u)
        return slots

    def box_values(self, box: int, points, mask, y, u, *, spread: bool = False):
        """The expected rest-of-game score from before scoring ``points`` in the box with index
        ``box`` on each solver card: those points, the upper bonus they earn and the value of
        the card after (the Yahtzee bonus aside). With ``spread``, the pair of that and the
        variance of the score of the card after."""
        moments = self._moments if spread else replace(self._moments, variances=None)
        return self._tables.reward(moments, box, points, mask, y, u)

    def turn_values(self, mask, y, u, *, spread: bool = False) -> list:
        """For each number of rolls left (from 1), the expected rest-of-game score of every hold
        but the five dice on each solver card: an array (holds, cards), the holds of each size
        in the order of :func:`keeps` from the row ``keeps().first_row[size]``. With
        ``spread``, each is a pair (a first axis of two): the value, and the second moment of
        the score to come."""
        return self.turn_tables(mask, y, u, spread=spread)[1]

    def turn_tables(
        self, mask: np.ndarray, y: np.ndarray, u: np.ndarray, *, spread: bool = False
    ) -> tuple[np.ndarray, list[np.ndarray]]:
        """:meth:`turn_values`, after the box values it is made of: an array (rows, cards)
        whose row ``reward_rows(box, points)`` is :meth:`box_values` of those points in that
        box on each card where the box is open to the turn (as :func:`scoring.open_boxes`
        says; -inf where not). With ``spread``, that is a pair too, as :meth:`box_values`
        gives it."""
        moments = self._moments if spread else replace(self._moments, variances=None)
        space = getattr(self._spaces, "space", None) or Space()
        self._spaces.space = space  # kept for the next call: no new pages to fault in
        values, rewards = self._tables.final_values(moments, mask, y, u, space)
        rewards = rewards.copy() if spread else rewards[0].copy()  # the holds overwrite them
        turn = []
        for rolls_left in range(1, self.rules.rolls):
            holds = keeps().hold_values(values, space)
            stacked = np.concatenate(holds[:5], axis=1)
            turn.append(stacked if spread else stacked[0])
            if rolls_left < self.rules.rolls - 1:  # the rolls' values of the roll before
                values = keeps().best_holds(holds, space)
        return rewards, turn

    def reward_rows(self, box: ArrayLike, points: ArrayLike) -> np.ndarray:
        """The rows of :meth:`turn_tables`' box values that score ``points`` (any of the box's
        points under these rules) in the box with index ``box`` (an array of indices is
        broadcast with ``points``). ValueError for points the box never scores."""
        return self._tables.reward_rows(box, points)

    def options(
        self,
        situation: State | None = None,
        *,
        dice=None,
        rolls_left=None,
        filled=None,
        yahtzee_bonuses: int = 0,
    ) -> list[Option]:
        """Every option after a roll, best first, with its expected final score and the
        standard deviation of that score.

        ``situation`` is a :class:`State` (its player to move, after a roll), or give the five
        ``dice``, ``rolls_left`` and ``filled`` (box -> points) with the ``yahtzee_bonuses``
        earned. A hold is the faces kept (the others are rolled); holding all five is not an
        option (score instead).
        """
        card, dice, rolls_left = self._situation(
            situation, dice, rolls_left, filled, yahtzee_bonuses
        )
        boxes = card.boxes
        mask, y, u = cards = self._card(card)
        total = card.total(self.rules)
        options = []
        for box in legal_boxes(self.rules, dice, boxes):
            i, points = self.rules.boxes.index(box), box_points(self.rules, box, dice, boxes)
            value, variance = self.box_values(i, points, mask, y, u, spread=True)
            value += yahtzee_bonus(self.rules, dice, boxes)
            options.append(
                Option("box", box=box, value=total + float(value), std=math.sqrt(variance))
            )
        if rolls_left:
            for keep in _dice.sub_multisets(dice)[:-1]:
                outlook = self._hold(total, cards, rolls_left, keep)
                options.append(Option("hold", keep=keep, value=outlook.mean, std=outlook.std))
        return sorted(options, key=lambda option: -option.value)

    def best(self, situation: State | None = None, **situation_parts) -> Option:
        """The best option (see :meth:`options`)."""
        return self.options(situation, **situation_parts)[0]

    def outlook(self, state: State, player: int | None = None) -> Outlook:
        """The expected final score of ``player`` (default: the player to move) and its
        standard deviation, everyone playing optimally from ``state`` on.

        Before a player's first roll of the turn (or while another player is to move) that is
        the value of the card; after a roll, that of the best option; while the dice roll,
        that of holding the dice held.
        """
        if not isinstance(state, State):
            raise TypeError(f"the outlook is of a yahtzee State, not {state!r}")
        player = state.player if player is None else player
        if type(player) is not int or not 0 <= player < len(state.cards):
            raise ValueError(f"player is 0 to {len(state.cards) - 1}, not {player!r}")
        card = state.cards[player]
        if len(card.filled) == len(self.rules.boxes):
            return Outlook(float(card.total(self.rules)), 0.0)
        if player == state.player and state.rolls_used:
            rolls_left = self.rules.rolls - state.rolls_used
            if not state.rolling:
                option = self.best(state)
                return Outlook(option.value, option.std)
            keep = tuple(sorted(face for face, held in zip(state.dice, state.held) if held))
            return self._hold(card.total(self.rules), self._card(card), rolls_left, keep)
        place = self._place(card)
        return Outlook(
            card.total(self.rules) + float(self.values[place]),
            math.sqrt(float(self.variances[place])),
        )

    def _situation(self, state, dice, rolls_left, filled, yahtzee_bonuses):
        if state is not None:
            if (
                not isinstance(state, State)
                or state.is_over
                or state.is_chance
                or not state.rolls_used
            ):
                raise ValueError("options are for a player to move after a roll")
            return state.card, tuple(sorted(state.dice)), self.rules.rolls - state.rolls_used
        dice = _dice.as_dice(dice or ())
        if len(dice) != 5:
            raise ValueError("give the five dice")
        if type(rolls_left) is not int or not 0 <= rolls_left < self.rules.rolls:
            raise ValueError(
                f"rolls_left is 0 to {self.rules.rolls - 1} after a roll, not {rolls_left!r}"
            )
        filled = dict(filled or {})
        if set(filled) - set(self.rules.boxes):
            raise ValueError(f"unknown boxes {sorted(set(filled) - set(self.rules.boxes))}")
        return Card(tuple(filled.items()), yahtzee_bonuses), dice, rolls_left

    def _card(self, card: Card):
        """The solver's card: (mask, Yahtzee state, capped upper total), checked reachable."""
        tables = self._tables
        boxes = card.boxes
        if len(boxes) == len(tables.boxes):
            raise ValueError("the card is full: the game is over")
        mask = sum(1 << i for i, box in enumerate(tables.boxes) if box in boxes)
        y = (
            int(boxes.get("yahtzee") != self.rules.yahtzee)
            if self.yahtzee_states == 2 and "yahtzee" in boxes
            else 0
        )
        u = min(card.upper_total(), tables.cap)
        if mask not in tables.masks():
            raise ValueError(
                "forced_order=True fills the boxes top to bottom: no card has these boxes "
                f"filled ({', '.join(boxes)})"
            )
        if u not in tables.reachable[mask & tables.upper_mask]:
            raise ValueError(
                f"no card with these boxes filled has an upper total of {card.upper_total()}"
            )
        return mask, y, u

    def _place(self, card: Card) -> int:
        return int(self.places(*self._card(card)))

    def _hold(self, total: int, cards: tuple, rolls_left: int, keep: tuple) -> Outlook:
        """The final score when holding ``keep`` with ``rolls_left`` rolls left (from 1), on
        the solver card ``cards`` (mask, Yahtzee state, upper total) with ``total`` points."""
        row = keeps().first_row[len(keep)] + keeps().index[len(keep)][keep]
        mean, second = self._turn(*cards)[rolls_left - 1][:, row, 0]
        return Outlook(total + float(mean), math.sqrt(max(float(second - mean * mean), 0.0)))

    def _turn(self, mask: int, y: int, u: int) -> list:
        """:meth:`turn_values` with spread for one card (kept for the next question)."""
        key = (mask, y, u)
        if key not in self._turns:
            turn = self.turn_values(np.array([mask]), np.array([y]), np.array([u]), spread=True)
            if len(self._turns) > 4096:
                self._turns.clear()
            self._turns[key] = turn
        return self._turns[key]


# --- solving with caches ----------------------------------------------------------------


def solve(rules=None, *, progress: bool = True, cache: bool = True) -> Solution:
    """The optimal solitaire strategy for ``rules`` (a preset name, a Rules or None).

    Takes a few seconds the first time for each rules, then comes from a cache: in this
    process, and on disk in ``$DICELAB_CACHE_DIR`` (or the user cache folder). With
    ``cache=False`` it is computed afresh and not stored. In forced order only the cards
    filled top to bottom are solved (a moment).
    """
    rules = Rules.coerce(rules)
    if not cache:
        return Solution(rules, *solve_moments(rules, progress))

    def compute() -> dict:
        moments, ny = solve_moments(rules, progress)
        return {"moments": moments, "yahtzee_states": np.array(ny)}

    def build() -> Solution:
        arrays = load_or_compute(
            _cache_key(rules), compute, CACHE_KIND, check=partial(_check_cached, rules)
        )
        return Solution(rules, arrays["moments"], int(arrays["yahtzee_states"]))

    return _SOLUTIONS.get(rules, build)  # a second caller waits for a build under way


def _cache_key(rules: Rules) -> dict:
    """What a saved solution depends on: the rules, the solver format and the scoring code."""
    return {"rules": rules.to_dict(), "format": FORMAT, "scoring": source_digest(scoring)}


def _check_cached(rules: Rules, arrays: dict) -> None:
    """ValueError unless ``arrays`` are the solver's moments (values and variances) for
    ``rules`` and its number of Yahtzee states."""
    if set(arrays) != {"moments", "yahtzee_states"}:
        raise ValueError("these are not the values of a Yahtzee solution for these rules")
    moments, ny = arrays["moments"], arrays["yahtzee_states"]
    if (
        moments.dtype != np.float64
        or moments.ndim != 2
        or ny.shape
        or ny.dtype.kind != "i"
        or int(ny) not in (1, 2)
        or moments.shape != (2, Layout(tables_for(rules), int(ny)).size)
    ):
        raise ValueError("these are not the values of a Yahtzee solution for these rules")


def cache_path(rules) -> Path:
    """The cache file of the solution for ``rules``."""
    return path_for(_cache_key(Rules.coerce(rules)), CACHE_KIND)
