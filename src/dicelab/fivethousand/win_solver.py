"""Two-player Fivethousand played to win, without a penalty: the solver of
:func:`~dicelab.fivethousand.win.win_policy`, which picks it.

It solves the game for the player to move at every pair of banked scores
(see :mod:`dicelab.setaside.levels`), the final-turn rule included: once a player ends a turn
at or above the target, the other has one last turn, the higher score wins and a shared win
counts half. The last turn itself is solved exactly, ties included (:class:`FinalTurns`).

The leader may push on past the target, so leads are solved up to a cap (``lead_cap``
points over the other player). At that lead the player banks; a bigger lead counts as that
lead. This changes a chance to win by at most ``cap_error``, the chance of a last turn
making up the capped lead: banking there already wins unless that last turn succeeds, and
no play does better than winning. The cap is chosen so that this bound is below
``CAP_ERROR``, and no smaller than the target, so that only a leader past the target is
capped (a lead mid-game is no near-certain win). Under Zillions rules a turn can go on past the target with its completed
rounds safe; those states depend only on the lead, and are solved once per lead.

With compulsory hot dice (without Zillions rules) a player on hot dice throws, however
far ahead: the turn is swept up to the lead cap, where hot dice are thrown and the turn
banked at the first choice that leaves dice
(:func:`~dicelab.fivethousand.policy.first_bank_values`). No play banks before a farkle
more often, and the banks there are worth at most the cap's error more than counted, so
the bound holds. Under Zillions rules hot dice simply start a fresh round, never a bank.

>>> policy = FivethousandWinPolicy(Rules(target=300), use_cache=False)
>>> 0.5 < policy.first_player_wins < 1
True
"""

from __future__ import annotations

from functools import partial

import numpy as np

from dicelab import cache
from dicelab.fivethousand.engine import Engine, State
from dicelab.fivethousand.policy import first_bank_values, rethrows_at_risk
from dicelab.fivethousand.rules import Rules
from dicelab.memo import cached_method
from dicelab.odds.table import OddsTable
from dicelab.setaside.levels import Level, guess_values, one_unit_up, solve_level
from dicelab.setaside.policy import pick, take, throw_table
from dicelab.setaside.sweep import PairTurns, start_values, throw_rows
from dicelab.setaside.win import WinPolicy, standing_value

FORMAT = 2  # bump when the saved arrays change meaning (2: the last turns' rounds, to the cap)
CAP_ERROR = 1e-9  # the cap changes no chance to win by more than this


def _throws(rules: Rules, choices: str = "all"):
    throws = throw_table(rules.combinations(), rules.dice, choices)
    return throws, throws.next_dice


