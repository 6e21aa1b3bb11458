"""Yahtzee as a pure state machine: states, actions, legal moves, chance and transitions.

A turn: Roll throws every die that is not held (a chance node); between rolls the player
may Hold or Release dice; after a roll the player may Score a box, and must after the last.

>>> engine = Engine(Rules())
>>> state = engine.apply(engine.initial_state(1), Roll())
>>> state.is_chance, sorted(engine.chance_outcomes(state).values())[-1]
(True, Fraction(5, 324))
>>> state = engine.apply_chance(state, (1, 2, 3, 4, 6))
>>> engine.preview(state, "small_straight")
30
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from dicelab import dice as _dice
from dicelab.actions import Action, action_from_json
from dicelab.dice import Dice
from dicelab.errors import IllegalMoveError
from dicelab.messages import Said
from dicelab.validation import box_name, die_index
from dicelab.yahtzee.rules import BOX_TITLES, UPPER_BOXES, Rules
from dicelab.yahtzee.scoring import box_points, legal_boxes, upper_bonus, yahtzee_bonus


@dataclass(frozen=True)
class Roll(Action):
    """Roll every die that is not held."""

    type = "roll"


@dataclass(frozen=True)
class Hold(Action):
    """Keep die number ``die`` (0-4) out of the next roll."""

    type = "hold"
    die: int

    def __post_init__(self) -> None:
        die_index(self.die)


@dataclass(frozen=True)
class Release(Action):
    """Put a held die back into the next roll."""

    type = "release"
    die: int

    def __post_init__(self) -> None:
        die_index(self.die)


@dataclass(frozen=True)
class Score(Action):
    """Score the dice in ``box``, ending the turn."""

    type = "score"
    box: str

    def __post_init__(self) -> None:
        box_name(self.box, BOX_TITLES)


ACTIONS = (Roll, Hold, Release, Score)


@dataclass(frozen=True)
class Card:
    """One player's scorecard: the filled boxes and the Yahtzee bonuses earned."""

    filled: tuple[tuple[str, int], ...] = ()  # (box, points) pairs in the order they were filled
    yahtzee_bonuses: int = 0

    @property
    def boxes(self) -> dict[str, int]:
        return dict(self.filled)

    def upper_total(self) -> int:
        return sum(points for box, points in self.filled if box in UPPER_BOXES)

    def total(self, rules: Rules) -> int:
        """Boxes plus the upper bonus plus the Yahtzee bonuses."""
        boxes = self.boxes
        return (
            sum(boxes.values())
            + upper_bonus(rules, boxes)
            + self.yahtzee_bonuses * rules.yahtzee_bonus
        )


@dataclass(frozen=True)
class State:
    """Everything about a game at one moment (immutable)."""

    cards: tuple[Card, ...]
    player: int = 0
    dice: tuple[int, ...] = ()  # five faces by position, () before the turn's first roll
    held: tuple[bool, ...] = (False,) * 5
    rolls_used: int = 0
    rolling: bool = False  # waiting for the dice: a chance node
    over: bool = False

    @property
    def is_chance(self) -> bool:
        return self.rolling

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def card(self) -> Card:
        """The card of the player to move."""
        return self.cards[self.player]


