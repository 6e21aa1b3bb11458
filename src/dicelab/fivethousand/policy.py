"""Optimal play of a Fivethousand turn: the most points on average, or, in the final turn,
the best chance to win against the leader's score (a shared win counting half); and the
robot that plays them.

A turn is at risk by its current round under Zillions rules (a farkle keeps the completed
rounds), by all its points otherwise, so a turn's value is its safe points plus the value
of (points at risk, dice left). Values come from backward induction over those pairs.

>>> policy = turn_policy("traditional")
>>> round(policy.expected_score, 3), policy.bank_from
(446.571, 10050)
>>> final = final_turn_policy("zillions", to_beat=4999)
>>> abs(final.success_probability(banked=4950) - (1 - 5 / 162)) < 1e-12  # any scoring throw
True
"""

from __future__ import annotations

import abc
from functools import cache

import numpy as np

from dicelab.fivethousand.engine import Engine, State
from dicelab.fivethousand.rules import Rules
from dicelab.setaside.house import after_turn, penalty_due
from dicelab.setaside.policy import SetAsidePolicy, pick, refuse_unsolved, take, throw_table

# The table rules each policy can't yet honour: it refuses rules that set them.
UNSOLVED = {
    "turn policy": ("exact_finish",),
    "final-turn policy": ("last_turn", "exact_finish"),
    "win policy": ("exact_finish",),
}


def turn_policy(rules=None) -> TurnPolicy:
    """The policy that maximises the expected points of one turn (cached per rules)."""
    return _turn_policy(Rules.coerce(rules))


def final_turn_policy(rules, to_beat: int) -> FinalTurnPolicy:
    """The policy with the best chance to win a last turn against ``to_beat``, a shared win
    counting half (``rules`` None for the default preset; cached per rules and score)."""
    return _final_turn_policy(Rules.coerce(rules), int(to_beat))


def points_per_turn(rules=None) -> float:
    """The most points a player scores per turn in the long run, played optimally.

    Without a penalty this is one turn's best expected score. With one, a turn is played
    knowing its farkles in a row so far (Busche's three strategies for Zilch): the long-run
    average ``g`` and the worth ``h[s]`` of standing on ``s`` farkles in a row solve
    ``g + h[s] = T(h[s + 1] - h[0])``, where ``T(b)`` is the best expected score of a turn
    whose farkle is worth ``b`` (the last farkle of a run: minus the penalty, as if no
    score floor were reached). Relative value iteration, from ``h = 0``.

    >>> round(points_per_turn("zilch"), 3)
    620.855
    """
    rules = Rules.coerce(rules)
    base = turn_policy(rules)
    if not rules.penalty:
        return base.expected_score
    refuse_unsolved(rules, "turn policy", UNSOLVED)
    needs = rules.bank_needs(True)

    def best(bust: float) -> float:
        return TurnPolicy(rules, needs, bust).expected_score

    worth = [0.0] * rules.penalty_after  # h[s] - h[0], s farkles in a row
    for _ in range(1000):
        after = worth[1:] + [-float(rules.penalty)]
        values = [best(bust) for bust in after]
        gain = values[0]
        new_worth = [value - gain for value in values]
        if max(abs(a - b) for a, b in zip(new_worth, worth)) <= 1e-12 * max(1.0, gain):
            return gain
        worth = new_worth
    raise RuntimeError("the points per turn did not settle")


@cache
def _turn_policy(rules: Rules) -> TurnPolicy:
    return TurnPolicy(rules)


@cache
def _final_turn_policy(rules: Rules, to_beat: int) -> FinalTurnPolicy:
    return FinalTurnPolicy(rules, to_beat)


def _throws(rules: Rules) -> tuple:
    """The rules' throws, which of them are hot dice, and the dice thrown after each."""
    throws = throw_table(rules.combinations(), rules.dice, "most_per_count")
    return throws, throws.left == 0, throws.next_dice


