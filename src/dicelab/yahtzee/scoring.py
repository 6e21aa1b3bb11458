"""What a Yahtzee box scores, with the joker and Yahtzee-bonus rules of each preset.

>>> score("full_house", [3, 3, 3, 3, 3])
25
>>> score("full_house", [3, 3, 3, 3, 3], "hasbro")
0
>>> score("two_pairs", [2, 2, 5, 5, 6], "yatzy")
14
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from dicelab.dice import Dice, counts
from dicelab.validation import box_name, faces
from dicelab.yahtzee.rules import UPPER_BOXES, Rules


def _straight_run(tally: Sequence[int]) -> int:
    """The longest run of consecutive faces present."""
    best = run = 0
    for n in tally:
        run = run + 1 if n else 0
        best = max(best, run)
    return best


def _of_a_kind(tally: Sequence[int], n: int) -> int:
    """The highest face shown at least ``n`` times, or 0."""
    return max((face for face in range(1, 7) if tally[face - 1] >= n), default=0)


def _is_full_house(tally: Sequence[int], rules: Rules) -> bool:
    """Three of one face and two of another, or five of a kind where the rules count it."""
    shape = sorted(n for n in tally if n)
    return shape == [2, 3] or (shape == [5] and rules.five_of_a_kind_is_full_house)


def _yahtzee_style(box: str, dice: Dice, tally: tuple[int, ...], rules: Rules) -> int:
    total = sum(dice)
    if box == "three_of_a_kind":
        return total if _of_a_kind(tally, 3) else 0
    if box == "four_of_a_kind":
        return total if _of_a_kind(tally, 4) else 0
    if box == "full_house":
        return rules.full_house if _is_full_house(tally, rules) else 0
    if box == "small_straight":
        return rules.small_straight if _straight_run(tally) >= 4 else 0
    if box == "large_straight":
        return rules.large_straight if _straight_run(tally) == 5 else 0
    raise ValueError(f"unknown box {box!r}")


def _yatzy_style(box: str, dice: Dice, tally: tuple[int, ...], rules: Rules) -> int:
    pairs = [face for face in range(6, 0, -1) if tally[face - 1] >= 2]
    if box == "one_pair":
        return 2 * pairs[0] if pairs else 0
    if box == "two_pairs":
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if box == "three_of_a_kind":
        return 3 * _of_a_kind(tally, 3)
    if box == "four_of_a_kind":
        return 4 * _of_a_kind(tally, 4)
    if box == "full_house":
        return sum(dice) if _is_full_house(tally, rules) else 0
    if box == "small_straight":
        return rules.small_straight if tally[:5] == (1, 1, 1, 1, 1) else 0
    if box == "large_straight":
        return rules.large_straight if tally[1:] == (1, 1, 1, 1, 1) else 0
    raise ValueError(f"unknown box {box!r}")


@cache
def _box_score(box: str, dice: Dice, rules: Rules) -> int:
    tally = counts(dice)
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return face * tally[face - 1]
    if box == "chance":
        return sum(dice)
    if box == "yahtzee":
        return rules.yahtzee if 5 in tally else 0
    if rules.style == "yatzy":
        return _yatzy_style(box, dice, tally, rules)
    return _yahtzee_style(box, dice, tally, rules)


def score(box: str, dice: object, rules: Rules | str | None = None) -> int:
    """The value of ``box`` for these five dice before bonuses and jokers."""
    checked = Rules.coerce(rules)
    box = box_name(box, checked.boxes, error=None)
    return _box_score(box, faces(dice, 5, 5, what="a Yahtzee hand"), checked)


def is_yahtzee(dice: Sequence[int]) -> bool:
    """Five of a kind."""
    return len(dice) == 5 and len(set(dice)) == 1


def reads_the_card(dice: Sequence[int]) -> bool:
    """Whether what ``dice`` score (:func:`box_points`, :func:`yahtzee_bonus`) can depend on
    the card: only a Yahtzee's can, through a joker or the bonus. Every other roll scores
    the same on every card, so tables of scores need it once.

    >>> reads_the_card((4, 4, 4, 4, 4)), reads_the_card((4, 4, 4, 4, 2))
    (True, False)
    """
    return is_yahtzee(dice)


def joker_is_active(rules: Rules, dice: Sequence[int], filled: Mapping[str, int]) -> bool:
    """A further Yahtzee under a joker rule: the Yahtzee box is filled (with 50 or 0).

    ``filled`` maps each filled box to its score.
    """
    return rules.joker != "none" and reads_the_card(dice) and "yahtzee" in filled


def open_boxes(rules: Rules, filled: Mapping[str, int]) -> tuple[str, ...]:
    """The boxes this turn may fill, whatever the dice: the open ones, and in forced order
    only the first of them (the boxes are filled top to bottom)."""
    boxes = tuple(box for box in rules.boxes if box not in filled)
    return boxes[:1] if rules.forced_order else boxes


def legal_boxes(rules: Rules, dice: Sequence[int], filled: Mapping[str, int]) -> tuple[str, ...]:
    """The boxes this hand may be scored in: :func:`open_boxes`, which the forced joker
    narrows."""
    boxes = open_boxes(rules, filled)
    if rules.joker != "forced" or not joker_is_active(rules, dice, filled):
        return boxes
    matching = UPPER_BOXES[dice[0] - 1]
    if matching in boxes:
        return (matching,)
    lower = tuple(box for box in boxes if box not in UPPER_BOXES)
    return lower or boxes


def box_points(rules: Rules, box: str, dice: Sequence[int], filled: Mapping[str, int]) -> int:
    """What ``box`` scores for ``dice`` on a card whose filled boxes are ``filled``,
    jokers included (the Yahtzee bonus is separate: :func:`yahtzee_bonus`)."""
    points = _box_score(box, tuple(dice), rules)
    matching = UPPER_BOXES[dice[0] - 1]
    if joker_is_active(rules, dice, filled) and matching in filled:
        points = {
            "full_house": rules.full_house,
            "small_straight": rules.small_straight,
            "large_straight": rules.large_straight,
        }.get(box, points)
    return points


def yahtzee_bonus(rules: Rules, dice: Sequence[int], filled: Mapping[str, int]) -> int:
    """The bonus a further Yahtzee earns: only while the Yahtzee box holds its full value."""
    if rules.yahtzee_bonus and reads_the_card(dice) and filled.get("yahtzee") == rules.yahtzee > 0:
        return rules.yahtzee_bonus
    return 0


def upper_bonus(rules: Rules, filled: Mapping[str, int]) -> int:
    """The upper-section bonus earned by the boxes filled so far."""
    return int(bonus_of_upper_total(rules, sum(p for b, p in filled.items() if b in UPPER_BOXES)))


def bonus_of_upper_total(rules: Rules, upper_total: Any) -> Any:
    """The upper bonus an upper section totalling ``upper_total`` earns: a number, or for
    an array of totals (the batch simulator's, the solver's) an array.

    >>> import numpy as np
    >>> bonus_of_upper_total(Rules(), 63), bonus_of_upper_total(Rules(), np.array([62, 70])).tolist()
    (35, [0, 35])
    """
    return (upper_total >= rules.upper_bonus_threshold) * rules.upper_bonus
