"""Batch forms of the Fivethousand and Thousand bots: the decisions of many turns at once.

A batch bot answers the two questions a set-aside turn asks, for arrays of turns (a
:class:`Turns`): :meth:`BatchBot.keep`, which scoring part of the throw to set aside (asked
only where the rules let the player choose), and :meth:`BatchBot.bank`, whether to bank now
(asked only where the rules allow it). Each makes exactly the decisions of its one-game bot:
the same tables, the same comparisons, the same floating-point sums in the same order; the
random bot makes them with the same chances, from the run's choice stream.

:func:`batch_bot` gives the batch form of a built-in bot (None for any other bot), from
:func:`batch_forms`. A policy with values for arrays of states plugs in as a
:class:`PolicyBot` over :class:`StateValues` (a subclass when the values read more of the
state, e.g. the opponents' scores: :class:`FinalTurnValues`); the bot's class then gets one
entry in :func:`batch_forms`.

>>> from dicelab.thousand import Rules
>>> bot = batch_bot(Rules(), "simple")
>>> turns = Turns.of(numpy.array([[0, 40]]), player=numpy.array([0]), turn_points=numpy.array([60]))
>>> bot.bank(turns).tolist()
[True]
"""

from __future__ import annotations

import abc
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy

from dicelab import dice as _dice
from dicelab.players import RandomBot
from dicelab.setaside.odds import throw_summary
from dicelab.setaside.policy import point_unit
from dicelab.simulate.bots import ThresholdBot
from dicelab.simulate.throws import MULTISETS, ThrowTable


class Turns:
    """Turns of a batch at one decision, one entry per turn (numpy arrays).

    ``scores`` (turns, seats) banked scores, ``player`` whose turn it is, ``turn_points``
    and ``round_start`` as in :class:`dicelab.setaside.State`, ``dice_left`` the dice left to
    throw, ``final`` whether it is the player's last turn (Fivethousand), ``throw`` the
    thrown multiset's number (:mod:`dicelab.simulate.throws`) when dice are to be set aside,
    ``choice`` (turns, 2) uniform floats for bots that choose at random; ``on_board``
    whether the player has got on the board and ``streak`` their farkles in a row
    (Fivethousand's opening and penalty; None: on the board, none).

    With ``rows``, the turns are those rows of the arrays given, each array gathered only
    when a bot first reads it (most bots read two or three of them).
    """

    FIELDS = (
        "scores",
        "player",
        "turn_points",
        "round_start",
        "dice_left",
        "final",
        "throw",
        "choice",
        "on_board",
        "streak",
    )

    def __init__(
        self,
        scores,
        player,
        turn_points,
        round_start,
        dice_left,
        final,
        throw,
        choice=None,
        rows=None,
        banked=None,
        on_board=None,
        streak=None,
    ):
        self._arrays = dict(
            zip(
                self.FIELDS,
                (
                    scores,
                    player,
                    turn_points,
                    round_start,
                    dice_left,
                    final,
                    throw,
                    choice,
                    on_board,
                    streak,
                ),
            )
        )
        self._rows = rows
        self._banked = (
            banked if banked is None or rows is None else banked[rows]
        )  # when known already

    def __getattr__(self, name):
        if name not in Turns.FIELDS:
            raise AttributeError(name)
        value = self._arrays[name]
        if value is not None and self._rows is not None:
            value = value[self._rows]
        self.__dict__[name] = value
        return value

    @classmethod
    def of(
        cls,
        scores,
        player,
        turn_points,
        round_start=None,
        dice_left=None,
        final=None,
        throw=None,
        choice=None,
    ) -> Turns:
        """Turns from arrays, zeros (or False) for what is not given."""
        zeros = numpy.zeros(len(player), dtype=numpy.int64)
        return cls(
            numpy.asarray(scores, dtype=numpy.int64),
            numpy.asarray(player, dtype=numpy.int64),
            numpy.asarray(turn_points, dtype=numpy.int64),
            zeros if round_start is None else numpy.asarray(round_start, dtype=numpy.int64),
            zeros if dice_left is None else numpy.asarray(dice_left, dtype=numpy.int64),
            zeros.astype(bool) if final is None else numpy.asarray(final, dtype=bool),
            zeros if throw is None else numpy.asarray(throw, dtype=numpy.int64),
            choice,
        )

    def __len__(self) -> int:
        return len(self.player)

    def take(self, rows) -> Turns:
        """The turns at ``rows`` (an index array or a mask)."""
        rows = numpy.asarray(rows)
        if rows.dtype == bool:
            rows = numpy.flatnonzero(rows)
        taken = Turns(
            **{name: self._arrays[name] for name in self.FIELDS},
            rows=rows if self._rows is None else self._rows[rows],
        )
        taken._banked = None if self._banked is None else self._banked[rows]
        return taken

    @property
    def banked(self) -> numpy.ndarray:
        """The banked score of the player to move."""
        if self._banked is None:
            self._banked = numpy.take_along_axis(self.scores, self.player[..., None], axis=-1)[
                ..., 0
            ]
        return self._banked

    @property
    def best_other(self) -> numpy.ndarray:
        """The best banked score of the other players (0 alone)."""
        if self.scores.shape[-1] == 1:
            return numpy.zeros(self.player.shape, dtype=numpy.int64)
        mine = numpy.arange(self.scores.shape[-1]) == self.player[..., None]
        return numpy.where(mine, numpy.iinfo(numpy.int64).min, self.scores).max(axis=-1)


