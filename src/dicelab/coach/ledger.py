"""What a coach's advice and verdicts are made of: measures, choices, decisions, a ledger."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dicelab.messages import Said

TOP = 3  # choices a coach shows before a decision
SHORT_DENOMINATOR = 10_000  # chances over more are said as a percentage only


@dataclass(frozen=True)
class Measure:
    """What the values of a coach's choices mean: ``name`` says what a value is, ``unit``
    what a value is counted in ("points", "turns", "" for chances) and ``lost`` what a cost
    is (the catalogue's ``unit.<unit>`` and ``cost.<lost>``, see :mod:`dicelab.messages`);
    ``lowest`` when a lower value is better; ``percent`` when values are chances (said in
    percent, costs in percentage points)."""

    name: str
    unit: str
    lost: str
    digits: int = 1
    lowest: bool = False
    percent: bool = False

    def say(self, value: float) -> str:
        """A value as the panel shows it: "412.3 points", "62.5%", "28.41 turns"."""
        if self.percent:
            return f"{value:.{self.digits}%}"
        return Said(f"unit.{self.unit}", value=f"{value:.{self.digits}f}")

    def cost(self, value: float, best: float) -> float:
        """How much worse ``value`` is than ``best`` (0 for the best; percentage points for
        chances)."""
        worse = value - best if self.lowest else best - value
        return max(0.0, worse * (100 if self.percent else 1))

    def say_cost(self, cost: float) -> str:
        """A cost in words: "3.2 points of expected score"."""
        return Said(f"cost.{self.lost}", cost=f"{cost:.{self.digits}f}")


TURN_POINTS = Measure(Said("measure.turn_points"), "points", "turn_points")
WIN_CHANCE = Measure(Said("measure.last_turn_win"), "", "win", percent=True)
GAME_WIN_CHANCE = Measure(Said("measure.game_win"), "", "game_win", percent=True)
TURNS_TO_FINISH = Measure(Said("measure.turns"), "turns", "turns", digits=2, lowest=True)
FINAL_SCORE = Measure(Said("measure.final_score"), "points", "final_score")
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
            value = self.measure.say(self.taken.value)
            return Said("coach.best_move", label=self.taken.label, value=value)
        return Said(
            "coach.move_cost",
            cost=self.measure.say_cost(self.cost),
            label=self.best.label,
            value=self.measure.say(self.best.value),
        )


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
            summaries.append(
                Summary(
                    player,
                    measure,
                    len(decisions),
                    len(decisions) - len(costly),
                    sum(d.cost for d in decisions),
                    tuple(costly[:top]),
                )
            )
        return summaries


def chance(probability: Fraction) -> str:
    """A chance as a fraction, when it is short, and a percentage: "5/18 ≈ 27.8%"."""
    if probability.denominator == 1:
        return f"{probability.numerator:.0%}"
    if probability.denominator > SHORT_DENOMINATOR:
        return f"≈ {float(probability):.1%}"
    return f"{probability.numerator}/{probability.denominator} ≈ {float(probability):.1%}"
