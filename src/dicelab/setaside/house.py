"""House rules both set-aside games share: who starts, the penalty for scoreless turns
in a row (Fivethousand's "three farkles", Thousand's "bolts"), and the refusal of rules
whose turns need never end.

Each is one function, called by the engines, the batch simulator and the policies alike;
the penalty works on numbers and on numpy arrays of games at once.

>>> from dicelab.fivethousand import Rules
>>> rules = Rules(penalty=500, penalty_after=3, score_floor=-1000)
>>> after_turn(rules, 200, 2, True), after_turn(rules, -800, 2, True), after_turn(rules, 200, 2, False)
((-300, 0), (-1000, 0), (200, 0))
"""

from __future__ import annotations

import itertools
import math
import random
from functools import cache
from typing import TYPE_CHECKING, Any, overload

import numpy as np

if TYPE_CHECKING:
    from dicelab.setaside.combinations import CombinationTable, SetAsideRules

FIRST_PLAYERS = ("fixed", "random")


def first_seat(rules: SetAsideRules, seed: int | str, players: int) -> int:
    """The seat that starts: the first one, or (``first_player="random"``) one that chance
    picks, the same for the same seed."""
    if rules.first_player != "random":
        return 0
    return random.Random(f"{seed}/first player").randrange(players)


@overload
def after_turn(
    rules: SetAsideRules, score: int, streak: int, scoreless: bool
) -> tuple[int, int]: ...


@overload
def after_turn(
    rules: SetAsideRules, score: np.ndarray, streak: np.ndarray, scoreless: np.ndarray
) -> tuple[np.ndarray, np.ndarray]: ...


def after_turn(rules: SetAsideRules, score: Any, streak: Any, scoreless: Any) -> tuple[Any, Any]:
    """A seat's banked score and scoreless turns in a row once a turn ends (``scoreless``:
    a farkle, a burn). The ``penalty_after``-th scoreless turn in a row costs ``penalty``
    points, never taking the score below ``score_floor`` (a score already below stays), and
    starts the count again; a turn that scores ends the run. Numbers or numpy arrays."""
    streak = np.where(scoreless, np.asarray(streak) + 1, 0)
    if not rules.penalty:  # no run costs anything
        return (int(score), int(streak)) if np.ndim(score) == 0 else (score, streak)
    due = streak >= rules.penalty_after
    lowered = np.minimum(score, np.maximum(np.asarray(score) - rules.penalty, rules.score_floor))
    score = np.where(due, lowered, score)
    streak = np.where(due, 0, streak)
    if np.ndim(score) == 0:
        return int(score), int(streak)
    return score, streak


def penalty_due(rules: SetAsideRules, streak: int) -> bool:
    """Whether a scoreless turn now would cost the penalty."""
    return bool(rules.penalty) and streak + 1 >= rules.penalty_after


def check_penalty(rules: SetAsideRules) -> None:
    """Refuse penalty settings that do not fit together (naming them)."""
    if rules.penalty and rules.penalty_after < 1:
        rules.refuse(
            "penalty_after",
            "the scoreless turns in a row that cost the penalty (penalty_after) are at least 1, "
            f"not {rules.penalty_after}",
        )
    if rules.score_floor > 0:
        rules.refuse(
            "score_floor",
            "the lowest a penalty takes a banked score (score_floor) is 0 or below, "
            f"not {rules.score_floor}",
        )


def check_ends(rules: SetAsideRules, table: CombinationTable) -> None:
    """Refuse rules (whose combinations are ``table``) under which a player can throw on
    for ever without risking a farkle (``Rules(dice=1, all_dice_farkle=500)``: every throw
    scores with all the dice), naming the settings: a robot would never bank, and no game
    would end."""
    endless = riskless_sizes(table, rules.dice)
    if endless:
        free = getattr(rules, "all_dice_farkle", 0)
        because = (
            f" and all_dice_farkle {free} (a throw that scores nothing scores)" if free else ""
        )
        rules.refuse(
            "all_dice_farkle" if free else "dice",
            f"with {_dice(rules.dice)}{because}, a player can throw "
            f"{' or '.join(map(_dice, sorted(endless)))} again and again without ever risking "
            "a farkle, so robots would never bank and no game would end: "
            f"{'set all_dice_farkle to 0 or ' if free else ''}play with more dice",
        )


def check_exact_target(rules: SetAsideRules, table: CombinationTable) -> None:
    """Under an exact finish, refuse a target no score can reach exactly (every score is a
    multiple of the combinations' common step)."""
    step = math.gcd(*(points for _, points in table.combinations))
    if rules.exact_finish and rules.target % step:
        rules.refuse(
            "target",
            f"every score is a multiple of {step}, so the target "
            f"{rules.target} could never be reached exactly",
        )


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


@cache
def riskless_sizes(table: CombinationTable, dice: int) -> frozenset[int]:
    """The numbers of dice from which a player can keep throwing for ever, never risking a
    farkle: every throw of that many dice lets them set aside a scoring part that leaves a
    number in the set (hot dice, all set aside, start again with ``dice``)."""
    sizes = set(range(1, dice + 1))
    changed = True
    while changed:
        changed = False
        for size in sorted(sizes):
            if any(
                not any(
                    (size - len(part) or dice) in sizes for part in table.scoring_choices(throw)
                )
                for throw in itertools.combinations_with_replacement(range(1, 7), size)
            ):
                sizes.discard(size)
                changed = True
    return frozenset(sizes)
