"""The win robots beat the points-optimal robots: over at least 100 000 seeded games each
on the batch simulator, starts alternating, the 95 % interval of the win robot's share of
the wins (a shared win counts half) lies above one half.

Each game's policy is built (or read from the disk cache) first; the rates and intervals
are printed and recorded as test properties.
"""

from __future__ import annotations

import pytest

from dicelab import simulate

pytestmark = pytest.mark.slow  # every test here takes tens of seconds on two cores

SEED = 15
GAMES = {"fivethousand": 100_000, "thousand": 200_000}  # Thousand's edge is narrower


@pytest.mark.parametrize("game", list(GAMES))
def test_the_win_robot_beats_the_points_optimal_robot(game, record_property):
    games = GAMES[game]
    share = simulate.head_to_head(game, "win", "optimal", n=games, seed=SEED, progress=False)
    low, high = share.interval(0.95)
    print(
        f"{game}: win robot vs optimal robot {share.value:.4f}, 95 % interval [{low:.4f}, {high:.4f}], "
        f"{games:,} games"
    )
    record_property(
        f"{game}_win_vs_optimal", f"{share.value:.4f} [{low:.4f}, {high:.4f}] over {games} games"
    )
    assert share.n == games >= 100_000
    assert low > 0.5
