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
statistical and brute-force checks: ``@pytest.mark.slow`` at the test, or ``pytestmark`` for a
file of them, where whoever reads or moves the test sees it). The fast tier for development
is::

    python -m pytest -m "not slow and not browser and not notebook and not fresh_install"
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import types

import pytest

from dicelab.ruleset import RuleSet
from tests.run_once import run_folder

#: Test files whose tests are all ``notebook`` tests (they execute lessons in a kernel).
NOTEBOOK_FILES = {"test_notebooks.py", "test_readme_lessons.py"}


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
