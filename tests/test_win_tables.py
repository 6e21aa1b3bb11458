"""The batch win robot's throw tables of every pair at once: kept in the disk cache beside
the policy, the policy's own values bit for bit, and read (not swept) by a fresh policy."""

from __future__ import annotations

import warnings

import numpy
import pytest

from dicelab import cache, fivethousand, simulate, thousand
from dicelab.fivethousand import win as fivethousand_win
from dicelab.setaside import sweep, win_tables
from dicelab.setaside.win_tables import WinThrowTables
from dicelab.simulate import runner
from dicelab.thousand import win as thousand_win
from tests.cache_warnings import cache_warnings

CASES = [
    ("fivethousand", fivethousand_win, fivethousand.Rules(dice=3, target=500)),
    (
        "fivethousand",
        fivethousand_win,
        fivethousand.Rules(dice=4, target=600, bust_keeps_completed_rounds=False),
    ),
    ("thousand", thousand_win, thousand.Rules(dice=3, target=100, casks=((0, 20), (50, 60)))),
]
IDS = ["zillions", "traditional", "thousand"]


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """A cache folder of this test's own, and policies and batch robots made afresh."""
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    forget()
    yield tmp_path
    forget()


def forget() -> None:
    """Drop the policies and batch robots this process keeps (as a fresh process has none)."""
    fivethousand_win._win_policy.cache_clear()
    thousand_win._win_policy.cache_clear()
    runner._BATCH_BOTS.clear()


def tables_file(folder, kind):
    [path] = folder.glob(f"{kind}-win-throws-*.npz")
    return path


