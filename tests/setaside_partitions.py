"""An independent formulation of set-aside scoring for the tests: try every way of
splitting the dice (as positions) into blocks and keep the best split whose every block
is a combination. Slow, obviously right, and sharing no code with dicelab."""

from __future__ import annotations

import itertools


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first]] + partition
        for i in range(len(partition)):
            yield partition[:i] + [[first] + partition[i]] + partition[i + 1 :]


def best_split(dice, block_points):
    """Best total over splits where ``block_points(sorted block)`` is never None; else None."""
    best = None
    for partition in set_partitions(list(dice)):
        points = [block_points(tuple(sorted(block))) for block in partition]
        if None not in points:
            best = max(best or 0, sum(points))
    return best


def every_throw(max_dice):
    for n in range(1, max_dice + 1):
        yield from itertools.combinations_with_replacement(range(1, 7), n)
