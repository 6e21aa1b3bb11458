"""The optimal solitaire solver and bot: exact values of small games by brute force, one
full solve against the published value, the disk cache, options and the bot."""

import functools
import math
import random
import shutil
import subprocess
import sys
import warnings
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from dicelab import cache, simulate, yahtzee
from dicelab.dice import outcomes, sub_multisets
from dicelab.yahtzee import Hold, Release, Roll, Rules, Score, solve_kernel, solver
from dicelab.yahtzee.optimal import OptimalBot
from dicelab.yahtzee.scoring import box_points, legal_boxes, upper_bonus, yahtzee_bonus
from tests.cache_warnings import cache_warnings
from tests.run_once import solved_no_bonus

NO_BONUS_PEER = 245.87077451411164  # yatzy-solver 1.0 (float64), "american+no-bonus"
FREE_JOKER_PUBLISHED_STD = 59.61  # Holderness; Verhoeff: optimal play, free-choice joker


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def no_bonus(tmp_path_factory):
    """The one full solve of the suite (no_bonus is the fastest preset)."""
    return solved_no_bonus(tmp_path_factory)


def brute_force_moments(rules: Rules) -> tuple[Fraction, Fraction]:
    """The mean and the second moment of the final score under optimal play, by exhaustive
    search over exact cards (box -> points), in Fractions, straight from the scoring functions.

    A value is the pair (mean, second moment) of the points still to come; the best option
    has the highest mean (a tie goes to the larger second moment; the solver keeps the first
    it finds, so agreement also shows that no tie here moves the spread)."""

    def then(points, rest):  # ``points`` now, then the random ``rest``
        mean, second = rest
        return points + mean, points * points + 2 * points * mean + second

    def average(pairs):  # [(probability, (mean, second moment))]
        return sum(p * m for p, (m, _) in pairs), sum(p * s for p, (_, s) in pairs)

    @functools.cache
    def card_value(card: tuple) -> tuple:
        filled = dict(card)
        if len(filled) == len(rules.boxes):
            return Fraction(0), Fraction(0)

        def score_now(dice):
            options = []
            for box in legal_boxes(rules, dice, filled):
                points = box_points(rules, box, dice, filled)
                after = {**filled, box: points}
                bonuses = (
                    yahtzee_bonus(rules, dice, filled)
                    + upper_bonus(rules, after)
                    - upper_bonus(rules, filled)
                )
                gain = points + bonuses
                options.append(then(gain, card_value(tuple(sorted(after.items())))))
            return max(options)

        @functools.cache
        def roll_value(dice, rolls_left):
            best = score_now(dice)
            if rolls_left:
                best = max(
                    [best] + [hold_value(keep, rolls_left) for keep in sub_multisets(dice)[:-1]]
                )
            return best

        @functools.cache
        def hold_value(keep, rolls_left):
            return average(
                [
                    (p, roll_value(tuple(sorted(keep + rest)), rolls_left - 1))
                    for rest, p in outcomes(5 - len(keep)).items()
                ]
            )

        return average([(p, roll_value(dice, rules.rolls - 1)) for dice, p in outcomes(5).items()])

    assert len(outcomes(5)) == 252
    return then(upper_bonus(rules, {}), card_value(()))


def brute_force(rules: Rules) -> Fraction:
    """The optimal expected score, by exhaustive search (see :func:`brute_force_moments`)."""
    return brute_force_moments(rules)[0]


def exact_std(rules: Rules) -> float:
    mean, second = brute_force_moments(rules)
    return math.sqrt(second - mean * mean)


def test_chance_alone_is_worth_23_and_a_third():
    rules = Rules(boxes=("chance",))
    assert brute_force(rules) == Fraction(70, 3)
    assert yahtzee.solve(rules, progress=False).expected_score == pytest.approx(70 / 3, abs=1e-12)


