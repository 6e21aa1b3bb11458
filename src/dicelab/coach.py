"""Advice for a human player: the best options with their values, the odds behind them, and
what each decision cost against the best one.

A coach reads a game's optimal policy: for Yahtzee the solitaire solution (values are the
player's expected final score), for Fivethousand the turn policy (expected points of the
turn) and in a last turn the final-turn policy (the chance to win), for Thousand the
solitaire policy (expected turns to reach the target, lower is better). Other players are
left out: every value is the solitaire optimum for the player to move.

A decision is what a player commits to in one go: in Yahtzee the dice held when pressing
Roll, or the box scored; in the set-aside games the dice set aside and whether to throw on
or bank. Its cost is how much worse its value is than the best option's, in the measure's
unit; the best move costs 0. A :class:`Ledger` collects the decisions of a game.

>>> from dicelab import fivethousand
>>> from dicelab.fivethousand import SetAside, Bank
>>> coach = FivethousandCoach(fivethousand.Rules())
>>> engine = fivethousand.Engine(coach.rules)
>>> state = engine.apply_chance(engine.apply(engine.initial_state(1), fivethousand.Throw()),
...                             (1, 2, 3, 4, 6, 6))
>>> coach.advise(state).choices[0].label
'set aside 1 and throw 5 dice'
>>> decision = coach.rate(state, [SetAside((1,)), Bank()], "Ann")
>>> decision.taken.label, decision.cost > 0
('set aside 1 and pass (100 points)', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

TOP = 3  # choices a coach shows before a decision
SHORT_DENOMINATOR = 10_000  # chances over more are said as a percentage only


@dataclass(frozen=True)
class Measure:
    """What the values of a coach's choices mean: ``name`` says what a value is, ``unit``
    what a value is counted in and ``lost`` what a cost is; ``lowest`` when a lower value
    is better; ``percent`` when values are chances (said in percent, costs in percentage
    points)."""

    name: str
    unit: str
    lost: str
    digits: int = 1
    lowest: bool = False
    percent: bool = False

    def say(self, value: float) -> str:
        """A value as the panel shows it: "412.3 points", "62.5%", "28.41 turns"."""
        return f"{value:.{self.digits}%}" if self.percent else f"{value:.{self.digits}f} {self.unit}"

    def cost(self, value: float, best: float) -> float:
        """How much worse ``value`` is than ``best`` (0 for the best; percentage points for
        chances)."""
        worse = value - best if self.lowest else best - value
        return max(0.0, worse * (100 if self.percent else 1))

    def say_cost(self, cost: float) -> str:
        """A cost in words: "3.2 points of expected score"."""
        return f"{cost:.{self.digits}f} {self.lost}"


TURN_POINTS = Measure("expected points of this turn", "points", "points of expected turn score")
WIN_CHANCE = Measure("chance to win with this last turn", "", "percentage points of win chance",
                     percent=True)
TURNS_TO_FINISH = Measure("expected turns to reach the target", "turns", "expected turns more",
                          digits=2, lowest=True)
FINAL_SCORE = Measure("expected final score", "points", "points of expected score")
NO_COST = 1e-9  # a decision costing less is as good as the best (float noise)


@dataclass(frozen=True)
class Choice:
    """One option: ``move`` identifies it (a game's own tuple), ``label`` says it in words."""

    move: tuple
    label: str
    value: float


@dataclass(frozen=True)
class Advice:
    """What the coach says before a decision: every choice, best first (none when the
    player has nothing to choose yet), and the odds behind them as (what, chance) pairs."""

    situation: str
    measure: Measure
    choices: tuple
    odds: tuple


@dataclass(frozen=True)
class Decision:
    """A rated decision: what ``player`` did in ``situation``, and the best choice there."""

    player: str
    situation: str
    taken: Choice
    best: Choice
    measure: Measure

    @property
    def cost(self) -> float:
        """How much the move lost against the best, in the measure's unit (0 for the best)."""
        return self.measure.cost(self.taken.value, self.best.value)

    @property
    def sentence(self) -> str:
        """The verdict in words."""
        if self.cost <= NO_COST:
            return f"Best move: {self.taken.label} ({self.measure.say(self.taken.value)})."
        return (f"Your move cost {self.measure.say_cost(self.cost)} against the best: "
                f"{self.best.label} ({self.measure.say(self.best.value)}).")


@dataclass(frozen=True)
class Summary:
    """One player's decisions in one measure: how many, how many were the best, their
    total cost, and the costliest."""

    player: str
    measure: Measure
    decisions: int
    best_moves: int
    total: float
    costliest: tuple


class Ledger:
    """The rated decisions of a game, in order."""

    def __init__(self):
        self.decisions: list[Decision] = []

    def add(self, decision: Decision) -> None:
        self.decisions.append(decision)

    @property
    def total(self) -> float:
        """The cost of every decision (meaningful when they share one measure)."""
        return sum(decision.cost for decision in self.decisions)

    def summaries(self, top: int = TOP) -> list[Summary]:
        """Per player and measure, in order of first decision: the totals and the ``top``
        costliest decisions (those that cost something)."""
        groups: dict[tuple, list[Decision]] = {}
        for decision in self.decisions:
            groups.setdefault((decision.player, decision.measure), []).append(decision)
        summaries = []
        for (player, measure), decisions in groups.items():
            costly = sorted((d for d in decisions if d.cost > NO_COST), key=lambda d: -d.cost)
            summaries.append(Summary(player, measure, len(decisions), len(decisions) - len(costly),
                                     sum(d.cost for d in decisions), tuple(costly[:top])))
        return summaries


class Coach:
    """A game's coach for some rules. Subclasses give the choices of a state
    (:meth:`choices`), the move a list of actions makes (:meth:`move`), the odds, the
    situation in words and the measure."""

    odds_title = ""  # what the odds of an advice are

    def __init__(self, rules):
        self.rules = rules

    def prepare(self) -> None:
        """Do the heavy work now (solving the game), not at the first advice."""

    def measure(self, state) -> Measure:
        """What the values of ``state``'s choices mean."""
        raise NotImplementedError

    def choices(self, state) -> list[Choice]:
        """Every choice of the player to move, best first ([] when there is none yet)."""
        raise NotImplementedError

    def move(self, state, actions) -> tuple | None:
        """The move that ``actions``, played from ``state``, make (None: not a decision).

        A ``None`` inside the move leaves that part open (to be decided later): it matches
        every choice that agrees on the rest, and is worth the best of them.
        """
        raise NotImplementedError

    def label(self, state, move: tuple) -> str:
        """``move`` in words, e.g. "hold 5, 5, 5 and roll 2"."""
        raise NotImplementedError

    def odds(self, state, choices: list[Choice]) -> list[tuple[str, str]]:
        """The chances behind ``choices``, as (what, chance in words) pairs."""
        raise NotImplementedError

    def situation(self, state) -> str:
        """The player's situation in words, e.g. "dice 1, 2, 2, 5, 6 (2 rolls left)"."""
        raise NotImplementedError

    def advise(self, state) -> Advice:
        """The choices of ``state`` best first, and the odds behind the best ``TOP``."""
        choices = self.choices(state)
        return Advice(self.situation(state), self.measure(state), tuple(choices),
                      tuple(self.odds(state, choices[:TOP])))

    def rate(self, state, actions, player: str) -> Decision | None:
        """The decision that ``actions`` (played from ``state``) make, rated; None when they
        are no decision (a forced move, a single hold toggle)."""
        move = self.move(state, list(actions))
        choices = self.choices(state)
        if move is None or len(choices) < 2:
            return None
        matching = [choice for choice in choices if _matches(choice.move, move)]
        if not matching:
            return None
        taken = Choice(move, self.label(state, move), matching[0].value)
        return Decision(player, self.situation(state), taken, choices[0], self.measure(state))


def _matches(move: tuple, pattern: tuple) -> bool:
    return len(move) == len(pattern) and all(p is None or p == m for m, p in zip(move, pattern))


def chance(probability: Fraction) -> str:
    """A chance as a fraction, when it is short, and a percentage: "5/18 ≈ 27.8%"."""
    if probability.denominator == 1:
        return f"{probability.numerator:.0%}"
    if probability.denominator > SHORT_DENOMINATOR:
        return f"≈ {float(probability):.1%}"
    return f"{probability.numerator}/{probability.denominator} ≈ {float(probability):.1%}"


def _faces(dice) -> str:
    return ", ".join(map(str, dice))


# --- Fivethousand and Thousand --------------------------------------------------------------

class SetAsideCoach(Coach):
    """What the set-aside games share: a move is ``(dice set aside, bank)``, from the
    options of the game's policy; the odds are the bust chances of the dice thrown next."""

    bank_word = ""  # what banking is called in the game
    odds_title = "Odds of the next throw:"

    @cached_property
    def engine(self):
        from dicelab.odds import resolve

        return resolve(self.rules).module.Engine(self.rules)

    def policy(self, state):
        """The policy that values the options of ``state``."""
        raise NotImplementedError

    def prepare(self) -> None:
        self.policy(self.engine.initial_state(1))

    def choices(self, state) -> list[Choice]:
        if state.phase not in ("throw", "choose", "decide"):
            return []
        return [Choice((option.keep, option.bank), self.label(state, (option.keep, option.bank)),
                       option.value)
                for option in self.policy(state).options(state)]

    def move(self, state, actions) -> tuple | None:
        from dicelab.setaside import Bank, SetAside

        keep = actions.pop(0).dice if actions and isinstance(actions[0], SetAside) else ()
        if len(actions) > 1 or (not keep and not actions):
            return None
        return tuple(sorted(keep)), isinstance(actions[0], Bank) if actions else None

    def label(self, state, move: tuple) -> str:
        keep, bank = move
        then = (self._bank_label(state, keep) if bank
                else "" if bank is None else self._throw_label(state, keep))
        if not keep:
            return then
        return f"set aside {_faces(keep)}" + (f" and {then}" if then else "")

    def _bank_label(self, state, keep: tuple) -> str:
        points = state.turn_points + (self.engine.table.score(keep) if keep else 0)
        return f"{self.bank_word} ({points} points)"

    def _throw_label(self, state, keep: tuple) -> str:
        dice = self.dice_next(state, keep)
        if dice is None:
            return "win" if self.engine.set_aside(state, keep).is_over else "burn the turn"
        return f"throw {dice} {'die' if dice == 1 else 'dice'}"

    def dice_next(self, state, keep: tuple) -> int | None:
        """The dice thrown next after setting ``keep`` aside (None when that ends the turn:
        a burn or an exact win in Thousand)."""
        if not keep:
            return state.dice_left
        after = self.engine.set_aside(state, keep)
        return after.dice_left if after.phase == "decide" else None

    def odds(self, state, choices: list[Choice]) -> list[tuple[str, str]]:
        from dicelab.odds import bust_probability

        counts = [self.dice_next(state, choice.move[0]) for choice in choices if not choice.move[1]]
        return [(f"Bust chance with {n} {'die' if n == 1 else 'dice'}", chance(bust_probability(self.rules, n)))
                for n in dict.fromkeys(counts) if n]

    def situation(self, state) -> str:
        points = f"{state.turn_points} points this turn"
        if state.phase == "choose":
            return f"throw {_faces(state.throw)} ({points})"
        return f"{points}, {state.dice_left} dice to throw"


class FivethousandCoach(SetAsideCoach):
    """Expected points of the turn; in a last turn, the chance to overtake the leader."""

    bank_word = "pass"

    def policy(self, state):
        from dicelab.fivethousand.policy import OptimalRobot

        return OptimalRobot.policy(self.engine, state)

    def measure(self, state) -> Measure:
        return WIN_CHANCE if self.engine.in_final_turn(state) else TURN_POINTS


class ThousandCoach(SetAsideCoach):
    """Expected turns to reach the target exactly (lower is better)."""

    bank_word = "save"

    def policy(self, state):
        from dicelab.thousand.policy import solitaire_policy

        return solitaire_policy(self.rules)

    def measure(self, state) -> Measure:
        return TURNS_TO_FINISH


# --- Yahtzee ----------------------------------------------------------------------------------

class YahtzeeCoach(Coach):
    """The player's own expected final score, from the solitaire solution of the rules.

    A move is ``("hold", faces)`` when the player rolls with ``faces`` held, or
    ``("box", box)`` when scoring ``box``; the odds are each open box's chance of scoring
    by the end of the turn, playing for that box.
    """

    odds_title = "Chance to score each open box by the end of the turn, playing for it:"

    @cached_property
    def solution(self):
        from dicelab.yahtzee.solver import solve

        return solve(self.rules, progress=False)

    @cached_property
    def engine(self):
        from dicelab.yahtzee import Engine

        return Engine(self.rules)

    def prepare(self) -> None:
        _ = self.solution  # solving is the heavy work

    def measure(self, state) -> Measure:
        return FINAL_SCORE

    def choices(self, state) -> list[Choice]:
        if state.is_over or not state.rolls_used:
            return []
        moves = [(option.kind, option.keep if option.kind == "hold" else option.box, option.value)
                 for option in self.solution.options(state)]
        return [Choice((kind, what), self.label(state, (kind, what)), value) for kind, what, value in moves]

    def move(self, state, actions) -> tuple | None:
        from dicelab.yahtzee import Roll, Score

        if len(actions) != 1 or not state.rolls_used:
            return None
        action = actions[0]
        if isinstance(action, Roll):
            return "hold", tuple(sorted(face for face, held in zip(state.dice, state.held) if held))
        if isinstance(action, Score):
            return "box", action.box
        return None

    def label(self, state, move: tuple) -> str:
        from dicelab.yahtzee import BOX_TITLES

        kind, what = move
        if kind == "box":
            points = self.engine.preview(state, what) + self.engine.bonus_preview(state)
            return f"score {BOX_TITLES[what]} ({points})"
        return f"hold {_faces(what)} and roll {5 - len(what)}" if what else "roll all five"

    def odds(self, state, choices: list[Choice]) -> list[tuple[str, str]]:
        from dicelab.odds import state_odds
        from dicelab.yahtzee import BOX_TITLES

        boxes = state_odds(self.engine, state, best_hold=True).boxes
        return [(BOX_TITLES[box], chance(odds.chance)) for box, odds in boxes.items()]

    def situation(self, state) -> str:
        if not state.rolls_used:
            return "before the first roll"
        left = self.rules.rolls - state.rolls_used
        return f"dice {_faces(sorted(state.dice))} ({left} roll{'' if left == 1 else 's'} left)"
