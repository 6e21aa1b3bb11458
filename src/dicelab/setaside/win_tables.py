"""Every throw table of a two-player win policy at once, exact and compact, for the batch
robot (:class:`WinThrowTables`): computed once and kept in the disk cache beside the
policy, so that a fresh process plays without sweeping a single turn. Where the robot's
only decision is to bank or throw (the dice set aside by themselves), it reads one bit per
state instead (:class:`WinBankBits`), made from the tables once and kept beside them.

A table's value is ``a + c * x`` (:meth:`~dicelab.setaside.win.WinPolicy.throw_parts`),
with ``x`` the pair's bust value. Many rows of ``(a, c)`` are the same numbers in
different pairs' turns (a turn that depends only on the score standing repeats the one a
unit up, row for row, wherever the same choices are best), so the pairs swept together
keep each distinct row of one score of the opponent's once, and each pair's rows point to
it. The values are then gathered with the same arithmetic as
:meth:`~dicelab.setaside.win.WinPolicy.throw_tables`: the same numbers, bit for bit.
"""

from __future__ import annotations

import sys

import numpy as np

from dicelab import cache

FORMAT = 1  # bump when the saved arrays change meaning
NAMES = ("first", "rows", "row", "a", "c", "x")
BANK_BITS_FORMAT = 1  # and this when the bank bits do


