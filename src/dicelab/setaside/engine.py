"""The turn of a set-aside game (Fivethousand, Thousand) as a pure state machine.

A turn: Throw the dice left (a chance node); a throw with no scoring die busts the turn;
otherwise scoring dice are set aside (chosen by the player, or automatically), and the
player throws the rest or banks the turn's points. When every die has been set aside the
player starts again with all of them ("hot dice"). The turn's transitions (hot dice, what
a farkle keeps, the exact finish and the burn, where a score lands, the last-turn
countdown) are the rules' own (:class:`dicelab.setaside.turn.TurnRules`), which the batch
simulator calls too; each game subclasses :class:`SetAsideEngine` for who may bank (with
the sentence that says why not) and who wins.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from dicelab import dice as _dice
from dicelab.actions import Action, action_from_json, dice_field
from dicelab.dice import Dice
from dicelab.errors import IllegalMoveError
from dicelab.messages import Said
from dicelab.setaside.combinations import SetAsideRules
from dicelab.setaside.house import after_turn

RulesT = TypeVar("RulesT", bound=SetAsideRules)


@dataclass(frozen=True)
class Throw(Action):
    """Throw the dice that are not set aside."""

    type = "throw"


@dataclass(frozen=True)
class SetAside(Action):
    """Set these dice of the last throw aside; each must score."""

    type = "set_aside"
    dice: Dice

    def __post_init__(self) -> None:
        self.normalise("dice", dice_field(self.dice))


@dataclass(frozen=True)
class Bank(Action):
    """Add the turn's points to the banked score and end the turn (pass / save)."""

    type = "bank"


ACTIONS = (Throw, SetAside, Bank)
PHASES = ("throw", "rolling", "choose", "decide", "over")


@dataclass(frozen=True)
class State:
    """A set-aside game at one moment (immutable).

    ``phase`` is "throw" (the turn's first throw is due), "rolling" (waiting for the dice),
    "choose" (dice to set aside from ``throw``), "decide" (throw again or bank) or "over".
    ``news`` names what the last step brought about, e.g. ("bust",) or ("hot_dice",).
    ``throw`` and ``kept`` are multisets of faces; ``faces`` holds every die by its position
    on the table (its last throw, or the face it was set aside with; () before the turn's
    first throw), ``aside`` the positions set aside this round and ``throws`` how many
    throws the turn has had.
    """

    scores: tuple[int, ...]
    dice_left: int
    player: int = 0
    phase: str = "throw"
    throw: Dice = ()
    kept: Dice = ()
    turn_points: int = 0
    round_start: int = 0  # the turn's points from rounds completed with hot dice
    final_turns: tuple[int, ...] | None = None  # players still owed a last turn, once one is due
    news: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()
    aside: tuple[int, ...] = ()
    throws: int = 0
    on_board: tuple[bool, ...] = ()  # each seat has banked once (only with an opening to reach)
    streaks: tuple[int, ...] = ()  # each seat's scoreless turns in a row (only with a penalty)

    @property
    def is_chance(self) -> bool:
        return self.phase == "rolling"

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round_points(self) -> int:
        """Points of the dice set aside in the current round."""
        return self.turn_points - self.round_start