class BatchBot(abc.ABC):
    """A set-aside bot's decisions for many turns at once (see the module docstring)."""

    level: str
    uses_choices = False  # True when it reads Turns.choice
    cheap = True  # True when answering for every turn costs less than picking out its own

    def keep(self, turns: Turns, throws: ThrowTable) -> numpy.ndarray:
        """Index (into ``throws.choices[turns.throw]``) of the part to set aside: by default
        the part worth most (ties: more dice)."""
        return throws.best[turns.throw]

    @abc.abstractmethod
    def bank(self, turns: Turns) -> numpy.ndarray:
        """Whether to bank now, for turns whose rules allow it (bool array)."""


class RandomChoices(BatchBot):
    """:class:`dicelab.players.RandomBot`: every legal action equally likely."""

    level = "random"
    uses_choices = True

    def keep(self, turns, throws):
        return numpy.floor(turns.choice[:, 0] * throws.count[turns.throw]).astype(numpy.int64)

    def bank(self, turns):
        return turns.choice[:, 1] >= 0.5  # one of [Throw, Bank]


@dataclass(frozen=True)
class Threshold(BatchBot):
    """Bank once the turn is worth ``threshold`` (with ``not_hot``: and not with every die
    to throw again), setting aside the dice worth most."""

    threshold: int
    not_hot: int = 0  # the number of dice that forbids banking (hot dice), or 0
    level: str = "threshold"

    def bank(self, turns):
        wants = turns.turn_points >= self.threshold
        return wants & (turns.dice_left < self.not_hot) if self.not_hot else wants


class Intelligent(BatchBot):
    """Fivethousand's :class:`~dicelab.fivethousand.strategy.IntelligentRobot`: keeps few
    dice for the points, banks when one more throw loses on average (exact fractions: from
    a number of points at risk that depends on the dice left), and in its last turn plays on
    until it is ahead."""

    level = "intelligent"

    def __init__(self, rules):
        from dicelab.fivethousand import Engine, State
        from dicelab.setaside.strategy import keep_fewest_for_points

        engine = Engine(rules)
        throws = ThrowTable.of(rules)
        self._keep = throws.best.copy()
        for t in numpy.flatnonzero(throws.count).tolist():
            part = keep_fewest_for_points(
                engine,
                State(scores=(0,), dice_left=len(MULTISETS[t]), phase="choose", throw=MULTISETS[t]),
            ).dice
            self._keep[t] = throws.part_index(t, engine.table.score(part), len(part))
        self._at_risk_from = numpy.array(
            [_bank_from(throw_summary(engine.table, n)) if n else 0 for n in range(rules.dice + 1)],
            dtype=numpy.int64,
        )
        self._zillions = rules.bust_keeps_completed_rounds

    def keep(self, turns, throws):
        return self._keep[turns.throw]

    def bank(self, turns):
        at_risk = turns.turn_points - (turns.round_start if self._zillions else 0)
        usual = at_risk >= self._at_risk_from[turns.dice_left]
        ahead = turns.banked + turns.turn_points > turns.best_other
        return numpy.where(turns.final, ahead, usual)


