"""What every test run shares: one disk cache of solved policies, and the test tiers.

**One cache.** Solving a policy takes seconds to a minute, and many tests (and every
notebook's kernel) ask for the same ones. The whole run, every pytest-xdist worker and every
kernel a test starts, reads and writes one cache folder, so each policy is solved once per run
(and, outside CI, kept for the next run: see :func:`shared_policy_cache`).
Writes are atomic (:mod:`dicelab.cache`), so workers solving the same policy at once both
finish with the same file. A test about the cache itself points ``DICELAB_CACHE_DIR``
somewhere fresh with ``monkeypatch``, as before.

**Tiers.** Tests are marked ``browser`` (tests/browser), ``notebook`` (executes lessons),
``fresh_install`` (installs dicelab into a new virtual environment) and ``slow`` (the
statistical and brute-force checks, listed in ``SLOW`` below by test file and name).
``tests/test_tooling.py`` checks that every name in ``SLOW`` is a test that exists. The
fast tier for development is::

    python -m pytest -m "not slow and not browser and not notebook and not fresh_install"
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import types
from pathlib import Path

import pytest

from dicelab.ruleset import RuleSet
from tests.run_once import run_folder

TESTS = Path(__file__).parent / "tests"

#: Test files whose tests are all ``notebook`` tests (they execute lessons in a kernel).
NOTEBOOK_FILES = {"test_notebooks.py", "test_readme_lessons.py"}

#: The tests marked ``slow``, as "file" (every test in it) or "file::test" (without its
#: parameters). Each takes tens of seconds or more on two cores: statistical matches of
#: thousands of games, brute-force solves, property tests of thousands of examples, builds of
#: the wheel and of the API reference, and runs of JupyterLab.
SLOW = {
    "test_win_against_optimal.py",
    "test_properties.py",
    "test_entry_points_properties.py",
    "test_fresh_install.py",
    "fivethousand/test_policy.py::test_the_optimal_robot_beats_the_intelligent_one",
    "fivethousand/test_table_rules.py::test_batch_games_follow_the_table_rules_as_the_engine_path_does",
    "fivethousand/test_table_rules.py::test_busche_neller_a_200_point_start_makes_the_game_fairest",
    "fivethousand/test_win.py::test_monte_carlo_of_the_policy_against_itself_agrees_with_first_player_wins",
    "fivethousand/test_win.py::test_win_policy_agrees_with_brute_force_value_iteration",
    "fivethousand/test_win.py::test_every_reachable_state_is_answered",
    "fivethousand/test_penalty_win.py::test_matches_brute_force",
    "strategy/test_penalty_judgement.py::test_win_chance_under_a_penalty_agrees_with_a_hand_written_value_iteration",
    "fivethousand/test_penalty_win.py::test_agrees_with_the_solver_before",
    "fivethousand/test_penalty_win.py::test_is_the_same_bit_for_bit_on_one_core_or_shared_out",
    "test_sweep_kernel.py::test_compiled_into_the_cache_folder_and_not_needed_to_read_a_policy",
    "thousand/test_win.py::test_win_policy_agrees_with_brute_force_value_iteration",
    "test_cli.py::test_the_built_wheel_ships_the_notebooks",
    "test_cli.py::test_lab_serves_and_leaves_no_server_behind",
    "test_duplicate_dice.py::test_random_legal_play_with_one_seed_shows_the_same_dice_at_the_same_moments",
    "test_coach.py::test_thousand_fewer_expected_turns_are_better",
    "widgets/test_moments.py::test_yahtzee_shows_a_yahtzee_a_bonus_and_the_win",
    "test_tooling.py::test_mypy_finds_nothing",
    "test_tooling.py::test_the_api_reference_builds_with_warnings_as_errors",
    "test_tooling.py::test_the_wheel_ships_the_package_its_types_and_lessons_and_nothing_stray",
    "classroom/test_lesson_activities.py::test_every_lesson_activity_runs_on_a_real_server_and_pools_what_was_sent",
    "classroom/test_tournament.py::test_a_sigkill_while_the_round_robin_is_played_loses_no_entry",
    "classroom/test_tournament.py::test_phones_and_a_notebook_enter_the_round_robin_fills_in_and_the_exports_hold_it",
    "classroom/test_fuzz.py",
    "browser/test_lesson_class_browser.py",
    "browser/test_class_pages_browser.py::test_a_class_day_on_the_projector_and_teacher_pages_through_a_sigkill",
    "fivethousand/test_compulsory_hot_dice.py::test_the_win_policy_is_the_brute_force_under_compulsory_hot_dice",
    "fivethousand/test_compulsory_hot_dice.py::test_under_zillions_rules_the_win_policy_is_the_brute_force",
    "fivethousand/test_table_rules.py::test_the_win_policy_without_a_last_turn_is_brute_force",
    "fivethousand/test_house_rules.py::test_a_last_turn_with_the_six_dice_combinations_matches_brute_force",
    "thousand/test_policy.py::test_the_optimal_bot_beats_the_cask_aware_one",
    "thousand/test_win.py::test_monte_carlo_of_the_policy_against_itself_agrees_with_first_player_wins",
    "yahtzee/test_winning.py::test_the_win_robot_is_at_least_as_good_as_the_optimal_one",
    "test_yahtzee_batch_win.py::test_the_win_robot_beats_the_greedy_robot_clearly",
    "test_yahtzee_batch_win.py::test_sampled_situations_at_tables_of_two_and_three",
    "test_yahtzee_batch_win.py::test_alone_at_the_table_it_plays_as_the_optimal_robot",
    "test_win_solver.py::test_a_sweep_gives_the_bust_values_over_which_its_choices_hold",
    "test_win_solver.py::test_a_rounds_worth_solved_at_once_changes_no_number",
    "test_win_solver.py::test_rows_taken_from_the_pair_one_unit_up_change_no_number",
    "test_win_solver.py::test_the_most_points_for_each_number_of_dice_change_no_number",
    "strategy/test_exact.py::test_win_chance_agrees_with_a_hand_written_value_iteration",
    "strategy/test_tournament.py::test_exact_chances_agree_with_the_simulated_shares",
    "strategy/test_tournament.py::test_the_win_robot_beats_every_threshold_strategy",
}


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist, hand tests out one at a time (``--maxschedchunk=1`` unless given).
    By default each worker starts with a quarter of its share in one consecutive chunk, so
    with the longest files first (see below) the first worker got all of them and the run
    ended with it playing them alone; one at a time, the long tests go first, to every worker
    in turn, and the short ones fill in behind them."""
    if getattr(config.option, "maxschedchunk", False) is None:
        config.option.maxschedchunk = 1


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per core. Half of a run's time is spent waiting (for
    JupyterLab, a kernel, a browser's page, a server killed and restarted), and a second
    worker on each core fills that wait; ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides
    where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    return 2 * (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    )


