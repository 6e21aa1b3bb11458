import pytest

from dicelab import thousand
from tests.setaside_partitions import best_split, every_throw


def block_points(block):
    """docs/rules.md's table of Thousand, written out by hand."""
    n, face = len(block), block[0]
    if block == (1, 2, 3, 4, 5):
        return 150
    if block == (2, 3, 4, 5, 6):
        return 250
    if len(set(block)) != 1:
        return None
    if face == 1:
        return [10, 20, 100, 200, 1000][n - 1]
    if face == 5:
        return [5, 10, 50, 100, 500][n - 1]
    return {3: 10 * face, 4: 20 * face, 5: 100 * face}.get(n)


def test_every_throw_scores_its_best_split():
    for throw in every_throw(5):
        assert thousand.score(throw) == best_split(throw, block_points), throw


@pytest.mark.parametrize(
    "dice, points",
    [
        ([1], 10),
        ([5], 5),
        ([1, 1], 20),
        ([5, 5], 10),
        ([1, 1, 1], 100),
        ([2, 2, 2], 20),
        ([3, 3, 3], 30),
        ([4, 4, 4], 40),
        ([5, 5, 5], 50),
        ([6, 6, 6], 60),
        ([1, 1, 1, 1], 200),
        ([2, 2, 2, 2], 40),
        ([3, 3, 3, 3], 60),
        ([4, 4, 4, 4], 80),
        ([5, 5, 5, 5], 100),
        ([6, 6, 6, 6], 120),
        ([1] * 5, 1000),
        ([2] * 5, 200),
        ([3] * 5, 300),
        ([4] * 5, 400),
        ([5] * 5, 500),
        ([6] * 5, 600),
        ([1, 2, 3, 4, 5], 150),
        ([2, 3, 4, 5, 6], 250),
        ([2, 3], None),
        ([1, 5, 2], None),
    ],
)
def test_source_table(dice, points):
    assert thousand.score(dice) == points
