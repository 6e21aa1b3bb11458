"""What the two-player win policies of Fivethousand and Thousand share.

Both games are solved like Pig (Neller & Presser): the value of a state is the chance that
the player to move wins. A turn moves the banked scores up, except a bust (a farkle, a
burn) that gains nothing: it gives the same pair of scores with the players swapped. So
the pairs of scores are solved from the highest total down, each pair ``(a, b)`` together
with its swap ``(b, a)`` on top of the higher totals already solved.

Within one turn of a pair, the value of every state is affine in the value ``x`` of a
bust (one number per pair: the chance to win once the opponent moves at ``(b, a)``):
``value = a + c * x`` for the choices made. :func:`sweep` computes a turn of many pairs at
once this way, choosing with a guess of ``x``; the two linear equations of each pair and
its swap then give the exact values for those choices. Each comparison the sweep makes is
between two values affine in ``x``, so it also gives the range of ``x`` over which every
choice stays best; when the exact bust values lie in their ranges, the choices are the
solution, and otherwise a new sweep chooses with them (policy iteration; usually one or
two sweeps).

A sweep walks the turn's points at risk ``r`` down, from the top (where every pair's
boundary values are given) to 0, every pair and every number of dice at once.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dicelab.setaside.policy import SetAsidePolicy

MAX_SWEEPS = 50  # policy iteration per level; it settles in one or two
SLACK = 1e-13  # a bust value this far outside a choice's range changes no value by more


@dataclass
class Turns:
    """The turns of ``L`` pairs of scores to sweep, in units of points.

    ``value_a``/``value_c`` (L, width, dice + 1): the value of a state with ``r`` points at
    risk and ``n`` dice to throw next, after the player has set dice aside (bank or throw),
    as ``a + c * x``. Entries at and above ``ends[l]`` are given (the turn ends there);
    the sweep fills those below. ``bank`` (L, width): the value of banking ``r`` points,
    ``-inf`` where the rules forbid it. ``hot`` (L, width) or None: the value of hot dice
    after reaching ``r`` points when a bonus round starts afresh (Zillions rules); None
    when hot dice go on with the same points at risk.
    """

    value_a: np.ndarray
    value_c: np.ndarray
    bank: np.ndarray
    ends: np.ndarray
    hot: np.ndarray | None = None


def sweep(throws, next_dice, turns: Turns, x: np.ndarray, rows: int | None = None, bounds: bool = False):
    """Solve ``turns`` below their ends, choosing with bust value ``x`` (L,).

    Returns the value of throwing with nothing at risk, (L, dice + 1) as ``(a, c)``; with
    ``bounds`` also ``(low, high)`` (L,): every choice of pair ``l``'s turn stays best for
    any bust value from ``low[l]`` to ``high[l]`` (each compares two values affine in it). With
    ``rows`` it returns instead the throw values of ``r = 0 .. rows - 1`` (L, rows, dice + 1),
    also where ``r`` is at or past a turn's end (from the given values there); the turns'
    width must then reach ``rows - 1`` plus the most points of a throw.

    Each pair's numbers are the same, bit for bit, whichever other pairs are swept with it:
    every operation is elementwise or a sum along one pair's row (no matrix product, whose
    rounding depends on the shape).
    """
    top = max(int(turns.ends.max()), rows or 0) - 1
    xs = x[:, None, None]
    count, width, columns = turns.value_a.shape
    # a and c of every state, flat by (r, dice) (flat look-ups are faster): (2, L, width * columns)
    values = np.stack([turns.value_a.reshape(count, width * columns), turns.value_c.reshape(count, width * columns)])
    groups = _groups(throws, next_dice, columns)
    bases = [np.arange(2 * count * group.flat.shape[0]) * group.flat.shape[1] for group in groups]
    kept = np.zeros((2, count, max(top, 0) + 1, columns)) if rows else None
    bust = np.stack([np.zeros(columns), throws.bust])[:, None, :]
    inside = turns.ends[:, None] > np.arange(max(top, 0) + 1)  # (L, r)
    low, high = np.full(count, -np.inf), np.full(count, np.inf)
    both = None
    for r in range(top, -1, -1):
        both = np.repeat(bust, count, axis=1)  # (2, L, columns): a and c of throwing
        for group, base in zip(groups, bases):
            ac = np.take(values, group.flat + r * columns, axis=2)  # (2, L, rows, choices)
            if turns.hot is not None and group.hot.any():
                hot = np.take(turns.hot, group.points + r, axis=1)
                ac = np.where(group.hot, np.stack([hot, np.zeros_like(hot)]), ac)
            if group.valid.shape[-1] > 1:
                best = np.where(group.valid, ac[0] + ac[1] * xs, -np.inf).argmax(axis=-1).ravel()
                chosen = np.take(ac, base + np.concatenate([best, best])).reshape(2, count, -1)
                if bounds:
                    _narrow(low, high, chosen[..., None] - ac, group.valid, axis=(1, 2))
                ac = chosen
            else:
                ac = ac[..., 0]
            both[:, :, group.dice] += np.add.reduceat(ac * group.probability, group.starts, axis=2)
        if rows:
            kept[:, :, r] = both
        if r == 0:
            break
        ta, tc = both
        bank = turns.bank[:, r, None]
        banks = (bank >= ta + tc * x[:, None]) & inside[:, r, None]
        if bounds:  # banking against throwing: bank - a - c x, signed so that it is >= 0 at x
            sign = np.where(banks, 1.0, -1.0)
            _narrow(low, high, np.stack([sign * (bank - ta), sign * -tc]),
                    inside[:, r, None] & np.isfinite(bank), axis=1)
        here = values[:, :, r * columns:(r + 1) * columns]
        here[0] = np.where(inside[:, r, None], np.where(banks, bank, ta), here[0])
        here[1] = np.where(inside[:, r, None], np.where(banks, 0.0, tc), here[1])
    if rows:
        return kept[0, :, :rows], kept[1, :, :rows]
    if bounds:
        return both[0], both[1], low, high
    return both[0], both[1]


def _narrow(low, high, margin, valid, axis) -> None:
    """Narrow each pair's range of bust values ``x`` to where every ``margin`` (a stack of
    ``da``, ``dc``: the chosen value minus an alternative, ``da + dc * x``, >= 0 at the
    current ``x``) stays >= 0."""
    da, dc = margin
    with np.errstate(divide="ignore", invalid="ignore"):
        cross = -da / dc
    np.maximum(low, np.where(valid & (dc > 0), cross, -np.inf).max(axis=axis), out=low)
    np.minimum(high, np.where(valid & (dc < 0), cross, np.inf).min(axis=axis), out=high)


@dataclass(frozen=True)
class _Group:
    """Rows of a throw table with about as many choices each, cut to that many columns,
    in order of the dice thrown: rows ``starts[k]`` on throw ``dice[k]`` dice."""

    flat: np.ndarray  # (rows, width): flat index of the state after each choice, at r = 0
    points: np.ndarray
    hot: np.ndarray
    valid: np.ndarray
    probability: np.ndarray
    dice: np.ndarray
    starts: np.ndarray


_GROUPS: dict = {}
GROUP_WIDTHS = (1, 3, 7)  # rows are grouped by choices up to these (and the rest)


def _groups(throws, next_dice, columns: int) -> list[_Group]:
    """The throw table's rows in groups by number of choices, so that a sweep does not
    look at the padding of the rows with many choices for every row."""
    key = (id(throws), columns)
    if key not in _GROUPS:
        choices = throws.valid.sum(axis=1)
        groups, low = [], 0
        for high in GROUP_WIDTHS + (throws.valid.shape[1],):
            rows = np.nonzero((choices > low) & (choices <= high))[0]
            low = high
            if not len(rows):
                continue
            rows = rows[np.argsort(throws.thrown[rows], kind="stable")]
            dice, starts = np.unique(throws.thrown[rows], return_index=True)
            order = np.argsort(~throws.valid[rows], axis=1, kind="stable")[:, :high]  # valid first
            pick_rows = rows[:, None]
            points = throws.points[pick_rows, order]
            groups.append(_Group(points * columns + next_dice[pick_rows, order], points,
                                 throws.left[pick_rows, order] == 0, throws.valid[pick_rows, order],
                                 throws.probability[rows], dice, starts))
        _GROUPS[key] = (throws, groups)  # the table is kept so that its id stays its own
    return _GROUPS[key][1]


def solve_level(throws, next_dice, make_turns, partner: np.ndarray, known_x: np.ndarray,
                guess_x: np.ndarray) -> np.ndarray:
    """The exact start values of the ``L`` pairs of one level (total score).

    ``partner[l]`` is the index of pair l's swap in the level (itself for ``(a, a)``), or
    -1 when its bust value is ``known_x[l]``. ``make_turns(x)`` gives fresh :class:`Turns`
    for bust values ``x`` (a game may end a turn early where ``x`` proves banking best).
    """
    dice = throws.dice
    has_partner = partner >= 0
    mate = np.where(has_partner, partner, 0)
    x = np.where(has_partner, guess_x, known_x)
    if not has_partner.any():  # every bust value known: one sweep is exact
        ta, tc = sweep(throws, next_dice, make_turns(x), x)
        return ta[:, dice] + tc[:, dice] * known_x
    turns = make_turns(x)
    for _ in range(MAX_SWEEPS):
        ta, tc, low, high = sweep(throws, next_dice, turns, x, bounds=True)
        a, c = ta[:, dice], tc[:, dice]
        paired = (a + c * (1 - a[mate] - c[mate])) / (1 - c * c[mate])
        new = np.where(has_partner, paired, a + c * known_x)
        ends = turns.ends
        x = np.where(has_partner, 1 - new[mate], known_x)
        turns = make_turns(x)
        if ((low - SLACK <= x) & (x <= high + SLACK)).all() and np.array_equal(turns.ends, ends):
            return new  # the choices made stay best at their exact bust values: the solution
    raise RuntimeError("the win policy did not settle; please report these rules")


def guess_values(values: np.ndarray, mover: np.ndarray, other: np.ndarray) -> np.ndarray:
    """A first guess of ``values[mover, other]`` (chances to win of pairs of one level)
    from the three solved pairs above it: ``V(m + 1, o) + V(m, o + 1) - V(m + 1, o + 1)``,
    or ``V(m, o + 1)`` at the edge."""
    up, right = mover + 1, np.minimum(other + 1, values.shape[1] - 1)
    inner = up < values.shape[0]
    up = np.minimum(up, values.shape[0] - 1)
    corner = values[up, other] + values[mover, right] - values[up, right]
    return np.clip(np.where(inner, corner, values[mover, right]), 0.0, 1.0)


class WinPolicy(SetAsidePolicy, abc.ABC):
    """A two-player policy that maximises the chance to win of the player to move.

    Subclasses give :meth:`chance_to_win` for every engine state; the options of a state
    (:meth:`options`, :meth:`action`) are then valued by that chance.
    """

    @property
    @abc.abstractmethod
    def first_player_wins(self) -> float:
        """The chance that the first player wins from 0–0, before anyone has thrown."""

    @abc.abstractmethod
    def chance_to_win(self, state) -> float:
        """The chance that the player to move in ``state`` wins (a shared win counts half)."""

    # What a subclass gives to read its turns after solving (units of points):
    #   pairs_by_level(): the (mine, theirs) arrays of each level; level_turns(mine, theirs,
    #   rows): their Turns, wide enough for ``rows`` rows of throw values; bust_values(mine,
    #   theirs): the exact bust values; table_rows(mine, theirs): the rows of throw values
    #   a turn can reach (past the last one, every row equals it); longest_turn: the most
    #   units at risk a sweep looks at.

    def throw_tables(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The chance to win by throwing, (pairs, rows, dice + 1) by (units at risk, dice to
        throw), in the turns from banked (safe) ``mine`` against ``theirs`` units (arrays).
        Pair ``l``'s table is its first ``table_rows(mine, theirs)[l]`` rows; each is the same
        number, bit for bit, whichever pairs are asked together."""
        rows = int(self.table_rows(mine, theirs).max())
        x = self.bust_values(mine, theirs)
        throw_a, throw_c = sweep(self.throws, self.next_dice, self.level_turns(mine, theirs, rows), x, rows=rows)
        return throw_a + throw_c * x[:, None, None]

    @lru_cache(maxsize=256)
    def turn_values(self, mine: int, theirs: int) -> np.ndarray:
        """The chance to win by throwing, by (units at risk, dice to throw), in a turn from
        banked (safe) ``mine`` against ``theirs`` units; past its last row, every row of
        the turn equals the last one."""
        return self.throw_tables(np.array([mine]), np.array([theirs]))[0]

    def decision_arrays(self) -> dict:
        """Every decision as look-up arrays, for a batch simulator (units of points):

        ``throw[m, b, r, n]`` (float32): the chance to win of throwing ``n`` dice now with
        ``m`` banked (safe) and ``r`` at risk against ``b``; ``bank[m, b, r]``: of banking
        ``r`` (``-inf`` where the rules forbid it). Throw iff ``throw > bank``; set aside
        the dice whose resulting state is worth most. Entries past the rows a turn can
        reach (:meth:`turn_values`) are 0.
        """
        size = (self.start.shape[0], self.start.shape[1], self.longest_turn + 1)
        throw = np.zeros(size + (self.rules.dice + 1,), dtype=np.float32)
        bank = np.zeros(size, dtype=np.float32)
        for mine, theirs in self.pairs_by_level():
            rows = np.minimum(self.table_rows(mine, theirs), size[2])
            top = int(rows.max())
            reached = np.arange(top) < rows[:, None]
            turns = self.level_turns(mine, theirs, top)
            tables = self.throw_tables(mine, theirs)[:, :top]
            throw[mine, theirs, :top] = np.where(reached[:, :, None], tables, 0.0)
            bank[mine, theirs, :top] = np.where(reached, turns.bank[:, :top], 0.0)
        return {"throw": throw, "bank": bank}

    def chances(self, state) -> tuple[float, float]:
        """Each seat's chance to win in ``state``, in seat order."""
        mine = self.chance_to_win(state)
        return (mine, 1 - mine) if state.player == 0 else (1 - mine, mine)

    def check_two_players(self, state) -> None:
        if len(state.scores) != 2:
            raise ValueError(f"the win policy is for two players, not {len(state.scores)}")


class WinBot:
    """Plays a two-player game for the best chance to win (``policy_for(rules)`` gives the
    game's win policy); with more players it plays like ``fallback``."""

    level = "win"

    def __init__(self, policy_for, fallback):
        self.policy_for = policy_for
        self.fallback = fallback

    def prepare(self, engine, players: int | None = None) -> None:
        """Solve the game now (or read it from the disk cache) rather than at the first move.
        At a table of ``players`` other than two the robot plays like ``fallback`` all game,
        so only the fallback is prepared."""
        if players is None or players == 2:
            self.policy_for(engine.rules)
        elif hasattr(self.fallback, "prepare"):
            self.fallback.prepare(engine, players=players)

    def choose(self, engine, state, rng):
        if len(state.scores) != 2:
            return self.fallback.choose(engine, state, rng)
        return self.policy_for(engine.rules).action(state)