class WinThrowTables:
    """A win policy's throw tables for arrays of states: every pair's table
    (:meth:`~dicelab.setaside.win.WinPolicy.throw_tables`, cut to its
    ``table_rows``), read from the disk cache beside the policy when the policy uses it,
    else (or the first time) computed at the first look-up, in blocks of at most ``PAIRS``
    pairs and about ``BLOCK`` rows (pairs with like rows together, so little is padding).

    The arrays: ``first[mine, theirs]`` where the pair's rows start in ``row`` (-1 for a
    pair with no table), ``rows[mine, theirs]`` how many it has, ``row`` the index of each
    in ``a`` and ``c`` (distinct rows, by dice to throw from 1), and ``x[mine, theirs]``
    the pair's bust value.
    """

    BLOCK = 100_000  # pairs × rows swept together
    PAIRS = 512  # and at most this many pairs (a sweep's look-ups grow with them)

    def __init__(self, policy):
        self.policy = policy
        self._arrays: dict | None = None

    def look_up(self, mine, theirs, at_risk, dice) -> np.ndarray:
        """``turn_values(mine, theirs)[min(at_risk, last row), dice]`` for arrays of units
        (``dice`` at least 1)."""
        arrays = self.arrays()
        pair = mine * arrays["first"].shape[1] + theirs  # flat look-ups: fewer index passes
        first = arrays["first"].ravel().take(pair)  # (take: numpy's fastest gather)
        if (first < 0).any():
            raise ValueError("the win policy has no throw table for some of these scores")
        row = arrays["row"].take(first + np.minimum(at_risk, arrays["rows"].ravel().take(pair) - 1))
        cell = row * arrays["a"].shape[1] + (dice - 1)
        return arrays["a"].ravel().take(cell) + arrays["c"].ravel().take(cell) * arrays[
            "x"
        ].ravel().take(pair)

    def arrays(self) -> dict:
        """The tables' arrays (the first time, from the disk cache or computed)."""
        if self._arrays is None:
            self._arrays = _kept_beside(self.policy, "throws", FORMAT, self._compute, self._check)
        return self._arrays

    def _grid(self) -> tuple[int, int]:
        """The shape of the per-pair arrays: every banked score of the player to move (and
        one more) by every score of the opponent's below the target."""
        return self.policy.start.shape[0] + 1, self.policy.goal

    def _compute(self) -> dict:
        policy, grid = self.policy, self._grid()
        mine, theirs = policy.table_pairs()
        first = np.full(grid, -1, dtype=np.int64)
        rows = np.zeros(grid, dtype=np.int64)
        x = np.zeros(grid)
        rows[mine, theirs] = policy.table_rows(mine, theirs)
        x[mine, theirs] = policy.bust_values(mine, theirs)
        longest = rows[mine, theirs]
        groups = self._groups(theirs, longest)
        order = np.concatenate(groups)
        first[mine[order], theirs[order]] = np.concatenate([[0], np.cumsum(longest[order])[:-1]])
        index, distinct, found = [], [], 0
        for group in groups:
            unique, inverse = _distinct(
                np.concatenate(list(self._parts(mine[group], theirs[group], longest[group])))
            )
            index.append(found + inverse)
            distinct.append(unique)
            found += len(unique)
        dice = policy.rules.dice
        return {
            "first": first,
            "rows": rows,
            "row": np.concatenate(index).astype(np.int32 if found < 2**31 else np.int64),
            "a": np.concatenate([both[:, :dice] for both in distinct]),
            "c": np.concatenate([both[:, dice:] for both in distinct]),
            "x": x,
        }

    def _groups(self, theirs: np.ndarray, rows: np.ndarray) -> list:
        """The pairs (indices) whose rows are compared: those of whole scores of the
        opponent's, at most ``PAIRS`` pairs unless one score has more; longest rows first."""
        by_score = np.argsort(theirs, kind="stable")
        runs = np.split(by_score, np.flatnonzero(np.diff(theirs[by_score])) + 1)
        groups: list[np.ndarray] = []
        group: list[np.ndarray] = []
        for run in runs:
            if group and sum(len(pairs) for pairs in group) + len(run) > self.PAIRS:
                groups.append(np.concatenate(group))
                group = []
            group.append(run)
        groups.append(np.concatenate(group))
        return [pairs[np.argsort(-rows[pairs], kind="stable")] for pairs in groups]

    def _parts(self, mine: np.ndarray, theirs: np.ndarray, rows: np.ndarray):
        """The rows of ``(a, c)`` by dice from 1 (rows, 2 × dice) of the pairs (rows
        longest first), each pair's in order, swept in blocks."""
        done = 0
        while done < len(mine):
            count = max(1, min(self.PAIRS, self.BLOCK // int(rows[done])))
            block = slice(done, done + count)
            a, c, _ = self.policy.throw_parts(mine[block], theirs[block])
            kept = np.arange(a.shape[1]) < rows[block, None]
            yield np.concatenate([a[kept][:, 1:], c[kept][:, 1:]], axis=1)
            done += count

    def _check(self, arrays: dict) -> None:
        """ValueError unless ``arrays`` are throw tables of this policy's shape."""
        grid, dice = self._grid(), self.policy.rules.dice
        if set(arrays) != set(NAMES):
            raise ValueError("these are not a win policy's throw tables")
        first, rows, row, a, c = (arrays[name] for name in NAMES[:5])
        if not (
            first.shape == rows.shape == arrays["x"].shape == grid
            and first.dtype.kind == rows.dtype.kind == row.dtype.kind == "i"
            and a.shape == c.shape
            and a.ndim == 2
            and a.shape[1] == dice
            and a.dtype == c.dtype == arrays["x"].dtype == np.float64
            and row.ndim == 1
            and int((first + rows)[first >= 0].max(initial=0)) <= len(row)
            and (len(row) == 0 or 0 <= int(row.min()) <= int(row.max()) < len(a))
        ):
            raise ValueError("these throw tables do not fit this win policy")


class WinBankBits:
    """Whether the win robot banks, by (banked, the opponent's score, units at risk, dice to
    throw), one bit per state, for a policy whose player never picks the dice to set aside
    and which gives ``bank_values(theirs, standing)``: banking when its chance to win is at
    least throwing's (a tie banks, as the ranked options have it), throwing's read from the
    policy's throw tables, so every bit is the decision the values make.

    Read from the disk cache beside the policy (or made there from the throw tables, which
    then stay unread by later processes): ``bits[mine]`` packs, for every state below the
    target, the bit ``(theirs * goal + at_risk) * dice + dice_to_throw - 1``.

    >>> from dicelab.thousand import Rules, win_policy
    >>> bits = WinBankBits(win_policy(Rules(dice=2, target=60, casks=()), use_cache=False))
    >>> bits.banks(*(np.array([v]) for v in (0, 0, 1, 2))).tolist()  # 5 at risk, two dice
    [False]
    """

    def __init__(self, policy):
        self.policy = policy
        self._bits: np.ndarray | None = None

    def banks(self, mine, theirs, at_risk, dice) -> np.ndarray:
        """Whether to bank in each state (arrays of units, below the target, ``dice`` at
        least 1)."""
        goal, count = self.policy.goal, self.policy.rules.dice
        bits = self.bits()
        bit = (theirs * goal + at_risk) * count + (dice - 1)
        byte = bits.ravel()[mine * bits.shape[1] + (bit >> 3)]
        return ((byte >> (7 - (bit & 7))) & 1).astype(bool)

    def bits(self) -> np.ndarray:
        """The packed bits (the first time, from the disk cache or made)."""
        if self._bits is None:
            arrays = _kept_beside(
                self.policy, "banks", BANK_BITS_FORMAT, self._compute, self._check
            )
            self._bits = arrays["bits"]
        return self._bits

    def _compute(self) -> dict:
        policy = self.policy
        goal, dice, tables = policy.goal, policy.rules.dice, policy.batch_tables
        theirs, at_risk, thrown = (  # every state of one banked score, bit by bit
            grid.ravel()
            for grid in np.meshgrid(
                np.arange(goal), np.arange(goal), np.arange(1, dice + 1), indexing="ij"
            )
        )
        rows = []
        for mine in range(goal):
            below = mine + at_risk < goal  # the states of a turn still going
            bank = np.zeros(theirs.shape, dtype=bool)
            t, r, d = theirs[below], at_risk[below], thrown[below]
            throw = tables.look_up(np.full(len(t), mine), t, r, d)
            bank[below] = policy.bank_values(t, mine + r) >= throw
            rows.append(np.packbits(bank))
        return {"bits": np.stack(rows)}

    def _check(self, arrays: dict) -> None:
        """ValueError unless ``arrays`` are bank bits of this policy's shape."""
        goal, dice = self.policy.goal, self.policy.rules.dice
        bits = arrays.get("bits")
        if (
            set(arrays) != {"bits"}
            or bits is None
            or bits.dtype != np.uint8
            or bits.shape != (goal, -(-goal * goal * dice // 8))
        ):
            raise ValueError("these bank bits do not fit this win policy")


def _kept_beside(policy, what: str, format: int, compute, check) -> dict:
    """``compute()``'s arrays, kept in the disk cache beside ``policy`` (a file of kind
    "<policy's kind>-<what>") when the policy was solved with the cache, else computed."""
    key = getattr(policy, "cache_key", None)
    if key is None:
        arrays: dict = compute()
        return arrays
    return cache.load_or_compute(
        {"policy": key, "format": format, "code": cache.source_digest(sys.modules[__name__])},
        compute,
        f"{policy.cache_kind}-{what}",
        check=check,
    )


def _distinct(parts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``parts`` (bit for bit) and the index of each row among them."""
    unique, inverse = np.unique(
        parts.view(np.dtype((np.void, parts.itemsize * parts.shape[1]))).ravel(),
        return_inverse=True,
    )
    return unique.view(parts.dtype).reshape(len(unique), -1), inverse.ravel()
