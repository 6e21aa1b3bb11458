"""Exact odds of filling Yahtzee boxes within the rolls left.

A situation is the dice showing, the dice held for the next roll and the rolls left. For
each box the player follows the holding policy *for that box* that maximises the chance of
scoring more than 0 in it by the end of the turn; among holds with the same chance, the one
with the higher expected score, then the one holding more dice. Under this policy we give the
chance of scoring the box, its expected score and the distribution of its score (the box's
own points, jokers included, the Yahtzee bonus apart). Holding all five dice means stopping.

Everything is exact, by dynamic programming over multisets of dice: probabilities with ``r``
rolls left are whole numbers over ``6 ** (5 * r)``, and each box's policy is computed once
per rules (and joker-relevant card) and cached.

>>> odds = box_odds("yahtzee", rolls_left=3)
>>> odds.chance
Fraction(347897, 7558272)
>>> box_odds("large_straight", [1, 2, 3, 4, 6], held=[1, 2, 3, 4], rolls_left=1).chance
Fraction(1, 6)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from operator import mul

from dicelab import dice as _dice
from dicelab.odds.table import OddsTable

_HANDS = _dice.multisets(5)
_HAND_INDEX = {hand: i for i, hand in enumerate(_HANDS)}
_KEEPS = tuple(keep for n in range(6) for keep in _dice.multisets(n))
_KEEP_INDEX = {keep: i for i, keep in enumerate(_KEEPS)}
_ONE_ROLL = 6**5  # with r rolls left, probabilities are whole numbers over _ONE_ROLL ** r


@cache
def _transitions() -> tuple:
    """For each keep: the hands it can become after one roll, and their weights over 6**5."""
    result = []
    for keep in _KEEPS:
        roll = _dice.outcomes(5 - len(keep)).items()
        hands = tuple(_HAND_INDEX[tuple(sorted(keep + faces))] for faces, _ in roll)
        weights = tuple(p.numerator * (_ONE_ROLL // p.denominator) for _, p in roll)
        result.append((hands, weights))
    return tuple(result)


def _expectations(values: list) -> list:
    """For each keep, the sum of ``values`` over the hands one roll makes of it, weighted."""
    return [sum(map(mul, weights, [values[h] for h in hands])) for hands, weights in _transitions()]


@cache
def _hand_keeps() -> tuple:
    """For each hand: the indexes of every keep it allows (most dice first)."""
    return tuple(
        tuple(
            sorted(
                (_KEEP_INDEX[k] for k in _dice.sub_multisets(hand)), key=lambda i: -len(_KEEPS[i])
            )
        )
        for hand in _HANDS
    )


class _BoxPolicy:
    """The best holds for one box under some rules, with their chances and distributions."""

    def __init__(self, rules, box: str, filled: tuple):
        from dicelab.yahtzee.scoring import box_points, legal_boxes

        card = dict.fromkeys(filled, 0)
        self.values = [
            box_points(rules, box, hand, card) if box in legal_boxes(rules, hand, card) else 0
            for hand in _HANDS
        ]
        self.levels = sorted(set(self.values))
        self.level_of = [self.levels.index(v) for v in self.values]
        # A hold is worth (chance, expected score): both are kept in one whole number,
        # chance * scale + expected, so that sums stay exact and comparing them compares
        # the chance first, then the expected score.
        self._scale = (max(self.values) + 1) * _ONE_ROLL**rules.rolls
        self._worth = [[int(v > 0) * self._scale + v for v in self.values]]  # per hand
        # _keep_worth[r][k]: what holding keep k is worth, r rolls left (none for r = 0)
        self._keep_worth: list[list[int]] = [[]]
        self._best_keep: list[list[int]] = [[]]  # _best_keep[r][hand]: the keep the policy holds
        self._spread: dict[tuple[int, int], list[int]] = {}

    def _plan(self, rolls: int) -> None:
        """Work out the policy for up to ``rolls`` rolls left."""
        while len(self._keep_worth) <= rolls:
            keep_worth = _expectations(self._worth[-1])
            best = [max(keeps, key=keep_worth.__getitem__) for keeps in _hand_keeps()]
            self._keep_worth.append(keep_worth)
            self._best_keep.append(best)
            self._worth.append([keep_worth[k] for k in best])

    def best_keep(self, rolls: int, hand: int) -> int:
        """The keep the policy holds from ``hand`` with ``rolls`` rolls left."""
        self._plan(rolls)
        return self._best_keep[rolls][hand]

    def odds(self, rolls: int, keep: int) -> tuple:
        """Numerators (over 6**(5*rolls)) of the chance and expected score of holding ``keep``."""
        self._plan(rolls)
        return divmod(self._keep_worth[rolls][keep], self._scale)

    def spread(self, rolls: int, keep: int) -> list:
        """Numerators (over 6**(5*rolls)) of each score level, holding ``keep`` with ``rolls`` left."""
        key = (rolls, keep)
        if key not in self._spread:
            self._plan(rolls)
            mass: defaultdict[int, int] = defaultdict(int)
            for hand, weight in zip(*_transitions()[keep]):
                mass[hand if rolls == 1 else self._best_keep[rolls - 1][hand]] += weight
            spread = [0] * len(self.levels)
            for target, weight in mass.items():
                if rolls == 1:
                    spread[self.level_of[target]] += weight
                else:
                    spread = [
                        a + weight * b for a, b in zip(spread, self.spread(rolls - 1, target))
                    ]
            self._spread[key] = spread
        return self._spread[key]


@lru_cache(maxsize=256)
def _policy(rules, box: str, filled: tuple) -> _BoxPolicy:
    return _BoxPolicy(rules, box, filled)


def _joker_card(rules, filled) -> tuple:
    """The part of a card that changes what a box scores: only with a joker after a Yahtzee."""
    if rules.joker == "none" or "yahtzee" not in filled:
        return ()
    return tuple(sorted(filled))


@dataclass(frozen=True)
class BoxOdds:
    """The odds of one box: chance of scoring it (> 0), expected score, score distribution.

    ``hold`` is what is held for the next roll (the policy's best hold unless given).
    """

    box: str
    rolls_left: int
    hold: tuple
    chance: Fraction
    expected: Fraction
    distribution: dict

    def table(self) -> OddsTable:
        """One row per score of the box."""
        rows = [
            {"score": score, "probability": p, "percent": float(100 * p)}
            for score, p in self.distribution.items()
        ]
        return OddsTable(
            ["score", "probability", "percent"],
            rows,
            f"{self.box}, {self.rolls_left} roll(s) left, holding {list(self.hold)}",
        )


@dataclass(frozen=True)
class SituationOdds:
    """The odds of every open box in one situation (``boxes`` maps box -> :class:`BoxOdds`)."""

    dice: tuple
    held: tuple | None
    rolls_left: int
    boxes: dict

    def __getitem__(self, box: str) -> BoxOdds:
        return self.boxes[box]

    def table(self) -> OddsTable:
        """One row per box: chance of scoring it, expected score and the hold that gets there."""
        from dicelab.yahtzee.rules import BOX_TITLES

        rows = [
            {
                "box": BOX_TITLES[box],
                "chance": odds.chance,
                "percent": float(100 * odds.chance),
                "expected": float(odds.expected),
                "hold": odds.hold,
            }
            for box, odds in self.boxes.items()
        ]
        where = f"dice {list(self.dice)}" if self.dice else "before the first roll"
        return OddsTable(
            ["box", "chance", "percent", "expected", "hold"],
            rows,
            f"{where}, {self.rolls_left} roll(s) left",
        )


def _situation(rules, dice, held, rolls_left):
    """Check a situation; returns (dice, held or None, rolls_left)."""
    dice = _dice.as_dice(dice or ())
    if dice and len(dice) != 5:
        raise ValueError(f"a Yahtzee hand has five dice, not {len(dice)}")
    if not dice:
        if held:
            raise ValueError("nothing can be held before the first roll")
        rolls_left = rules.rolls if rolls_left is None else rolls_left
        if not 1 <= rolls_left <= rules.rolls:
            raise ValueError(f"before the first roll, 1 to {rules.rolls} rolls are left")
        return dice, (), rolls_left
    rolls_left = rules.rolls - 1 if rolls_left is None else rolls_left
    if type(rolls_left) is not int or not 0 <= rolls_left < rules.rolls:
        raise ValueError(f"after a roll, 0 to {rules.rolls - 1} rolls are left, not {rolls_left!r}")
    if held is not None:
        held = _dice.as_dice(held)
        _dice.remove(dice, held)  # ValueError when held dice are not showing
    return dice, held, rolls_left


def _box_odds(rules, box, filled, dice, held, rolls_left) -> BoxOdds:
    from dicelab.yahtzee.scoring import open_boxes

    if box not in rules.boxes:
        raise ValueError(f"{box!r} is not a box of these rules")
    if box in filled:
        raise ValueError(f"{box!r} is already filled")
    if box not in open_boxes(rules, filled):
        raise ValueError(
            f"forced_order=True fills the boxes top to bottom: this turn may fill only "
            f"{open_boxes(rules, filled)[0]!r}, not {box!r}"
        )
    # the order only says which box a turn plays for: the policy for a box is the same
    free = rules.replace(forced_order=False) if rules.forced_order else rules
    policy = _policy(free, box, _joker_card(rules, filled))
    if rolls_left == 0:
        value = policy.values[_HAND_INDEX[dice]]
        return BoxOdds(
            box, 0, dice, Fraction(int(value > 0)), Fraction(value), {value: Fraction(1)}
        )
    if held is None:
        keep = policy.best_keep(rolls_left, _HAND_INDEX[dice])
    else:
        keep = _KEEP_INDEX[held]
    denominator = _ONE_ROLL**rolls_left
    chance, expected = policy.odds(rolls_left, keep)
    distribution = {
        level: Fraction(n, denominator)
        for level, n in zip(policy.levels, policy.spread(rolls_left, keep))
        if n
    }
    return BoxOdds(
        box,
        rolls_left,
        _KEEPS[keep],
        Fraction(chance, denominator),
        Fraction(expected, denominator),
        distribution,
    )


def _rules(rules):
    from dicelab.yahtzee.rules import Rules

    return Rules.coerce(rules)


def box_odds(
    box: str, dice=(), held=None, rolls_left: int | None = None, rules=None, filled=None
) -> BoxOdds:
    """The odds of filling ``box`` by the end of the turn.

    ``dice`` are the five dice showing (empty before the turn's first roll), ``held`` the
    faces held for the next roll (None: the best hold for this box), ``rolls_left`` the rolls
    still allowed (by default all of them before the first roll, else all but one), and
    ``filled`` the boxes already filled on the card (they matter only for jokers, and in
    forced order, where a turn may fill only the first open box: another is refused).

    >>> box_odds("sixes", [6, 6, 6, 6, 6], rolls_left=0).distribution
    {30: Fraction(1, 1)}
    >>> box_odds("full_house", [2, 2, 3, 3, 5], rolls_left=1).chance
    Fraction(1, 3)
    """
    rules = _rules(rules)
    dice, held, rolls_left = _situation(rules, dice, held, rolls_left)
    return _box_odds(rules, box, dict(filled or {}), dice, held, rolls_left)


def situation_odds(
    dice=(), held=None, rolls_left: int | None = None, rules=None, filled=None
) -> SituationOdds:
    """The odds of every box this turn may fill in a situation (see :func:`box_odds`): the
    open boxes, and in forced order only the first.

    >>> odds = situation_odds([1, 2, 3, 4, 6], rolls_left=1)
    >>> odds["small_straight"].chance, odds["small_straight"].hold
    (Fraction(1, 1), (1, 2, 3, 4, 6))
    """
    from dicelab.yahtzee.scoring import open_boxes

    rules = _rules(rules)
    filled = dict(filled or {})
    dice, held, rolls_left = _situation(rules, dice, held, rolls_left)
    boxes = {
        box: _box_odds(rules, box, filled, dice, held, rolls_left)
        for box in open_boxes(rules, filled)
    }
    return SituationOdds(dice, held, rolls_left, boxes)


def state_odds(engine, state, best_hold: bool = False) -> SituationOdds:
    """The odds of every open box for the player to move in a Yahtzee engine state.

    With ``best_hold`` each box assumes its best hold, else the dice the player holds now.
    """
    rolls_left = engine.rules.rolls - state.rolls_used
    if not state.rolls_used:
        return situation_odds((), None, rolls_left, engine.rules, state.card.boxes)
    held = None if best_hold else [face for face, h in zip(state.dice, state.held) if h]
    return situation_odds(state.dice, held, rolls_left, engine.rules, state.card.boxes)