def test_yahtzee_alone_is_50_times_the_chance_of_five_of_a_kind_in_three_rolls():
    rules = Rules(boxes=("yahtzee",))
    value = brute_force(rules)
    assert value / 50 == pytest.approx(0.04603, abs=1e-5)
    assert yahtzee.solve(rules, progress=False).expected_score == pytest.approx(
        float(value), abs=1e-12
    )


@pytest.mark.parametrize(
    "rules",
    [
        Rules(boxes=("twos", "chance"), upper_bonus_threshold=6, upper_bonus=20, rolls=2),
        Rules(boxes=("yahtzee", "chance"), rolls=2),
        Rules(
            boxes=("fives", "full_house", "yahtzee"),
            joker="forced",
            five_of_a_kind_is_full_house=False,
            rolls=1,
        ),
        Rules(boxes=("fives", "large_straight", "yahtzee"), joker="free", rolls=1),
        Rules(
            style="yatzy",
            boxes=("ones", "one_pair"),
            upper_bonus_threshold=0,
            upper_bonus=7,
            rolls=2,
        ),
    ],
    ids=["upper-bonus", "yahtzee-bonus", "forced-joker", "free-joker", "threshold-0"],
)
def test_small_games_match_brute_force(rules):
    solution = yahtzee.solve(rules, progress=False)
    mean, second = brute_force_moments(rules)
    assert solution.expected_score == pytest.approx(float(mean), abs=1e-12)
    assert solution.std_score == pytest.approx(math.sqrt(second - mean * mean), abs=1e-9)


def test_chance_alone_has_the_spread_worked_out_by_hand():
    """Chance alone is five dice played each on its own: after the first roll keep a 5 or a 6,
    after the second a 4, 5 or 6."""
    # one die, last roll: uniform, mean 7/2 and second moment 91/6; two rolls left: keep 4-6
    # (above 7/2): mean 17/4, second moment 77/6 + 91/12 = 245/12; three rolls left: keep
    # 5-6 (above 17/4): mean 11/6 + 17/6 = 14/3, second moment 61/6 + 245/18 = 214/9
    mean, second = Fraction(14, 3), Fraction(214, 9)
    variance = 5 * (second - mean * mean)
    assert brute_force_moments(Rules(boxes=("chance",))) == (5 * mean, variance + (5 * mean) ** 2)
    assert yahtzee.solve(Rules(boxes=("chance",)), progress=False).std_score == pytest.approx(
        math.sqrt(variance), abs=1e-12
    )


def test_no_bonus_matches_a_double_precision_peer(no_bonus):
    assert abs(no_bonus.expected_score - NO_BONUS_PEER) < 1e-9


def test_the_first_roll_options_average_to_the_expected_score(no_bonus):
    first_roll = sum(
        float(p) * no_bonus.best(dice=dice, rolls_left=2, filled={}).value
        for dice, p in outcomes(5).items()
    )
    assert first_roll == pytest.approx(no_bonus.expected_score, abs=1e-9)


def test_the_first_roll_options_make_up_the_spread_of_the_score(no_bonus):
    """The law of total variance over the first roll: E[sd^2 + mean^2] of the best options is
    the second moment of the score."""
    second = sum(
        float(p) * (best.std**2 + best.value**2)
        for dice, p in outcomes(5).items()
        for best in [no_bonus.best(dice=dice, rolls_left=2, filled={})]
    )
    assert math.sqrt(second - no_bonus.expected_score**2) == pytest.approx(
        no_bonus.std_score, abs=1e-9
    )


