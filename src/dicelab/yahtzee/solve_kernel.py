"""The solve of solitaire Yahtzee's optimal strategy: the kernel behind :mod:`dicelab.yahtzee.solver`.

``solve(rules)`` works backwards over the card, from the last box filled to the first. A
card is reduced to what matters for the rest of the game: which boxes are filled, the upper
total (capped at the bonus threshold) and the Yahtzee box (open, holding its full value or 0).
For every such card the value of one turn is a "widget": the value of each final roll is the
best box (points, bonuses and the value of the card after it); the value of each hold is the
mean over the dice still to roll, added one die at a time; the value of each roll with rolls
left is the best hold among its dice. Every card with the same number of filled boxes is
computed at once, as numpy arrays with one column per card, in double precision (the
expected scores agree with double-precision peers to better than 1e-9). Upper totals that
can no longer reach the bonus play alike, so they share one slot (see :class:`Layout`).
In forced order (``forced_order=True``) a turn may fill only the first open box: the same
sweep solves only the cards filled top to bottom (one per number of boxes filled), each
turn closing every box but that one; the other cards have no slots.

Beside its value (the expected score of the rest of the game) each card carries the variance
of that score under the same play, so the spread of the final score is exact too: each value
in a turn is a pair (expected score, second moment), averaged together over the dice, and the
best option's pair is the one taken (a tie in expected score goes to the first found). Pairs
are arrays with a first axis of two, so each half stays contiguous for numpy.

Every point comes from :mod:`dicelab.yahtzee.scoring` (tables built by calling it once per
box, dice and card context), so a changed rule changes the solution. :func:`solve_moments`
is the solve; :class:`Tables`, :class:`Layout`, :func:`keeps` and :class:`Space` are what
the questions of :class:`dicelab.yahtzee.solver.Solution` read after it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache, partial

import numpy as np

from dicelab import dice as _dice
from dicelab.yahtzee.rules import UPPER_BOXES, Rules
from dicelab.yahtzee.score_tables import score_tables
from dicelab.yahtzee.scoring import bonus_of_upper_total, joker_is_active

# cards computed together; the sums over the rolls (BLAS) round by the block they are in, so
# another size or order of blocks moves the values by ~1e-13 and can flip a near tie
CHUNK = 256
MERGE_ROWS = 128  # rows compared at a time (the scratch buffer's size)
TURN = "turn"  # the buffer of a turn's holds, and of its rewards before them
GROUP_COMBINATIONS = 64  # boxes are grouped while their points take at most this many combinations


def _keep_better(best, candidate, better):
    """``best`` (moments, rows, cards; changed in place) with each entry replaced by
    ``candidate``'s where that has the higher value (the first moment; a second moment moves
    with it, a tie keeps ``best``). ``better`` is a boolean buffer shaped like one moment."""
    if len(best) == 2:
        np.greater(candidate[0], best[0], out=better)
        np.copyto(best[1], candidate[1], where=better)
    np.maximum(best[0], candidate[0], out=best[0])
    return best


def _take(values, rows, out):
    """The ``rows`` of ``values`` (moments, rows, cards) into the contiguous array ``out``."""
    return values.take(rows, axis=1, out=out, mode="clip")  # "clip": no hidden copy


def _merge(best, values, rows, space: Space):
    """:func:`_keep_better` of ``best`` and the ``rows`` of ``values`` (``MERGE_ROWS`` rows at
    a time through the scratch buffer of ``space``, which stays small)."""
    moments, _, cards = best.shape
    array = space.array
    for start in range(0, len(rows), MERGE_ROWS):
        part = rows[start : start + MERGE_ROWS]
        count = len(part)
        candidate = _take(values, part, array("scratch", (moments, count, cards)))
        _keep_better(
            best[:, start : start + count], candidate, array("better", (count, cards), bool)
        )
    return best


class Space:
    """Named buffers for the arrays of a turn, grown as needed and reused from one block of
    cards to the next, so a solve makes no large temporary arrays (and no page faults)."""

    def __init__(self):
        self._buffers: dict = {}
        self._views: dict = {}  # (name, shape or shapes) -> that array or arrays, made once

    def array(self, name: str, shape: tuple, dtype=np.float64) -> np.ndarray:
        """The contiguous array ``name`` with this shape (its values left as they were)."""
        view = self._views.get((name, shape))
        if view is None:
            size = math.prod(shape)
            buffer = self._buffers.get(name)
            if buffer is None or buffer.size < size:  # the old one let go before the new
                self._views = {key: v for key, v in self._views.items() if key[0] != name}
                buffer = self._buffers[name] = None
                buffer = self._buffers[name] = np.empty(size, dtype)
            view = self._views[name, shape] = buffer[:size].reshape(shape)
        return view

    def arrays(self, name: str, shapes: tuple) -> list:
        """Contiguous arrays with these shapes, one after the other in the buffer ``name``."""
        views = self._views.get((name, shapes))
        if views is None:
            ends = np.cumsum([0] + [math.prod(shape) for shape in shapes]).tolist()
            whole = self.array(name, (ends[-1],))
            views = [whole[a:b].reshape(shape) for a, b, shape in zip(ends, ends[1:], shapes)]
            self._views[name, shapes] = views  # let go with the buffer's other views
        return list(views)

    def scratch(self, shape: tuple) -> np.ndarray:
        """The one buffer for an array read at once (the next call may overwrite it)."""
        return self.array("scratch", shape)


class Keeps:
    """The multisets of 0 to 5 dice, one row each, and the index tables of a turn.

    Each size is ordered by number of different faces, most first, so the multisets that
    have at least ``j + 1`` different faces are a prefix of their size. The values of a turn
    are arrays (moments, rows, cards): the first moment is the expected score, the second (if
    any) the second moment of that score; each moment's rows are contiguous.
    """

    def __init__(self):
        self.levels = [sorted(_dice.multisets(n), key=lambda s: -len(set(s))) for n in range(6)]
        self.index = [{keep: i for i, keep in enumerate(level)} for level in self.levels]
        # children[n][f]: for each keep of n dice, the keep with face f + 1 added
        self.children = [
            np.array(
                [
                    [self.index[n + 1][tuple(sorted(keep + (face,)))] for keep in self.levels[n]]
                    for face in _dice.FACES
                ]
            )
            for n in range(5)
        ]
        # parents[n][j]: for each keep with more than j faces, the keep without its j-th face
        self.parents = [
            [
                np.array(
                    [
                        self.index[n - 1][_dice.remove(keep, (sorted(set(keep))[j],))]
                        for keep in self.levels[n]
                        if len(set(keep)) > j
                    ]
                )
                for j in range(n)
            ]
            for n in range(6)
        ]
        self.rolls = self.levels[5]
        # the first row of each size in the holds of all sizes but five, stacked fewest first
        self.first_row = np.cumsum([0] + [len(level) for level in self.levels[:5]])
        self.roll_probability = np.array([float(_dice.probability(r)) for r in self.rolls])

    def hold_values(self, values, space: Space):
        """The expected value of every hold (all sizes) given ``values`` of the 252 rolls,
        as a list indexed by the number of dice held (the last is ``values``; the others are
        buffers of ``space``). Every moment is averaged alike."""
        moments, _, cards = values.shape
        shapes = [(moments, len(level), cards) for level in self.levels[:5]]
        holds = space.arrays(TURN, tuple(shapes)) + [values]
        for n in range(4, -1, -1):
            bigger, children = holds[n + 1], self.children[n]
            total, part = holds[n], space.scratch(shapes[n])
            _take(bigger, children[0], total)
            for face in range(1, 6):
                total += _take(bigger, children[face], part)
            total *= 1 / 6
            holds[n] = total
        return holds

    def best_holds(self, holds, space: Space):
        """The value of each roll when the best hold among its dice is played (``holds`` is
        overwritten; see :func:`_keep_better`)."""
        best = holds[0]
        for n in range(1, 6):
            level = holds[n]
            for parent in self.parents[n]:
                _merge(level[:, : len(parent)], best, parent, space)
            best = level
        return best

    def roll_values(self, final, rolls_left: int, space: Space):
        """The value of each roll with ``rolls_left`` rolls to come, from the value of each
        final roll (``final`` is overwritten)."""
        values = final
        for _ in range(rolls_left):
            values = self.best_holds(self.hold_values(values, space), space)
        return values


@cache
def keeps() -> Keeps:
    """The multisets of 0 to 5 dice (the holds of a turn, in the solver's order) and the
    index tables of a turn, made once."""
    return Keeps()


class Tables:
    """What the scoring functions say, as arrays over boxes and the 252 rolls.

    The card context of a roll is the Yahtzee box (0 open, 1 holding its full value, 2
    holding 0) and whether the upper box matching the roll's first face is filled: that is
    what jokers and the Yahtzee bonus depend on. Rolls whose points or bonus do not depend
    on the context and that no joker applies to are *plain*; their legal boxes are the open
    ones. The other rolls (the Yahtzees, under bonus or joker rules) are *special*.
    """

    def __init__(self, rules: Rules):
        self.rules = rules
        self.boxes = rules.boxes
        self.has_yahtzee = "yahtzee" in self.boxes
        self.yahtzee_bit = 1 << self.boxes.index("yahtzee") if self.has_yahtzee else 0
        rolls, scores = keeps().rolls, score_tables(rules)
        self.score_rolls = scores.roll_index(np.array(rolls))  # each roll's number there
        self.points = scores.points[:, :, self.score_rolls]  # (context, matching, roll, box)
        self.bonus = scores.bonus[:, :, self.score_rolls]
        joker = np.array(
            [
                any(joker_is_active(rules, r, scores.context(c, 0, r)) for c in range(3))
                for r in rolls
            ]
        )
        varies = (
            (self.points != self.points[:1, :1]).any(axis=(0, 1, 3))
            | (self.bonus != self.bonus[:1, :1]).any(axis=(0, 1))
            | joker
        )
        self.special = np.flatnonzero(varies)
        # for each special roll: is the upper box of its first face a box, and its bit
        firsts = [UPPER_BOXES[rolls[r][0] - 1] for r in self.special]
        self.matching = np.array([int(box in self.boxes) for box in firsts], dtype=int)
        self.matching_bit = np.array(
            [self.boxes.index(box) if box in self.boxes else 0 for box in firsts], dtype=int
        )
        if self.has_yahtzee and not set(
            np.unique(self.points[..., self.boxes.index("yahtzee")])
        ) <= {0, rules.yahtzee}:
            raise ValueError("the solver expects the Yahtzee box to score 0 or its full value")
        upper = [i for i, box in enumerate(self.boxes) if box in UPPER_BOXES]
        self.upper_mask = sum(1 << i for i in upper)
        self.upper_points = {i: np.unique(self.points[..., i]) for i in upper}
        self.cap = min(
            rules.upper_bonus_threshold, sum(int(p.max()) for p in self.upper_points.values())
        )
        self.upper_bonus = bonus_of_upper_total(rules, np.arange(self.cap + 1))
        # the distinct points of each box over all rolls and contexts (a reward row each, in turn)
        self.box_points = [np.unique(self.points[..., i]) for i in range(len(self.boxes))]
        first = np.cumsum([0] + [len(points) for points in self.box_points])[:-1]
        # the reward row of each box and points less the least points (-1: never scored)
        self._least = int(self.points.min())
        self._reward_row = np.full((len(self.boxes), int(self.points.max()) - self._least + 1), -1)
        for i, points in enumerate(self.box_points):
            self._reward_row[i, points - self._least] = first[i] + np.arange(len(points))
        # the reward row of each special roll's points in each box (box, context, matching, roll)
        self.special_rows = np.stack(
            [
                self.reward_rows(i, self.points[:, :, self.special, i])
                for i in range(len(self.boxes))
            ]
        )
        self._special_index = np.arange(len(self.special))[:, None]
        self.groups = self._groups()
        self.after_rows = {ny: self._after_rows(ny) for ny in (1, 2)}  # by Yahtzee states
        self.reachable = self._reachable_upper_totals(upper)

    def _groups(self) -> list:
        """Boxes in groups whose plain points take few combinations over the 252 rolls (the
        best box of a roll is found per combination, then spread over the rolls). Each group:
        its boxes, per box the rows of :meth:`after_rows`'s rewards of each combination and
        of each roll, and each roll's combination."""
        plain = self.points[0, 0]
        groups: list[list[int]] = []
        group: list[int] = []
        for i in range(len(self.boxes)):
            if group and len(np.unique(plain[:, group + [i]], axis=0)) > GROUP_COMBINATIONS:
                groups.append(group)
                group = []
            group.append(i)
        groups.append(group)
        result = []
        for group in groups:
            combinations, row = np.unique(plain[:, group], axis=0, return_inverse=True)
            per_combination, per_roll = (
                [self.reward_rows(i, points[:, j]) for j, i in enumerate(group)]
                for points in (combinations, plain[:, group])
            )
            result.append((group, per_combination, per_roll, row.ravel()))
        return result

    def reward_rows(self, i, points) -> np.ndarray:
        """The rows of :meth:`final_values`' rewards that score ``points`` in box ``i``
        (ValueError for points the box never scores)."""
        offset = np.subtract(points, self._least)
        if offset.size and not 0 <= offset.min() <= offset.max() < self._reward_row.shape[1]:
            raise ValueError("no box of these rules scores these points")
        rows = self._reward_row[i, offset]
        if (rows < 0).any():
            raise ValueError("no box of these rules scores these points")
        return rows

    def _reachable_upper_totals(self, upper) -> dict:
        """For each set of filled upper boxes (as bits), the capped upper totals it can have."""
        reach = {0: np.array([0])}
        for sub in sorted(range(1 << len(self.boxes)), key=int.bit_count):
            if sub & ~self.upper_mask or sub in reach:
                continue
            totals = set()
            for i in upper:
                if sub >> i & 1:
                    before = reach[sub & ~(1 << i)]
                    totals.update(
                        np.minimum(before[:, None] + self.upper_points[i], self.cap)
                        .ravel()
                        .tolist()
                    )
            reach[sub] = np.array(sorted(totals))
        return reach

    def open_bits(self, mask):
        """The boxes a turn may fill on cards (as bits), as :func:`scoring.open_boxes` says:
        the open ones, in forced order only the first (the lowest bit not in ``mask``)."""
        if self.rules.forced_order:
            return (mask + 1) & ~mask
        return ~mask & ((1 << len(self.boxes)) - 1)

    def masks(self) -> np.ndarray:
        """The filled boxes (as bits) of every card a game reaches, but the full card: any
        set of boxes, and in forced order only the first boxes of the rules, in order."""
        if self.rules.forced_order:
            return (1 << np.arange(len(self.boxes))) - 1
        return np.arange((1 << len(self.boxes)) - 1)

    def context(self, mask, y):
        """The Yahtzee context (0 open, 1 full, 2 zero) of cards."""
        return np.where(mask & self.yahtzee_bit, 1 + y, 0)

    @cached_property
    def _closed_special(self) -> np.ndarray:
        """The boxes closed to each special roll on the card of each of :meth:`masks` (boxes,
        rolls, masks), as the batch form of the rule, :meth:`ScoreTables.legal`, says."""
        masks, count = self.masks(), len(self.special)
        rolls = self.score_rolls[self.special]
        closed = np.empty((len(self.boxes), count, len(masks)), dtype=bool)
        for start in range(0, len(masks), CHUNK):  # a block at a time: small temporaries
            part = masks[start : start + CHUNK]
            legal = score_tables(self.rules).legal(
                np.repeat(part, count), np.tile(rolls, len(part))
            )
            closed[..., start : start + CHUNK] = ~legal.reshape(len(part), count, -1).transpose(
                2, 1, 0
            )
        return closed

    def closed_special(self, mask) -> np.ndarray:
        """The boxes closed to each special roll on cards (boxes, rolls, cards)."""
        return self._closed_special.take(np.searchsorted(self.masks(), mask), axis=2)

    def _after_rows(self, ny: int) -> tuple:
        """The plain scores of a turn: every box with each of its points over the plain rolls
        (a reward row each), and the cards those lead to (an after row per box and upper total
        or Yahtzee state it leaves, per point where it depends on them). Returns each after
        row's box bit, upper points and Yahtzee state (-1: the card's), and each reward row's
        after row and points."""
        bits, upper, states, after, points = [], [], [], [], []
        for i, box in enumerate(self.boxes):
            zero_state = box == "yahtzee" and ny == 2
            for n, p in enumerate(self.box_points[i].tolist()):
                if n == 0 or box in UPPER_BOXES or zero_state:
                    bits.append(1 << i)
                    upper.append(p if box in UPPER_BOXES else 0)
                    states.append(int(p != self.rules.yahtzee) if zero_state else -1)
                after.append(len(bits) - 1)
                points.append(p)
        column = partial(np.array, ndmin=2)
        return (
            column(bits).T,
            column(upper).T,
            column(states).T if max(states) >= 0 else None,
            np.array(after),
            column(points, dtype=float).T,
        )

    def _after(self, moments, bit, upper, state, mask, y, u, closed):
        """The value of the card after scoring in box ``bit`` (``upper`` points added to its
        upper total, Yahtzee state ``state``), with the upper bonus that earns, and its
        variance (None without): -inf and 0 where ``closed``."""
        after_u = np.minimum(u + upper, self.cap)
        place = moments.layout.place(mask | bit, state, after_u)
        # "clip": a card no game reaches (a closed box in forced order) has no slot of its own
        value = moments.values.take(place, mode="clip")
        value += self.upper_bonus[after_u] - self.upper_bonus[u]
        variance = None if moments.variances is None else moments.variances.take(place, mode="clip")
        if closed is not False:
            np.copyto(value, -np.inf, where=closed)
            if variance is not None:
                np.copyto(variance, 0.0, where=closed)
        return value, variance

    def reward(self, moments, i: int, points, mask, y, u):
        """Points, bonuses and the value of the card after scoring ``points`` in box ``i``,
        from the solved cards' ``moments``. With their variances, the pair of that and the
        variance of the card after."""
        box = self.boxes[i]
        state = (
            np.where(points == self.rules.yahtzee, 0, 1)
            if box == "yahtzee" and moments.ny == 2
            else y
        )
        upper = points if box in UPPER_BOXES else 0
        value, variance = self._after(moments, 1 << i, upper, state, mask, y, u, False)
        value = points + value
        if variance is None:
            return value
        return np.stack(np.broadcast_arrays(value, variance))

    def final_values(self, moments, mask, y, u, space: Space) -> tuple:
        """The value of each of the 252 rolls with no roll left for each card: an array
        (moments, rolls, cards) in a buffer of ``space``; and the rewards it is made of, each
        box with each of its points (rows, see :meth:`reward_rows`): points, upper bonus and
        the value of the card after (-inf where the box is filled), with its variance, in the
        buffer ``TURN`` (free for the holds).

        With the variances of the cards' rest of the game in ``moments``, the second moment
        is that of the points still to come (the best box's points and what the card after
        it scores)."""
        pairs = moments.variances is not None
        cards = len(mask)
        bits, upper, states, after, points = self.after_rows[moments.ny]
        state = y if states is None else np.where(states < 0, y, states)
        open_ = self.open_bits(mask)
        value, variance = self._after(moments, bits, upper, state, mask, y, u, (open_ & bits) == 0)
        rewards_shape = (1 + pairs, len(after), cards)
        # in the buffer of the holds, free until they are averaged; sized for the largest group
        largest = (1 + pairs, max(len(group[1][0]) for group in self.groups), cards)
        rewards = space.arrays(TURN, (rewards_shape, largest))[0]
        np.take(value, after, axis=0, out=rewards[0], mode="clip")
        rewards[0] += points
        if pairs:
            np.take(variance, after, axis=0, out=rewards[1], mode="clip")
        shut = int(np.bitwise_and.reduce(~open_))  # the boxes no card may fill
        final = space.array("rolls", (1 + pairs, len(keeps().rolls), cards))
        empty = True
        for group, per_combination, per_roll, row in self.groups:
            fillable = [j for j, i in enumerate(group) if not shut >> i & 1]
            if not fillable:
                continue
            source, rows = rewards, per_roll[fillable[0]]
            if len(fillable) > 1:  # the best box of each combination, then of each roll
                shape = (1 + pairs, len(per_combination[0]), cards)
                source = space.arrays(TURN, (rewards_shape, shape))[1]
                _take(rewards, per_combination[fillable[0]], source)
                rows = row
                for j in fillable[1:]:
                    _merge(source, rewards, per_combination[j], space)
            if empty:
                _take(source, rows, final)
                empty = False
            else:
                _merge(final, source, rows, space)
        if self.bonus[0, 0].any():
            final[0] += self.bonus[0, 0][:, None]
        if len(self.special):
            final[:, self.special] = self._special_values(rewards, mask, y)
        if pairs:
            final[1] += np.multiply(final[0], final[0], out=space.scratch(final.shape[1:]))
        return final, rewards

    def _special_values(self, rewards, mask, y):
        """The value of each special roll with no roll left on each card (moments, rolls,
        cards): its best legal box (the first of the best), with the Yahtzee bonus. Its
        points in each box have a row of ``rewards`` (see :attr:`special_rows`)."""
        context = self.context(mask, y)
        matching = self.matching[:, None] & (mask >> self.matching_bit[:, None])
        cards = len(mask)
        situation = (context * 2 + matching) * len(self.special) + self._special_index
        rows = self.special_rows.reshape(len(self.boxes), -1).take(situation, axis=1)
        flat = rows * cards + np.arange(cards)  # (boxes, rolls, cards) into rewards[k].ravel()
        value = rewards[0].take(flat)
        np.copyto(value, -np.inf, where=self.closed_special(mask))
        if len(rewards) == 1:  # the best box's value: the greatest
            return (value.max(axis=0) + self.bonus[context, matching, self.special[:, None]])[None]
        spots = value[0].size  # (rolls, cards) each
        best = np.argmax(value, axis=0) * spots + np.arange(spots).reshape(-1, cards)
        mean = value.take(best)
        mean += self.bonus[context, matching, self.special[:, None]]
        return np.stack([mean, rewards[1].take(flat.take(best))])


class Layout:
    """Where each card's value is kept: a run of slots per box mask and Yahtzee state, one per
    reachable capped upper total from ``low`` (the lowest from which the open upper boxes can
    still reach the bonus) up, after one slot that every lower total shares (the rest of the
    game is the same for all of them: no bonus). A full card has slots too (worth 0); a box
    mask no game reaches (in forced order, all but the first boxes in order) has none."""

    def __init__(self, tables: Tables, ny: int):
        upper = sorted(tables.upper_points)
        masks = np.arange(1 << len(tables.boxes))
        self.ny, self.yahtzee_bit = ny, tables.yahtzee_bit
        # the filled upper boxes of each mask, numbered among the upper boxes
        self.subset = sum((((masks >> i) & 1) << k for k, i in enumerate(upper)), masks * 0)
        totals = np.arange(tables.cap + 1)
        self.rank = np.zeros((1 << len(upper), len(totals)), dtype=np.int64)
        slots = []  # per subset: the upper total solved for each slot
        for subset in range(1 << len(upper)):
            room = sum(
                int(tables.upper_points[i].max())
                for k, i in enumerate(upper)
                if not subset >> k & 1
            )
            low = max(tables.cap - room, 0)
            bits = sum(1 << i for k, i in enumerate(upper) if subset >> k & 1)
            reachable = tables.reachable[bits]
            kept = (
                reachable
                if reachable[0] >= low
                else reachable[np.searchsorted(reachable, low) - 1 :]
            )
            slot = np.searchsorted(kept, np.maximum(totals, kept[0]))
            self.rank[subset] = np.minimum(slot, len(kept) - 1)
            slots.append(kept)
        self.counts = np.array([len(totals) for totals in slots])
        self.first_slot = np.cumsum(self.counts) - self.counts
        self.slot_totals = np.concatenate(slots)
        widths = np.repeat(self.counts[self.subset], ny).reshape(-1, ny)
        if ny == 2:
            widths[masks & tables.yahtzee_bit == 0, 1] = 0  # the state of a filled box only
        reached = np.zeros(len(masks), dtype=bool)
        reached[tables.masks()] = reached[-1] = True
        widths[~reached] = 0
        self.start = np.concatenate([[0], np.cumsum(widths.ravel())[:-1]])
        self.size = int(widths.sum())

    def place(self, mask, y, u):
        """The slots of the cards (mask, Yahtzee state, capped upper total)."""
        ranks = self.rank.reshape(-1).take(self.subset.take(mask) * self.rank.shape[1] + u)
        return self.start.take(mask * self.ny + y) + ranks

    def runs(self, masks) -> np.ndarray:
        """The number of slots of each mask (all its Yahtzee states)."""
        return self.counts[self.subset[masks]] * np.where(masks & self.yahtzee_bit, self.ny, 1)

    def cards(self, masks) -> tuple:
        """One card per slot of the cards of ``masks``, as arrays (mask, y, u): each slot's
        least reachable upper total."""
        subset, runs = self.subset[masks], self.runs(masks)
        mask = np.repeat(masks, runs)
        within = np.arange(len(mask)) - np.repeat(np.cumsum(runs) - runs, runs)
        count = np.repeat(self.counts[subset], runs)
        first = np.repeat(self.first_slot[subset], runs)
        return mask, within // count, self.slot_totals[first + within % count]


@dataclass(frozen=True)
class Moments:
    """The solved cards' values (expected rest-of-game score), variances (or None) and where
    each card's are."""

    values: np.ndarray
    variances: np.ndarray | None
    layout: Layout

    @property
    def ny(self) -> int:
        return self.layout.ny


@lru_cache(maxsize=16)
def tables_for(rules: Rules) -> Tables:
    return Tables(rules)


def _yahtzee_states(tables: Tables) -> int:
    """The number of Yahtzee states that matter: 1 when a Yahtzee box holding 0 plays like
    one holding its full value (the legal boxes never depend on which)."""
    alike = (tables.points[1] == tables.points[2]).all() and (
        tables.bonus[1] == tables.bonus[2]
    ).all()
    return 1 if alike or not tables.has_yahtzee else 2


def solve_moments(rules: Rules, progress: bool) -> tuple:
    """The expected score and the variance of the score of the rest of the game for every
    card: an array (2, slot) as :class:`Layout` places the cards, and the number of Yahtzee
    states."""
    tables = tables_for(rules)
    holds = keeps()
    ny = _yahtzee_states(tables)
    layout = Layout(tables, ny)
    solved = np.zeros((2, layout.size))  # the full cards' slots stay 0
    values, variances = solved
    moments = Moments(values, variances, layout)
    boxes = len(tables.boxes)
    masks = tables.masks()
    filled = sum(masks >> i & 1 for i in range(boxes))
    space = Space()

    def solve_part(layer, start: int) -> int:
        """Solve the cards ``start`` to ``start + CHUNK`` of the ``layer`` (made here)."""
        ends = np.cumsum(layout.runs(layer))
        first, last = np.searchsorted(ends, [start, start + CHUNK], side="right")
        mask, y, u = layout.cards(layer[first : last + 1])
        skip = start - (ends[first - 1] if first else 0)
        mask, y, u = (array[skip : skip + CHUNK] for array in (mask, y, u))
        final = tables.final_values(moments, mask, y, u, space)[0]
        rolls = holds.roll_values(final, rules.rolls - 1, space)
        mean, second = holds.roll_probability @ rolls
        place = layout.place(mask, y, u)
        values[place] = mean
        second -= mean * mean
        variances[place] = np.maximum(second, 0.0, out=second)
        return len(mask)

    with _progress_bar(tables, layout, progress) as bar:
        for layer in range(boxes - 1, -1, -1):
            layer_masks = masks[filled == layer]
            count = int(layout.runs(layer_masks).sum())
            for start in range(0, count, CHUNK):
                bar.update(solve_part(layer_masks, start))
    return solved, ny


class _NoBar:
    """A progress bar that shows nothing (tqdm is not even imported)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, done: int) -> None:
        pass


def _progress_bar(tables: Tables, layout: Layout, enabled: bool):
    """A tqdm bar over the cards solved (notebook or terminal) if ``enabled``."""
    if not enabled:
        return _NoBar()
    from tqdm.auto import tqdm

    total = int(layout.runs(tables.masks()).sum())
    label = f"Solving Yahtzee ({tables.rules.preset_name or 'custom rules'})"
    return tqdm(total=total, desc=label, unit=" cards", unit_scale=True)