class Engine:
    """The rules of Yahtzee applied to states."""

    actions: ClassVar[tuple[type[Action], ...]] = ACTIONS

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def initial_state(self, players: int) -> State:
        return State(cards=(Card(),) * players)

    def action_from_json(self, document: object) -> Action:
        return action_from_json(document, ACTIONS)

    # --- what may be done -------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        if state.over or state.rolling:
            return []
        actions: list[Action] = []
        if state.rolls_used < self.rules.rolls and not all(state.held):
            actions.append(Roll())
        if 0 < state.rolls_used < self.rules.rolls:
            actions += [Release(i) if held else Hold(i) for i, held in enumerate(state.held)]
        if state.rolls_used:
            actions += [Score(box) for box in self.scorable_boxes(state)]
        return actions

    def scorable_boxes(self, state: State) -> tuple[str, ...]:
        """The boxes the player to move may score now (none before the first roll)."""
        if not state.rolls_used:
            return ()
        return legal_boxes(self.rules, tuple(sorted(state.dice)), state.card.boxes)

    def preview(self, state: State, box: str) -> int:
        """What scoring ``box`` now would add to the box (jokers included, bonus apart)."""
        return box_points(self.rules, box, tuple(sorted(state.dice)), state.card.boxes)

    def bonus_preview(self, state: State) -> int:
        """The Yahtzee bonus that scoring now would earn."""
        return yahtzee_bonus(self.rules, tuple(sorted(state.dice)), state.card.boxes)

    def _check(self, state: State, action: Action) -> None:
        if state.over:
            raise IllegalMoveError(Said("refusal.game_over"))
        if state.rolling:
            raise IllegalMoveError(Said("refusal.still_rolling"))
        rolls_left = self.rules.rolls - state.rolls_used
        if isinstance(action, Roll):
            if not rolls_left:
                raise IllegalMoveError(Said("refusal.rolled_all", rolls=self.rules.rolls))
            if all(state.held):
                raise IllegalMoveError(Said("refusal.all_held"))
        elif isinstance(action, (Hold, Release)):
            if not state.rolls_used:
                raise IllegalMoveError(Said("refusal.roll_first"))
            if not rolls_left:
                raise IllegalMoveError(Said("refusal.no_rolls_left"))
            if isinstance(action, Hold) and state.held[action.die]:
                raise IllegalMoveError(Said("refusal.already_held"))
            if isinstance(action, Release) and not state.held[action.die]:
                raise IllegalMoveError(Said("refusal.not_held"))
        elif isinstance(action, Score):
            self.check_score(state, action.box)
        else:
            raise IllegalMoveError(f"{action!r} is not a Yahtzee action")

    def check_score(self, state: State, box: str) -> None:
        """IllegalMoveError, with the reason, unless the player to move may score ``box`` now."""
        box_name(box, self.rules.boxes)
        if not state.rolls_used:
            raise IllegalMoveError(Said("refusal.roll_before_score"))
        if box in state.card.boxes:
            raise IllegalMoveError(Said("refusal.box_used", box=Said(f"box.{box}")))
        allowed = self.scorable_boxes(state)
        if box not in allowed:
            titles = [Said(f"box.{b}") for b in allowed]
            where = titles[0]
            for title in titles[1:-1]:
                where = Said("list.comma", first=where, next=title)
            if len(titles) > 1:
                where = Said("list.or", first=where, last=titles[-1])
            raise IllegalMoveError(Said("refusal.joker", boxes=where))

    # --- what happens -----------------------------------------------------------------
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; IllegalMoveError when the rules forbid it."""
        self._check(state, action)
        if isinstance(action, Roll):
            return replace(state, rolling=True)
        if isinstance(action, Hold):
            return replace(state, held=_set(state.held, action.die, True))
        if isinstance(action, Release):
            return replace(state, held=_set(state.held, action.die, False))
        assert isinstance(action, Score)  # _check refused every other action
        return self._score(state, action.box)

    def _score(self, state: State, box: str) -> State:
        card = state.card
        card = Card(
            card.filled + ((box, self.preview(state, box)),),
            card.yahtzee_bonuses + (1 if self.bonus_preview(state) else 0),
        )
        cards = _set(state.cards, state.player, card)
        over = all(len(c.filled) == len(self.rules.boxes) for c in cards)
        return State(
            cards=cards, player=state.player if over else (state.player + 1) % len(cards), over=over
        )

    def chance_outcomes(self, state: State) -> dict[Dice, Fraction]:
        """Every outcome of the dice being rolled (the faces of the dice not held)."""
        if not state.rolling:
            return {}
        return _dice.outcomes(self.dice_to_roll(state))

    def dice_to_roll(self, state: State) -> int:
        return len(self.throw_positions(state))

    def throw_positions(self, state: State) -> tuple[int, ...]:
        """The places (0-4) of the dice the roll being made rolls: all five on the turn's
        first roll, then those not held."""
        if not state.dice:
            return tuple(range(5))
        return tuple(i for i, held in enumerate(state.held) if not held)

    def throw_number(self, state: State) -> int:
        """How many rolls the turn has had before this one (0 for its first)."""
        return state.rolls_used

    def sample_chance(self, state: State, rng: random.Random) -> tuple[int, ...]:
        """Faces for the dice being rolled, in the order of :meth:`throw_positions`."""
        return _dice.throw(rng, self.dice_to_roll(state))

    def apply_chance(self, state: State, outcome: Iterable[int]) -> State:
        """Put the rolled faces, in the order given, into the places of the dice that were
        rolled (:meth:`throw_positions`); a held die stays where it is."""
        faces = tuple(outcome)
        if tuple(sorted(faces)) not in self.chance_outcomes(state):
            raise IllegalMoveError(f"{list(faces)} is not a possible roll now")
        dice = list(state.dice or (0,) * 5)
        for place, face in zip(self.throw_positions(state), faces):
            dice[place] = face
        return replace(state, dice=tuple(dice), rolls_used=state.rolls_used + 1, rolling=False)

    # --- the end ----------------------------------------------------------------------
    def totals(self, state: State) -> list[int]:
        """Each card's total, bonuses included."""
        return [card.total(self.rules) for card in state.cards]

    def scores(self, state: State) -> list[int]:
        """Each seat's score: its card's total (every engine has ``scores``)."""
        return self.totals(state)

    def winners(self, state: State) -> list[int]:
        totals = self.totals(state)
        return [i for i, total in enumerate(totals) if total == max(totals)]


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