def rethrows_at_risk(rules: Rules) -> bool:
    """Whether hot dice must be thrown again with the turn's points still at risk: compulsory
    hot dice without Zillions rules. (Under them hot dice make the round's points safe; a
    turn's fresh round is then always worth throwing, so the rule changes no turn or last
    turn, only the win policy's choice to bank on hot dice.)"""
    return rules.must_rethrow and not rules.bust_keeps_completed_rounds


@cache
def _leaving_dice(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """By dice thrown: the chance of a scoring throw with a choice that leaves dice to throw
    (a bank may follow it), and of one whose every choice sets all the dice aside."""
    throws, hot, _ = _throws(rules)
    leaves = (throws.valid & ~hot).any(axis=1)
    return throws.expect(leaves.astype(float)), throws.expect((~leaves).astype(float))


def first_bank_values(rules: Rules, dice, bank, farkle):
    """What throwing ``dice`` dice is worth to a player who banks (worth ``bank``) at the
    first choice that lets them, a farkle worth ``farkle`` (numbers or numpy arrays): a
    last turn already ahead, or a win policy's turn at its lead cap.

    Any scoring throw banks, unless hot dice must be thrown again with the points at risk
    (:func:`rethrows_at_risk`): then a throw whose every choice sets all ``D`` dice aside
    throws them all again, worth ``A = (s bank + f farkle) / (1 - h)`` (``s``: a throw of
    ``D`` dice leaving dice, ``h``: one leaving none, ``f``: a farkle), the fixed point of
    ``A = s bank + h A + f farkle``; no play banks before a farkle more often.

    >>> rules = Rules(dice=3, hot_dice="compulsory", bust_keeps_completed_rounds=False)
    >>> round(float(first_bank_values(rules, 1, 1.0, 0.0)), 4)  # a scoring die: throw all 3
    0.239
    """
    throws = throw_table(rules.combinations(), rules.dice, "most_per_count")
    bust = throws.bust[dice]
    if not rethrows_at_risk(rules):
        return (1 - bust) * bank + bust * farkle
    leaves, hot_only = _leaving_dice(rules)
    every = rules.dice
    again = (leaves[every] * bank + throws.bust[every] * farkle) / (1 - hot_only[every])
    return leaves[dice] * bank + hot_only[dice] * again + bust * farkle


class _Turn(SetAsidePolicy):
    """What both Fivethousand policies share: the rules' throws, and a turn split into its
    safe points and its points at risk."""

    def __init__(self, rules: Rules):
        super().__init__(Engine(rules))
        self.rules = rules
        self.throws, self._hot, self._next_dice = _throws(rules)
        self.unit = self.throws.unit

    @abc.abstractmethod
    def bank_values(self, banked, turn_points) -> np.ndarray:
        """What banking ``turn_points`` on ``banked`` is worth (numpy arrays of states)."""

    @abc.abstractmethod
    def throw_values(self, banked, turn_points, round_start, dice_left) -> np.ndarray:
        """What throwing the dice left now is worth (numpy arrays of states)."""

    def split(self, turn_points, round_start=0):
        """The turn's points that a farkle would keep, and those it would lose (numbers or
        numpy arrays)."""
        safe = round_start if self.rules.bust_keeps_completed_rounds else 0 * round_start
        return safe, turn_points - safe

    def bank_value(self, state: State) -> float:
        return float(self.bank_values(state.scores[state.player], state.turn_points))

    def throw_value(self, state: State) -> float:
        return float(
            self.throw_values(
                state.scores[state.player], state.turn_points, state.round_start, state.dice_left
            )
        )


class TurnPolicy(_Turn):
    """The play that maximises the expected points of one turn.

    ``bank_from``: with at least this many points at risk, banking is best whatever the
    dice left (wherever the rules allow it). Beyond it one throw, then banking, gains on
    average the throw's points (plus a fresh round for hot dice under Zillions rules) minus
    the chance of a farkle times the points at risk, which is negative for every number of
    dice; the points at risk only grow within a round, so banking at once is optimal there
    (the one-step look-ahead rule for a closed set of states). Hot dice that must be thrown
    again with their points at risk are worth a line in the points there instead
    (:meth:`_hot_tail`, :meth:`_rethrow_limit`). Below it, values come from backward
    induction; under Zillions rules the value of a fresh round (hot dice) is found by policy
    iteration.

    >>> rules = Rules(bust_keeps_completed_rounds=False, hot_dice="compulsory")
    >>> policy = turn_policy(rules)
    >>> policy.bank_from, round(float(policy.throw_values(0, 40000, 0, 6)), 1)
    (34850, 39071.6)
    """

    def __init__(self, rules: Rules, needs: int | None = None, bust: float = 0.0):
        super().__init__(rules)
        refuse_unsolved(rules, "turn policy", UNSOLVED)
        self.needs = rules.bank_needs(True) if needs is None else needs
        # (refused whole, not at the first turn off the board: a robot must not fail mid-game)
        if (self.needs or rules.bank_needs(False)) and rules.bust_keeps_completed_rounds:
            raise ValueError(
                "the turn policy can't yet honour a minimum bank or opening score "
                f"(min_bank={rules.min_bank}, opening={rules.opening}) together with "
                "bust_keeps_completed_rounds: set one of them off"
            )
        self.bust = float(bust)  # what a farkle adds (a penalty: below 0)
        self._tables: dict = {}
        self._rethrows = rethrows_at_risk(rules)
        self._hot_slope, self._hot_bonus = self._hot_tail()
        fresh_round = 0.0
        for _ in range(100):
            cap = self._bank_limit(fresh_round)
            value_a, value_c, throw_a, throw_c = self._sweep(cap, fresh_round)
            solved = throw_a[0, rules.dice] / (1 - throw_c[0, rules.dice])
            if abs(solved - fresh_round) <= 1e-12 * max(
                1.0, abs(solved)
            ) and cap >= self._bank_limit(solved):
                break
            fresh_round = solved
        self._fresh_round = solved
        self._value_a, self._value_c = value_a, value_c
        self._throw = throw_a + throw_c * solved
        self.bank_from = cap * self.unit

    def table_keys(self, banked, on_board=None, streak=None):
        """The (points a bank needs, what a farkle adds) each state is played under: the
        opening until the player is on the board, minus the penalty when a farkle now
        would cost it (numbers or numpy arrays; None: on the board, no farkle yet)."""
        needs = self.rules.bank_needs(True if on_board is None else on_board)
        bust = np.zeros(np.shape(banked))
        if streak is not None and self.rules.penalty:
            scoreless = np.ones(np.shape(banked), dtype=bool)
            lowered, _ = after_turn(self.rules, np.asarray(banked), np.asarray(streak), scoreless)
            due = np.asarray(streak) + 1 >= self.rules.penalty_after
            bust = np.where(due, np.asarray(lowered) - banked, 0.0)
        return np.broadcast_to(needs, np.shape(bust)), bust

    def table(self, needs: int, bust: float) -> TurnPolicy:
        """The policy of a turn whose bank needs ``needs`` points and whose farkle adds
        ``bust`` (solved once)."""
        if (needs, bust) == (self.needs, self.bust):
            return self
        if (needs, bust) not in self._tables:
            self._tables[needs, bust] = TurnPolicy(self.rules, needs, bust)
        return self._tables[needs, bust]

    def for_state(self, state: State) -> TurnPolicy:
        """The policy of the table ``state`` is played under: the points the player needs
        to bank, and what a farkle would cost them now."""
        needs = self.rules.bank_needs(self.engine.on_board(state))
        bust = 0.0
        if state.streaks and penalty_due(self.rules, state.streaks[state.player]):
            banked = state.scores[state.player]
            bust = float(
                after_turn(self.rules, banked, state.streaks[state.player], True)[0] - banked
            )
        return self.table(int(needs), bust)

    def bank_value(self, state: State) -> float:
        policy = self.for_state(state)
        return float(policy.bank_values(state.scores[state.player], state.turn_points))

    def throw_value(self, state: State) -> float:
        policy = self.for_state(state)
        return float(
            policy.throw_values(
                state.scores[state.player], state.turn_points, state.round_start, state.dice_left
            )
        )

    def _hot_tail(self) -> tuple[float, float]:
        """Beyond the bank limit (without Zillions rules), hot dice with ``r`` points at
        risk are worth ``slope * r + bonus``: ``r`` plus :meth:`_never_busting_hot_dice`
        when they may be banked or a throw of all the dice can't bust.

        When they must be thrown and may bust, the player throws and banks at the first
        choice that leaves dice (the largest), else sets aside the most with all the dice
        (:meth:`_rethrow_limit` finds where this holds): ``H(r) = sum over leaving throws of
        p (r + L) + sum over the others of p H(r + M) + f * bust``, whose solution is
        affine, ``slope = s / (1 - h)`` (``s``, ``h``: the chances of a throw of all the
        dice leaving dice or not, ``f`` of a farkle) and ``bonus = (sum p L + slope *
        sum p M + f * bust) / (1 - h)``."""
        throws, dice = self.throws, self.rules.dice
        if not self._rethrows or throws.bust[dice] == 0:
            return 1.0, self._never_busting_hot_dice()
        leaves, hot_only = _leaving_dice(self.rules)
        rows = throws.thrown == dice
        leaving, most = self._best_points()
        slope = leaves[dice] / (1 - hot_only[dice])
        p = throws.probability[rows]
        leave = leaving[rows] > -np.inf
        gained = p[leave] @ leaving[rows][leave] + slope * (p[~leave] @ most[rows][~leave])
        return slope, (gained + throws.bust[dice] * self.bust) / (1 - hot_only[dice])

    def _best_points(self) -> tuple[np.ndarray, np.ndarray]:
        """By row of the throw table: the most points of a choice that leaves dice (-inf
        where none does), and of one that sets all the dice aside (-inf where none)."""
        points = self.throws.points * self.unit
        valid = self.throws.valid
        leaving = np.where(valid & ~self._hot, points, -np.inf).max(axis=1)
        return leaving, np.where(valid & self._hot, points, -np.inf).max(axis=1)

    def _never_busting_hot_dice(self) -> float:
        """Beyond the bank limit, the points a throw of all the dice adds when it can't bust
        (Zilch's scoring six-dice farkle) and the player banks whatever does not give hot
        dice again: K = sum of p * best(points + K if hot) (0 when such a throw can bust)."""
        throws, dice = self.throws, self.rules.dice
        if throws.bust[dice] > 0 or self.rules.bust_keeps_completed_rounds:
            return 0.0
        rows = throws.thrown == dice
        points = throws.points[rows] * self.unit
        hot = self._hot[rows]
        bonus = 0.0
        for _ in range(10_000):
            value = points + hot * bonus
            new = float(throws.probability[rows] @ take(value, pick(value, throws.valid[rows])))
            if abs(new - bonus) <= 1e-13 * max(1.0, new):
                return new
            bonus = new
        raise RuntimeError("the hot-dice value did not settle")

    @property
    def expected_score(self) -> float:
        """The expected points of a fresh turn played optimally."""
        return float(self._throw[0, self.rules.dice])

    def bank_values(self, banked, turn_points) -> np.ndarray:
        """Value of banking: the turn's points (numpy arrays of states at once)."""
        return np.asarray(turn_points, dtype=np.float64)

    def throw_values(self, banked, turn_points, round_start, dice_left) -> np.ndarray:
        """Expected points of the turn when the player throws the dice left now, for numpy
        arrays of states at once."""
        turn_points, round_start, dice_left = np.broadcast_arrays(
            *(np.asarray(a, dtype=np.int64) for a in (turn_points, round_start, dice_left))
        )
        safe, at_risk = self.split(turn_points, round_start)
        units = at_risk // self.unit
        inside = units < len(self._throw)
        values = np.empty(units.shape)
        values[inside] = safe[inside] + self._throw[units[inside], dice_left[inside]]
        for beyond in np.unique(units[~inside]).tolist():
            throw_a, throw_c = self._throw_step(
                beyond, self._fresh_round, self._value_a, self._value_c
            )
            rows = units == beyond
            dice = dice_left[rows]
            values[rows] = safe[rows] + (throw_a[dice] + throw_c[dice] * self._fresh_round)
        return values

    def _bank_limit(self, fresh_round: float) -> int:
        """Units of points at risk from which banking is best for every number of dice."""
        throws = self.throws
        if self._rethrows and throws.bust[self.rules.dice] > 0:
            return self._rethrow_limit()
        hot_bonus = fresh_round if self.rules.bust_keeps_completed_rounds else self._hot_bonus
        gain = throws.points * self.unit + hot_bonus * self._hot
        gain = throws.expect(take(gain, pick(gain, throws.valid)))
        # Under Zillions rules a round with points at risk never has all the dice.
        counts = range(
            1, self.rules.dice if self.rules.bust_keeps_completed_rounds else self.rules.dice + 1
        )
        limit = max(
            (gain[n] / throws.bust[n] + self.bust for n in counts if throws.bust[n] > 0),
            default=0.0,
        )
        return max(int(limit // self.unit) + 1, -(-self.needs // self.unit), 1)

    def _rethrow_limit(self) -> int:
        """Units of points at risk from which, when hot dice must be thrown (and may bust),
        banking is best wherever the rules allow it and hot dice are worth
        :meth:`_hot_tail`'s line.

        Past it, with the bank beyond and that line: (1) a choice that leaves dice (worth
        ``r + L``) beats one giving hot dice (``slope (r + M) + bonus``) once ``(1 -
        slope) r >= slope M + bonus - L``, ``slope < 1``; (2) throwing ``n < D`` dice then
        gains ``T(r, n) - r = c_n - (f_n + (1 - slope) h_n) r``, below 0 once ``r`` is
        past ``c_n / (f_n + (1 - slope) h_n)`` (``f_n > 0``: fewer dice than all can
        always farkle). So these values solve the optimality equations there, and as no
        play outruns a farkle (each throw farkles with some chance, the points grow by at
        most a throw's), no play beats them: they are the optimal values."""
        throws, slope, bonus = self.throws, self._hot_slope, self._hot_bonus
        leaving, most = self._best_points()
        both = (leaving > -np.inf) & (most > -np.inf)
        choose = ((slope * most + bonus - leaving) / (1 - slope))[both]
        _, hot_only = _leaving_dice(self.rules)
        gain = np.where(leaving > -np.inf, leaving, slope * most + bonus)
        gain = throws.expect(gain) + throws.bust * self.bust
        banks = gain[1:-1] / (throws.bust[1:-1] + (1 - slope) * hot_only[1:-1])
        limit = max(choose.max(initial=0.0), banks.max(initial=0.0))
        return max(int(limit // self.unit) + 1, -(-self.needs // self.unit), 1)

    def _sweep(self, cap: int, fresh_round: float):
        """Values below ``cap`` units at risk as ``a + c * fresh_round``: of the best choice
        (value_a, value_c) and of throwing (throw_a, throw_c), by (units at risk, dice left)."""
        shape = (cap, self.rules.dice + 1)
        value_a, value_c, throw_a, throw_c = (np.zeros(shape) for _ in range(4))
        for units in range(cap - 1, -1, -1):
            ta, tc = self._throw_step(units, fresh_round, value_a, value_c)
            throw_a[units], throw_c[units] = ta, tc
            bank = (ta + tc * fresh_round <= units * self.unit) & (units * self.unit >= self.needs)
            if self._rethrows:  # all the dice to throw: hot dice, which must be thrown
                bank[self.rules.dice] = False
            value_a[units] = np.where(bank, units * self.unit, ta)
            value_c[units] = np.where(bank, 0.0, tc)
        return value_a, value_c, throw_a, throw_c

    def _throw_step(self, units: int, fresh_round: float, value_a, value_c):
        """Value of throwing with ``units`` at risk, for each number of dice, from the
        values of the states a throw leads to (banking at and beyond the arrays' end)."""
        after = units + self.throws.points
        inside = after < len(value_a)
        index = np.minimum(after, len(value_a) - 1)
        beyond = np.where(
            self._hot, self._hot_slope * after * self.unit + self._hot_bonus, after * self.unit
        )
        a = np.where(inside, value_a[index, self._next_dice], beyond)
        c = np.where(inside, value_c[index, self._next_dice], 0.0)
        if self.rules.bust_keeps_completed_rounds:  # hot dice: the round is safe, a new one starts
            a = np.where(self._hot, after * self.unit, a)
            c = np.where(self._hot, 1.0, c)
        best = pick(a + c * fresh_round, self.throws.valid)
        return (
            self.throws.expect(take(a, best)) + self.throws.bust * self.bust,
            self.throws.expect(take(c, best)),
        )


class FinalTurnPolicy(_Turn):
    """The play with the best chance to win a last turn against the score ``to_beat``:
    ending above it wins, ending level is a shared win and counts half (as the rules do).

    Values are exact chances (as floats) over (units short of ``to_beat``, units at risk,
    dice left), one table for scores a throw can draw level with and one for those it can't
    (``to_beat`` not a multiple of the unit); they do not otherwise depend on ``to_beat``, so
    the tables of one rules serve every score.

    With a minimum bank or an opening score still to reach (``needs`` points in the turn),
    a last turn short of it can't end level or above, so the score to beat is raised to
    just below banked + needs, with no level score to share.
    """

    def __init__(self, rules: Rules, to_beat: int):
        super().__init__(rules)
        refuse_unsolved(rules, "final-turn policy", UNSOLVED)
        if rules.bust_keeps_completed_rounds and (rules.bank_needs(False) or rules.penalty):
            raise ValueError(
                "the final-turn policy can't yet honour a minimum bank, an opening score or a "
                "penalty together with bust_keeps_completed_rounds: set one of them off"
            )
        self.to_beat = to_beat
        self._size = self._table_size(to_beat)
        _final_table(rules, self._size, True)  # worked out now rather than at the first move

    def _table_size(self, to_beat):
        """The size of the chance table a score to beat needs (a power of two; numbers or
        arrays)."""
        needed = np.maximum(1, -(-(np.asarray(to_beat, dtype=np.int64) + 1) // self.unit))
        bits = np.frexp((needed - 1).astype(np.float64))[1]  # the bit length of needed - 1
        sizes = np.left_shift(1, np.maximum(6, bits)).astype(np.int64)
        return int(sizes) if sizes.ndim == 0 else sizes

    def success_probability(self, banked: int) -> float:
        """The chance to win a fresh last turn from ``banked`` (a shared win counting half)."""
        return self.throw_value(State(scores=(banked,), dice_left=self.rules.dice))

    def bank_values(self, banked, turn_points, to_beat=None) -> np.ndarray:
        """1 where banking ends above ``to_beat``, 1/2 where it ends level, else 0 (numpy
        arrays of states at once; ``to_beat`` an array gives each state its own score)."""
        to_beat = self.to_beat if to_beat is None else to_beat
        return _outcome(np.asarray(banked) + turn_points, to_beat)

    def throw_value(self, state: State) -> float:
        return float(
            self.throw_values(
                state.scores[state.player],
                state.turn_points,
                state.round_start,
                state.dice_left,
                needs=self.rules.bank_needs(self.engine.on_board(state)),
            )
        )

    def throw_values(
        self, banked, turn_points, round_start, dice_left, to_beat=None, needs=None
    ) -> np.ndarray:
        """The chance to win (a shared win counting half) when the player throws the dice
        left now, for numpy arrays of states at once. With ``to_beat`` (an array), each state
        is valued against its own score to beat, exactly as by ``final_turn_policy(rules,
        to_beat)``; ``needs`` (default: the minimum bank) the turn points a bank needs."""
        to_beat = self.to_beat if to_beat is None else to_beat
        needs = self.rules.bank_needs(True) if needs is None else needs
        banked, turn_points, round_start, dice_left, to_beat, needs = np.broadcast_arrays(
            *(
                np.asarray(a, dtype=np.int64)
                for a in (banked, turn_points, round_start, dice_left, to_beat, needs)
            )
        )
        raised = to_beat < banked + needs  # the bank needs more than drawing level
        to_beat = np.where(raised, banked + needs - 1, to_beat)
        safe, at_risk = self.split(turn_points, round_start)
        safe = safe + banked
        short = to_beat - safe - at_risk  # points short of drawing level
        # Already above: the first bank keeps it so; a farkle leaves the safe points.
        values = np.array(first_bank_values(self.rules, dice_left, 1.0, _outcome(safe, to_beat)))
        behind = short >= 0
        # (a banked score below 0, after a penalty, is further behind than the score to beat)
        sizes = self._table_size(np.maximum(to_beat, to_beat - safe)[behind])
        level = (short[behind] % self.unit == 0) & ~raised[behind]
        flat = values.reshape(-1)
        rows_behind = np.flatnonzero(behind.ravel())
        short, at_risk, dice_left = short.ravel(), at_risk.ravel(), dice_left.ravel()
        for size in np.unique(sizes).tolist():
            for ties in (True, False):
                rows = rows_behind[(sizes == size) & (level == ties)]
                chance = _final_table(self.rules, size, ties)
                flat[rows] = chance[
                    short[rows] // self.unit, at_risk[rows] // self.unit, dice_left[rows]
                ]
        return values


def _outcome(score, to_beat) -> np.ndarray:
    """A finished last turn: 1 above ``to_beat``, 1/2 level (a shared win), 0 below."""
    return np.where(score > to_beat, 1.0, np.where(score == to_beat, 0.5, 0.0))


@cache
def _final_table(rules: Rules, size: int, ties: bool) -> np.ndarray:
    """Chance to win when throwing, by (units short, units at risk, dice left), for 0 to
    ``size`` units short and short + at risk ≤ ``size``.

    ``ties``: being 0 units short is level, a shared win worth 1/2 (otherwise it is still
    behind: the score to beat is not a multiple of the unit). A throw moves to fewer units
    short, so they are solved in increasing order, each for every amount at risk at once.
    A farkle leaves the safe points, level only when nothing was short or at risk. Hot dice
    that must be thrown again (:func:`rethrows_at_risk`) bank neither level nor ahead: ahead,
    they are worth :func:`first_bank_values`.
    """
    throws, hot, next_dice = _throws(rules)
    level = 0.5 if ties else 0.0
    rethrows = rethrows_at_risk(rules)
    banks = ~hot if rethrows else True  # may the choice be followed by a bank
    chance = np.zeros((size + 1, size + int(throws.points.max()) + 1, rules.dice + 1))
    for short in range(size + 1):
        at_risk = np.arange(size - short + 1)[:, None, None]
        short_after = short - throws.points
        at_risk_after = at_risk + throws.points
        if rules.bust_keeps_completed_rounds:
            at_risk_after = np.where(hot, 0, at_risk_after)
        throw_on = chance[np.maximum(short_after, 0), at_risk_after, next_dice]
        ahead: float | np.ndarray = 1.0
        if rethrows:  # a farkle of the rethrow leaves the banked score, level only at (0, 0)
            farkle = np.where((short == 0) & (at_risk == 0), level, 0.0)
            ahead = np.where(hot, first_bank_values(rules, rules.dice, 1.0, farkle), 1.0)
        after = np.where(
            short_after < 0,
            ahead,
            np.where((short_after == 0) & banks, np.maximum(level, throw_on), throw_on),
        )
        chance[short, : size - short + 1] = throws.expect(take(after, pick(after, throws.valid)))
        if short == 0:  # level with nothing at risk: a farkle still shares the win
            chance[0, 0] += throws.bust * level
    return chance


class OptimalBot:
    """Plays each turn for the most points on average and its last turn for the best chance
    to win against the leader (a shared win counting half)."""

    level = "optimal"

    def prepare(self, engine: Engine, players: int | None = None) -> None:
        """Work out the turn policy now rather than at the first move (for any table)."""
        turn_policy(engine.rules)

    def choose(self, engine: Engine, state: State, rng):
        return self.policy(engine, state).action(state)

    @staticmethod
    def policy(engine: Engine, state: State) -> SetAsidePolicy:
        """The policy the robot follows in ``state``."""
        if engine.in_final_turn(state):
            leader = max(score for i, score in enumerate(state.scores) if i != state.player)
            return final_turn_policy(engine.rules, leader)
        return turn_policy(engine.rules)