class FinalTurns:
    """The last turn of the player behind, solved for every deficit ``d`` (units the other
    player's score is above the chaser's safe points), ties counting half.

    Under Zillions rules a farkle keeps the completed rounds, so a state is (deficit of the
    safe points, points at risk, dice); otherwise a farkle loses all and only the points
    still needed count. Without ``last_turn`` there is none: the first to bank the target
    has won, and every chance of a last turn is 0.

    A chaser whose bank needs ``needs`` units (a minimum bank, or the opening) more than the
    deficit can't end level: any bank they may make wins, so their chance is that of
    gathering ``needs`` units, with no tie (:meth:`throw_value`, :meth:`start_needing`).
    """

    def __init__(self, rules: Rules):
        self.rules = rules
        self.throws, self.next_dice = _throws(rules)
        self.keeps_rounds = rules.bust_keeps_completed_rounds
        self._max_points = int(self.throws.points.max())
        self.round_top = int(_round_units(self.throws).max())  # no round sets aside more units
        self.round_least = int(
            _round_units(self.throws, np.min)[rules.dice]
        )  # hot dice need this many units
        self.start = np.zeros(1)  # start[d]: chance of a fresh last turn with deficit d
        self.rounds: tuple | None = None  # (a, c) of the rounds of deficits 1.., once solved
        self._traditional = np.zeros((0, rules.dice + 1))  # no deficit solved yet
        self._untied = np.zeros((0, rules.dice + 1))  # the same with no tie: gathering d units

    def extend(self, size: int) -> np.ndarray:
        """Start chances for deficits 0 to ``size`` (computing the missing ones; without
        Zillions rules also the throw values behind them, which a loaded policy lacks)."""
        if not self.rules.last_turn:
            self.start = np.zeros(max(size + 1, len(self.start)))
            return self.start[: size + 1]
        if not self.keeps_rounds:
            known = len(self._traditional) - self._max_points - 1  # the deficits solved
            if known < size:
                self._traditional = self._solve_traditional(max(size, len(self.start) - 1))
                self.start = self._traditional[self._max_points :, self.rules.dice].copy()
            return self.start[: size + 1]
        if len(self.start) > size:
            return self.start[: size + 1]
        start = np.zeros(size + 1)
        start[: len(self.start)] = self.start
        start[0] = 1 - 0.5 * self.throws.bust[self.rules.dice]
        # A deficit's rounds need the start chances of deficits at least a whole round lower:
        # that many are solved together.
        step = max(1, min(self.round_least, size))
        for d in range(max(len(self.start), 1), size + 1, step):
            deficits = np.arange(d, min(d + step, size + 1))
            start[deficits] = self._rounds(deficits, start)[0][
                :, self.rules.dice
            ]  # a farkle loses: x = 0
        self.start = start
        return self.start

    def start_needing(self, deficits: np.ndarray, needs: np.ndarray) -> np.ndarray:
        """Start chances of last turns with ``deficits`` by chasers whose bank needs
        ``needs`` units (arrays; deficits within :meth:`extend`'s)."""
        deficits, needs = np.broadcast_arrays(deficits, needs)
        tied = self.start[np.minimum(deficits, len(self.start) - 1)]
        if not self.rules.last_turn or not (needs > deficits).any():
            return tied
        untied = self._untied_table(int(needs.max()))[self._max_points + needs, self.rules.dice]
        return np.where(needs > deficits, untied, tied)

    def throw_value(self, deficit: int, at_risk: int, dice: int, needs: int = 0) -> float:
        """The chance to win by throwing ``dice`` dice now (units), for a chaser whose bank
        needs ``needs`` turn units."""
        if not self.rules.last_turn:
            raise ValueError("these rules have no last turn (last_turn=False)")
        if needs > deficit:  # (never under Zillions rules: the policy refuses a bank's needs)
            table = self._untied_table(needs)
            return float(table[max(needs - at_risk + self._max_points, 0), dice])
        if self.keeps_rounds and at_risk >= deficit:  # any scoring throw puts the chaser ahead
            return float(1 - self.throws.bust[dice] * (1 - standing_value(np.array(deficit))))
        if self.keeps_rounds:
            self.extend(deficit)
            a, c = self._round(deficit)
            return float(a[at_risk, dice] + c[at_risk, dice] * standing_value(np.array(deficit)))
        need = deficit - at_risk
        self.extend(max(need, 0))
        return float(self._traditional[max(need + self._max_points, 0), dice])

    def solve_rounds(self, deficits: int) -> dict:
        """Under Zillions rules with a last turn, the throw values of every row of the
        rounds of deficits 1 to ``deficits`` as ``a + c * x`` (saved with the policy, so
        that a policy read from the disk cache throws without solving a round); nothing
        under other rules."""
        if not (self.rules.last_turn and self.keeps_rounds):
            return {}
        self.extend(deficits)
        self.rounds = self._rounds(np.arange(1, deficits + 1), self.start, every_row=True)
        return {"round_a": self.rounds[0], "round_c": self.rounds[1]}

    def _round(self, deficit: int) -> tuple:
        """``(a, c)`` of every row of the round of ``deficit``: solved with the policy, or
        now (the same numbers, bit for bit, however many deficits a sweep takes)."""
        if self.rounds is not None and deficit <= len(self.rounds[0]):
            return self.rounds[0][deficit - 1], self.rounds[1][deficit - 1]
        a, c = self._cached_round(deficit)
        return a[0], c[0]

    @cached_method(maxsize=64)
    def _cached_round(self, deficit: int):
        return self._rounds(np.array([deficit]), self.start, every_row=True)

    def _rounds(self, deficits: np.ndarray, start: np.ndarray, every_row: bool = False):
        """The rounds of last turns with ``deficits`` (units, > 0) to make up by safe points;
        ``start`` holds the start chances of the deficits at least a whole round lower."""
        tops = np.minimum(deficits, self.round_top)
        width = int(tops.max()) + self._max_points + 2
        need = deficits[:, None] - np.arange(width)  # the deficit once the round's points are safe
        bank = standing_value(need)
        value = np.broadcast_to(bank[:, :, None], bank.shape + (self.rules.dice + 1,)).copy()
        fresh = np.where(need < 0, 1.0, start[np.clip(need, 0, deficits[:, None] - 1)])  # hot dice
        fresh = np.where(need == 0, start[0], fresh)
        turns = PairTurns(value, np.zeros_like(value), bank, tops + 1, np.maximum(bank, fresh))
        x = standing_value(deficits) * 1.0
        if every_row:
            return throw_rows(self.throws, self.next_dice, turns, x, int(tops.max()) + 1)
        return start_values(self.throws, self.next_dice, turns, x)

    def _untied_table(self, size: int) -> np.ndarray:
        """:meth:`_solve_traditional` with no tie, for needs up to ``size`` units."""
        if len(self._untied) < size + self._max_points + 1:
            self._untied = self._solve_traditional(size, level=1.0)
        return self._untied

    def _solve_traditional(self, size: int, level: float = 0.5) -> np.ndarray:
        """Chance to win by throwing, by (units still needed to draw level + offset, dice);
        ending level is worth ``level`` (a shared win, or 1 where any bank allowed wins)."""
        throws, offset, dice = self.throws, self._max_points, self.rules.dice
        rethrows = rethrows_at_risk(self.rules)  # hot dice (all the dice to throw) don't bank
        throw = np.zeros((size + offset + 1, dice + 1))
        decide = np.zeros_like(throw)
        decide[:offset] = 1.0  # already ahead: bank (at the first chance)
        throw[:offset] = first_bank_values(self.rules, np.arange(dice + 1), 1.0, 0.0)
        if rethrows:
            decide[:offset, dice] = throw[:offset, dice]
        for need in range(size + 1):
            after = decide[need + offset - throws.points, self.next_dice]
            throw[need + offset] = throws.expect(take(after, pick(after, throws.valid)))
            level_here = level if need == 0 else float(standing_value(np.array(need)))
            decide[need + offset] = np.maximum(level_here, throw[need + offset])
            if rethrows:
                decide[need + offset, dice] = throw[need + offset, dice]
        return throw


