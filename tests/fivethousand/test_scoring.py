import pytest

from dicelab import fivethousand
from tests.setaside_partitions import best_split, every_throw


def block_points(block, preset):
    """The combinations of docs/rules.md written out by hand, one block at a time."""
    n, faces = len(block), set(block)
    if n == 1:
        return {1: 100, 5: 50}.get(block[0])
    if n == 3 and len(faces) == 1:
        return 1000 if block[0] == 1 else 100 * block[0]
    if preset == "farkle":
        if len(faces) == 1 and n in (4, 5, 6):
            return {4: 1000, 5: 2000, 6: 3000}[n]
        if block == (1, 2, 3, 4, 5, 6):
            return 1500
        if n == 6 and len(faces) == 3 and all(block.count(f) == 2 for f in faces):
            return 1500
    return None


@pytest.mark.parametrize("preset", ["zillions", "traditional", "farkle"])
def test_every_throw_scores_its_best_split(preset):
    rules = fivethousand.Rules.preset(preset)
    for throw in every_throw(6):
        assert fivethousand.score(throw, rules) == best_split(
            throw, lambda b: block_points(b, preset)
        ), throw


@pytest.mark.parametrize(
    "dice, points",
    [
        ([1], 100),
        ([5], 50),
        ([1, 5, 5], 200),
        ([2, 2, 2], 200),
        ([6, 6, 6], 600),
        ([1, 1, 1], 1000),
        ([1, 1, 1, 1], 1100),
        ([1, 1, 1, 5], 1050),
        ([5, 5, 5, 5, 5], 600),
        ([1, 1, 1, 1, 1, 1], 2000),
        ([3, 3, 3, 3, 3, 3], 600),
        ([2, 5], None),
        ([2, 2, 2, 2], None),
        ([3], None),
        ([1, 2, 3, 4, 5, 6], None),
    ],
)
def test_source_table(dice, points):
    assert fivethousand.score(dice) == points


def test_farkle_extras():
    farkle = "farkle"
    assert fivethousand.score([1, 2, 3, 4, 5, 6], farkle) == 1500
    assert fivethousand.score([2, 2, 3, 3, 6, 6], farkle) == 1500
    assert fivethousand.score([4, 4, 4, 4], farkle) == 1000
    assert fivethousand.score([1, 1, 1, 1], farkle) == 1100  # a triple and a single beat 1000
    assert fivethousand.score([6] * 6, farkle) == 3000