def test_the_free_joker_spread_matches_the_published_value(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DICELAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        solution = yahtzee.solve("free_joker", progress=False)
    assert round(solution.std_score, 2) == FREE_JOKER_PUBLISHED_STD


def test_a_box_that_settles_the_game_has_no_spread(no_bonus):
    last = {box: 0 for box in no_bonus.rules.boxes if box != "chance"}
    (option,) = no_bonus.options(dice=(1, 2, 3, 4, 6), rolls_left=0, filled=last)
    assert (option.box, option.value, option.std) == ("chance", 16, 0)
    hold = no_bonus.options(dice=(1, 2, 3, 4, 6), rolls_left=1, filled=last)[0]
    # chance alone with one roll left: keep 4, 5, 6; each die rolled is uniform (sd 1.7078)
    assert hold.keep == (4, 6) and hold.std == pytest.approx(math.sqrt(3 * 35 / 12), abs=1e-9)


def test_the_outlook_of_each_player(no_bonus):
    engine = yahtzee.Engine(no_bonus.rules)
    start = engine.initial_state(2)
    assert no_bonus.outlook(start) == yahtzee.Outlook(
        pytest.approx(no_bonus.expected_score), pytest.approx(no_bonus.std_score)
    )
    rolled = engine.apply_chance(engine.apply(start, Roll()), (2, 5, 5, 1, 5))
    best = no_bonus.best(rolled)
    assert no_bonus.outlook(rolled) == yahtzee.Outlook(best.value, best.std)
    assert no_bonus.outlook(rolled, 1) == no_bonus.outlook(start, 1)  # Ben has not rolled yet
    held = engine.apply(
        engine.apply(engine.apply(rolled, Hold(1)), Hold(2)), Roll()
    )  # the 5s at 1 and 2
    hold_5_5 = next(o for o in no_bonus.options(rolled) if o.kind == "hold" and o.keep == (5, 5))
    assert no_bonus.outlook(held) == yahtzee.Outlook(
        pytest.approx(hold_5_5.value), pytest.approx(hold_5_5.std)
    )
    scored = engine.apply(rolled, Score("fives"))  # 15 points on the card, 12 boxes to go
    after = no_bonus.outlook(scored, 0)
    assert after.mean > 15 + 200 and 0 < after.std < no_bonus.std_score
    with pytest.raises(ValueError, match="player is 0 to 1"):
        no_bonus.outlook(start, 2)


def test_upper_totals_that_cannot_reach_the_bonus_share_one_value(no_bonus):
    """Ones to Fives filled: with only Sixes (at most 30) to come, 20 and 32 points above both
    miss the bonus and play alike (one slot); 33 can still reach 63, and 32 cannot."""
    mask = 0b11111  # Ones to Fives, in the order of the rules' boxes
    u = np.array([20, 32, 33])
    y = np.zeros(3, dtype=np.int64)
    places = no_bonus.places(np.full(3, mask), y, u)
    assert places[0] == places[1] != places[2]
    values = no_bonus.values[places]
    assert values[2] > values[1] and not np.isnan(values).any()

    def outlook(fives):  # Ones to Fours scored 0, Fives ``fives``, the rest open
        card = yahtzee.Card(
            (("ones", 0), ("twos", 0), ("threes", 0), ("fours", 0), ("fives", fives))
        )
        return no_bonus.outlook(yahtzee.State(cards=(card,)))

    assert outlook(20).mean - 20 == outlook(25).mean - 25  # both miss the bonus: the same future
    assert outlook(20).std == outlook(25).std


def test_a_finished_card_has_its_total_and_no_spread(no_bonus):
    card = yahtzee.Card(tuple((box, 3 if box == "threes" else 0) for box in no_bonus.rules.boxes))
    assert no_bonus.outlook(yahtzee.State(cards=(card,), over=True)) == yahtzee.Outlook(3.0, 0.0)


def test_plain_rolls_may_score_in_every_open_box():
    """The solver asks legal_boxes per card only for the rolls a joker or a bonus applies to."""
    rng = random.Random(1)
    for name in ("scratch", "hasbro", "free_joker"):
        rules = Rules.preset(name)
        tables = solve_kernel.Tables(rules)
        assert [solve_kernel.keeps().rolls[r] for r in tables.special] == [
            (face,) * 5 for face in range(1, 7)
        ]
        for _ in range(300):
            filled = {box: 0 for box in rng.sample(rules.boxes, rng.randrange(len(rules.boxes)))}
            if "yahtzee" in filled:
                filled["yahtzee"] = rng.choice([0, 50])
            dice = solve_kernel.keeps().rolls[rng.randrange(252)]
            if solve_kernel.keeps().index[5][dice] not in tables.special:
                assert legal_boxes(rules, dice, filled) == tuple(
                    b for b in rules.boxes if b not in filled
                )


def test_options_are_sorted_and_name_every_hold_and_legal_box(no_bonus):
    options = no_bonus.options(dice=(1, 2, 3, 4, 6), rolls_left=1, filled={"ones": 2, "chance": 20})
    values = [option.value for option in options]
    assert values == sorted(values, reverse=True)
    assert (
        no_bonus.best(dice=(1, 2, 3, 4, 6), rolls_left=1, filled={"ones": 2, "chance": 20})
        == options[0]
    )
    holds = [option.keep for option in options if option.kind == "hold"]
    assert sorted(holds) == sorted(sub_multisets((1, 2, 3, 4, 6))[:-1]) and len(holds) == 31
    boxes = {option.box for option in options if option.kind == "box"}
    assert boxes == set(no_bonus.rules.boxes) - {"ones", "chance"}
    assert options[0] == yahtzee.Option(
        "hold", keep=(1, 2, 3, 4), value=options[0].value, std=options[0].std
    )
    assert all(option.value > 22 for option in options)  # the 22 points on the card count


def test_with_no_roll_left_only_boxes_are_options(no_bonus):
    options = no_bonus.options(dice=(6, 6, 6, 6, 6), rolls_left=0, filled={"sixes": 24})
    assert {option.kind for option in options} == {"box"}
    assert options[0].box == "yahtzee"


def test_bad_situations_are_refused(no_bonus):
    full = {box: 0 for box in no_bonus.rules.boxes}
    with pytest.raises(ValueError, match="full"):
        no_bonus.options(dice=(1, 2, 3, 4, 5), rolls_left=0, filled=full)
    with pytest.raises(ValueError, match="rolls_left"):
        no_bonus.options(dice=(1, 2, 3, 4, 5), rolls_left=3, filled={})
    with pytest.raises(ValueError, match="upper total"):
        no_bonus.options(dice=(1, 2, 3, 4, 5), rolls_left=0, filled={"twos": 3})
    with pytest.raises(ValueError, match="after a roll"):
        no_bonus.options(yahtzee.Engine(no_bonus.rules).initial_state(1))


def test_the_bot_plays_the_best_option(no_bonus):
    engine = yahtzee.Engine(no_bonus.rules)
    bot = OptimalBot()
    state = replace(
        engine.initial_state(2),
        dice=(2, 5, 5, 1, 5),
        held=(True, False, False, True, False),
        rolls_used=1,
    )
    best = no_bonus.best(state)
    assert best.kind == "hold" and best.keep == (5, 5, 5)
    for _ in range(6):  # releases the 2 and the 1, holds the fives, then rolls
        action = bot.choose(engine, state, random.Random(0))
        assert action in engine.legal_actions(state)
        if action == Roll():
            break
        assert isinstance(action, (Hold, Release))
        state = engine.apply(state, action)
    assert action == Roll() and sorted(d for d, h in zip(state.dice, state.held) if h) == [5, 5, 5]
    last = replace(state, dice=(3, 3, 3, 2, 2), held=(False,) * 5, rolls_used=3)
    assert bot.choose(engine, last, random.Random(0)) == Score(no_bonus.best(last).box)


def test_the_bot_plays_whole_games_legally(no_bonus):
    game = yahtzee.Game(
        players=[{"name": "A", "bot": "optimal"}, {"name": "B", "bot": "optimal"}],
        rules="no_bonus",
        seed=11,
    )
    game.play_bots()  # every action goes through the engine's checks
    assert game.is_over and all(len(card.filled) == 13 for card in game.state.cards)


def test_the_bot_scores_the_expected_score_with_the_exact_spread(no_bonus):
    n = 400
    scores = simulate.games(
        "yahtzee", ["optimal"], n=n, seed=3, rules="no_bonus", progress=False
    ).scores[:, 0]
    standard_error = scores.std(ddof=1) / math.sqrt(n)
    assert abs(scores.mean() - no_bonus.expected_score) < 4 * standard_error
    # the sample sd's standard error, from the sample's fourth central moment (delta method)
    deviations = scores - scores.mean()
    variance, fourth = np.mean(deviations**2), np.mean(deviations**4)
    sd_error = math.sqrt((fourth - variance**2) / (4 * variance * n))
    assert abs(scores.std(ddof=1) - no_bonus.std_score) < 4 * sd_error


# --- caches ---------------------------------------------------------------------------

SMALL = Rules(boxes=("yahtzee", "chance"), rolls=2)


def forget(rules):
    solver._SOLUTIONS.pop(rules, None)


def counting_solves(monkeypatch):
    calls = []
    real = solver.solve_moments
    monkeypatch.setattr(solver, "solve_moments", lambda *args: calls.append(args) or real(*args))
    return calls


def test_the_cache_round_trips(monkeypatch):
    forget(SMALL)
    first = yahtzee.solve(SMALL, progress=False)
    assert yahtzee.solve(SMALL) is first  # in this process
    assert solver.cache_path(SMALL).exists()
    forget(SMALL)
    calls = counting_solves(monkeypatch)
    loaded = yahtzee.solve(SMALL, progress=False)
    assert calls == [] and np.array_equal(loaded.values, first.values, equal_nan=True)
    assert loaded.expected_score == first.expected_score


def _damage(path, damage):
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:300])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "garbage":
        path.write_bytes(b"not a cache file" * 50)
    elif damage == "a .npy file":
        with open(path, "wb") as file:
            np.save(file, np.zeros((4, 2, 64)))
    elif damage == "an archive of other arrays":
        np.savez(path, values=np.zeros((4, 2, 64)))
    elif damage == "other rules":
        other = replace(SMALL, yahtzee=40)
        yahtzee.solve(other, progress=False)
        shutil.copyfile(solver.cache_path(other), path)
    elif damage == "a wrong shape under the right key":
        key = solver._cache_key(SMALL)
        path.unlink()
        cache.load_or_compute(key, lambda: {"moments": np.zeros((3, 3, 3))}, solver.CACHE_KIND)
    elif (
        damage == "the layout of format 2"
    ):  # (values and variances, mask, Yahtzee state, upper total)
        key = solver._cache_key(SMALL)
        path.unlink()
        cache.load_or_compute(key, lambda: {"moments": np.zeros((2, 4, 2, 64))}, solver.CACHE_KIND)
    elif damage == "changed values":
        with np.load(path) as saved:
            parts = dict(saved)
        parts["moments"][0, -1] += 1  # a full card's value
        np.savez(path, **parts)


