"""Simulations: reproducible whatever the chunking or executor, and in agreement with the exact odds."""

import math
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import numpy
import pytest

from dicelab import odds, simulate, thousand, yahtzee

ALPHA = 1e-6  # a true model fails one run in a million; the seeds are fixed anyway
ALPHA_Z = 4.753424  # the normal quantile of 1 - ALPHA


def chi_square_sf(x: float, df: int) -> float:
    """P(X > x) for a chi-square variable with ``df`` degrees of freedom (closed forms)."""
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= (x / 2) / i
            total += term
        return math.exp(-x / 2) * total
    total, term = math.erfc(math.sqrt(x / 2)), math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    for i in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    return total


def chi_square(exact: dict, observed: list) -> tuple[float, int]:
    """Pearson's statistic and degrees of freedom, pooling outcomes expected fewer than 5 times."""
    n = len(observed)
    values, counts = numpy.unique(observed, return_counts=True)
    seen = dict(zip(values.tolist(), counts.tolist()))
    assert set(seen) <= set(exact), (
        f"outcomes the exact odds call impossible: {set(seen) - set(exact)}"
    )
    cells, pooled_expected, pooled_seen = [], 0.0, 0
    for value, p in exact.items():
        expected = n * float(p)
        if expected < 5:
            pooled_expected += expected
            pooled_seen += seen.get(value, 0)
        else:
            cells.append((expected, seen.get(value, 0)))
    if pooled_expected:
        cells.append((pooled_expected, pooled_seen))
    statistic = sum((o - e) ** 2 / e for e, o in cells)
    return statistic, len(cells) - 1


def assert_agrees(exact: dict, observed):
    assert sum(exact.values()) == 1
    statistic, df = chi_square(exact, list(observed))
    assert df >= 1
    assert chi_square_sf(statistic, df) > ALPHA, (statistic, df)


def test_the_chi_square_tail_is_right():
    # Published values: P(X > 10) for 1, 2, 5, 10, 30 degrees of freedom; the 1e-6 quantiles.
    for df, tail in (
        (1, 0.0015654),
        (2, 0.0067379),
        (5, 0.0752352),
        (10, 0.4404933),
        (30, 0.9997737),
    ):
        assert chi_square_sf(10.0, df) == pytest.approx(tail, rel=1e-4)
    for df, quantile in ((1, 23.928127), (5, 35.888187), (30, 82.044143)):
        assert chi_square_sf(quantile, df) == pytest.approx(ALPHA, rel=1e-4)


# --- agreement with the exact odds (fixed seeds, tiny alpha: they cannot flake) -----------
def test_fivethousand_first_throw_points_agree_with_the_exact_distribution():
    # Banking at once, a turn's points are the best points of one throw of six dice.
    turns = simulate.turns(
        "fivethousand", simulate.ThresholdBot(0), n=20_000, seed=11, progress=False
    )
    exact = odds.throw_odds("fivethousand", 6).points
    assert_agrees(exact, turns.points)
    assert turns.bust_rate == pytest.approx(float(exact[0]), abs=0.01)
    assert (turns.throws == 1).all()


def test_thousand_first_throw_points_agree_with_the_exact_distribution():
    rules = thousand.Rules(casks=())  # without the 0-100 cask the bot may save after one throw
    turns = simulate.turns(rules, simulate.ThresholdBot(0), n=20_000, seed=12, progress=False)
    assert_agrees(odds.throw_odds(rules, 5).points, turns.points)


def test_chasing_a_yahtzee_agrees_with_the_exact_chance():
    turns = simulate.turns("yahtzee", simulate.ChaseBox("yahtzee"), n=3000, seed=13, progress=False)
    p = float(odds.box_odds("yahtzee", rolls_left=3).chance)
    made = int((~turns.busts).sum())
    z = (made - 3000 * p) / math.sqrt(3000 * p * (1 - p))
    assert abs(z) < ALPHA_Z
    assert set(turns.points.tolist()) <= {0, 50}


def test_chasing_sixes_agrees_with_the_exact_score_distribution():
    turns = simulate.turns("yahtzee", simulate.ChaseBox("sixes"), n=3000, seed=14, progress=False)
    assert_agrees(odds.box_odds("sixes", rolls_left=3).distribution, turns.points)


def test_a_wrong_model_is_rejected():
    # The same check has power: the 5-dice distribution does not fit throws of six dice.
    turns = simulate.turns(
        "fivethousand", simulate.ThresholdBot(0), n=20_000, seed=11, progress=False
    )
    wrong = odds.throw_odds("fivethousand", 5).points
    statistic, df = chi_square(
        {**{v: Fraction(0) for v in turns.frequencies()}, **wrong}, turns.points
    )
    assert chi_square_sf(statistic, df) < ALPHA


# --- reproducibility --------------------------------------------------------------------
def same(a, b, fields) -> bool:
    return all(numpy.array_equal(getattr(a, f), getattr(b, f)) for f in fields)


GAME_FIELDS = ("scores", "wins", "turns", "busts")
TURN_FIELDS = ("points", "busts", "throws")


