"""Fixtures for real-browser widget tests: one JupyterLab server and one Chromium per session.

Every test in this folder is marked ``browser``.  When Chromium, Playwright or
JupyterLab is missing the tests skip, except under ``CI=true`` where they fail.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.harness import (
    DARK_THEME,
    LIGHT_THEME,
    LabTab,
    launch_browser,
    missing_requirement,
    set_default_theme,
    skip_or_fail,
    start_jupyter_server,
    stop_jupyter_server,
)

BROWSER_TESTS_DIR = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_TESTS_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)


def _require_browser_stack() -> None:
    reason = missing_requirement()
    if reason:
        skip_or_fail(reason)


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory):
    """A JupyterLab server on 127.0.0.1 with isolated settings; notebooks go in ``.root_dir``."""
    _require_browser_stack()
    server = start_jupyter_server(tmp_path_factory.mktemp("jupyterlab"))
    yield server
    stop_jupyter_server(server)


@pytest.fixture(scope="package")
def browser():
    """Headless Debian Chromium driven by Playwright, for the browser tests only.

    Playwright's sync API keeps an asyncio loop running in this thread while it is started,
    and the widgets take a running loop for a kernel's (work goes to the background, results
    come back on the loop). So it is stopped once the browser tests are done, and the tests
    after them run without a loop, as a script does."""
    _require_browser_stack()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="package")
def lab_tab(browser):
    """The page the ``page`` fixture lends each test (see :class:`~tests.browser.harness.LabTab`)."""
    tab = LabTab(browser)
    yield tab
    tab.close()


@pytest.fixture
def page(lab_tab, jupyter_server):
    """A 1280×900 page that records uncaught JavaScript errors, with JupyterLab often already
    loaded in it from an earlier test (``open_notebook`` opens the notebook in it).

    The test's documents are closed and its kernels shut down afterwards.
    """
    new_page = lab_tab.take()
    yield new_page
    lab_tab.give_back(jupyter_server)


@pytest.fixture
def dark_theme(jupyter_server):
    """Pages opened during the test use JupyterLab Dark; light is restored afterwards."""
    set_default_theme(jupyter_server, DARK_THEME)
    yield DARK_THEME
    set_default_theme(jupyter_server, LIGHT_THEME)
