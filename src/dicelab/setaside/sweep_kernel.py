"""The compiled walk down a turn behind every sweep (:mod:`dicelab.setaside.sweep`).

One function, :func:`walk`, compiled by numba on first use (:func:`compiled`; its machine
code is kept in dicelab's cache folder, :func:`dicelab.cache.cache_dir`, under ``numba``,
unless ``NUMBA_CACHE_DIR`` says otherwise), each pair of scores walked on its own, so that
the pairs are shared out over the cores (``prange``). A pair's numbers are the same, bit
for bit, whichever other pairs are swept with it and however many threads run: each is one
pair's own loop, in a fixed order.

numba is imported only when a sweep first runs, so that ``import dicelab``, and reading a
solved policy from the disk cache, stay quick.
"""

from __future__ import annotations

import os
from functools import cache

import numpy as np

from dicelab.cache import cache_dir

prange = range  # numba's parallel range once compiled (:func:`compiled`)


SHARED_WORK = 1_000_000  # a walk of this many choices looked at (about a millisecond), or
# more, is shared out: waking the sleeping threads costs far less


def run(work: int, *arrays) -> None:
    """:func:`walk` over ``arrays``, shared out over the cores when its ``work`` (choices
    looked at) is worth more than waking the threads; on one thread otherwise."""
    numba = _numba()
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS if work >= SHARED_WORK else 1)
    compiled(walk, parallel=True)(*arrays)


@cache
def compiled(function, parallel: bool = False):
    """``function`` compiled (for every core with ``parallel``), its machine code cached
    on disk."""
    return _numba().njit(parallel=parallel, cache=True, nogil=True)(function)


@cache
def _numba():
    """numba, imported with its cache folder in dicelab's (and :data:`prange` its own), its
    threads started sleeping while they wait (:func:`_threads_started`)."""
    global prange
    import numba

    if not os.environ.get("NUMBA_CACHE_DIR"):  # else where the user's numba keeps its own
        vars(numba.config)["CACHE_DIR"] = str(cache_dir() / "numba")
    prange = numba.prange
    _threads_started(numba)
    return numba


def _threads_started(numba) -> None:
    """Start numba's threads with OpenMP's threads sleeping between walks, not spinning
    (unless ``OMP_WAIT_POLICY`` says otherwise): on a shared machine a spinning thread
    doubled the CPU time of a penalty solve. OpenMP reads the setting once, as numba
    starts its threads, so it is set for that moment only, never for child processes."""
    given = os.environ.get("OMP_WAIT_POLICY")
    os.environ["OMP_WAIT_POLICY"] = given or "passive"
    try:
        numba.get_num_threads()  # starts the threads
    finally:
        if given is None:
            del os.environ["OMP_WAIT_POLICY"]


def copy_rows(
    value_a, value_c, low, high, from_a, from_c, from_low, from_high, donor, first, ends, shift
):
    """Copy into each pair ``l``'s rows ``first[l]`` .. ``ends[l] - 1`` (``value_a``,
    ``value_c``: L × width × columns; ``low``, ``high``: L × width) row ``r - shift`` of
    pair ``donor[l]`` of the ``from_`` arrays (its last row past its width); none where
    ``donor[l]`` is -1."""
    last = from_a.shape[1] - 1
    for pair in range(donor.shape[0]):
        d = donor[pair]
        if d < 0:
            continue
        for r in range(first[pair], ends[pair]):
            source = min(max(r - shift, 0), last)
            value_a[pair, r, :] = from_a[d, source, :]
            value_c[pair, r, :] = from_c[d, source, :]
            low[pair, r] = from_low[d, source]
            high[pair, r] = from_high[d, source]


