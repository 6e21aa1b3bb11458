"""Exact judgement of strategies: the chance one beats another, the points a turn scores.

Two fixed strategies make a Markov chain over the states the win policy solves (pairs of
banked scores, who is to move, the points at risk and the dice), so their chances are found
by policy evaluation (:mod:`dicelab.strategy.sweep`) in the win solver's order
(:mod:`dicelab.fivethousand.win_solver`): pairs of scores from the highest total down, each
pair with its partner (the other player to move at the same scores, where a farkle leads),
two linear equations. A last turn is judged for every deficit first.

A lead the chaser's best last turn makes up with a chance below :data:`TOLERANCE` counts as
that lead (the win solver's cap): no chance changes by more than that. Under a penalty for
farkles in a row the judgement is :mod:`dicelab.strategy.penalty`'s; which of the two judges a
pair, remembered, is :mod:`dicelab.strategy.judgement`'s :func:`win_chance`.

>>> from dicelab.strategy.build import threshold
>>> bold = threshold({"target": 300}, bank_at=200)
>>> round(points_per_turn(bold), 4)
381.3307
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy

from dicelab.errors import InvalidInputError
from dicelab.fivethousand.rules import Rules
from dicelab.fivethousand.win_solver import FinalTurns
from dicelab.setaside.house import after_turn
from dicelab.setaside.policy import ThrowTable, throw_table
from dicelab.setaside.win import standing_value
from dicelab.strategy.keeping import row_choices
from dicelab.strategy.sweep import Outcomes, throw_values
from dicelab.strategy.table import Strategy

TOLERANCE = 1e-12  # the most a lead cap changes a chance


@dataclass(frozen=True)
class HeadToHead:
    """The chance that one strategy beats another (a shared win counts half): ``first``
    when it throws first, ``second`` when the other does; ``chance`` is their mean."""

    first: float
    second: float

    @property
    def chance(self) -> float:
        return (self.first + self.second) / 2

    def __str__(self) -> str:
        return f"{self.chance:.4f} (throwing first {self.first:.4f}, second {self.second:.4f})"


def check_judged(rules: Rules) -> None:
    """Refuse rules the exact judgement can't yet honour, naming their settings."""
    if rules.penalty:
        _check_penalty(rules)
    if rules.bank_needs(False) and rules.bust_keeps_completed_rounds:
        raise InvalidInputError(
            "the exact judgement can't yet honour a minimum bank or opening score "
            f"(min_bank={rules.min_bank}, opening={rules.opening}) together with "
            "bust_keeps_completed_rounds: set one of them off",
            setting="min_bank" if rules.min_bank else "opening",
        )


def _check_penalty(rules: Rules) -> None:
    """Refuse a farkle penalty the judgement (:mod:`dicelab.strategy.penalty`) can't yet
    honour, naming the setting."""
    if rules.bust_keeps_completed_rounds:
        raise InvalidInputError(
            f"the exact judgement can't yet honour a farkle penalty (penalty={rules.penalty}) "
            "under Zillions rules (bust_keeps_completed_rounds=True): set one of them off",
            setting="penalty",
        )
    if rules.opening:
        raise InvalidInputError(
            f"the exact judgement can't yet honour an opening score (opening={rules.opening}) "
            f"together with a farkle penalty (penalty={rules.penalty}): set one of them to 0",
            setting="opening",
        )
    if rules.score_floor < -rules.target:
        raise InvalidInputError(
            f"the exact judgement can't yet honour a score floor (score_floor="
            f"{rules.score_floor}) further below 0 than the target ({rules.target}): every "
            "score down to it is a state of each seat; raise score_floor",
            setting="score_floor",
        )
    unit = throw_table(rules.combinations(), rules.dice, "all").unit
    for name in ("penalty", "score_floor"):
        if getattr(rules, name) % unit:
            raise InvalidInputError(
                f"the exact judgement needs {name} ({getattr(rules, name)}) to be a "
                f"multiple of {unit} points, the unit every score of these rules is made of",
                setting=name,
            )


