"""Yahtzee's rules as settings, and its presets (``scratch`` is the default).

>>> Rules().preset_name
'scratch'
>>> Rules.preset("yatzy").boxes[6:8]
('one_pair', 'two_pairs')
"""

from __future__ import annotations

from dataclasses import dataclass

from dicelab import validation
from dicelab.messages import catalogue
from dicelab.ruleset import RuleSet

UPPER_BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes")
YAHTZEE_BOXES = UPPER_BOXES + (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
)
YATZY_BOXES = UPPER_BOXES + (
    "one_pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "chance",
    "yahtzee",
)
BOX_TITLES = {  # each box's name, as the English catalogue says it (dicelab.messages)
    box: catalogue("en")(f"box.{box}") for box in dict.fromkeys(YAHTZEE_BOXES + YATZY_BOXES)
}
COLOURS = (
    "White",
    "Light Gray",
    "Dark Gray",
    "Black",
    "Brown",
    "Red",
    "Orange",
    "Yellow",
    "Lime",
    "Green",
    "Cyan",
    "Blue",
    "Purple",
    "Magenta",
    "Rose",
    "Pink",
)
MAX_ROLLS = 10
JOKERS = ("none", "forced", "free")
STYLES = ("yahtzee", "yatzy")


@dataclass(frozen=True)
class Rules(RuleSet):
    """Every number of the Yahtzee section of the rules, as a setting.

    ``style`` is "yahtzee" (fixed-value Full House and straights) or "yatzy" (boxes score
    the dice that form them, straights are 1-5 and 2-6). ``joker`` is "none", "forced"
    (the official Hasbro rule) or "free" (a further Yahtzee may go in any open box).
    In the "yatzy" style Full House scores the sum of the dice, so ``full_house`` is unused.
    ``five_of_a_kind_is_full_house`` holds in both styles (a Yatzy Full House of five 3s
    scores 15). ``forced_order`` makes each turn fill the first open box of ``boxes``
    (top to bottom).
    """

    style: str = "yahtzee"
    boxes: tuple[str, ...] = YAHTZEE_BOXES
    rolls: int = 3
    upper_bonus: int = 35
    upper_bonus_threshold: int = 63
    full_house: int = 25
    small_straight: int = 30
    large_straight: int = 40
    yahtzee: int = 50
    five_of_a_kind_is_full_house: bool = True
    yahtzee_bonus: int = 100
    joker: str = "none"
    forced_order: bool = False

    def check(self) -> None:
        validation.one_of(self.style, STYLES, "the style", setting="style")
        validation.one_of(self.joker, JOKERS, "the joker rule", setting="joker")
        allowed = YATZY_BOXES if self.style == "yatzy" else YAHTZEE_BOXES
        if (
            not self.boxes
            or len(set(self.boxes)) != len(self.boxes)
            or set(self.boxes) - set(allowed)
        ):
            self.refuse("boxes", f"boxes must be distinct names from {', '.join(allowed)}")
        if self.forced_order and self.joker == "forced":
            self.refuse(
                "joker",
                "forced_order fills the boxes top to bottom, so the forced joker can't pick a "
                "box: set joker to 'free' or 'none', or forced_order off",
            )
        if not 1 <= self.rolls <= MAX_ROLLS:
            self.refuse("rolls", f"a turn has 1 to {MAX_ROLLS} rolls, not {self.rolls}")

    @property
    def upper_boxes(self) -> tuple[str, ...]:
        return tuple(box for box in self.boxes if box in UPPER_BOXES)


Rules.PRESETS = {
    "scratch": Rules(),
    "hasbro": Rules(five_of_a_kind_is_full_house=False, joker="forced"),
    "free_joker": Rules(five_of_a_kind_is_full_house=False, joker="free"),
    "no_bonus": Rules(five_of_a_kind_is_full_house=False, yahtzee_bonus=0),
    "yatzy": Rules(
        style="yatzy",
        boxes=YATZY_BOXES,
        upper_bonus=50,
        small_straight=15,
        large_straight=20,
        five_of_a_kind_is_full_house=False,
        yahtzee_bonus=0,
    ),
}
PRESETS = Rules.PRESETS