@pytest.fixture(scope="session", autouse=True)
def shared_policy_cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """Point ``DICELAB_CACHE_DIR`` at one folder for the whole run (shared by xdist workers).

    While you work the folder is kept between runs, in pytest's own cache
    (``.pytest_cache``; ``--cache-clear`` empties it): a cache key holds a digest of the code
    that solves, so a changed solver is solved again and the rest is read. Under ``CI`` (or
    with pytest's cache off) every run solves from nothing, in a folder of its own."""
    kept = None if os.environ.get("CI") else getattr(request.config, "cache", None)
    if kept is not None:
        folder = kept.mkdir("dicelab-cache")
    else:
        folder = run_folder(tmp_path_factory) / "dicelab-cache"
        folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DICELAB_CACHE_DIR", str(folder))
        yield folder


#: The longest a test's parameter id may be (``test_x[...]``): a test id names the case, it
#: does not spell it out. Collection stops with a usage error naming a longer one.
MAX_PARAMETER_ID = 100


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """Short test ids: for rules, the nearest preset's name and the settings that differ from
    it (``test_x[traditional,target=1500]``); for a module, its last name (``fivethousand``);
    a long text or rule set is cut short, with a digest of the whole to tell cases apart."""
    if isinstance(val, types.ModuleType):
        return val.__name__.rpartition(".")[2]
    if isinstance(val, str):
        return _short(val.encode("unicode_escape").decode()) if len(val) > SHORT_ID else None
    if not isinstance(val, RuleSet):
        return None

    def changes(preset: RuleSet) -> list[str]:
        return [
            f"{field.name}={getattr(val, field.name)!r}".replace(" ", "")
            for field in dataclasses.fields(val)
            if getattr(val, field.name) != getattr(preset, field.name)
        ]

    name, preset = min(val.PRESETS.items(), key=lambda item: len(changes(item[1])))
    return _short(",".join([name, *changes(preset)]))


def _short(whole: str) -> str:
    if len(whole) <= SHORT_ID:
        return whole
    digest = hashlib.sha256(whole.encode()).hexdigest()[:6]
    return f"{whole[: SHORT_ID - len(digest) - 1]}~{digest}"


#: The longest id of one parameter (a rule set, a text).
SHORT_ID = 40


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and len(callspec.id) > MAX_PARAMETER_ID:
            raise pytest.UsageError(
                f"{item.nodeid}: its parameter id has {len(callspec.id)} characters, more than "
                f"{MAX_PARAMETER_ID}; give the case a short id (pytest.param(..., id=...))"
            )
        if item.path.name in NOTEBOOK_FILES:
            item.add_marker(pytest.mark.notebook)
        if TESTS not in item.path.parents:
            continue
        file = item.path.relative_to(TESTS).as_posix()
        if file in SLOW or f"{file}::{getattr(item, 'originalname', item.name)}" in SLOW:
            item.add_marker(pytest.mark.slow)
    # The files with the longest tests first, so that the workers finish together instead of
    # one playing a two-minute test at the end: those with slow tests, then the browser and
    # notebook files, then the rest, each file's tests in their own order.
    rank: dict = {}
    for item in items:
        heavy = 0 if item.get_closest_marker("slow") else 1 if _in_a_browser(item) else 2
        rank[item.path] = min(rank.get(item.path, 2), heavy)
    items.sort(key=lambda item: rank[item.path])


def _in_a_browser(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in ("browser", "notebook", "fresh_install"))


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Every test (and doctest) saves widget games in a folder of its own, never in the
    user's data folder."""
    monkeypatch.setenv("DICELAB_DATA_DIR", str(tmp_path_factory.mktemp("dicelab-data")))