DAMAGES = [
    "truncated",
    "empty",
    "garbage",
    "a .npy file",
    "an archive of other arrays",
    "other rules",
    "a wrong shape under the right key",
    "the layout of format 2",
    "changed values",
]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_cache_file_is_recomputed_with_one_warning_and_rewritten(
    monkeypatch, cache_dir, damage
):
    forget(SMALL)
    good = yahtzee.solve(SMALL, progress=False).expected_score
    path = solver.cache_path(SMALL)
    _damage(path, damage)
    forget(SMALL)
    calls = counting_solves(monkeypatch)
    with pytest.warns(cache.CacheWarning) as warned:
        assert yahtzee.solve(SMALL, progress=False).expected_score == good
    (warning,) = cache_warnings(warned)
    assert len(calls) == 1 and str(path) in str(warning.message)
    forget(SMALL)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yahtzee.solve(SMALL, progress=False)
    assert len(calls) == 1  # the rewritten file is trusted
    assert not [p for p in cache_dir.rglob("*") if p.name.endswith(".tmp")]


def test_a_folder_at_the_cache_path_is_solved_around_with_one_warning_and_no_leftovers(cache_dir):
    forget(SMALL)
    path = solver.cache_path(SMALL)
    path.mkdir(parents=True)
    for _ in range(2):
        forget(SMALL)
        with pytest.warns(cache.CacheWarning, match="is a folder") as warned:
            yahtzee.solve(SMALL, progress=False)
        assert len(cache_warnings(warned)) == 1
    assert sorted(cache_dir.rglob("*")) == [path]  # nothing left beside the folder, nothing in it


