"""Exact odds of one throw in Fivethousand or Thousand, read from the game's combinations.

The dice set aside from a throw are the engine's best choice: the most points, on a tie
the most dice (:meth:`CombinationTable.best_choice`). Thousand sets exactly these aside by
itself; in Fivethousand the player chooses, so "the points a throw adds" means the best
points it offers, and "the dice left" are those left after setting the best choice aside.

>>> throw_odds("fivethousand", 1).points
{0: Fraction(2, 3), 50: Fraction(1, 6), 100: Fraction(1, 6)}
>>> throw_odds("thousand", 5).hot_dice
Fraction(119, 1944)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from dicelab import dice as _dice
from dicelab.odds.games import resolve_set_aside
from dicelab.odds.table import OddsTable
from dicelab.setaside.odds import throw_summary


def _table_and_dice(game_or_rules, n_dice: int, rules):
    game = resolve_set_aside(game_or_rules, rules)
    if type(n_dice) is not int or not 1 <= n_dice <= game.rules.dice:
        raise ValueError(f"{game.name} throws 1 to {game.rules.dice} dice, not {n_dice!r}")
    return game, game.rules.combinations()


def bust_probability(game_or_rules, n_dice: int, rules=None) -> Fraction:
    """The exact chance that a throw of ``n_dice`` dice scores nothing.

    >>> bust_probability("fivethousand", 6)
    Fraction(5, 162)
    >>> bust_probability("thousand", 5)
    Fraction(25, 324)
    """
    _, table = _table_and_dice(game_or_rules, n_dice, rules)
    return throw_summary(table, n_dice).bust


@dataclass(frozen=True)
class ThrowOdds:
    """Every way a throw of ``dice`` dice can go.

    ``joint`` maps ``(points, dice_left)`` to its exact probability, where ``dice_left`` is
    the number of dice the player may throw next: a bust is ``(0, 0)`` (the turn is over)
    and hot dice (every die scored) give all the game's dice back.
    """

    game: str
    dice: int
    all_dice: int  # the rules' number of dice, what hot dice give back
    joint: dict

    def _marginal(self, index: int) -> dict:
        result: defaultdict[tuple, Fraction] = defaultdict(Fraction)
        for key, p in self.joint.items():
            result[key[index]] += p
        return dict(sorted(result.items()))

    @property
    def points(self) -> dict:
        """Points the throw adds (0 for a bust) -> probability."""
        return self._marginal(0)

    @property
    def dice_left(self) -> dict:
        """Dice to throw next (0 after a bust, all of them after hot dice) -> probability."""
        return self._marginal(1)

    @property
    def bust(self) -> Fraction:
        return self.joint.get((0, 0), Fraction(0))

    @property
    def hot_dice(self) -> Fraction:
        """The chance that every die thrown scores, so that all the dice may be thrown again."""
        return self.dice_left.get(self.all_dice, Fraction(0))

    @property
    def mean_points(self) -> Fraction:
        return sum((points * p for (points, _), p in self.joint.items()), Fraction(0))

    def table(self) -> OddsTable:
        """One row per (points, dice left), most likely first."""
        rows = [
            {"points": points, "dice left": left, "probability": p, "percent": float(100 * p)}
            for (points, left), p in sorted(self.joint.items(), key=lambda item: -item[1])
        ]
        return OddsTable(
            ["points", "dice left", "probability", "percent"],
            rows,
            f"{self.game}: throwing {self.dice} dice",
        )


def throw_odds(game_or_rules, n_dice: int, rules=None) -> ThrowOdds:
    """The joint distribution of the points a throw of ``n_dice`` dice adds and the dice left.

    >>> odds = throw_odds("fivethousand", 6)
    >>> sum(odds.points.values()), odds.bust, odds.dice_left[6]
    (Fraction(1, 1), Fraction(5, 162), Fraction(23, 1296))
    """
    game, table = _table_and_dice(game_or_rules, n_dice, rules)
    return ThrowOdds(game.name, n_dice, game.rules.dice, _joint(table, n_dice, game.rules.dice))


@cache
def _joint(table, n_dice: int, all_dice: int) -> dict:
    joint: defaultdict[tuple, Fraction] = defaultdict(Fraction)
    for throw, p in _dice.outcomes(n_dice).items():
        best = table.best_choice(throw)
        if best is None:
            joint[0, 0] += p
        else:
            kept, points = best
            joint[points, n_dice - len(kept) or all_dice] += p
    return dict(joint)


def reach_chance(game_or_rules, top: int, banked: int = 0, rules=None) -> Fraction:
    """The exact chance that one turn, starting at ``banked`` with every die, stands at
    ``top`` or more before a throw scores nothing; each throw's best choice goes aside (as
    :func:`throw_odds` reads it), and going past the target burns the turn.

    >>> reach_chance("fivethousand", 50)  # any throw that scores: 1 - 5/162
    Fraction(157, 162)
    >>> round(float(reach_chance("thousand", 100)), 4)  # out of the first cask in one turn
    0.1595
    """
    game = resolve_set_aside(game_or_rules, rules)
    table, every, target = game.rules.combinations(), game.rules.dice, game.rules.target
    if type(top) is not int or type(banked) is not int or not 0 <= banked < top <= target:
        raise ValueError(
            f"a turn climbs from banked points to a top above them, at most the target {target}"
        )

    @cache
    def chance(points: int, dice: int) -> Fraction:
        if banked + points > target:
            return Fraction(0)  # burned
        if banked + points >= top:
            return Fraction(1)
        return sum(
            (
                p * chance(points + gained, left)
                for (gained, left), p in _joint(table, dice, every).items()
                if left
            ),
            Fraction(0),
        )

    return chance(0, every)


def bust_table(game_or_rules, rules=None) -> OddsTable:
    """For each number of dice: the chance to bust, to get hot dice, and the mean points.

    >>> bust_table("thousand").rows[0]["bust"]
    Fraction(2, 3)
    """
    game = resolve_set_aside(game_or_rules, rules)
    rows = []
    for n in range(1, game.rules.dice + 1):
        odds = throw_odds(game.rules, n)
        rows.append(
            {
                "dice": n,
                "bust": odds.bust,
                "bust %": float(100 * odds.bust),
                "hot dice": odds.hot_dice,
                "mean points": float(odds.mean_points),
            }
        )
    return OddsTable(
        ["dice", "bust", "bust %", "hot dice", "mean points"], rows, f"{game.name}: one throw"
    )
