"""The strategy card: a heat map of when a strategy banks, by dice left and turn points
(Agg backend, skipped without matplotlib); its picture is kept in test-artifacts."""

from pathlib import Path

import numpy
import pytest

from dicelab.strategy import threshold

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from dicelab import plots  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_the_card_shows_where_the_strategy_banks():
    strategy = threshold(
        "zillions",
        bank_at={1: 250, 2: 300, 3: 400},
        otherwise=600,
        when_behind_by=1500,
        behind_bank_at=800,
        name="keep pace",
    )
    ax = plots.strategy_card(strategy)
    shares = ax.images[0].get_array().T  # (turn points, dice)
    grid = strategy.grid
    assert shares.shape == (grid.rows, grid.rules.dice)
    behind = numpy.mean([o - s > 1500 for s in range(0, 5000, 500) for o in range(0, 5000, 500)])
    assert shares[200 // 50, 0] == 0  # one die: from 250, unless far behind (from 800)
    assert shares[250 // 50, 0] == pytest.approx(1 - behind)
    assert shares[600 // 50, 5] == pytest.approx(1 - behind)  # six dice: from 600
    assert shares[800 // 50, 5] == shares[800 // 50, 0] == 1
    ARTIFACTS.mkdir(exist_ok=True)
    ax.figure.savefig(ARTIFACTS / "strategy_card.png", dpi=100, bbox_inches="tight")
    one = plots.strategy_card(strategy, score=0, opponent=3000)
    assert set(numpy.unique(one.images[0].get_array())) <= {0.0, 1.0}
    assert one.images[0].get_array().T[700 // 50, 5] == 0  # behind by 3000: from 800