def test_an_unreadable_cache_file_is_recomputed(monkeypatch):
    forget(SMALL)
    yahtzee.solve(SMALL, progress=False)
    forget(SMALL)

    def refuse(*args, **kwargs):
        raise PermissionError("permission denied")

    monkeypatch.setattr(cache.np, "load", refuse)
    with pytest.warns(cache.CacheWarning, match="cannot be read") as warned:
        yahtzee.solve(SMALL, progress=False)
    assert len(cache_warnings(warned)) == 1


def test_solve_without_cache_writes_nothing(cache_dir):
    yahtzee.solve(Rules(boxes=("chance",), rolls=1), progress=False, cache=False)
    assert list(cache_dir.iterdir()) == []


def test_the_progress_bar_counts_the_cards_solved(capsys):
    yahtzee.solve(Rules(boxes=("chance", "ones")), cache=False)
    assert "Solving Yahtzee (custom rules): 100%" in capsys.readouterr().err
    yahtzee.solve(Rules(boxes=("chance", "ones")), cache=False, progress=False)
    assert capsys.readouterr().err == ""


def test_importing_yahtzee_does_not_import_numpy():
    code = "import sys, dicelab.yahtzee as y; y.BOTS['optimal']; print('numpy' in sys.modules)"
    assert (
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.strip()
        == "False"
    )