def test_same_seed_same_games_whatever_the_chunking():
    runs = [
        simulate.games(
            "fivethousand",
            ["simple", "intelligent", "random"],
            n=40,
            seed=5,
            chunk_size=size,
            progress=False,
        )
        for size in (1, 7, 40, 1000)
    ]
    assert all(same(runs[0], run, GAME_FIELDS) for run in runs[1:])
    other = simulate.games(
        "fivethousand", ["simple", "intelligent", "random"], n=40, seed=6, progress=False
    )
    assert not same(runs[0], other, GAME_FIELDS)


def test_a_process_pool_gives_bit_for_bit_the_same_results():
    game_args = dict(
        game="thousand", players=["simple", "cask_aware"], n=24, seed=3, progress=False
    )
    turn_args = dict(
        game="yahtzee", bot=simulate.ChaseBox("full_house"), n=200, seed=3, progress=False
    )
    alone_games = simulate.games(**game_args)
    alone_turns = simulate.turns(**turn_args)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled_games = simulate.games(**game_args, chunk_size=5, executor=pool)
        pooled_turns = simulate.turns(**turn_args, chunk_size=33, executor=pool)
    assert same(alone_games, pooled_games, GAME_FIELDS)
    assert same(alone_turns, pooled_turns, TURN_FIELDS)


def test_a_seed_of_none_is_chosen_and_kept():
    run = simulate.games("fivethousand", ["simple"], n=3, seed=None, progress=False)
    again = simulate.games("fivethousand", ["simple"], n=3, seed=run.seed, progress=False)
    assert same(run, again, GAME_FIELDS)


# --- what the results say ---------------------------------------------------------------
def test_yahtzee_games_have_thirteen_turns_per_player():
    run = simulate.games("yahtzee", ["greedy", "random"], n=10, seed=1, progress=False)
    assert (run.turns == 26).all()
    assert run.win_rate("greedy") > run.win_rate("random")
    assert (run.busts[:, 1] >= 1).all()  # a random player always fills some box with 0


def test_thousand_winners_reach_exactly_the_target():
    run = simulate.games("thousand", ["simple", "cask_aware"], n=10, seed=2, progress=False)
    assert (run.wins.sum(axis=1) == 1).all()
    assert (run.scores[run.wins] == 1000).all()
    assert (run.scores[~run.wins] < 1000).all()


def test_fivethousand_results_are_consistent():
    run = simulate.games("fivethousand", ["simple", "intelligent"], n=30, seed=4, progress=False)
    assert run.scores.shape == (30, 2) and run.scores.dtype == numpy.int64
    assert (run.scores.max(axis=1) >= 5000).all()
    winners = run.scores == run.scores.max(axis=1, keepdims=True)
    assert numpy.array_equal(winners, run.wins)
    assert (run.busts.sum(axis=1) <= run.turns).all()
    assert run.win_rate(0) == pytest.approx(run.wins[:, 0].mean())
    assert run.mean_score("intelligent") == pytest.approx(run.scores[:, 1].mean())
    records = run.to_records()
    assert len(records) == 60 and records[1] == {
        "game": 0,
        "seat": 1,
        "player": "intelligent",
        "score": int(run.scores[0, 1]),
        "won": bool(run.wins[0, 1]),
        "busts": int(run.busts[0, 1]),
        "turns": int(run.turns[0]),
    }
    assert [row["player"] for row in run.summary()] == ["simple", "intelligent"]


def test_results_as_a_dataframe():
    pytest.importorskip("pandas")
    frame = simulate.games(
        "fivethousand", ["simple", "simple"], n=5, seed=1, progress=False
    ).to_dataframe()
    assert list(frame.columns) == ["game", "seat", "player", "score", "won", "busts", "turns"]
    assert len(frame) == 10
    turns = simulate.turns("fivethousand", "simple", n=5, seed=1, progress=False).to_dataframe()
    assert list(turns.columns) == ["turn", "points", "bust", "throws"]


def test_banked_starts_the_turn_in_a_cask():
    # From 0 the Thousand cask forbids saving below 100, so a saved turn scores at least 100.
    turns = simulate.turns("thousand", simulate.ThresholdBot(0), n=300, seed=9, progress=False)
    assert set(turns.points[~turns.busts].tolist()) and turns.points[~turns.busts].min() >= 100
    free = simulate.turns(
        "thousand", simulate.ThresholdBot(0), n=300, seed=9, banked=100, progress=False
    )
    assert free.points[~free.busts].min() < 100


def test_progress_bar_can_be_forced(capsys):
    pytest.importorskip("tqdm")
    simulate.turns("fivethousand", "simple", n=10, seed=1, progress=True)
    assert "10/10" in capsys.readouterr().err


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        simulate.games("yahtzee", ["greedy", "cask_aware"], n=1)
    with pytest.raises(TypeError, match="choose"):
        simulate.turns("yahtzee", object(), n=1)
    with pytest.raises(ValueError, match="banked"):
        simulate.turns("yahtzee", "greedy", n=1, banked=10)
    with pytest.raises(ValueError, match="number of games"):
        simulate.games("fivethousand", ["simple"], n=-1)
    with pytest.raises(ValueError, match="1 to 8 players"):
        simulate.games(yahtzee, ["random"] * 9, n=1)
