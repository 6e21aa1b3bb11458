import itertools
from collections import Counter
from fractions import Fraction

import pytest

from dicelab import dice


@pytest.mark.parametrize("n", range(0, 7))
def test_outcomes_match_every_ordered_throw(n):
    ordered = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=n))
    expected = {throw: Fraction(count, 6**n) for throw, count in ordered.items()}
    assert dice.outcomes(n) == expected
    assert sum(dice.outcomes(n).values()) == 1


def test_sub_multisets_are_all_distinct_parts():
    throw = (1, 1, 2, 5, 5, 5)
    parts = set(dice.sub_multisets(throw))
    brute = {tuple(sorted(c)) for r in range(7) for c in itertools.combinations(throw, r)}
    assert parts == brute and len(parts) == len(dice.sub_multisets(throw))


def test_bad_faces_are_refused():
    with pytest.raises(ValueError, match="not a die face"):
        dice.as_dice([1, 7])
    with pytest.raises(ValueError, match="no 4"):
        dice.remove((1, 2), (4,))
    with pytest.raises(ValueError):
        dice.outcomes(7)
