"""The compiled walk down a fixed policy's turn (:mod:`dicelab.strategy.walk_kernel`) gives
the numbers the numpy walk it replaced gave, to 1e-12: every walk of real judgements
(Zillions and traditional rules, with and without hot dice as a fresh round), and the
chances and points per turn they add up to."""

import numpy
import pytest

from dicelab.strategy import judgement, points_per_turn, threshold, walk_kernel, win_chance


def numpy_walk(values, bank, value, farkle, hot, top, out):
    """The walk as numpy did it before the kernel (row by row, every turn at once)."""
    for r in range(top - 1, -1, -1):
        at = r + out.points
        after = numpy.where(bank[:, at, out.next], value[..., at], values[:, :, at, out.next])
        if hot is not None:
            after = numpy.where(out.hot, hot[..., at], after)
        values[:, :, r] = after @ out.weights + farkle[..., None] * out.bust


RULES = [
    {"target": 1500},
    {"target": 1500, "bust_keeps_completed_rounds": False},
    {"target": 1000, "bust_keeps_completed_rounds": False, "last_turn": False, "min_bank": 300},
]


def pair(rules):
    return (
        threshold(rules, bank_at=300, name="a"),
        threshold(
            rules,
            bank_at={1: 250, 2: 300},
            otherwise=400,
            when_behind_by=500,
            behind_bank_at=600,
            set_aside="fewest_dice",
            name="b",
        ),
    )


@pytest.mark.parametrize("rules", RULES)
def test_every_walk_of_a_judgement_is_the_numpy_walks(rules, monkeypatch):
    walks = []
    compiled = walk_kernel.run

    def both(values, bank, value, farkle, hot, top, out):
        expected = values.copy()
        numpy_walk(expected, bank, value, farkle, hot, top, out)
        compiled(values, bank, value, farkle, hot, top, out)
        walks.append(hot is not None)
        numpy.testing.assert_allclose(values, expected, rtol=0, atol=1e-12)

    monkeypatch.setattr(walk_kernel, "run", both)
    judgement._judged.cache_clear()
    a, b = pair(rules)
    win_chance(a, b)
    points_per_turn(b)
    assert len(walks) > 10
    assert any(walks) == rules.get("bust_keeps_completed_rounds", True)


@pytest.mark.parametrize("rules", RULES)
def test_the_chances_are_those_of_the_numpy_walk(rules, monkeypatch):
    a, b = pair(rules)
    judgement._judged.cache_clear()
    compiled = (win_chance(a, b), points_per_turn(a))
    monkeypatch.setattr(walk_kernel, "run", numpy_walk)
    judgement._judged.cache_clear()
    by_numpy = (win_chance(a, b), points_per_turn(a))
    judgement._judged.cache_clear()
    assert compiled[0].first == pytest.approx(by_numpy[0].first, abs=1e-12)
    assert compiled[0].second == pytest.approx(by_numpy[0].second, abs=1e-12)
    assert compiled[1] == pytest.approx(by_numpy[1], abs=1e-12 * compiled[1])