SMALL_BONUS = Rules(
    boxes=("ones", "twos", "sixes", "three_of_a_kind", "yahtzee", "chance"),
    joker="free",
    upper_bonus_threshold=10,
)


@pytest.mark.parametrize("spread", [False, True])
@pytest.mark.parametrize("which", ["no_bonus", "small"])
def test_the_turn_tables_box_values_are_box_values_bit_for_bit(no_bonus, which, spread):
    """Every box and points of turn_tables' rewards, on every card of a sample, where the box is
    open: what box_values says (small: a Yahtzee box holding 0 plays apart, a second state)."""
    solution = no_bonus if which == "no_bonus" else yahtzee.solve(SMALL_BONUS, progress=False)
    assert solution.yahtzee_states == (1 if which == "no_bonus" else 2)
    tables = solution._tables
    layout = solution._moments.layout
    mask, y, u = layout.cards(tables.masks())
    pick = np.random.default_rng(3).choice(len(mask), min(len(mask), 700), replace=False)
    mask, y, u = mask[pick], y[pick], u[pick]
    rewards, turn = solution.turn_tables(mask, y, u, spread=spread)
    assert [t.tolist() for t in turn] == [
        t.tolist() for t in solution.turn_values(mask, y, u, spread=spread)
    ]
    for box, points in enumerate(tables.box_points):
        open_ = (mask >> box & 1) == 0
        for p in points.tolist():
            full = np.full(len(mask), p)
            row = solution.reward_rows(box, full)
            assert (row == row[0]).all()
            expected = solution.box_values(box, full, mask, y, u, spread=spread)
            got = rewards[..., row[0], :]
            assert np.array_equal(got[..., open_], np.asarray(expected)[..., open_])
            assert ((got[0] if spread else got)[~open_] == -np.inf).all()  # a filled box


def test_reward_rows_refuse_points_the_box_never_scores(no_bonus):
    twos = no_bonus.rules.boxes.index("twos")
    assert no_bonus.reward_rows(twos, np.array([0, 10])).tolist() == (
        no_bonus.reward_rows(twos, np.array([0])).tolist()
        + no_bonus.reward_rows(twos, np.array([10])).tolist()
    )
    for points in ([3], [-1], [0, 1000]):
        with pytest.raises(ValueError, match="scores these points"):
            no_bonus.reward_rows(twos, np.array(points))
