"""The batch simulator of Fivethousand and Thousand: the engine path's results in
distribution, the exact optimal values on average, and bit-for-bit reproducible runs."""

import math
import warnings
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy
import pytest

from dicelab import fivethousand, simulate, thousand
from dicelab.simulate import runner, setaside_batch, streams
from dicelab.simulate.runner import EnginePathWarning
from dicelab.simulate.streams import StepChoices, StepThrows
from dicelab.simulate.throws import MULTISETS, throw_of
from tests.test_simulate import ALPHA, ALPHA_Z, GAME_FIELDS, TURN_FIELDS, chi_square_sf, same


@dataclass(frozen=True)
class OnTheEngine:
    """The same bot, but not a built-in one: it plays on the engine path."""

    bot: object

    def choose(self, engine, state, rng):
        return self.bot.choose(engine, state, rng)


def engine_form(game, level):
    module = fivethousand if game == "fivethousand" else thousand
    return OnTheEngine(module.BOTS[level]() if isinstance(level, str) else level)


def two_sample_p(a, b) -> float:
    """The chance of a Pearson statistic this large if ``a`` and ``b`` come from one
    distribution (values seen fewer than 5 times expected are pooled)."""
    values = numpy.union1d(a, b)
    counts = numpy.array([[numpy.sum(x == v) for v in values] for x in (a, b)], dtype=float)
    expected = counts.sum(axis=1, keepdims=True) * counts.sum(axis=0) / counts.sum()
    small = (expected < 5).any(axis=0)
    if small.any():
        counts = numpy.column_stack([counts[:, ~small], counts[:, small].sum(axis=1)])
        expected = counts.sum(axis=1, keepdims=True) * counts.sum(axis=0) / counts.sum()
    statistic = float(((counts - expected) ** 2 / expected).sum())
    return chi_square_sf(statistic, counts.shape[1] - 1) if counts.shape[1] > 1 else 1.0


# --- the batch path plays the engine's game --------------------------------------------
TURN_CASES = [
    ("fivethousand", "zillions", "intelligent", 0),
    ("fivethousand", "traditional", "optimal", 0),
    ("fivethousand", "farkle", "random", 0),
    ("thousand", "classic", "cask_aware", 0),
    ("thousand", "classic", "random", 300),
    ("thousand", {"choose_keep": True}, "cask_aware", 100),
    ("thousand", "classic", "optimal", 700),
]


@pytest.mark.parametrize("game,rules,level,banked", TURN_CASES)
def test_batch_turns_match_the_engine_path_in_distribution(game, rules, level, banked):
    batch = simulate.turns(
        game, level, n=20_000, seed=1, rules=rules, banked=banked, progress=False
    )
    engine = simulate.turns(
        game, engine_form(game, level), n=1000, seed=2, rules=rules, banked=banked, progress=False
    )
    assert two_sample_p(batch.points, engine.points) > ALPHA
    assert two_sample_p(batch.throws, engine.throws) > ALPHA


def test_batch_games_match_the_engine_path_in_distribution():
    rules = thousand.Rules(target=300, casks=((0, 50),))  # short games
    players = ["cask_aware", "random", "optimal"]
    batch = simulate.games(rules, players, n=20_000, seed=1, progress=False)
    engine = simulate.games(
        rules, [engine_form("thousand", p) for p in players], n=250, seed=2, progress=False
    )
    for seat in range(3):
        assert two_sample_p(batch.wins[:, seat], engine.wins[:, seat]) > ALPHA
        assert two_sample_p(batch.busts[:, seat], engine.busts[:, seat]) > ALPHA
    assert two_sample_p(batch.turns, engine.turns) > ALPHA


def test_batch_fivethousand_games_match_the_engine_path():
    rules = fivethousand.Rules(target=1500)
    players = ["simple", "intelligent", "optimal"]
    batch = simulate.games(rules, players, n=20_000, seed=1, progress=False)
    engine = simulate.games(
        rules, [engine_form("fivethousand", p) for p in players], n=250, seed=2, progress=False
    )
    for seat in range(3):
        assert two_sample_p(batch.wins[:, seat], engine.wins[:, seat]) > ALPHA
    assert two_sample_p(batch.turns, engine.turns) > ALPHA


def test_the_comparison_has_power():
    # Banking at 300 or at 350 is told apart: the test would see a wrong batch bot.
    a = simulate.turns("fivethousand", simulate.ThresholdBot(300), n=20_000, seed=1, progress=False)
    b = simulate.turns(
        "fivethousand",
        engine_form("fivethousand", simulate.ThresholdBot(350)),
        n=1500,
        seed=2,
        progress=False,
    )
    assert two_sample_p(a.points, b.points) < ALPHA


