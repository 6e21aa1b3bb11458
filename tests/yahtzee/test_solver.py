"""The optimal solitaire solver and bot: exact values of small games by brute force, one
full solve against the published value, the disk cache, options and the bot."""

import math
import random
import shutil
import subprocess
import sys
import warnings
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from dicelab import cache, simulate, yahtzee
from dicelab.dice import outcomes, sub_multisets
from dicelab.yahtzee import Hold, Release, Roll, Rules, Score, solver
from dicelab.yahtzee.optimal import OptimalBot
from dicelab.yahtzee.scoring import box_points, legal_boxes, upper_bonus, yahtzee_bonus

NO_BONUS_PUBLISHED = 245.8708


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def no_bonus(tmp_path_factory):
    """The one full solve of the suite (no_bonus is the fastest preset)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DICELAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        return yahtzee.solve("no_bonus", progress=False)


def brute_force(rules: Rules) -> Fraction:
    """The optimal expected score by exhaustive search over exact cards (box -> points),
    in Fractions, straight from the scoring functions."""
    rolls = list(outcomes(5))

    @lru_cache(maxsize=None)
    def card_value(card: tuple) -> Fraction:
        filled = dict(card)
        if len(filled) == len(rules.boxes):
            return Fraction(0)

        def score_now(dice):
            return max(box_points(rules, box, dice, filled) + yahtzee_bonus(rules, dice, filled)
                       + upper_bonus(rules, {**filled, box: box_points(rules, box, dice, filled)})
                       - upper_bonus(rules, filled)
                       + card_value(tuple(sorted({**filled, box: box_points(rules, box, dice, filled)}.items())))
                       for box in legal_boxes(rules, dice, filled))

        @lru_cache(maxsize=None)
        def roll_value(dice, rolls_left):
            best = score_now(dice)
            if rolls_left:
                best = max([best] + [hold_value(keep, rolls_left) for keep in sub_multisets(dice)[:-1]])
            return best

        @lru_cache(maxsize=None)
        def hold_value(keep, rolls_left):
            return sum(p * roll_value(tuple(sorted(keep + rest)), rolls_left - 1)
                       for rest, p in outcomes(5 - len(keep)).items())

        return sum(p * roll_value(dice, rules.rolls - 1) for dice, p in outcomes(5).items())

    assert len(rolls) == 252
    return upper_bonus(rules, {}) + card_value(())


def test_chance_alone_is_worth_23_and_a_third():
    rules = Rules(boxes=("chance",))
    assert brute_force(rules) == Fraction(70, 3)
    assert yahtzee.solve(rules, progress=False).expected_score == pytest.approx(70 / 3, abs=1e-5)


def test_yahtzee_alone_is_50_times_the_chance_of_five_of_a_kind_in_three_rolls():
    rules = Rules(boxes=("yahtzee",))
    value = brute_force(rules)
    assert value / 50 == pytest.approx(0.04603, abs=1e-5)
    assert yahtzee.solve(rules, progress=False).expected_score == pytest.approx(float(value), abs=1e-5)


@pytest.mark.parametrize("rules", [
    Rules(boxes=("twos", "chance"), upper_bonus_threshold=6, upper_bonus=20, rolls=2),
    Rules(boxes=("yahtzee", "chance"), rolls=2),
    Rules(boxes=("fives", "full_house", "yahtzee"), joker="forced", five_of_a_kind_is_full_house=False, rolls=1),
    Rules(boxes=("fives", "large_straight", "yahtzee"), joker="free", rolls=1),
    Rules(style="yatzy", boxes=("ones", "one_pair"), upper_bonus_threshold=0, upper_bonus=7, rolls=2),
], ids=["upper-bonus", "yahtzee-bonus", "forced-joker", "free-joker", "threshold-0"])
def test_small_games_match_brute_force(rules):
    assert yahtzee.solve(rules, progress=False).expected_score == pytest.approx(float(brute_force(rules)), abs=1e-4)


def test_no_bonus_matches_the_published_value(no_bonus):
    assert abs(no_bonus.expected_score - NO_BONUS_PUBLISHED) < 1e-3


def test_the_first_roll_options_average_to_the_expected_score(no_bonus):
    first_roll = sum(float(p) * no_bonus.best(dice=dice, rolls_left=2, filled={}).value
                     for dice, p in outcomes(5).items())
    assert first_roll == pytest.approx(no_bonus.expected_score, abs=1e-3)


def test_plain_rolls_may_score_in_every_open_box():
    """The solver asks legal_boxes per card only for the rolls a joker or a bonus applies to."""
    rng = random.Random(1)
    for name in ("scratch", "hasbro", "free_joker"):
        rules = Rules.preset(name)
        tables = solver._Tables(rules)
        assert [solver._keeps().rolls[r] for r in tables.special] == [(face,) * 5 for face in range(1, 7)]
        for _ in range(300):
            filled = {box: 0 for box in rng.sample(rules.boxes, rng.randrange(len(rules.boxes)))}
            if "yahtzee" in filled:
                filled["yahtzee"] = rng.choice([0, 50])
            dice = solver._keeps().rolls[rng.randrange(252)]
            if solver._keeps().index[5][dice] not in tables.special:
                assert legal_boxes(rules, dice, filled) == tuple(b for b in rules.boxes if b not in filled)


def test_options_are_sorted_and_name_every_hold_and_legal_box(no_bonus):
    options = no_bonus.options(dice=(1, 2, 3, 4, 6), rolls_left=1, filled={"ones": 2, "chance": 20})
    values = [option.value for option in options]
    assert values == sorted(values, reverse=True)
    assert no_bonus.best(dice=(1, 2, 3, 4, 6), rolls_left=1, filled={"ones": 2, "chance": 20}) == options[0]
    holds = [option.keep for option in options if option.kind == "hold"]
    assert sorted(holds) == sorted(sub_multisets((1, 2, 3, 4, 6))[:-1]) and len(holds) == 31
    boxes = {option.box for option in options if option.kind == "box"}
    assert boxes == set(no_bonus.rules.boxes) - {"ones", "chance"}
    assert options[0] == yahtzee.Option("hold", keep=(1, 2, 3, 4), value=options[0].value)
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
    state = replace(engine.initial_state(2), dice=(2, 5, 5, 1, 5), held=(True, False, False, True, False),
                    rolls_used=1)
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
    game = yahtzee.Game(players=[{"name": "A", "bot": "optimal"}, {"name": "B", "bot": "optimal"}],
                        rules="no_bonus", seed=11)
    game.play_bots()  # every action goes through the engine's checks
    assert game.is_over and all(len(card.filled) == 13 for card in game.state.cards)


def test_the_bot_scores_the_expected_score_on_average(no_bonus):
    n = 400
    scores = simulate.games("yahtzee", ["optimal"], n=n, seed=3, rules="no_bonus", progress=False).scores[:, 0]
    standard_error = scores.std(ddof=1) / math.sqrt(n)
    assert abs(scores.mean() - no_bonus.expected_score) < 4 * standard_error


# --- caches ---------------------------------------------------------------------------

SMALL = Rules(boxes=("yahtzee", "chance"), rolls=2)


def forget(rules):
    solver._SOLUTIONS.pop(rules, None)


def counting_solves(monkeypatch):
    calls = []
    real = solver._solve
    monkeypatch.setattr(solver, "_solve", lambda *args: calls.append(args) or real(*args))
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
        cache.load_or_compute(key, lambda: {"values": np.zeros((3, 3, 3))}, solver.CACHE_KIND)
    elif damage == "changed values":
        with np.load(path) as saved:
            parts = dict(saved)
        parts["values"][0, 0, 0] += 1
        np.savez(path, **parts)


DAMAGES = ["truncated", "empty", "garbage", "a .npy file", "an archive of other arrays",
           "other rules", "a wrong shape under the right key", "changed values"]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_cache_file_is_recomputed_with_one_warning_and_rewritten(monkeypatch, cache_dir, damage):
    forget(SMALL)
    good = yahtzee.solve(SMALL, progress=False).expected_score
    path = solver.cache_path(SMALL)
    _damage(path, damage)
    forget(SMALL)
    calls = counting_solves(monkeypatch)
    with pytest.warns(cache.CacheWarning) as warned:
        assert yahtzee.solve(SMALL, progress=False).expected_score == good
    assert len(calls) == 1 and len(warned) == 1 and str(path) in str(warned[0].message)
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
        assert len(warned) == 1
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
    assert len(warned) == 1


def test_solve_without_cache_writes_nothing(cache_dir):
    yahtzee.solve(Rules(boxes=("chance",), rolls=1), progress=False, cache=False)
    assert list(cache_dir.iterdir()) == []


def test_the_progress_line_without_tqdm(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    yahtzee.solve(Rules(boxes=("chance", "ones")), cache=False)
    assert "Solving Yahtzee (custom rules): 100%" in capsys.readouterr().err


def test_importing_yahtzee_does_not_import_numpy():
    code = "import sys, dicelab.yahtzee as y; y.BOTS['optimal']; print('numpy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
