"""The class tournament: a seeded round robin with common random numbers, whose simulated
shares agree with the exact chances, with the win robot on top."""

from concurrent.futures import ThreadPoolExecutor

import numpy
import pytest

import dicelab
from dicelab.errors import InvalidInputError
from dicelab.fivethousand import Rules
from dicelab.strategy import threshold

RULES = Rules(target=1000, bust_keeps_completed_rounds=False)


def random_strategies(count: int, seed: int) -> list:
    rng = numpy.random.default_rng(seed)
    field = []
    for k in range(count):
        bank_at = {n: int(rng.integers(1, 9)) * 50 for n in range(1, 7)}
        field.append(
            threshold(
                RULES,
                bank_at=bank_at,
                when_behind_by=int(rng.integers(0, 8)) * 100,
                behind_bank_at=int(rng.integers(2, 12)) * 50,
                set_aside=["most_points", "fewest_dice", "keep_most_dice"][k % 3],
                name=f"student {k}",
            )
        )
    return field


@pytest.fixture(scope="module")
def standings():
    # 7 strategies: 21 pairs of strategies, and the win robot against each
    return dicelab.tournament(
        random_strategies(7, seed=42),
        games=6000,
        robots=("win",),
        seed=3,
        exact=True,
        progress=False,
    )


@pytest.mark.slow
def test_exact_chances_agree_with_the_simulated_shares(standings):
    strategies = [name for name in standings.names if name not in standings.robots]
    assert len(strategies) * (len(strategies) - 1) // 2 >= 20
    for i in range(len(strategies)):
        for j in range(i + 1, len(strategies)):
            off = abs(standings.shares[i, j] - standings.exact[i, j])
            assert off <= 3 * standings.errors[i, j], (strategies[i], strategies[j])


@pytest.mark.slow
def test_the_win_robot_beats_every_threshold_strategy(standings):
    win = standings.names.index("win")
    for j, name in enumerate(standings.names):
        if name != "win":
            assert standings.shares[win, j] - 3 * standings.errors[win, j] > 0.5, name
    assert standings.leaderboard()[0]["entrant"] == "win (robot)"


def test_common_random_numbers_make_twins_tie_every_game():
    a = threshold(RULES, bank_at=300, name="Ann")
    b = threshold(RULES, bank_at=300, name="Ben")
    standings = dicelab.tournament([a, b], robots=(), games=400, progress=False)
    assert standings.shares[0, 1] == 0.5 and standings.errors[0, 1] == 0.0


def test_seeded_reproducible_and_the_same_on_an_executor():
    field = random_strategies(3, seed=1)
    once = dicelab.tournament(field, robots=("simple",), games=300, seed=9, progress=False)
    again = dicelab.tournament(field, robots=("simple",), games=300, seed=9, progress=False)
    with ThreadPoolExecutor(2) as pool:
        pooled = dicelab.tournament(
            field, robots=("simple",), games=300, seed=9, executor=pool, progress=False
        )
    other = dicelab.tournament(field, robots=("simple",), games=300, seed=10, progress=False)
    assert once == again == pooled and once != other
    table = once.pairings()
    assert len(table) == 6 and table[0]["exact"] != "-"  # a small target: exact by default
    assert [row["place"] for row in once.leaderboard()] == [1, 2, 3, 4]


def test_bad_fields_are_refused():
    a = threshold(RULES, name="Ann")
    with pytest.raises(TypeError, match="list of strategies"):
        dicelab.tournament(a)
    with pytest.raises(TypeError, match="robots="):
        dicelab.tournament([a, "simple"])
    with pytest.raises(InvalidInputError, match="share a name"):
        dicelab.tournament([a, threshold(RULES, bank_at=500, name="Ann")], robots=())
    with pytest.raises(ValueError, match="robot"):
        dicelab.tournament([a], robots=("cheater",))
    with pytest.raises(InvalidInputError, match="other rules"):
        dicelab.tournament([a, threshold("zillions", name="Ben")])
    with pytest.raises(InvalidInputError, match="at least two"):
        dicelab.tournament([a], robots=())
    with pytest.raises(TypeError, match="games"):
        dicelab.tournament([a], robots=("simple",), games=100.0)
    with pytest.raises(ValueError, match="farkle penalty"):  # before any game is played
        dicelab.tournament(
            [threshold({"penalty": 500, "score_floor": -500}, name="Cy")],
            robots=("simple",),
            exact=True,
        )


def test_exact_chances_only_between_strategies_of_the_same_grid():
    field = [
        threshold(RULES, bank_at=300, name="Ann"),
        threshold(RULES, bank_at=300, name="Ben", band=200),
        threshold(RULES, bank_at=400, name="Cy"),
    ]
    standings = dicelab.tournament(field, robots=(), games=100, progress=False)
    assert numpy.isnan(standings.exact[0, 1]) and numpy.isnan(standings.exact[1, 2])
    assert standings.exact[0, 2] + standings.exact[2, 0] == pytest.approx(1)


def test_the_same_standings_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    field = random_strategies(3, seed=2)
    args = dict(robots=("simple",), games=200, seed=4, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = dicelab.tournament(field, executor=client.get_executor(), **args)
    assert on_dask == dicelab.tournament(field, **args)


def test_a_player_without_a_batch_form_plays_pairing_by_pairing():
    import warnings

    from dicelab.fivethousand.strategy import SimpleBot
    from dicelab.round_robin import pairing_seed, play_pairing, play_pairings
    from dicelab.strategy import StrategyBot

    class Cautious(SimpleBot):  # a bot of one's own: no batch form, the engine path
        threshold = 200

    players = [StrategyBot(threshold(RULES, name="Ann")), Cautious(), "simple"]
    pairs = [(0, 1), (0, 2), (1, 2)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        samples = play_pairings(RULES, players, pairs, 40, 5, None, False)
        with ThreadPoolExecutor(2) as pool:
            pooled = play_pairings(RULES, players, pairs, 40, 5, pool, False)
        alone = play_pairing(RULES, players[0], players[1], 40, pairing_seed(5, 0, 1))
    assert len(samples) == 3 and all(len(sample) == 20 for sample in samples)
    assert all((a == b).all() for a, b in zip(samples, pooled))
    assert (samples[0] == alone).all()