@pytest.mark.parametrize("preset", list(fivethousand.PRESETS))
def test_optimal_turns_average_the_exact_expected_score(preset):
    turns = simulate.turns(
        "fivethousand", "optimal", n=100_000, seed=3, rules=preset, progress=False
    )
    mean = turns.estimate("mean_points")
    rules = fivethousand.Rules.preset(preset)  # a first turn: not on the board yet (greed)
    first = fivethousand.Engine(rules).initial_state(1)
    expected = fivethousand.turn_policy(preset).for_state(first).expected_score
    assert abs(mean.value - expected) < ALPHA_Z * mean.standard_error


def test_optimal_thousand_takes_the_exact_expected_number_of_turns():
    games = simulate.games("thousand", ["optimal"], n=20_000, seed=4, progress=False)
    mean = games.estimate("turns_per_game")
    assert (
        abs(mean.value - thousand.solitaire_policy().expected_turns(0))
        < ALPHA_Z * mean.standard_error
    )
    assert games.wins.all() and (games.scores == 1000).all()


# --- the dice -------------------------------------------------------------------------
def fair_faces_p(codes) -> float:
    """The chi-square p-value of the faces of six dice thrown as ``codes``."""
    faces = numpy.array([MULTISETS[t] for t in throw_of(codes, numpy.full(len(codes), 6))])
    counts = numpy.bincount(faces.ravel(), minlength=7)[1:]
    return chi_square_sf(float(((counts - counts.mean()) ** 2 / counts.mean()).sum()), 5)


def test_step_throws_are_fair_dice():
    codes = StepThrows(seed=5, games=numpy.arange(3000)).codes(0)
    assert fair_faces_p(codes) > ALPHA
    first = numpy.array(
        [MULTISETS[t] for t in throw_of(codes, numpy.ones(len(codes), dtype=numpy.int64))]
    )
    assert numpy.array_equal(first[:, 0], codes % 6 + 1)
    one_game = StepThrows(seed=5, games=numpy.zeros(3000, dtype=numpy.int64))
    assert fair_faces_p(one_game.codes(numpy.arange(3000))) > ALPHA  # one game's steps
    pairs = StepThrows(seed=5, games=numpy.arange(20_000)).codes(numpy.arange(20_000) % 2)
    neighbours = numpy.histogram2d(pairs[0::2] % 6, pairs[1::2] % 6, bins=6)[0]
    expected = neighbours.sum() / 36  # game i's step 0 against game i + 1's step 1: independent
    statistic = float(((neighbours - expected) ** 2 / expected).sum())
    assert chi_square_sf(statistic, 35) > ALPHA