def _round_units(throws, best=np.max) -> np.ndarray:
    """By the number of dice a round starts with: the most (or with ``best=np.min`` the
    fewest) units it can set aside in all, until hot dice (0 / ``NEVER`` if it can't)."""
    units = np.zeros(throws.dice + 1, dtype=np.int64)
    for n in range(1, throws.dice + 1):
        rows = throws.thrown == n
        left = throws.left[rows]
        gain = throws.points[rows] + np.where(left > 0, units[np.maximum(left, 0)], 0)
        units[n] = best(np.where(throws.valid[rows], gain, 0 if best is np.max else NEVER))
    return units


NEVER = 2**40  # more units than any round sets aside


class FivethousandWinPolicy(WinPolicy):
    """The play with the best chance to win a two-player game of Fivethousand.

    Arrays (units of ``unit`` points; ``goal`` = the target in units, ``lead`` the lead
    cap, ``cap = goal - 1 + lead`` the highest score that matters):

    - ``start[m, b]``: the chance to win of the player about to throw all the dice with
      ``m`` safe units (the banked score, plus under Zillions rules the completed rounds of
      this turn) against an opponent with ``b < goal`` banked; ``m`` below ``goal`` without
      Zillions rules, below ``cap`` with them.
    - ``after[b, s]``: the chance to win of a player with ``b < goal`` banked, about to
      move when the other player has just ended a turn at ``s`` (a last turn once
      ``s >= goal``); one minus it is what ending the turn at ``s`` is worth.
    """

    low = 0  # the lowest banked score (units); array index = score - low

    def __init__(self, rules: Rules, lead_cap: int | None = None, use_cache: bool = True):
        super().__init__(Engine(rules))
        self.rules = rules
        self.throws, self.next_dice = _throws(rules)
        self.dominant = _throws(rules, "most_per_count")  # enough where more points never hurt
        self.unit = self.throws.unit
        self.goal = -(-rules.target // self.unit)
        self.keeps_rounds = rules.bust_keeps_completed_rounds
        self.final = FinalTurns(rules)
        # the turn units a bank needs, off the board and on it (without a penalty a banked
        # score is 0 until the player gets on the board, and above 0 after)
        self._needs_by_board = np.array(
            [-(-int(rules.bank_needs(on_board)) // self.unit) for on_board in (False, True)]
        )
        if lead_cap is not None and lead_cap // self.unit < self.goal:
            raise ValueError(
                f"the lead cap is at least the target ({rules.target} points), not {lead_cap}"
            )
        self._lead_points = lead_cap
        identity = {
            "rules": rules.to_dict(),
            "format": FORMAT,
            "cap_error": CAP_ERROR,
            "lead_cap": lead_cap,
            "code": cache.source_digest(*self.code_sources()),
        }
        self.cache_key, self.cache_kind = (identity if use_cache else None), "fivethousand-win"
        arrays = (
            cache.load_or_compute(identity, self._solve, self.cache_kind)
            if use_cache
            else self._solve()
        )
        self.start, self.after = arrays["start"], arrays["after"]
        self.final.start = arrays["final"]
        if "round_a" in arrays:
            self.final.rounds = (arrays["round_a"], arrays["round_c"])
        self.cap = self.after.shape[-1] - 1 + self.low
        self.lead = self.cap - self.goal + 1
        self._loaded(arrays)

    def _loaded(self, arrays: dict) -> None:
        """Read what a subclass saves beside the arrays (nothing here)."""

    @classmethod
    def code_sources(cls) -> tuple:
        """The modules whose code the saved solution depends on (part of its cache key)."""
        import sys

        from dicelab.fivethousand import policy
        from dicelab.setaside.win import solver_sources

        return (sys.modules[__name__], policy, *solver_sources())

    # --- solving ----------------------------------------------------------------------
    def _choose_lead(self) -> int:
        """The smallest lead cap (units) whose error bound, a last turn making it up, is
        below CAP_ERROR, and at least the target (so that only a leader past the target is
        capped, where the bound holds); or the one asked for."""
        if self._lead_points is not None:
            return self._lead_points // self.unit
        size = 2 * self.goal
        while True:
            start = self.final.extend(size)
            below = np.nonzero(start[1:] <= CAP_ERROR)[0]
            if len(below):
                return max(int(below[0]) + 1, self.goal)
            size *= 2

    def _solve(self) -> dict:
        goal = self.goal
        lead = self._choose_lead()
        cap = goal - 1 + lead
        self.final.extend(lead)
        highest = cap - 1 if self.keeps_rounds else goal - 1  # the highest safe score m
        start = np.zeros((highest + 1, goal))
        after = np.zeros((goal, cap + 1))
        b = np.arange(goal)[:, None]
        s = np.arange(cap + 1)[None, :]
        after[:] = np.where(
            s >= goal, self.final.start_needing(np.clip(s - b, 0, lead), self.needs(b)), 0.0
        )
        if self.keeps_rounds:
            self._solve_leads(start, after, goal, lead)
        above: tuple[np.ndarray, Level] | None = None  # the level above: movers, how solved
        shifts = not self._needs_by_board.any()
        for m, b in _levels(goal - 1, goal):
            partner = b - m[0]
            guess = 1 - guess_values(after, b, m)
            # a pair's turn is the one a unit up, a row lower, unless a bank needs turn points
            donors = None
            if shifts and above is not None:
                donors = (one_unit_up(m, above[0]), above[1])
            level = solve_level(
                self.throws,
                self.next_dice,
                partial(self._turns, m, b, start, after, lead),
                partner,
                np.zeros(len(m)),
                guess,
                donors,
                self.dominant,
            )
            start[m, b] = after[m, b] = level.start
            above = (m, level)
        rounds = self.final.solve_rounds(cap)  # every last turn's deficit up to the cap
        return {"start": start, "after": after, "final": self.final.start, **rounds}

    def _solve_leads(self, start, after, goal, lead) -> None:
        """Fresh rounds of a turn whose safe points are at or past the target (Zillions
        rules): the value depends only on the lead ``d``, solved from the cap down, a
        round's worth of leads at once (hot dice lead on to leads at least a round higher)."""
        step = max(1, self.final.round_least)
        for highest in range(lead - 1, 0, -step):
            d = np.arange(highest, max(highest - step, 0), -1)
            b = np.full(len(d), goal - 1)
            m = b + d
            x = 1 - after[b, m]
            start[m, b] = solve_level(
                self.throws,
                self.next_dice,
                lambda _x, m=m, b=b: self._turns(m, b, start, after, lead),
                np.full(len(d), -1),
                x,
                x,
                dominant=self.dominant,
            ).start
        for ahead in range(1, lead):
            theirs = np.arange(max(0, goal - ahead), goal)
            start[theirs + ahead, theirs] = start[goal - 1 + ahead, goal - 1]

    def _turns(self, m, b, start, after, lead, x=None, rows: int = 0, streak=None) -> PairTurns:
        """The first rounds of the turns from safe scores ``m`` against ``b`` (arrays), up
        to the lead cap, or (with bust values ``x``, without Zillions rules) to the lead
        past the target where banking is proved best: throwing is worth at most
        ``1 - bust * (1 - x)`` and banking a lead ``d`` there is worth ``1 - final[d]``.
        The arrays are wide enough for ``rows`` rows of throw values. Scores are indices
        (score - ``low``); with a penalty ``after`` has the opponent's farkles in a row
        first, given by ``streak``."""
        ends = b + lead - m
        rethrows = rethrows_at_risk(self.rules)  # then hot dice are swept up to the lead cap
        if self.keeps_rounds:
            ends = np.minimum(ends, self.final.round_top + 1)
        elif x is not None and not rethrows:
            bound = self.throws.bust[1:].min() * (1 - x) * (1 - 1e-9)
            proved = self.final.start[None, : lead + 1] <= bound[:, None]
            banks_from = np.where(proved.any(axis=1), proved.argmax(axis=1), lead)  # a lead
            # ... once past the target, where banking leaves the other player a last turn
            ends = np.minimum(ends, np.maximum(b + banks_from, self.goal - self.low) - m)
        needs = self.needs(m)
        ends = np.maximum(ends, needs)  # the rows given are banks, which need this many
        width = max(int(ends.max()), rows) + int(self.throws.points.max()) + 1
        capped = (b + lead)[:, None]
        standing = np.minimum(m[:, None] + np.arange(width), capped)
        ended = (
            after[b[:, None], standing]
            if streak is None
            else after[streak[:, None], b[:, None], standing]
        )
        bank = np.where(np.arange(width) < needs[:, None], -np.inf, 1 - ended)
        value = np.broadcast_to(bank[:, :, None], bank.shape + (self.rules.dice + 1,)).copy()
        value_c = np.zeros_like(value)
        if rethrows:  # hot dice at the lead cap: thrown, then banked at the first chance
            given = np.arange(width) >= ends[:, None]
            dice = self.rules.dice
            value[:, :, dice] = np.where(
                given, first_bank_values(self.rules, dice, np.where(given, bank, 0.0), 0.0), bank
            )
            value_c[:, :, dice] = np.where(
                given, first_bank_values(self.rules, dice, 0.0, 1.0), 0.0
            )
        hot = None
        if self.keeps_rounds:  # a fresh round, or (when the rules allow it) the bank
            fresh = start[np.minimum(standing, start.shape[0] - 1), b[:, None]]
            chosen = fresh if self.rules.must_rethrow else np.maximum(bank, fresh)
            hot = np.where(standing < capped, chosen, bank)
        return PairTurns(value, value_c, bank, ends, hot, rethrow=rethrows)

    # --- reading ----------------------------------------------------------------------
    @property
    def first_player_wins(self) -> float:
        return float(self.start[0, 0])

    @property
    def cap_error(self) -> float:
        """A bound on how much the cap changes any chance to win."""
        return float(self.final.start[self.lead])

    def needs(self, banked) -> np.ndarray:
        """The turn units a bank needs, for banked scores in units (numbers or arrays)."""
        return self._needs_by_board[(np.asarray(banked) > 0).astype(np.int64)]

    def _units(self, points: int) -> int:
        return min(points // self.unit, self.cap)

    def _split(self, state: State) -> tuple[int, int, int, int]:
        """(my safe units, opponent units, units at risk, dice left) of ``state``."""
        safe = state.round_start if self.keeps_rounds else 0
        mine, theirs = state.scores[state.player], state.scores[1 - state.player]
        return (
            self._units(mine + safe),
            self._units(theirs),
            (state.turn_points - safe) // self.unit,
            state.dice_left,
        )

    def bank_value(self, state: State) -> float:
        mine = self._units(state.scores[state.player] + state.turn_points)
        theirs = self._units(state.scores[1 - state.player])
        if self.engine.in_final_turn(state):
            return float(standing_value(np.array(theirs - mine)))
        return 1.0 - self._after_bank(state, min(theirs, self.goal - 1), mine)

    def throw_value(self, state: State) -> float:
        """The chance to win when the player throws the dice left now."""
        self.check_two_players(state)
        safe, theirs, at_risk, dice = self._split(state)
        if self.engine.in_final_turn(state):
            return self.final.throw_value(theirs - safe, at_risk, dice, int(self.needs(safe)))
        theirs = min(theirs, self.goal - 1)
        if safe - theirs >= self.lead:  # at the lead cap: banking is all there is
            return 1.0 - self._after_bank(state, theirs, theirs + self.lead)
        table = self._turn_table(state, safe, theirs)
        return float(table[min(at_risk, table.shape[0] - 1), dice])

    def _after_bank(self, state: State, theirs: int, standing: int) -> float:
        """The other player's chance to win, to move at ``theirs`` units (below the target)
        once the player to move in ``state`` has banked at ``standing``."""
        return float(self.after[theirs, standing])

    def _turn_table(self, state: State, safe: int, theirs: int) -> np.ndarray:
        """The chance to win by throwing in ``state``'s turn, by (units at risk, dice)."""
        return self.turn_values(safe, theirs)

    def pairs_by_level(self):
        for m, b in _levels(self.start.shape[0] - 1, self.goal):
            inside = m - b < self.lead
            if inside.any():
                yield m[inside], b[inside]

    def table_pairs(self):
        """The pairs solved, and the safe score one above them against every score within
        the lead cap (a player to move whose banked score stands at the target, without
        Zillions rules), which :meth:`throw_value` values too."""
        mine, theirs = super().table_pairs()
        above = np.arange(self.goal)
        above = above[self.start.shape[0] - above < self.lead]
        return (
            np.concatenate([mine, np.full(len(above), self.start.shape[0])]),
            np.concatenate([theirs, above]),
        )

    def level_turns(self, m, b, rows: int = 0) -> PairTurns:
        return self._turns(m, b, self.start, self.after, self.lead, self.bust_values(m, b), rows)

    def table_rows(self, m, b) -> np.ndarray:
        """Up to the lead cap, where every row is the same (the capped lead); under Zillions
        rules no further than one round can reach."""
        reach = b + self.lead - m
        return (np.minimum(reach, self.final.round_top) if self.keeps_rounds else reach) + 1

    def bust_values(self, m, b) -> np.ndarray:
        return 1.0 - self.after[b, m]

    @property
    def longest_turn(self) -> int:
        return min(self.cap, self.final.round_top + 1) if self.keeps_rounds else self.cap

    def chance_to_win(self, state: State) -> float:
        self.check_two_players(state)
        if state.is_over:
            winners = self.engine.winners(state)
            return (state.player in winners) / len(winners)
        if state.phase in ("throw", "rolling"):
            return self.throw_value(state)
        return self.best(state).value

    def bank_from(self, mine: int, theirs: int, dice: int) -> int | None:
        """The fewest turn points (in a turn's first round) from which banking wins more
        often than throwing ``dice`` dice, with ``mine`` and ``theirs`` banked; None when
        throwing is better up to the cap (or banking is not allowed: compulsory hot dice)."""
        if dice == self.rules.dice and self.rules.must_rethrow:
            return None
        m, b = self._units(mine), min(self._units(theirs), self.goal - 1)
        throw = self.turn_values(m, b)
        for r in range(max(1, int(self.needs(m))), throw.shape[0]):
            if m + r - b >= self.lead or 1.0 - self.after[b, m + r] >= throw[r, dice]:
                return r * self.unit
        return None

    def boundary(self, scores=None) -> OddsTable:
        """When to bank: for each pair of banked scores (``scores``, by default every fifth
        of the target) and dice left, the fewest turn points at which banking is best
        ("never": throwing is better as far as a turn can go)."""
        if scores is None:
            step = max(self.unit, self.rules.target // 5 // self.unit * self.unit)
            scores = range(0, self.rules.target, step)
        # Under Zillions rules a round with points at risk never has all the dice.
        # Hot dice must be thrown when compulsory.
        dice = range(1, self.rules.dice + (not self.keeps_rounds and not self.rules.must_rethrow))
        columns = ["you", "opponent"] + [f"{n} {'die' if n == 1 else 'dice'}" for n in dice]
        rows = []
        for mine in scores:
            for theirs in scores:
                row = {"you": mine, "opponent": theirs}
                for n, column in zip(dice, columns[2:]):
                    points = self.bank_from(mine, theirs, n)
                    row[column] = "never" if points is None else points
                rows.append(row)
        return OddsTable(columns, rows, title="Bank from this many turn points (playing to win)")


def _levels(highest: int, goal: int):
    """The pairs (m, b) of each total score, highest total first (m up to ``highest``)."""
    for total in range(highest + goal - 1, -1, -1):
        m = np.arange(max(0, total - goal + 1), min(highest, total) + 1)
        yield m, total - m