class SetAsideEngine(Generic[RulesT]):
    """Rules of a set-aside game applied to states; subclasses fill in the differences."""

    actions: ClassVar[tuple[type[Action], ...]] = ACTIONS

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules
        self.table = rules.combinations()

    # --- hooks for each game ----------------------------------------------------------
    def choose_keep(self, state: State) -> bool:
        """Whether the player picks the dice to set aside (else the best ones go aside)."""
        return self.rules.choose_keep

    def bank_refusal(self, state: State) -> str | None:
        """Why the player to move may not bank now, or None when they may."""
        return None

    # --- shared machinery -------------------------------------------------------------
    def on_board(self, state: State) -> bool:
        """Whether the player to move has got on the board (always, without an opening)."""
        return not state.on_board or state.on_board[state.player]

    def points_kept_on_bust(self, state: State) -> int:
        """Turn points a farkle now would still bank."""
        return int(self.rules.kept_on_bust(state.round_start, self.on_board(state)))

    def after_set_aside(self, state: State) -> State:
        """The state after dice were set aside: the turn goes on, burns, or wins the game."""
        won, burned = self.rules.finish(state.scores[state.player], state.turn_points)
        if burned:
            return self.end_turn(state, state.scores, ("burned",))
        if won:
            return replace(
                state,
                scores=_add(state.scores, state.player, state.turn_points),
                phase="over",
                turn_points=0,
                news=state.news + ("exact_win", "game_over"),
            )
        return state

    def end_turn(self, state: State, scores: tuple[int, ...], news: tuple[str, ...]) -> State:
        """Settle the turn and pass the dice on: to the next seat, or to the next seat owed
        a last turn; the game ends when no last turn is owed any more."""
        state, scores, news = self.settle(state, scores, news)
        player, seats = state.player, len(scores)
        final_turns = state.final_turns
        before = -1 if final_turns is None else len(final_turns)
        owed = int(self.rules.last_turns(before, scores[player], seats))
        if final_turns is None and owed >= 0:  # this turn made the last turns due
            final_turns = tuple((player + k) % seats for k in range(1, owed + 1))
            news += ("final_round",) if owed else ("reached_target",)
        elif final_turns is not None:
            final_turns = final_turns[len(final_turns) - owed :]
        if final_turns == ():
            return State(
                scores=scores,
                dice_left=self.rules.dice,
                player=player,
                phase="over",
                final_turns=(),
                news=news + ("game_over",),
                on_board=state.on_board,
                streaks=state.streaks,
            )
        next_player = final_turns[0] if final_turns else (player + 1) % seats
        return self.next_turn(state, scores, next_player, news, final_turns)

    def settle(
        self, state: State, scores: tuple[int, ...], news: tuple[str, ...]
    ) -> tuple[State, tuple[int, ...], tuple[str, ...]]:
        """The turn's end for the player: on the board once they banked, the scoreless run
        and its penalty, where the score lands. Returns the state carrying the seats'
        flags, the scores and the news."""
        player = state.player
        before = scores[player]
        scoreless = news[:1] in (("bust",), ("burned",))
        score, streak = before, 0
        if state.streaks:
            score, streak = after_turn(self.rules, before, state.streaks[player], scoreless)
            if score != before:
                news += ("penalty",)
            state = replace(state, streaks=_put(state.streaks, player, streak))
        landed = int(self.rules.landed(score))
        if landed != score:
            news += ("dump_truck",)
        if state.on_board:
            gained = scores[player] - state.scores[player]
            boarded = bool(self.rules.boarded(state.on_board[player], gained))
            state = replace(state, on_board=_put(state.on_board, player, boarded))
        return state, _put(scores, player, landed), news

    def next_turn(
        self,
        state: State,
        scores: tuple[int, ...],
        player: int,
        news: tuple[str, ...],
        final_turns: tuple[int, ...] | None = None,
    ) -> State:
        return State(
            scores=scores,
            dice_left=self.rules.dice,
            player=player,
            final_turns=final_turns if final_turns is not None else state.final_turns,
            news=news,
            on_board=state.on_board,
            streaks=state.streaks,
        )

    def initial_state(self, players: int, first: int = 0) -> State:
        """The state before anyone has thrown, seat ``first`` to start."""
        return State(
            scores=(0,) * players,
            dice_left=self.rules.dice,
            player=first,
            on_board=(False,) * players if self.rules.opening else (),
            streaks=(0,) * players if self.rules.penalty else (),
        )

    def action_from_json(self, document: object) -> Action:
        return action_from_json(document, ACTIONS)

    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == "throw":
            return [Throw()]
        if state.phase == "choose":
            return [SetAside(part) for part in self.table.scoring_choices(state.throw)]
        if state.phase == "decide":
            return [Throw()] + ([Bank()] if self.bank_refusal(state) is None else [])
        return []

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; IllegalMoveError when the rules forbid it."""
        if state.phase == "over":
            raise IllegalMoveError(Said("refusal.game_over"))
        if state.phase == "rolling":
            raise IllegalMoveError(Said("refusal.still_rolling"))
        if isinstance(action, Throw):
            if state.phase == "choose":
                raise IllegalMoveError(Said("refusal.set_aside_first"))
            return replace(state, phase="rolling", news=())
        if isinstance(action, SetAside):
            _require_phase(state, "choose", Said("refusal.already_aside"))
            return self.set_aside(state, self.check_keep(state.throw, action.dice))
        if isinstance(action, Bank):
            _require_phase(state, "decide", Said("refusal.set_aside_first"))
            refusal = self.bank_refusal(state)
            if refusal:
                raise IllegalMoveError(refusal)
            return self.bank(state)
        raise IllegalMoveError(f"{action!r} is not an action of this game")

    def check_keep(self, throw: Dice, part: Iterable[object]) -> Dice:
        """``part`` as dice, when it is a legal set-aside from ``throw``; else IllegalMoveError."""
        try:
            dice = _dice.as_dice(part)
        except (TypeError, ValueError) as error:
            raise IllegalMoveError(str(error)) from None
        if not dice:
            raise IllegalMoveError(Said("refusal.leave_one_out"))
        try:
            _dice.remove(throw, dice)
        except ValueError as error:
            raise IllegalMoveError(str(error)) from None
        if self.table.score(dice) is None:
            raise IllegalMoveError(self._why_not_scoring(dice))
        return dice

    def _why_not_scoring(self, part: Dice) -> Said:
        best = self.table.best_choice(part)
        junk = _dice.remove(part, best[0]) if best else part
        if len(junk) == 1:
            return Said("refusal.alone_not_scoring", face=junk[0])
        return Said("refusal.together_not_scoring", faces=", ".join(map(str, junk)))

    def set_aside(self, state: State, part: Dice) -> State:
        """Set ``part`` aside: of dice showing the same face, the leftmost go aside first, so
        the same choice always leaves the same positions to throw."""
        points = self.table.score(part)
        if points is None:
            raise IllegalMoveError(self._why_not_scoring(part))
        turn_points = state.turn_points + points
        round_start, dice_left, hot = self.rules.next_throw(
            turn_points, state.round_start, state.dice_left - len(part)
        )
        faces, aside_before = self.layout(state)
        free = [p for p in range(len(faces)) if p not in aside_before]
        aside = list(aside_before)
        for face in part:
            position = next(p for p in free if faces[p] == face)
            free.remove(position)
            aside.append(position)
        state = replace(
            state,
            phase="decide",
            throw=(),
            kept=() if hot else state.kept + part,
            dice_left=dice_left,
            turn_points=turn_points,
            round_start=round_start,
            news=("hot_dice",) if hot else (),
            faces=faces,
            aside=() if hot else tuple(sorted(aside)),
        )
        return self.after_set_aside(state)

    def bank(self, state: State) -> State:
        scores = _add(state.scores, state.player, state.turn_points)
        return self.end_turn(state, scores, ("banked",))

    def chance_outcomes(self, state: State) -> dict[Dice, Fraction]:
        """Every outcome of the throw being made, with its exact probability."""
        return _dice.outcomes(state.dice_left) if state.phase == "rolling" else {}

    def layout(self, state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Every die's face by position (0 for a die not thrown yet this turn) and the
        positions set aside this round. A state made without positions has the dice of its
        throw on the left and those set aside after them."""
        if state.faces:
            return state.faces, state.aside
        left = state.throw or (0,) * state.dice_left
        return left + state.kept, tuple(range(len(left), len(left) + len(state.kept)))

    def throw_positions(self, state: State) -> tuple[int, ...]:
        """The positions of the dice the throw being made throws, left to right."""
        faces, aside = self.layout(state)
        return tuple(p for p in range(len(faces)) if p not in aside)

    def throw_number(self, state: State) -> int:
        """How many throws the turn has had before this one (0 for its first)."""
        return state.throws

    def sample_chance(self, state: State, rng: random.Random) -> tuple[int, ...]:
        """Faces for the dice being thrown, in the order of :meth:`throw_positions`."""
        return _dice.throw(rng, state.dice_left)

    def apply_chance(self, state: State, throw: Iterable[int]) -> State:
        """The state once the dice show ``throw`` (faces in the order of
        :meth:`throw_positions`; each die keeps its position): a bust, or dice to set aside."""
        in_order = tuple(throw)
        thrown = tuple(sorted(in_order))
        if thrown not in self.chance_outcomes(state):
            raise IllegalMoveError(f"{list(in_order)} is not a possible throw now")
        best = self.table.best_choice(thrown)
        if best is None:
            kept = self.points_kept_on_bust(state)
            scores = _add(state.scores, state.player, kept)
            return self.end_turn(replace(state, throw=thrown), scores, ("bust",))
        placed, aside = self.layout(state)
        faces = list(placed)
        for position, face in zip((p for p in range(len(faces)) if p not in aside), in_order):
            faces[position] = face
        state = replace(
            state,
            phase="choose",
            throw=thrown,
            faces=tuple(faces),
            aside=aside,
            throws=state.throws + 1,
        )
        if self.choose_keep(state):
            return state
        return self.set_aside(state, best[0])

    def scores(self, state: State) -> list[int]:
        """Each seat's banked score."""
        return list(state.scores)

    def winners(self, state: State) -> list[int]:
        best = max(state.scores)
        return [i for i, score in enumerate(state.scores) if score == best]


def _require_phase(state: State, phase: str, otherwise: str) -> None:
    """IllegalMoveError unless ``state`` is in ``phase``: "throw the dice first" while the
    dice are to be thrown, else ``otherwise``."""
    if state.phase != phase:
        raise IllegalMoveError(Said("refusal.throw_first") if state.phase == "throw" else otherwise)


def _add(scores: tuple[int, ...], player: int, points: int) -> tuple[int, ...]:
    return _put(scores, player, scores[player] + points)


def _put(values: tuple[Any, ...], player: int, value: Any) -> tuple[Any, ...]:
    return values[:player] + (value,) + values[player + 1 :]