@pytest.mark.parametrize("game,module,rules", CASES, ids=IDS)
def test_a_policy_read_from_the_cache_plays_without_sweeping_a_turn(
    game, module, rules, monkeypatch
):
    first = simulate.games(game, ["win", "simple"], n=300, seed=3, rules=rules, progress=False)
    forget()  # a fresh process: the policy and its tables come from the disk cache
    swept = []
    real = sweep._sweep  # the one walk down a turn behind every sweep
    monkeypatch.setattr(
        sweep, "_sweep", lambda *args, **kwargs: swept.append(1) or real(*args, **kwargs)
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = simulate.games(game, ["win", "simple"], n=300, seed=3, rules=rules, progress=False)
    assert swept == []
    assert numpy.array_equal(again.scores, first.scores)


@pytest.mark.parametrize("game,module,rules", CASES, ids=IDS)
def test_the_saved_tables_are_the_policys_turn_values_bit_for_bit(game, module, rules):
    module.win_policy(rules).batch_tables.arrays()  # computed and saved
    forget()
    policy = module.win_policy(rules)
    tables = policy.batch_tables
    rng = numpy.random.default_rng(11)
    pairs = [(int(m), int(b)) for m, b in zip(*policy.table_pairs())]
    for index in rng.choice(len(pairs), 40, replace=False):
        mine, theirs = pairs[index]
        table = policy.turn_values(mine, theirs)  # the one-game robot's numbers
        at_risk, dice = numpy.meshgrid(
            numpy.arange(table.shape[0] + 2), numpy.arange(1, rules.dice + 1), indexing="ij"
        )
        values = tables.look_up(
            numpy.full(at_risk.size, mine),
            numpy.full(at_risk.size, theirs),
            *(grid.ravel() for grid in (at_risk, dice)),
        )
        expected = table[numpy.minimum(at_risk, table.shape[0] - 1), dice].ravel()
        assert values.tobytes() == expected.tobytes()


def test_the_saved_last_turns_are_those_of_a_last_turn_solved_alone():
    """Zillions rules: a policy read from the cache throws in a last turn by the rounds
    saved with it, the numbers of each deficit's round solved on its own, bit for bit."""
    rules = CASES[0][2]
    fivethousand.win_policy(rules)
    forget()
    saved, alone = fivethousand.win_policy(rules).final, fivethousand_win.FinalTurns(rules)
    assert saved.rounds is not None and alone.rounds is None
    for deficit in range(1, len(saved.rounds[0]) + 1):
        for at_risk in range(min(deficit, saved.round_top + 1)):  # what a round reaches
            for dice in range(1, rules.dice + 1):
                assert saved.throw_value(deficit, at_risk, dice) == alone.throw_value(
                    deficit, at_risk, dice
                )


@pytest.mark.parametrize("game,module,rules", CASES, ids=IDS)
def test_pairs_swept_together_keep_each_distinct_row_once_per_score_of_the_opponent(
    game, module, rules
):
    tables = WinThrowTables(module.win_policy(rules, use_cache=False))
    tables.PAIRS = tables.BLOCK = 10**9  # every pair in one block
    arrays = tables.arrays()
    rows = numpy.concatenate([arrays["a"], arrays["c"]], axis=1)
    assert len(arrays["row"]) > len(rows)  # fewer rows kept than the tables have
    opponent = numpy.zeros(len(rows), dtype=numpy.int64)
    theirs = numpy.broadcast_to(numpy.arange(arrays["first"].shape[1]), arrays["first"].shape)
    for first, count, b in zip(arrays["first"].ravel(), arrays["rows"].ravel(), theirs.ravel()):
        if first >= 0:
            opponent[arrays["row"][first : first + count]] = b
    keys = {(int(b), row.tobytes()) for b, row in zip(opponent, rows)}
    assert len(keys) == len(rows)


def test_a_pair_without_a_table_is_refused():
    policy = fivethousand.win_policy(CASES[0][2], use_cache=False)
    outside = numpy.array([policy.start.shape[0]])  # past the scores with a turn to throw
    with pytest.raises(ValueError, match="no throw table"):
        policy.batch_tables.look_up(outside, numpy.array([0]), numpy.array([0]), numpy.array([1]))


@pytest.mark.parametrize("damage", ["garbage", "wrong shape"])
def test_tables_that_cannot_be_trusted_are_computed_again_with_one_warning(own_cache, damage):
    rules = CASES[2][2]
    expected = thousand.win_policy(rules).batch_tables.arrays()
    path = tables_file(own_cache, "thousand")
    if damage == "garbage":
        path.write_bytes(b"not a table")
    else:  # a well-formed cache file whose arrays are not these tables
        path.unlink()
        cache.load_or_compute(
            {
                "policy": thousand.win_policy(rules).cache_key,
                "format": win_tables.FORMAT,
                "code": cache.source_digest(win_tables),
            },
            lambda: {**expected, "a": expected["a"][:, :1].copy()},
            "thousand-win-throws",
        )
    forget()
    with pytest.warns(cache.CacheWarning, match="computing it again") as caught:
        again = thousand.win_policy(rules).batch_tables.arrays()
    assert len(cache_warnings(caught)) == 1
    assert all(numpy.array_equal(again[name], expected[name]) for name in expected)


def test_the_bank_bits_are_the_decisions_of_the_values_bit_for_bit():
    rules = CASES[2][2]
    policy = thousand.win_policy(rules, use_cache=False)
    bits = win_tables.WinBankBits(policy)
    goal, tables = policy.goal, policy.batch_tables
    mine, theirs, at_risk, dice = (
        grid.ravel()
        for grid in numpy.meshgrid(*(numpy.arange(goal),) * 3, numpy.arange(1, 4), indexing="ij")
    )
    below = mine + at_risk < goal
    mine, theirs, at_risk, dice = mine[below], theirs[below], at_risk[below], dice[below]
    throw = tables.look_up(mine, theirs, at_risk, dice)
    expected = policy.bank_values(theirs, mine + at_risk) >= throw
    assert expected.any() and not expected.all()
    assert numpy.array_equal(bits.banks(mine, theirs, at_risk, dice), expected)


def test_a_fresh_process_banks_by_the_bits_and_leaves_the_throw_tables_unread():
    rules = CASES[2][2]
    first = simulate.games(
        "thousand", ["win", "simple"], n=300, seed=4, rules=rules, progress=False
    )
    forget()
    again = simulate.games(
        "thousand", ["win", "simple"], n=300, seed=4, rules=rules, progress=False
    )
    assert numpy.array_equal(again.scores, first.scores)
    policy = thousand.win_policy(rules)
    assert policy.batch_banks._bits is not None and policy.batch_tables._arrays is None
