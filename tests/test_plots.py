"""Lesson plots draw what they are given (Agg backend, skipped without matplotlib)."""

import re
import sys
from fractions import Fraction

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from dicelab import plots, simulate  # noqa: E402
from dicelab.extras import install_hint  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt = sys.modules.get("matplotlib.pyplot")  # None while a test hides it
    if plt is not None:
        plt.close("all")


def test_exact_vs_simulated_draws_both_bars_for_every_outcome():
    exact = {0: Fraction(2, 3), 50: Fraction(1, 6), 100: Fraction(1, 6)}
    ax = plots.exact_vs_simulated(exact, [0, 0, 50, 100, 100, 100, 150], title="one die")
    exact_bars, simulated_bars = ax.containers
    assert [b.get_height() for b in exact_bars] == pytest.approx([2 / 3, 1 / 6, 1 / 6, 0])
    assert [b.get_height() for b in simulated_bars] == pytest.approx([2 / 7, 1 / 7, 3 / 7, 1 / 7])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "50", "100", "150"]
    assert ax.get_legend().get_texts()[1].get_text() == "simulated (7 trials)"
    assert ax.get_title() == "one die"


def test_exact_vs_simulated_takes_frequencies_and_an_axes():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    assert plots.exact_vs_simulated({1: 0.5, 2: 0.5}, {1: 0.4, 2: 0.6}, ax=ax) is ax
    assert [b.get_height() for b in ax.containers[1]] == pytest.approx([0.4, 0.6])


def test_score_histogram_has_one_histogram_per_seat():
    results = simulate.games("yahtzee", ["greedy", "random"], n=8, seed=1, progress=False)
    ax = plots.score_histogram(results, bins=5)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "seat 0: greedy",
        "seat 1: random",
    ]
    assert sum(p.get_height() for p in ax.patches) == 16
    assert "8 games" in ax.get_title()


def test_score_histogram_of_plain_scores():
    ax = plots.score_histogram([100, 200, 200, 300], bins=3)
    assert sum(p.get_height() for p in ax.patches) == 4


def test_bank_boundary_draws_a_line_per_measure_and_marks_never():
    ax = plots.bank_boundary(
        [0, 250, 500], {"you at 0": [300, 400, None], "points": 300}, title="two dice"
    )
    line, never = ax.lines[:2]
    assert list(line.get_xdata()) == [0, 250, 500]
    assert list(line.get_ydata())[:2] == [300, 400] and str(line.get_ydata()[2]) == "nan"
    assert (
        list(never.get_xdata()) == [500] and never.get_ydata()[0] > 400
    )  # "never", above every line
    assert never.get_marker() == "^" and never.get_color() == line.get_color()
    level = ax.lines[2]
    assert list(level.get_ydata()) == [300, 300] and level.get_linestyle() == "--"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["you at 0", "points"]
    assert ax.get_title() == "two dice" and ax.get_xlabel() == "opponent's score"


def test_bank_boundary_wants_one_threshold_per_score_and_draws_nothing_otherwise():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    with pytest.raises(ValueError, match="'you at 0' has 2 thresholds for 3 scores"):
        plots.bank_boundary([0, 250, 500], {"points": 300, "you at 0": [300, 400]}, ax=ax)
    assert not ax.lines


def test_a_clear_message_without_matplotlib(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=re.escape(f"needs matplotlib: {install_hint('plots')}")):
        plots.score_histogram([1, 2, 3])


def test_running_share_says_how_much_of_its_path_lies_outside_the_pointwise_band():
    import numpy as np

    hits = np.zeros(1000)
    hits[::4] = 1  # a share of exactly 1/4 from n = 4 on
    ax, outside = plots.running_share(hits, 0.25)
    assert outside == 0.0 and ax.get_xscale() == "log"
    _, outside = plots.running_share(np.zeros(1000), 0.25)  # never a hit: outside from the start
    assert outside == 1.0
    n = np.arange(100, 1001)
    low = 0.2  # a steady share of 0.2 leaves the band once 2 SE of 1/4 is below 0.05
    hits = np.diff(np.floor(low * np.arange(0, 1001)))
    _, outside = plots.running_share(hits, 0.25)
    expected = np.mean(0.25 - np.floor(low * n) / n > 2 * np.sqrt(0.25 * 0.75 / n))
    assert abs(outside - expected) < 1e-12 and 0 < outside < 1
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert "exact ± 2 SE at each n (pointwise)" in labels
    with pytest.raises(ValueError, match="more than 100 trials"):
        plots.running_share([1, 0], 0.5)