@dataclass(frozen=True, eq=False)
class _Game:
    """What every judgement under one set of rules shares (units of ``unit`` points)."""

    rules: Rules
    throws: ThrowTable
    unit: int
    goal: int
    needs: numpy.ndarray  # units a bank needs, off the board and on it
    lead: int  # the lead cap
    round_top: int  # no round sets aside more units
    round_least: int  # hot dice need at least this many units

    @property
    def dice(self) -> int:
        return self.rules.dice

    @property
    def widest(self) -> int:
        return int(self.throws.points.max())

    def outcomes(self, strategy: Strategy) -> Outcomes:
        return _outcomes(self.rules, strategy.set_aside)


@cache
def _game(rules: Rules) -> _Game:
    throws = throw_table(rules.combinations(), rules.dice, "all")
    unit, goal = throws.unit, -(-rules.target // throws.unit)
    final = FinalTurns(rules)
    lead = goal
    if rules.last_turn:  # the cap: where the best last turn makes up the lead rarely enough
        size = 2 * goal
        while not (final.extend(size)[1:] <= TOLERANCE).any():
            size *= 2
        lead = max(goal, int(numpy.nonzero(final.start[1:] <= TOLERANCE)[0][0]) + 1)
    needs = numpy.array([-(-int(rules.bank_needs(board)) // unit) for board in (False, True)])
    least = int(final.round_least) if final.round_least < 2**40 else 1
    return _Game(rules, throws, unit, goal, needs, lead, int(final.round_top), max(1, least))


@cache
def _outcomes(rules: Rules, set_aside: str) -> Outcomes:
    throws = throw_table(rules.combinations(), rules.dice, "all")
    return Outcomes.of(throws, row_choices(rules, set_aside, throws))


def _rules_of(strategies, rules) -> Rules:
    """The rules all ``strategies`` were made for (and ``rules``, when given)."""
    for strategy in strategies:
        if not isinstance(strategy, Strategy):
            raise TypeError(f"a strategy is a dicelab Strategy, not {type(strategy).__name__}")
    chosen = strategies[0].rules if rules is None else Rules.coerce(rules)
    for strategy in strategies:
        if strategy.rules != chosen:
            raise InvalidInputError(
                f"{strategy.name} was made for other rules than these: make it again for them"
            )
    check_judged(chosen)
    return chosen


def _with_none(banks: numpy.ndarray) -> numpy.ndarray:
    """Decisions by dice (last axis, 1 die first) with a column for 0 dice in front."""
    return numpy.concatenate([numpy.zeros(banks.shape[:-1] + (1,), dtype=bool), banks], axis=-1)


def _hot_column(game: _Game, bank: numpy.ndarray) -> numpy.ndarray:
    """``bank`` without banks on hot dice where the rules make them be thrown again."""
    if game.rules.must_rethrow:
        bank[..., game.dice] = False
    return bank


# --- a last turn ---------------------------------------------------------------------------
def last_turns(strategy: Strategy, game: _Game) -> numpy.ndarray:
    """``[on_board, d]``: the chance that ``strategy`` wins its last turn, starting ``d``
    units behind (a tie counts half), for ``d`` up to the lead cap."""
    grid, u, dice = strategy.grid, game.unit, game.dice
    out = game.outcomes(strategy)
    chances = numpy.zeros((2, game.lead + 1))
    if not game.rules.last_turn:
        return chances
    if game.rules.bust_keeps_completed_rounds:
        top = game.round_top + 1
        r = numpy.arange(top + game.widest + 1)
        for low in range(0, game.lead + 1, game.round_least):
            d = numpy.arange(low, min(low + game.round_least, game.lead + 1))[:, None]
            bank = _with_none(strategy.last[grid.gap_of((d - r) * u), grid.row_of(r * u)])
            value = standing_value(d - r)
            hot_banks = strategy.last[grid.gap_of((d - r) * u), 0, dice - 1]
            hot_banks &= not game.rules.must_rethrow
            fresh = numpy.where(d - r < 0, 1.0, chances[0, numpy.clip(d - r, 0, game.lead)])
            hot = numpy.where(hot_banks, value, fresh)
            farkle = standing_value(d[:, 0])
            values = throw_values(out, bank, value[None], farkle[None], hot[None], top)
            chances[:, d[:, 0]] = values[0, :, 0, dice]
        return chances
    d = numpy.arange(game.lead + 1)[:, None]
    for board in (0, 1):
        top = max(game.lead + 1, grid.rows - 1, int(game.needs[board]))
        r = numpy.arange(top + game.widest + 1)
        bank = _with_none(strategy.last[grid.gap_of((d - r) * u), grid.row_of(r * u)])
        bank &= (r >= game.needs[board])[None, :, None]
        value = standing_value(d - r)
        values = throw_values(
            out, _hot_column(game, bank), value[None], numpy.zeros((1, len(d))), None, top
        )
        chances[board] = values[0, :, 0, dice]
    return chances


# --- two strategies playing ----------------------------------------------------------------
class _Match:
    """Both strategies' chances to win at every pair of scores, as the player to move."""

    def __init__(self, strategies: tuple, game: _Game):
        self._prepare(strategies, game)
        g = game.goal
        self.values = numpy.zeros((2, g, g))  # [mover, own score, opponent's score]
        self.high = None
        if game.rules.bust_keeps_completed_rounds and game.rules.last_turn:
            self.high = self._past_target()
        for m, b in _levels(g):
            self._level(m, b)

    def _prepare(self, strategies: tuple, game: _Game) -> None:
        """What every judgement of ``strategies`` under ``game`` needs: their tables and
        their last turns."""
        self.game, self.strategies = game, strategies
        self.grid = strategies[0].grid
        grids = {s.grid for s in strategies}
        if len(grids) != 1:
            raise InvalidInputError("both strategies need the same bands and turn cap to be judged")
        self.plays = numpy.stack([s.play for s in strategies])
        self.last = numpy.stack([last_turns(s, game) for s in strategies])
        self.tails: dict = {}

    @property
    def result(self) -> HeadToHead:
        return HeadToHead(float(self.values[0, 0, 0]), float(1 - self.values[1, 0, 0]))

    def _ended(self, mover, total, theirs):
        """What the mover's bank at ``total`` units is worth against ``theirs`` banked."""
        g = self.game.goal
        below = self.values[1 - mover, theirs, numpy.minimum(total, g - 1)]
        if not self.game.rules.last_turn:
            return numpy.where(total < g, 1 - below, 1.0)
        their_last = self.last[
            1 - mover, (theirs > 0) * 1, numpy.clip(total - theirs, 0, self.game.lead)
        ]
        return numpy.where(total < g, 1 - below, 1 - their_last)

    def _fresh(self, mover, safe, theirs):
        """A fresh round at ``safe`` units (Zillions rules) against ``theirs``."""
        g = self.game.goal
        below = self.values[mover, numpy.minimum(safe, g - 1), theirs]
        if self.high is None:
            return numpy.where(safe < g, below, 1.0)
        band = self.grid.band_of(theirs * self.game.unit)
        above = self.high[
            mover, band, (theirs > 0) * 1, numpy.clip(safe - theirs, 0, self.game.lead)
        ]
        return numpy.where(safe < g, below, above)

    def _decisions(self, mover, own_band, their_band, r):
        return _with_none(
            self.plays[mover, own_band, their_band][:, self.grid.row_of(r * self.game.unit)]
        )

    def _past_target(self) -> numpy.ndarray:
        """``[mover, their band, their on-board, lead]`` under Zillions rules: the chance to
        win of a mover whose safe points stand ``lead`` units past the other's banked score,
        at or past the target (what a farkle then keeps ends the turn at the target)."""
        game, grid = self.game, self.grid
        dice, lead = game.dice, game.lead
        out = [game.outcomes(s) for s in self.strategies]
        bands = grid.bands
        high = numpy.zeros((2, bands, 2, lead + 1))
        mover, band, board = (a.ravel() for a in numpy.indices((2, bands, 2)))
        high[mover, band, board, lead] = 1 - self.last[1 - mover, board, lead]
        top = game.round_top + 1
        r = numpy.arange(top + game.widest + 1)
        for highest in range(lead - 1, -1, -game.round_least):
            leads = numpy.arange(highest, max(highest - game.round_least, -1), -1)
            for who in (0, 1):
                m = numpy.repeat(leads, bands * 2)
                b_band = numpy.tile(numpy.repeat(numpy.arange(bands), 2), len(leads))
                b_board = numpy.tile(numpy.arange(2), bands * len(leads))
                their_last = self.last[
                    1 - who, b_board[:, None], numpy.minimum(m[:, None] + r, lead)
                ]
                value = 1 - their_last
                plays = self.plays[who, bands - 1, b_band]
                bank = _with_none(plays[:, grid.row_of(r * game.unit)])
                hot_banks = plays[:, 0, dice - 1][:, None] & (not game.rules.must_rethrow)
                fresh = high[
                    who, b_band[:, None], b_board[:, None], numpy.minimum(m[:, None] + r, lead)
                ]
                hot = numpy.where(hot_banks, value, fresh)
                values = throw_values(
                    out[who], bank, value[None], value[None, :, 0], hot[None], top
                )
                high[who, b_band, b_board, m] = values[0, :, 0, dice]
        return high

    def _level(self, m, b) -> None:
        """The pairs ``(m, b)`` of one total, both players to move, solved together."""
        game, grid = self.game, self.grid
        dice, n = game.dice, len(m)
        mover = numpy.repeat([0, 1], n)
        mine, theirs = numpy.tile(m, 2), numpy.tile(b, 2)
        needs = game.needs[(mine > 0) * 1]
        zillions = game.rules.bust_keeps_completed_rounds
        top = (
            game.round_top + 1
            if zillions
            else max(grid.rows - 1, int(needs.max()), game.goal - int(m.min()))
        )
        r = numpy.arange(top + game.widest + 1)
        value = numpy.broadcast_to(
            self._ended(mover[:, None], mine[:, None] + r, theirs[:, None]), (2, 2 * n, len(r))
        )
        farkle = numpy.array([numpy.zeros(2 * n), numpy.ones(2 * n)])
        values = numpy.zeros((2, 2 * n, dice + 1))
        for who in (0, 1):
            rows = mover == who
            values[:, rows] = self._turns(
                who, mine[rows], theirs[rows], r, top, value[:, rows], farkle[:, rows]
            )
        a, c = values[0, :, dice], values[1, :, dice] - values[0, :, dice]
        partner = numpy.concatenate([n + (b - m[0]), b - m[0]])
        a2, c2 = a[partner], c[partner]
        solved = (a + c - c * (a2 + c2)) / (1 - c * c2)
        self.values[mover, mine, theirs] = solved

    def _turns(self, who, mine, theirs, r, top, value, farkle) -> numpy.ndarray:
        """``[x, pair, n]``: the value of ``who``'s first throw of ``n`` dice in the turns
        from ``mine`` against ``theirs`` (banking at ``r`` units worth ``value[x, pair, r]``,
        a farkle in the first round ``farkle[x, pair]``)."""
        game, grid = self.game, self.grid
        u, dice = game.unit, game.dice
        needs = game.needs[(mine > 0) * 1]
        own_band, their_band = grid.band_of(mine * u), grid.band_of(theirs * u)
        bank = self._decisions(who, own_band, their_band, r)
        bank &= (r[None, :] >= needs[:, None])[:, :, None]
        hot, tail = None, None
        if game.rules.bust_keeps_completed_rounds:
            safe = mine[:, None] + r
            hot_banks = self.plays[who, grid.band_of(safe * u), their_band[:, None], 0, dice - 1]
            hot_banks &= not game.rules.must_rethrow
            hot = numpy.where(hot_banks, value, self._fresh(who, safe, theirs[:, None]))
        else:
            bank = _hot_column(game, bank)
            tail = self._tail(who, own_band, their_band, theirs, mine, top, len(r))
        out = game.outcomes(self.strategies[who])
        return throw_values(out, bank, value, farkle, hot, top, tail)[:, :, 0]

    def _tail(self, who, own_band, their_band, theirs, mine, top, width):
        """Without Zillions rules, the values from row ``top`` on, where every bank ends the
        game at the target or past it (read from :meth:`_tails`)."""
        tails = self._tails(who)
        lead = mine[:, None] + numpy.arange(top, width) - theirs[:, None]
        board = (theirs > 0) * 1
        picked = tails[
            :,
            own_band[:, None],
            their_band[:, None],
            board[:, None],
            numpy.minimum(lead, tails.shape[4] - 1),
        ]
        return picked

    def _tails(self, who) -> numpy.ndarray:
        """``[x, own band, their band, their on-board, lead, dice]``: throwing with the
        decisions of the table's last row, every bank ending the game (a lead of ``lead``
        units), a farkle worth ``x`` (0 or 1: the values are linear in it)."""
        if who in self.tails:
            return self.tails[who]
        game, grid = self.game, self.grid
        bands, lead = grid.bands, game.lead
        own, their, board = (a.ravel() for a in numpy.indices((bands, bands, 2)))
        r = numpy.arange(lead + game.widest + 1)
        plays = self.plays[who, own, their][:, grid.rows - 1]  # (p, dice)
        bank = _hot_column(
            game,
            _with_none(numpy.broadcast_to(plays[:, None], (len(own), len(r), game.dice)).copy()),
        )
        if game.rules.last_turn:
            value = 1 - self.last[1 - who, board[:, None], numpy.minimum(r, lead)]
        else:
            value = numpy.ones((len(own), len(r)))
        farkle = numpy.array([numpy.zeros(len(own)), numpy.ones(len(own))])
        value = numpy.broadcast_to(value, (2,) + value.shape)
        values = throw_values(game.outcomes(self.strategies[who]), bank, value, farkle, None, lead)
        self.tails[who] = values.reshape(2, bands, bands, 2, len(r), game.dice + 1)
        return self.tails[who]


def _levels(goal: int):
    """The pairs (m, b) below the target of each total, highest total first."""
    for total in range(2 * goal - 2, -1, -1):
        m = numpy.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
        yield m, total - m


def points_per_turn(strategy: Strategy, rules=None, score: int = 0, opponent: int = 0) -> float:
    """The exact mean of the points ``strategy`` banks in one turn (not a last turn), from a
    banked ``score`` against an ``opponent``'s, with no farkles in a row (a farkle counts 0,
    or the points a penalty then takes, or under Zillions rules the completed rounds)."""
    rules = _rules_of((strategy,), rules)
    game, grid = _game(rules), strategy.grid
    u, dice = game.unit, game.dice
    for value, what in ((score, "score"), (opponent, "opponent")):
        if type(value) is not int or not 0 <= value < rules.target:
            raise InvalidInputError(
                f"{what} is a banked score from 0 below the target, not {value!r}"
            )
    m, b = score // u, grid.band_of(opponent)
    out = game.outcomes(strategy)
    needs = int(game.needs[int(m > 0)])
    if not rules.bust_keeps_completed_rounds:
        top = max(grid.rows - 1, needs)
        r = numpy.arange(top + game.widest + 1)
        bank = _with_none(strategy.play[grid.band_of(score), b][grid.row_of(r * u)])[None]
        bank &= (r >= needs)[None, :, None]
        left, _ = after_turn(rules, score, 0, True)  # what a farkle leaves (a penalty)
        farkle = numpy.full((1, 1), (left - score) / u)
        values = throw_values(out, _hot_column(game, bank), r[None, None] * 1.0, farkle, None, top)
        return float(values[0, 0, 0, dice]) * u
    top = game.round_top + 1
    r = numpy.arange(top + game.widest + 1)
    saturated = max(0, (grid.bands - 1) * grid.band // u - m)  # from here the bands stay
    gains = numpy.zeros(saturated + game.round_top + game.widest + 2)

    def round_gain(s, fresh):  # the mean units a round from s completed ones ends with
        own = grid.band_of((m + s) * u)
        bank = _with_none(strategy.play[own, b][:, grid.row_of(r * u)])
        hot_banks = strategy.play[grid.band_of((m + s[:, None] + r) * u), b, 0, dice - 1]
        hot_banks &= not rules.must_rethrow
        value = numpy.broadcast_to(s[:, None] + r * 1.0, (2, len(s), len(r)))
        farkle = numpy.broadcast_to(s * 1.0, (2, len(s)))
        hot = numpy.where(hot_banks, value, fresh)
        return throw_values(out, bank, value, farkle, hot, top)[:, :, 0, dice]

    x = numpy.array([0.0, 1.0])[:, None, None]
    s = numpy.array([saturated])
    fixed = round_gain(s, s[:, None] + r + x) - s  # the gain past the bands, linear in itself
    steady = float(fixed[0, 0] / (1 - (fixed[1, 0] - fixed[0, 0])))
    gains[saturated:] = steady
    for highest in range(saturated - 1, -1, -game.round_least):
        s = numpy.arange(highest, max(highest - game.round_least, -1), -1)
        after = s[:, None] + r
        fresh = after + gains[numpy.minimum(after, len(gains) - 1)]
        gains[s] = round_gain(s, numpy.broadcast_to(fresh, (2,) + fresh.shape))[0] - s
    return float(gains[0]) * u
