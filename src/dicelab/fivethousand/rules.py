"""Fivethousand's rules as settings, and its presets (``zillions`` is the default).

>>> Rules().preset_name
'zillions'
>>> Rules.preset("farkle").target
10000
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from typing import Any, overload

import numpy as np
from numpy.typing import ArrayLike

from dicelab import validation
from dicelab.ruleset import RuleSet
from dicelab.setaside import CombinationTable
from dicelab.setaside.house import FIRST_PLAYERS, check_ends, check_exact_target, check_penalty
from dicelab.setaside.turn import TurnRules, as_given

MORE_OF_A_KIND = ("fixed", "doubling", "adding")
HOT_DICE = ("optional", "compulsory")


@dataclass(frozen=True)
class Rules(TurnRules, RuleSet):
    """Every number of the Fivethousand section of the rules, as a setting.

    A combination worth 0 is not used. ``more_of_a_kind`` says what four, five and six of
    a face score: "fixed" (the ``four_of_a_kind`` .. ``six_of_a_kind`` values; 0 leaves a
    triple plus singles), "doubling" (each die past three doubles the triple: 2, 4 and 8
    times it) or "adding" (each adds the triple: 2, 3 and 4 times it).
    ``four_of_a_kind_and_pair`` and ``two_triplets`` are six-dice combinations.
    ``bust_keeps_completed_rounds`` is the Zillions rule: a farkle in a bonus round loses
    only that round's points. ``all_dice_farkle`` is what a throw of all the dice that
    scores nothing is worth instead (Zilch's 500, a free roll: hot dice).

    Table rules: a player banks a turn only with at least ``min_bank`` points, and the first
    time (to get "on the board") with at least ``opening``; ``hot_dice`` "compulsory" makes
    a player throw again once every die scored. ``last_turn`` gives everyone else one more
    turn once a player reaches the target (off: the first to bank the target wins).
    ``exact_finish`` makes the target be reached exactly: a turn that would pass it burns,
    and reaching it wins at once.
    ``first_player`` "random" lets chance pick who starts. The ``penalty_after``-th farkle
    in a row costs ``penalty`` points, never taking a banked score below ``score_floor``.
    """

    SIGNED = frozenset({"score_floor"})

    choose_keep = True  # the player picks the dice to set aside (in Thousand, a setting)

    dice: int = 6
    target: int = 5000
    single_one: int = 100
    single_five: int = 50
    three_ones: int = 1000
    three_of_a_kind_per_pip: int = 100  # three N (N = 2..6) score 100·N
    straight: int = 0  # 1-2-3-4-5-6
    three_pairs: int = 0
    four_of_a_kind: int = 0
    five_of_a_kind: int = 0
    six_of_a_kind: int = 0
    more_of_a_kind: str = "fixed"
    four_of_a_kind_and_pair: int = 0
    two_triplets: int = 0
    bust_keeps_completed_rounds: bool = True
    all_dice_farkle: int = 0
    opening: int = 0
    min_bank: int = 0
    hot_dice: str = "optional"
    last_turn: bool = True
    exact_finish: bool = False
    first_player: str = "fixed"
    penalty: int = 0
    penalty_after: int = 3
    score_floor: int = 0

    def check(self) -> None:
        if not 1 <= self.dice <= 6:
            self.refuse("dice", f"Fivethousand is played with 1 to 6 dice, not {self.dice}")
        if self.target < 1:
            self.refuse("target", "the target must be at least 1 point")
        validation.one_of(
            self.more_of_a_kind, MORE_OF_A_KIND, "more of a kind", setting="more_of_a_kind"
        )
        validation.one_of(self.hot_dice, HOT_DICE, "hot dice", setting="hot_dice")
        validation.one_of(self.first_player, FIRST_PLAYERS, "first player", setting="first_player")
        check_penalty(self)
        fixed = [
            name
            for name in ("four_of_a_kind", "five_of_a_kind", "six_of_a_kind")
            if getattr(self, name)
        ]
        if self.more_of_a_kind != "fixed" and fixed:
            self.refuse(
                "more_of_a_kind",
                f"{' and '.join(fixed)} {'gives a fixed value' if len(fixed) == 1 else 'give fixed values'}, "
                f"so more_of_a_kind must be 'fixed', not {self.more_of_a_kind!r} "
                f"(or set {'it' if len(fixed) == 1 else 'them'} to 0)",
            )
        for name in ("four_of_a_kind_and_pair", "two_triplets"):
            if getattr(self, name) and self.dice < 6:
                self.refuse(
                    name,
                    f"{name} needs six dice, and dice is {self.dice}: set it to 0 or play with six dice",
                )
        if self.hot_dice == "compulsory" and self.dice == 1:
            if self.all_dice_farkle:
                self.refuse(
                    "hot_dice",
                    "with one die and all_dice_farkle every throw scores with all the dice, so "
                    "compulsory hot dice would never let a turn end: set hot_dice to 'optional', "
                    "all_dice_farkle to 0 or play with more dice",
                )
            if not self.bust_keeps_completed_rounds:
                self.refuse(
                    "hot_dice",
                    "with one die every scoring throw is hot dice, so compulsory hot dice would "
                    "never let a player bank (a farkle ends every turn, and no game ends): set "
                    "hot_dice to 'optional', bust_keeps_completed_rounds to True or play with "
                    "more dice",
                )
        if not any(len(faces) <= self.dice for faces, _ in self._rows()):
            self.refuse(
                "dice",
                f"no combination that scores fits in {self.dice} dice: "
                "every throw would be a farkle",
            )
        check_ends(self, CombinationTable.from_rows(self._rows()))
        check_exact_target(self, CombinationTable.from_rows(self._rows()))

    def combinations(self) -> CombinationTable:
        """The scoring combinations of these rules (worked out once for equal rules)."""
        return _combinations(self)

    def _rows(self) -> list[tuple[tuple[int, ...], int]]:
        """Each combination that scores, as (faces, points)."""
        rows = self._combination_rows()
        if self.all_dice_farkle:
            table = CombinationTable.from_rows(rows)
            rows += [
                (throw, self.all_dice_farkle)
                for throw in itertools.combinations_with_replacement(range(1, 7), self.dice)
                if table.best_choice(throw) is None
            ]
        return rows

    def _combination_rows(self) -> list[tuple[tuple[int, ...], int]]:
        rows: list[tuple[tuple[int, ...], int]] = [
            ((1,), self.single_one),
            ((5,), self.single_five),
            ((1, 1, 1), self.three_ones),
        ]
        triples = {
            1: self.three_ones,
            **{face: self.three_of_a_kind_per_pip * face for face in range(2, 7)},
        }
        rows += [((face,) * 3, triples[face]) for face in range(2, 7)]
        for size, points in (
            (4, self.four_of_a_kind),
            (5, self.five_of_a_kind),
            (6, self.six_of_a_kind),
        ):
            times = {"fixed": None, "doubling": 2 ** (size - 3), "adding": size - 2}[
                self.more_of_a_kind
            ]
            rows += [
                ((face,) * size, points if times is None else times * triples[face])
                for face in range(1, 7)
            ]
        rows += [
            ((four,) * 4 + (two,) * 2, self.four_of_a_kind_and_pair)
            for four in range(1, 7)
            for two in range(1, 7)
            if four != two
        ]
        rows += [
            ((low,) * 3 + (high,) * 3, self.two_triplets)
            for low, high in itertools.combinations(range(1, 7), 2)
        ]
        rows.append(((1, 2, 3, 4, 5, 6), self.straight))
        rows += [
            (tuple(sorted(pairs * 2)), self.three_pairs)
            for pairs in itertools.combinations(range(1, 7), 3)
        ]
        return [row for row in rows if row[1] > 0]

    # --- who may bank: every engine, policy and batch bot asks these -----------------------
    @overload
    def bank_needs(self, on_board: bool = True) -> int: ...

    @overload
    def bank_needs(self, on_board: np.ndarray) -> int | np.ndarray: ...

    def bank_needs(self, on_board: bool | np.ndarray = True) -> int | np.ndarray:
        """The turn points a player needs to bank (numbers or numpy arrays of flags).

        >>> int(Rules(opening=500, min_bank=300).bank_needs(False)), Rules(min_bank=300).bank_needs()
        (500, 300)
        """
        if not self.opening:
            return self.min_bank
        needs: int | np.ndarray = np.where(
            on_board, self.min_bank, max(self.opening, self.min_bank)
        )[()]
        return needs

    @property
    def must_rethrow(self) -> bool:
        """Whether hot dice must be thrown again (no bank on hot dice: ``hot_dice``
        "compulsory")."""
        return self.hot_dice == "compulsory"

    # --- the turn's transitions (setaside.turn.TurnRules) that Fivethousand changes ---------
    def turn_needs(self, banked: ArrayLike, on_board: bool | np.ndarray = True) -> Any:
        """:meth:`bank_needs`, whatever the banked score.

        >>> Rules(opening=500).turn_needs(0, False), Rules(opening=500, min_bank=300).turn_needs(800)
        (500, 300)
        """
        return as_given(np.asarray(self.bank_needs(on_board)))

    def kept_on_bust(self, round_start: Any, on_board: bool | np.ndarray = True) -> Any:
        """The rounds completed with hot dice under Zillions rules
        (``bust_keeps_completed_rounds``), when they could be banked; else nothing.

        >>> Rules().kept_on_bust(400), Rules(min_bank=500).kept_on_bust(400)
        (400, 0)
        """
        if not self.bust_keeps_completed_rounds:
            return 0
        return round_start * (round_start >= self.bank_needs(on_board))

    def last_turns(self, owed: Any, score: Any, seats: int) -> Any:
        """Banking the target gives each other seat one last turn (``last_turn``; without
        it, the game ends at once); each last turn played counts one down. -1 while none
        is due; the game ends at 0.

        >>> Rules().last_turns(-1, 5000, 3), Rules().last_turns(2, 0, 3)
        (2, 1)
        >>> Rules(last_turn=False).last_turns(-1, 5000, 3), Rules().last_turns(-1, 4950, 3)
        (0, -1)
        """
        reached = np.asarray(score) >= self.target
        if not self.last_turn:
            return as_given(np.where(reached, 0, owed))
        return as_given(np.where(np.asarray(owed) < 0, np.where(reached, seats - 1, -1), owed - 1))


Rules.PRESETS = {
    "zillions": Rules(),
    "traditional": Rules(bust_keeps_completed_rounds=False),
    "farkle": Rules(
        target=10000,
        straight=1500,
        three_pairs=1500,
        four_of_a_kind=1000,
        five_of_a_kind=2000,
        six_of_a_kind=3000,
        bust_keeps_completed_rounds=False,
    ),
    # the Ruby Koans' Greed (GREED_RULES.txt), as the scoring katas play it; docs/rules.md
    "greed": Rules(dice=5, target=3000, bust_keeps_completed_rounds=False, opening=300),
    # the boxed game's rule sheet (docs/rules.md names the source)
    "playmonster": Rules(
        target=10000,
        three_ones=300,
        four_of_a_kind=1000,
        five_of_a_kind=2000,
        six_of_a_kind=3000,
        straight=1500,
        three_pairs=1500,
        four_of_a_kind_and_pair=1500,
        two_triplets=2500,
        bust_keeps_completed_rounds=False,
    ),
    # Busche 2016, Facebook Farkle: three farkles in a row cost 500, banked scores floored at
    # -2500, the first to bank 10 000 wins; the scoring is the screened variant nearest his
    # figure (docs/rules.md)
    "facebook": Rules(
        target=10000,
        more_of_a_kind="doubling",
        straight=1500,
        three_pairs=750,
        bust_keeps_completed_rounds=False,
        last_turn=False,
        penalty=500,
        score_floor=-2500,
    ),
    # Busche 2010, Zilch as played on playr.co.uk (docs/rules.md)
    "zilch": Rules(
        target=10000,
        more_of_a_kind="doubling",
        straight=1500,
        three_pairs=1500,
        four_of_a_kind_and_pair=1500,  # three pairs "not necessarily unique"
        all_dice_farkle=500,
        min_bank=300,
        penalty=500,
        score_floor=-1_000_000,  # no floor
        bust_keeps_completed_rounds=False,
    ),
    # Busche & Neller, ACG 2017: singles and triples only, the first to bank 10 000 wins
    "busche_neller": Rules(target=10000, bust_keeps_completed_rounds=False, last_turn=False),
}
PRESETS = Rules.PRESETS
Rules.WORDS = {
    "more_of_a_kind": MORE_OF_A_KIND,
    "hot_dice": HOT_DICE,
    "first_player": FIRST_PLAYERS,
}


@cache
def _combinations(rules: Rules) -> CombinationTable:
    return CombinationTable.from_rows(rules._rows())