def test_lemire_rejection_leaves_every_code_equally_likely():
    # Of the 2**32 top words, code v takes those with v * 2**32 <= word * 6**6 <
    # (v + 1) * 2**32; only the first of them can have a remainder below 6**6, and it is
    # rejected when that remainder is below streams._REJECT. Then every code is taken by
    # exactly 2**32 // 6**6 words.
    v = numpy.arange(6**6, dtype=object)
    first = -(-v * 2**32 // 6**6)
    after = -(-(v + 1) * 2**32 // 6**6)
    rejected = (first * 6**6 - v * 2**32) < int(streams._REJECT)
    assert ((after - first - rejected) == 2**32 // 6**6).all()


def test_rejected_words_are_redrawn_the_same_alone_or_in_a_batch(monkeypatch):
    games = numpy.arange(3000)
    usual = StepThrows(seed=5, games=games).codes(2)
    monkeypatch.setattr(streams, "_REJECT", numpy.uint64(2**31))  # half the words rejected
    codes = StepThrows(seed=5, games=games).codes(2)
    assert ((codes >= 0) & (codes < 6**6)).all() and fair_faces_p(codes) > ALPHA
    assert 0.3 < (codes != usual).mean() < 0.7  # the rejected ones were redrawn
    for game in (0, 1234, 2999):
        alone = StepThrows(seed=5, games=numpy.array([game])).codes(2)
        assert alone[0] == codes[game]


def test_step_choices_are_uniform_floats():
    floats = StepChoices(seed=5, games=numpy.arange(20_000)).floats(3)
    assert floats.shape == (20_000, 2) and ((floats >= 0) & (floats < 1)).all()
    counts = numpy.histogram2d(floats[:, 0], floats[:, 1], bins=5, range=[[0, 1], [0, 1]])[0]
    expected = counts.sum() / 25  # the two floats of a step: uniform and independent
    assert chi_square_sf(float(((counts - expected) ** 2 / expected).sum()), 24) > ALPHA


def test_a_game_is_the_same_alone_or_in_a_batch():
    rules = fivethousand.Rules()
    bots = setaside_batch.batch_bots(rules, ["random", "optimal"])
    together = setaside_batch.play_games(rules, bots, 7, numpy.arange(2040))
    for game in (0, 1500, 2039):
        alone = setaside_batch.play_games(rules, bots, 7, numpy.array([game]))
        for key in ("scores", "wins", "turns", "busts"):
            assert numpy.array_equal(alone[key][0], together[key][game])


# --- reproducibility -----------------------------------------------------------------
def test_same_games_whatever_the_chunk_size():
    args = dict(
        game="fivethousand",
        players=["simple", "intelligent", "random"],
        n=2100,
        seed=5,
        progress=False,
    )
    runs = [simulate.games(**args, chunk_size=size) for size in (1000, 7 * 111, 2100, 5000)]
    assert all(same(runs[0], run, GAME_FIELDS) for run in runs[1:])
    ones = simulate.games(**{**args, "n": 15}, chunk_size=1)
    assert same(ones, simulate.games(**{**args, "n": 15}), GAME_FIELDS)
    assert numpy.array_equal(ones.scores, runs[0].scores[:15])  # a run's first games: a shorter run


def test_a_process_pool_plays_the_batches_bit_for_bit():
    game_args = dict(game="thousand", players=["optimal", "random"], n=600, seed=3, progress=False)
    turn_args = dict(game="fivethousand", bot="intelligent", n=5000, seed=3, progress=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled_games = simulate.games(**game_args, chunk_size=250, executor=pool)
        pooled_turns = simulate.turns(**turn_args, chunk_size=1200, executor=pool)
    assert same(simulate.games(**game_args), pooled_games, GAME_FIELDS)
    assert same(simulate.turns(**turn_args), pooled_turns, TURN_FIELDS)


def test_a_dask_cluster_plays_the_batches_bit_for_bit():
    distributed = pytest.importorskip("distributed")
    game_args = dict(
        game="fivethousand", players=["random", "intelligent"], n=800, seed=9, progress=False
    )
    turn_args = dict(game="thousand", bot="cask_aware", n=6000, seed=9, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        on_dask = simulate.games(**game_args, chunk_size=300, executor=executor)
        turns_on_dask = simulate.turns(**turn_args, chunk_size=2500, executor=executor)
    assert same(simulate.games(**game_args), on_dask, GAME_FIELDS)
    assert same(simulate.turns(**turn_args), turns_on_dask, TURN_FIELDS)


# --- paths, progress and results -------------------------------------------------------
def test_bots_of_your_own_play_on_the_engine_path():
    mine = OnTheEngine(fivethousand.BOTS["simple"]())
    assert runner.batch_bots("fivethousand", fivethousand.Rules(), (mine, "simple")) is None
    run = simulate.games("fivethousand", [mine, "simple"], n=20, seed=1, progress=False)
    assert run.players[1] == "simple" and (run.scores.max(axis=1) >= 5000).all()


def test_the_progress_bar_counts_games(capsys):
    pytest.importorskip("tqdm")
    simulate.games("thousand", ["simple", "simple"], n=300, seed=1, chunk_size=100, progress=True)
    err = capsys.readouterr().err
    assert "300/300" in err and "game" in err


def test_estimates_have_standard_errors_and_intervals():
    run = simulate.games(
        "fivethousand", ["simple", "intelligent", "intelligent"], n=4000, seed=2, progress=False
    )
    rate = run.estimate("win_rate", "intelligent")
    per_game = run.wins[:, 1:].mean(axis=1)
    assert rate.value == run.win_rate("intelligent") == pytest.approx(per_game.mean())
    assert rate.standard_error == pytest.approx(per_game.std(ddof=1) / math.sqrt(4000))
    low, high = run.confidence_interval("win_rate", "intelligent", level=0.99)
    assert low < rate.value < high and high - low == pytest.approx(
        2 * 2.5758293 * rate.standard_error
    )
    one = run.estimate("win_rate", 0)
    p = one.value
    assert one.standard_error == pytest.approx(math.sqrt(p * (1 - p) / 3999))
    assert run.standard_error("mean_score") == run.estimate("mean_score").standard_error
    assert run.estimate("turns_per_game").value == run.turns.mean()
    row = run.summary().rows[0]
    assert row["± win rate"] == pytest.approx(one.half_width(0.95))
    turns = simulate.turns("thousand", "simple", n=3000, seed=1, progress=False)
    assert turns.estimate("bust_rate").value == turns.bust_rate
    assert turns.confidence_interval("mean_points")[0] < turns.mean_points
    with pytest.raises(ValueError, match="measure is one of"):
        run.estimate("wins")
    with pytest.raises(ValueError, match="confidence level"):
        rate.interval(95)


def test_a_bot_without_a_batch_form_is_named_and_the_built_in_bots_say_nothing():
    mine = engine_form("fivethousand", "simple")
    with pytest.warns(EnginePathWarning, match=r"OnTheEngine\(bot=.*\) has no batch form"):
        simulate.games("fivethousand", [mine, "simple"], n=2, seed=0, progress=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        simulate.games("fivethousand", ["simple", "intelligent"], n=2, seed=0, progress=False)
        simulate.turns("thousand", "cask_aware", n=2, seed=0, progress=False)