def walk(
    value_a,
    value_c,
    bank,
    hot,
    x,
    ends,
    top_all,
    bounds,
    rethrow,
    thrown,
    probability,
    first_choice,
    points,
    steps,
    is_hot,
    bust,
    throw_a,
    throw_c,
    falls,
    rises,
    kept_a,
    kept_c,
):
    """Walk each pair's turn down from its top row to row 0 (see :func:`~dicelab.setaside.sweep._sweep`).

    ``value_a``/``value_c`` (L, width * columns), flat by (row, dice), are filled in below
    each pair's end (``ends``), choosing with bust value ``x``; ``bank`` (L, width) and
    ``hot`` (L, width, or L × 0 for none) as in :class:`~dicelab.setaside.sweep.PairTurns`.
    ``top_all`` >= 0 walks every pair from that row (rows wanted: values past a pair's end
    stay as given), else each from its end. The throw table: each row ``q`` throws
    ``thrown[q]`` dice with ``probability[q]``, its choices ``first_choice[q]`` ..
    ``first_choice[q + 1] - 1`` setting aside ``points`` units and leading to the state
    ``steps`` further on, flat (``points * columns`` plus the dice thrown next; ``is_hot``:
    all the dice set aside). Out: the throw values of row 0 (``throw_a``,
    ``throw_c``, L × columns); with ``bounds`` each row's least and greatest slope of an
    alternative over its margin (``falls``, ``rises``: rows × L; +inf and -inf where none); with
    ``top_all`` >= 0 every row's throw values (``kept_a``, ``kept_c``: L × rows × columns).
    """
    count = value_a.shape[0]
    columns = bust.shape[0]
    dice = columns - 1
    use_hot = hot.shape[1] > 0
    widest = 1
    for q in range(thrown.shape[0]):
        widest = max(widest, first_choice[q + 1] - first_choice[q])
    for pair in prange(count):
        xp = x[pair]
        top = top_all if top_all >= 0 else ends[pair] - 1
        top = max(top, 0)
        pair_a = value_a[pair]
        pair_c = value_c[pair]
        ta = np.empty(columns)
        tc = np.empty(columns)
        ca = np.empty(widest)
        cc = np.empty(widest)
        cw = np.empty(widest)
        for r in range(top, -1, -1):
            for n in range(columns):
                ta[n] = 0.0
                tc[n] = bust[n]
            # the least and greatest slope so far (a NaN slope compares false: none is
            # taken); none found leaves +inf and -inf, which bound nothing, as NaN
            fall = np.inf
            rise = -np.inf
            base = r * columns
            for q in range(thrown.shape[0]):
                lo = first_choice[q]
                choices = first_choice[q + 1] - lo
                best = 0
                for j in range(choices):
                    choice = lo + j
                    if use_hot and is_hot[choice]:
                        a = hot[pair, r + points[choice]]
                        c = 0.0
                    else:
                        state = base + steps[choice]
                        a = pair_a[state]
                        c = pair_c[state]
                    ca[j] = a
                    cc[j] = c
                    cw[j] = c * xp + a
                    if cw[j] > cw[best]:
                        best = j
                if bounds and choices > 1:
                    for j in range(choices):
                        slope = (cc[j] - cc[best]) / (cw[best] - cw[j])
                        if slope < fall:
                            fall = slope
                        if slope > rise:
                            rise = slope
                n = thrown[q]
                ta[n] += probability[q] * ca[best]
                tc[n] += probability[q] * cc[best]
            if top_all >= 0:
                for n in range(columns):
                    kept_a[pair, r, n] = ta[n]
                    kept_c[pair, r, n] = tc[n]
            if r > 0 and (top_all < 0 or r < ends[pair]):
                here = bank[pair, r]
                for n in range(1, columns):
                    throw = ta[n] + tc[n] * xp
                    banks = here >= throw and not (rethrow and n == dice)
                    if bounds and not (rethrow and n == dice):
                        slope = tc[n] / (here - throw)
                        if slope < fall:
                            fall = slope
                        if slope > rise:
                            rise = slope
                    pair_a[base + n] = here if banks else ta[n]
                    pair_c[base + n] = 0.0 if banks else tc[n]
            if bounds:
                falls[r, pair] = fall
                rises[r, pair] = rise
        for n in range(columns):
            throw_a[pair, n] = ta[n]
            throw_c[pair, n] = tc[n]