def _bank_from(summary) -> int:
    """The fewest points at risk for which one more throw gains nothing on average:
    ``mean - bust * at_risk <= 0`` (huge when a throw can't bust and gains)."""
    if summary.bust == 0:
        return 0 if summary.mean_best_points <= 0 else numpy.iinfo(numpy.int64).max
    return math.ceil(Fraction(summary.mean_best_points) / summary.bust)


class CaskAware(BatchBot):
    """Thousand's :class:`~dicelab.thousand.strategy.CaskAwareBot`: its exact one-throw
    gain, summed over the throws in the bot's own order, read from a table by (dice left,
    turn points, room below the target); then its cask rule."""

    level = "cask_aware"

    def __init__(self, rules):
        self.rules = rules
        self.unit = point_unit(rules.combinations())
        self._gain = _cask_gain_table(rules, self.unit)

    def bank(self, turns):
        standing = turns.banked + turns.turn_points
        # Clipped so that turns the bot is not asked about (over the target) index the table.
        room = numpy.clip((self.rules.target - standing) // self.unit, 0, self._gain.shape[2] - 1)
        _, points, rooms = self._gain.shape
        at = (
            turns.dice_left * points + numpy.minimum(turns.turn_points // self.unit, points - 1)
        ) * rooms + room
        gain = self._gain.reshape(-1)[at]
        low, high = self.rules.casks_at(standing)
        return numpy.where((high >= 0) & (turns.banked < low), gain + (high - standing), gain) <= 0


def _cask_gain_table(rules, unit: int) -> numpy.ndarray:
    """The cask-aware bot's one-throw gain by (dice, turn points // unit, room // unit), room
    capped where every throw fits (the sum is then the same)."""
    table = rules.combinations()
    top = max(
        table.best_choice(m)[1]
        for n in range(1, rules.dice + 1)
        for m in _dice.multisets(n)
        if table.best_choice(m)
    )
    turn_points = numpy.arange(rules.target // unit + 1)[:, None] * unit
    room = numpy.arange(top // unit + 1)[None, :] * unit
    gain = numpy.zeros((rules.dice + 1, len(turn_points), room.shape[1]))
    for n in range(1, rules.dice + 1):
        total = numpy.zeros(gain.shape[1:])
        for throw, p in _dice.outcomes(n).items():
            best = table.best_choice(throw)
            loss = total - float(p) * turn_points
            total = (
                loss
                if best is None
                else numpy.where(best[1] > room, loss, total + float(p) * best[1])
            )
        gain[n] = total
    return gain


class StateValues:
    """A set-aside policy's values of :class:`Turns`: what :class:`PolicyBot` asks of a
    policy. Wraps a policy with ``bank_values(banked, turn_points)``, ``throw_values(banked,
    turn_points, round_start, dice_left)`` and, where setting dice aside can end a turn,
    ``ended_values(banked, won)``, over numpy arrays (any shape); ``lowest`` when a lower
    value is better; ``reads`` names the fields of :class:`Turns` the values depend on (turns
    alike in them and in their throw get one decision). A policy that needs more of the
    state (the opponents' scores) gets a subclass reading it from the turns."""

    def __init__(self, policy, reads=("banked", "turn_points", "round_start", "dice_left")):
        self.policy = policy
        self.lowest = policy.lowest
        self.reads = reads  # the fields of Turns the values depend on

    def bank(self, turns: Turns) -> numpy.ndarray:
        return self.policy.bank_values(turns.banked, turns.turn_points)

    def throw(self, turns: Turns) -> numpy.ndarray:
        return self.policy.throw_values(
            turns.banked, turns.turn_points, turns.round_start, turns.dice_left
        )

    def ended(self, turns: Turns, won: numpy.ndarray) -> numpy.ndarray:
        return self.policy.ended_values(turns.banked, won)


class FinalTurnValues(StateValues):
    """Fivethousand's final-turn policies: each turn against its own leader's score."""

    def bank(self, turns):
        return self.policy.bank_values(turns.banked, turns.turn_points, to_beat=turns.best_other)

    def throw(self, turns):
        on_board = True if turns.on_board is None else turns.on_board
        return self.policy.throw_values(
            turns.banked,
            turns.turn_points,
            turns.round_start,
            turns.dice_left,
            to_beat=turns.best_other,
            needs=self.policy.rules.bank_needs(on_board),
        )


class WinValues(StateValues):
    """A two-player win policy's chances to win (:mod:`dicelab.setaside.win`), by the
    policy's own formulas: banking read from its arrays, throwing from the throw tables of
    the pairs of scores met (:class:`ThrowTables`), Fivethousand's last turn from its
    last-turn values of each situation met."""

    def __init__(self, policy):
        fivethousand = hasattr(policy, "final")
        super().__init__(
            policy,
            reads=("banked", "best_other", "turn_points", "round_start", "dice_left")
            + (("final",) if fivethousand else ()),
        )
        self._tables = ThrowTables(policy)
        self._last_turns: dict = {}
        self.ends_turns = not fivethousand  # Thousand: setting dice aside can end a turn

    def _units(self, points):
        return numpy.minimum(
            points // self.policy.unit, getattr(self.policy, "cap", numpy.iinfo(numpy.int64).max)
        )

    def bank(self, turns):
        policy = self.policy
        theirs, mine = self._units(turns.best_other), self._units(turns.banked + turns.turn_points)
        if hasattr(policy, "final"):
            usual = 1.0 - policy.after[numpy.minimum(theirs, policy.goal - 1), mine]
            return numpy.where(turns.final, _tie(theirs - mine), usual)
        return (
            1.0
            - policy.start[
                numpy.minimum(theirs, policy.goal - 1), numpy.minimum(mine, policy.goal - 1)
            ]
        )

    def throw(self, turns):
        policy = self.policy
        if not hasattr(policy, "final"):
            return self._tables.look_up(
                self._units(turns.banked),
                self._units(turns.best_other),
                turns.turn_points // policy.unit,
                turns.dice_left,
            )
        safe_points = (
            turns.round_start if policy.keeps_rounds else numpy.zeros_like(turns.round_start)
        )
        safe, theirs = self._units(turns.banked + safe_points), self._units(turns.best_other)
        at_risk = (turns.turn_points - safe_points) // policy.unit
        values = numpy.zeros(safe.shape)
        final = turns.final
        for key in set(
            zip(
                (theirs - safe)[final].tolist(),
                at_risk[final].tolist(),
                turns.dice_left[final].tolist(),
            )
        ):
            if key not in self._last_turns:
                self._last_turns[key] = policy.final.throw_value(*key)
        if final.any():
            values[final] = [
                self._last_turns[key]
                for key in zip(
                    (theirs - safe)[final].tolist(),
                    at_risk[final].tolist(),
                    turns.dice_left[final].tolist(),
                )
            ]
        usual = ~final
        theirs = numpy.minimum(theirs, policy.goal - 1)
        capped = usual & (safe - theirs >= policy.lead)
        values[capped] = 1.0 - policy.after[theirs[capped], policy.cap]
        inside = usual & ~capped
        values[inside] = self._tables.look_up(
            safe[inside], theirs[inside], at_risk[inside], turns.dice_left[inside]
        )
        return values

    def ended(self, turns, won):
        """Thousand: the exact target wins; a burn leaves the opponent to move."""
        policy = self.policy
        burned = (
            1.0
            - policy.start[
                numpy.minimum(self._units(turns.best_other), policy.goal - 1),
                numpy.minimum(self._units(turns.banked), policy.goal - 1),
            ]
        )
        return numpy.where(won, 1.0, burned)


class ThrowTables:
    """A win policy's throw tables (:meth:`~dicelab.setaside.win.WinPolicy.throw_tables`)
    for arrays of states: each pair of scores met is solved once, the new pairs of a look-up
    all together (in blocks of at most ``PAIRS`` pairs and about ``BLOCK`` rows), and the
    values are gathered from one flat array, bit for bit those of the policy's own
    ``turn_values``."""

    BLOCK = 100_000  # pairs × rows swept together
    PAIRS = 512  # and at most this many pairs (a sweep's look-ups grow with them)

    def __init__(self, policy):
        self.policy = policy
        self.columns = policy.rules.dice + 1
        shape = (policy.start.shape[0] + 1, policy.goal)
        self._offset = numpy.full(shape, -1, dtype=numpy.int64)  # where a pair's table starts
        self._rows = numpy.zeros(shape, dtype=numpy.int64)
        self._values = numpy.zeros(0)
        self._used = 0

    def look_up(self, mine, theirs, at_risk, dice) -> numpy.ndarray:
        """``turn_values(mine, theirs)[min(at_risk, last row), dice]`` for arrays of units."""
        self._solve_missing(mine, theirs)
        offset, rows = self._offset[mine, theirs], self._rows[mine, theirs]
        return self._values[offset + (numpy.minimum(at_risk, rows - 1) * self.columns + dice)]

    def _solve_missing(self, mine, theirs) -> None:
        missing = self._offset[mine, theirs] < 0
        if not missing.any():
            return
        pairs = numpy.unique(numpy.stack([mine[missing], theirs[missing]], axis=1), axis=0)
        rows = self.policy.table_rows(pairs[:, 0], pairs[:, 1])
        order = numpy.argsort(-rows, kind="stable")  # like rows together: little padding
        pairs, rows = pairs[order], rows[order]
        done = 0
        while done < len(pairs):
            count = max(1, min(self.PAIRS, self.BLOCK // int(rows[done])))
            block, block_rows = pairs[done : done + count], rows[done : done + count]
            tables = self.policy.throw_tables(block[:, 0], block[:, 1])
            kept = tables[numpy.arange(tables.shape[1]) < block_rows[:, None]].ravel()
            self._grow(len(kept))
            starts = (
                self._used + numpy.concatenate([[0], numpy.cumsum(block_rows)[:-1]]) * self.columns
            )
            self._values[self._used : self._used + len(kept)] = kept
            self._offset[block[:, 0], block[:, 1]] = starts
            self._rows[block[:, 0], block[:, 1]] = block_rows
            self._used += len(kept)
            done += count

    def _grow(self, more: int) -> None:
        if self._used + more > len(self._values):
            grown = numpy.zeros(max(2 * len(self._values), self._used + more))
            grown[: self._used] = self._values[: self._used]
            self._values = grown


def _tie(units_needed) -> numpy.ndarray:
    from dicelab.fivethousand.win import _tie as tie

    return tie(units_needed)


class PolicyBot(BatchBot):
    """Plays by policies' values of states (:class:`StateValues`); ``values(turns)`` says
    which values play which turns, as pairs of (mask, values). Options are ranked as
    :class:`dicelab.setaside.policy.SetAsidePolicy` ranks them: each part of the throw in
    the engine's order, banking before throwing; the first best wins ties."""

    cheap = False

    def __init__(self, rules, values, level: str):
        self.rules = rules
        self.values = values
        self.level = level

    def keep(self, turns, throws):
        picked = numpy.zeros(len(turns), dtype=numpy.int64)
        for rows, values in self.values(turns):
            if rows.any():
                mine = turns.take(rows)
                columns = [mine.throw] + [getattr(mine, field) for field in values.reads]
                situations = numpy.ascontiguousarray(
                    numpy.stack(columns, axis=1).astype(numpy.int64)
                )
                _, first, back = numpy.unique(
                    situations.view(numpy.dtype((numpy.void, 8 * len(columns)))).ravel(),
                    return_index=True,
                    return_inverse=True,
                )
                picked[rows] = self._keep(mine.take(first), throws, values)[back.ravel()]
        return picked

    def _keep(self, turns, throws, policy):
        """The part each of ``turns`` sets aside, by ``policy``'s values."""
        # One entry per (turn, distinct part of its throw), the parts of a turn together.
        counts = throws.distinct_count[turns.throw]
        row = numpy.repeat(numpy.arange(len(turns)), counts)
        start = numpy.cumsum(counts) - counts
        throw = turns.throw[row]
        choice = throws.distinct[throw, numpy.arange(len(row)) - start[row]]
        part = throws.choices[throw, choice]
        turn_points = turns.turn_points[row] + part[:, 0]
        dice_left = turns.dice_left[row] - part[:, 1]
        hot = dice_left == 0
        on_board, streak = turns.on_board, turns.streak
        after = Turns(
            turns.scores[row],
            turns.player[row],
            turn_points,
            numpy.where(hot, turn_points, turns.round_start[row]),
            numpy.where(hot, self.rules.dice, dice_left),
            turns.final[row],
            None,
            on_board=None if on_board is None else on_board[row],
            streak=None if streak is None else streak[row],
        )
        values, valid = self._option_values(policy, after)
        values = -values if policy.lowest else values
        # The first best option of each turn: options in order, banking before throwing.
        flat = numpy.where(valid, values, -numpy.inf).ravel()
        best = numpy.maximum.reduceat(flat, 2 * start)
        hits = numpy.flatnonzero(flat == numpy.repeat(best, 2 * counts))
        _, first = numpy.unique(row[hits // 2], return_index=True)
        return choice[hits[first] // 2]

    def bank(self, turns):
        banks = numpy.zeros(len(turns), dtype=bool)
        for rows, policy in self.values(turns):
            part = turns.take(rows)
            bank, throw = policy.bank(part), policy.throw(part)
            banks[rows] = bank <= throw if policy.lowest else bank >= throw
        return banks

    def _option_values(self, policy: StateValues, after: Turns):
        """Values (bank, throw) of the states after setting each part aside, and which of
        them are options (banking where the rules allow it; a turn that setting aside
        ended has one option, its value in the bank column)."""
        shape = after.turn_points.shape
        values = numpy.zeros(shape + (2,))
        valid = numpy.ones(shape + (2,), dtype=bool)
        if hasattr(policy.policy, "ended_values") or getattr(
            policy, "ends_turns", False
        ):  # Thousand: a burn or the exact finish
            standing = after.banked + after.turn_points
            ended = standing >= self.rules.target
            won = standing == self.rules.target
            after = Turns(
                after.scores,
                after.player,
                numpy.where(ended, 0, after.turn_points),
                after.round_start,
                after.dice_left,
                after.final,
                None,
            )
            may = self.rules.casks_allow_saving(after.banked, after.turn_points)
            values[..., 0] = numpy.where(ended, policy.ended(after, won), policy.bank(after))
            valid[..., 0] = ended | may
            valid[..., 1] = ~ended
        else:  # Fivethousand: banking needs the minimum bank (hot dice, when optional)
            values[..., 0] = policy.bank(after)
            valid[..., 0] = self.rules.may_bank(
                after.turn_points,
                True if after.on_board is None else after.on_board,
                after.dice_left == self.rules.dice,
            )
        values[..., 1] = policy.throw(after)
        return values, valid


def _fivethousand_values(rules):
    from dicelab.fivethousand import final_turn_policy, turn_policy

    base = turn_policy(rules)
    reads = ("turn_points", "round_start", "dice_left")
    tables = {(base.needs, base.bust): StateValues(base, reads=reads)}
    final = rules.last_turn and FinalTurnValues(
        final_turn_policy(rules, 0),
        reads=("banked", "best_other", "turn_points", "round_start", "dice_left"),
    )

    def values(turns: Turns):
        usual = ~turns.final
        if not (rules.opening or rules.penalty):
            yield usual, tables[(base.needs, base.bust)]
        else:  # each (points a bank needs, farkle's worth) has its own table
            keys = numpy.stack(base.table_keys(turns.banked, turns.on_board, turns.streak), axis=1)
            for needs, bust in numpy.unique(keys[usual], axis=0).tolist():
                key = (int(needs), float(bust))
                if key not in tables:
                    tables[key] = StateValues(base.table(*key), reads=reads)
                yield usual & (keys[:, 0] == needs) & (keys[:, 1] == bust), tables[key]
        if final and turns.final.any():
            yield turns.final, final

    return values


def _thousand_values(rules):
    from dicelab.thousand import solitaire_policy

    values = StateValues(solitaire_policy(rules), reads=("banked", "turn_points", "dice_left"))
    return lambda turns: [(numpy.ones(len(turns), dtype=bool), values)]


def _win_values(game: str, rules, fallback):
    """The win bot's values: its policy's with two players, ``fallback``'s otherwise."""
    from dicelab.registry import GAMES

    win = []  # solved (or read from the disk cache) at the first two-player decision

    def values(turns: Turns):
        if turns.scores.shape[-1] != 2:
            return fallback(turns)
        if not win:
            win.append(WinValues(GAMES[game].win_policy(rules)))
        return [(numpy.ones(len(turns), dtype=bool), win[0])]

    return values


def batch_forms(game: str) -> dict:
    """Each built-in bot class of ``game`` -> ``make(rules, bot)``, its batch form.

    A new bot gets its batch form by one entry here; a policy bot by a :class:`PolicyBot`
    over its :class:`StateValues`.
    """
    from dicelab.setaside.win import SetAsideWinBot

    shared = {
        RandomBot: lambda rules, bot: RandomChoices(),
        SetAsideWinBot: lambda rules, bot: PolicyBot(
            rules,
            _win_values(
                game,
                rules,
                (_fivethousand_values if game == "fivethousand" else _thousand_values)(rules),
            ),
            "win",
        ),
        ThresholdBot: lambda rules, bot: Threshold(bot.threshold),
    }
    if game == "fivethousand":
        from dicelab.fivethousand.policy import OptimalRobot
        from dicelab.fivethousand.strategy import IntelligentRobot, SimpleRobot

        return {
            **shared,
            SimpleRobot: lambda rules, bot: Threshold(
                SimpleRobot.threshold, not_hot=rules.dice, level="simple"
            ),
            IntelligentRobot: lambda rules, bot: Intelligent(rules),
            OptimalRobot: lambda rules, bot: PolicyBot(
                rules, _fivethousand_values(rules), "optimal"
            ),
        }
    from dicelab.thousand.policy import OptimalBot
    from dicelab.thousand.strategy import CaskAwareBot, SimpleBot

    return {
        **shared,
        SimpleBot: lambda rules, bot: Threshold(SimpleBot.threshold, level="simple"),
        CaskAwareBot: lambda rules, bot: CaskAware(rules),
        OptimalBot: lambda rules, bot: PolicyBot(rules, _thousand_values(rules), "optimal"),
    }


def batch_bot(rules, bot) -> BatchBot | None:
    """The batch form of ``bot`` (a level name or a bot object) under ``rules``, or None when
    it has none (a bot of your own, even one built on a built-in bot's class: it plays on
    the engine path)."""
    from dicelab import fivethousand, thousand

    game = fivethousand if isinstance(rules, fivethousand.Rules) else thousand
    if isinstance(bot, str):
        bot = game.BOTS[bot]()
    make = batch_forms(game.__name__.rsplit(".", 1)[1]).get(type(bot))
    return None if make is None else make(rules, bot)


__all__ = [
    "BatchBot",
    "CaskAware",
    "FinalTurnValues",
    "Intelligent",
    "PolicyBot",
    "RandomChoices",
    "StateValues",
    "Threshold",
    "ThrowTables",
    "Turns",
    "WinValues",
    "batch_bot",
    "batch_forms",
]
