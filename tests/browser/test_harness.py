"""Self-check of the browser harness: server, kernel, anywidget front end, clicks, Python state."""

from __future__ import annotations

import importlib.util
import time

import pytest

from tests.browser.harness import (
    DARK_THEME,
    LIGHT_THEME,
    KernelEvalError,
    LabTab,
    assert_no_widget_errors,
    kernel_eval,
    open_notebook,
    run_all_cells,
    screenshot,
    set_default_theme,
    set_theme,
    skip_or_fail,
    wait_for_kernel_value,
    watch_page_errors,
    write_notebook,
)

COUNTER_CELLS = [
    '''
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.setAttribute("aria-label", "increment");
      const show = () => { button.textContent = `count is ${model.get("count")}`; };
      const increment = () => {
        model.set("count", model.get("count") + 1);
        model.save_changes();
      };
      button.addEventListener("click", increment);
      model.on("change:count", show);
      show();
      el.appendChild(button);
      return () => {
        button.removeEventListener("click", increment);
        model.off("change:count", show);
      };
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)
''',
    "w = Counter()\nw",
]


def _require_anywidget() -> None:
    if importlib.util.find_spec("anywidget") is None:
        skip_or_fail("anywidget is not installed")


def test_clicks_reach_python_state(page, jupyter_server):
    _require_anywidget()
    write_notebook(jupyter_server.root_dir, "counter.ipynb", COUNTER_CELLS)
    open_notebook(page, jupyter_server, "counter.ipynb")
    run_all_cells(page)

    button = page.get_by_role("button", name="increment")
    button.click()
    button.click()

    assert wait_for_kernel_value(jupyter_server, "counter.ipynb", "w.count", "2") == "2"
    assert button.inner_text() == "count is 2"
    assert_no_widget_errors(page)


def test_kernel_eval_reports_stdout_and_errors(page, jupyter_server):
    write_notebook(jupyter_server.root_dir, "plain.ipynb", ["x = 40"])
    open_notebook(page, jupyter_server, "plain.ipynb")
    run_all_cells(page)

    assert kernel_eval(jupyter_server, "plain.ipynb", "x + 2") == "42"
    assert kernel_eval(jupyter_server, "plain.ipynb", "print('hi')") == "hi\n"
    with pytest.raises(KernelEvalError, match="ZeroDivisionError"):
        kernel_eval(jupyter_server, "plain.ipynb", "1 / 0")


def test_widget_render_errors_are_reported(page, jupyter_server):
    _require_anywidget()
    broken = (
        "import anywidget\n"
        "class Broken(anywidget.AnyWidget):\n"
        "    _esm = 'export default { render() { throw new Error(\"boom\"); } }'\n"
        "Broken()"
    )
    write_notebook(jupyter_server.root_dir, "broken.ipynb", [broken])
    open_notebook(page, jupyter_server, "broken.ipynb")
    run_all_cells(page)

    errors = watch_page_errors(page)
    deadline = time.monotonic() + 15
    while not errors and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    with pytest.raises(AssertionError, match="boom"):
        assert_no_widget_errors(page)


def test_dark_theme_and_screenshot(page, jupyter_server, dark_theme, tmp_path):
    write_notebook(jupyter_server.root_dir, "themed.ipynb", ["print('themed')"])
    open_notebook(page, jupyter_server, "themed.ipynb")
    run_all_cells(page)

    assert page.locator("body").get_attribute("data-jp-theme-name") == dark_theme
    assert page.locator("body").get_attribute("data-jp-theme-light") == "false"
    shot = screenshot(page, tmp_path / "dark.png")
    assert shot.read_bytes().startswith(b"\x89PNG")

    set_theme(page, LIGHT_THEME)
    assert page.locator("body").get_attribute("data-jp-theme-light") == "true"
    set_theme(page, DARK_THEME)


def test_a_lab_tab_lends_one_loaded_jupyterlab_and_undoes_what_a_test_changed(
    browser, jupyter_server
):
    """The next notebook opens in the JupyterLab already loaded (a mark left in the window
    survives), alone, at the tab's size, without the last test's media or kernels, and in
    the server's theme as it is now. A page left with a dialog open is not lent again."""
    for name in ("first.ipynb", "second.ipynb"):
        write_notebook(jupyter_server.root_dir, name, ["x = 1"])
    tab = LabTab(browser, {"width": 1024, "height": 768})
    try:
        page = tab.take()
        open_notebook(page, jupyter_server, "first.ipynb")
        run_all_cells(page)  # the notebook is changed, and closed unsaved
        page.evaluate("() => { window.loadedOnce = true; }")
        page.set_viewport_size({"width": 500, "height": 500})
        page.emulate_media(reduced_motion="reduce")
        tab.give_back(jupyter_server)
        assert jupyter_server.api("GET", "/api/sessions") == []

        set_default_theme(jupyter_server, DARK_THEME)
        assert tab.take() is page
        open_notebook(page, jupyter_server, "second.ipynb")
        assert page.evaluate("() => window.loadedOnce") is True
        assert page.evaluate(
            "() => [...jupyterapp.shell.widgets('main')].map((w) => w.context.path)"
        ) == ["second.ipynb"]
        assert page.viewport_size == {"width": 1024, "height": 768}
        assert (
            page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches") is False
        )
        assert page.evaluate("document.body.dataset.jpThemeName") == DARK_THEME

        page.evaluate("() => { void jupyterapp.commands.execute('notebook:restart-kernel'); }")
        page.locator(".jp-Dialog").wait_for()  # "Restart Kernel?", left unanswered
        tab.give_back(jupyter_server)
        assert page.is_closed() and tab.page is None
        assert tab.take() is not page
    finally:
        set_default_theme(jupyter_server, LIGHT_THEME)
        tab.close()
