"""Real-browser test harness: a JupyterLab server, headless Chromium and notebook helpers.

Tests normally use the ``jupyter_server``, ``browser`` and ``page`` fixtures from
``conftest.py`` together with the helpers below.  Everything runs offline: the
server listens on 127.0.0.1 only and Chromium cannot resolve any host name.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

CHROMIUM_PATH = Path("/usr/bin/chromium")
# Screenshots the browser tests take, e.g. for the README (git-ignored; see scripts/).
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Offline guarantee: every host name fails to resolve; the server is reached by IP.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LIGHT_THEME = "JupyterLab Light"
DARK_THEME = "JupyterLab Dark"
KERNEL_NAME = "python3"
THEME_SETTINGS_ID = "@jupyterlab/apputils-extension:themes"

_SERVER_START_TIMEOUT = 90.0
_SERVER_STOP_TIMEOUT = 10.0
LOG = logging.getLogger(__name__)
_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
_PAGE_ERRORS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class KernelEvalError(AssertionError):
    """Code run by :func:`kernel_eval` raised an exception in the kernel."""


@dataclass
class JupyterServer:
    """A running JupyterLab server owned by the test session."""

    url: str
    root_dir: Path
    log_path: Path
    process: subprocess.Popen
    theme: str = LIGHT_THEME  # the theme pages should show (see set_default_theme)

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """Call the server's REST API and return the decoded JSON reply (or None)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            payload = response.read()
        return json.loads(payload) if payload else None


def skip_or_fail(reason: str) -> None:
    """Skip the current test, or fail it when running under CI (``CI=true``)."""
    if os.environ.get("CI", "").lower() in ("true", "1"):
        pytest.fail(f"{reason} (CI=true: browser tests must not be skipped)", pytrace=False)
    pytest.skip(reason)


def missing_requirement() -> str | None:
    """Return why browser tests cannot run here, or None when everything is present."""
    if not CHROMIUM_PATH.exists():
        return f"Chromium not found at {CHROMIUM_PATH}"
    for module in ("playwright", "jupyterlab", "ipykernel", "websocket", "nbformat"):
        if importlib.util.find_spec(module) is None:
            return f"Python module {module!r} is not installed"
    return None


def launch_browser(playwright: Playwright) -> Browser:
    """Launch Debian's headless Chromium (Playwright gives it a fresh temporary profile)."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM_PATH), headless=True, args=CHROMIUM_ARGS
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1))


def isolated_env(base_dir: Path) -> dict[str, str]:
    """Environment with Jupyter's user dirs under ``base_dir`` and a ``python3`` kernelspec
    running this interpreter (for servers that start kernels: JupyterLab, Voilà)."""
    env = _isolated_env(base_dir)
    _prepare_user_dirs(env)
    return env


def wait_for_url(
    url: str, process: subprocess.Popen, log_path: Path, timeout: float = _SERVER_START_TIMEOUT
) -> None:
    """Wait until ``url`` answers (any HTTP status); RuntimeError if ``process`` exits first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"server exited with {process.returncode}:\n"
                + log_path.read_text(errors="replace")[-3000:]
            )
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except urllib.error.HTTPError:
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f}s")


def stop_process(process: subprocess.Popen) -> None:
    """Terminate a server started in its own session; kill its process group if it hangs."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(_SERVER_STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _isolated_env(base_dir: Path) -> dict[str, str]:
    """Environment whose Jupyter/IPython user dirs all live under ``base_dir``."""
    env = dict(os.environ)
    for variable in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env.pop(variable, None)
    dirs = {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
        "IPYTHONDIR": "ipython",
        "DICELAB_DATA_DIR": "dicelab-data",
    }
    for variable, name in dirs.items():
        path = base_dir / name
        path.mkdir(parents=True, exist_ok=True)
        env[variable] = str(path)
    return env


def _prepare_user_dirs(env: dict[str, str]) -> None:
    """Install a kernelspec for this Python and lab settings that avoid network calls."""
    _write_json(
        Path(env["JUPYTER_DATA_DIR"]) / "kernels" / KERNEL_NAME / "kernel.json",
        {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (browser tests)",
            "language": "python",
        },
    )
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "apputils-extension"
    _write_json(
        settings / "notification.jupyterlab-settings",
        {"fetchNews": "false", "checkForUpdates": False},
    )


def start_jupyter_server(base_dir: Path, timeout: float = _SERVER_START_TIMEOUT) -> JupyterServer:
    """Start JupyterLab on a free loopback port with isolated dirs under ``base_dir``.

    The server runs with this interpreter (``sys.executable -m jupyterlab``), so its
    kernels see the same packages as the tests.  No token, no password, no XSRF check,
    no news or update checks, and the JupyterLab app object is exposed as
    ``window.jupyterapp`` for the helpers below.
    """
    env = isolated_env(base_dir)
    root_dir = base_dir / "notebooks"
    root_dir.mkdir(exist_ok=True)
    port = free_port()
    log_path = base_dir / "jupyterlab.log"
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root_dir}",
        "--IdentityProvider.token=",
        "--PasswordIdentityProvider.hashed_password=",
        "--ServerApp.disable_check_xsrf=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.collaborative=False",
        "--LabApp.expose_app_in_browser=True",
    ]
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=root_dir,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = JupyterServer(f"http://127.0.0.1:{port}", root_dir, log_path, process)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with {process.returncode}:\n{server_log(server)}"
            )
        try:
            server.api("GET", "/api/status")
            return server
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.25)
    stop_jupyter_server(server)
    raise RuntimeError(f"JupyterLab did not answer within {timeout:.0f}s:\n{server_log(server)}")


def stop_jupyter_server(server: JupyterServer) -> None:
    """Terminate the server (its kernels stop with it); kill its process group if it hangs."""
    stop_process(server.process)


def server_log(server: JupyterServer, lines: int = 60) -> str:
    """Return the last ``lines`` lines of the server's log, for error messages."""
    text = server.log_path.read_text(errors="replace") if server.log_path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def shutdown_sessions(server: JupyterServer) -> None:
    """Delete every notebook session and stop its kernel."""
    for session in server.api("GET", "/api/sessions"):
        server.api("DELETE", f"/api/sessions/{session['id']}")


def write_notebook(root: Path, name: str, cells: list[str]) -> Path:
    """Write an nbformat v4 notebook of code ``cells`` to ``root / name``; return its path."""
    import nbformat

    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in cells],
        metadata={
            "kernelspec": {"name": KERNEL_NAME, "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
    )
    path = Path(root) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def _wait_for_splash_gone(page: Page, timeout: float) -> None:
    """Wait until JupyterLab's loading overlay (shown at start and on theme change) is gone."""
    page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=timeout * 1000)


_NOTEBOOK_IS_READY = """(path) => {
    const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    if (!widget || !widget.sessionContext || !widget.context) return false;
    const kernel = widget.sessionContext.session && widget.sessionContext.session.kernel;
    return widget.context.path === path && !!kernel
        && kernel.connectionStatus === "connected" && kernel.status === "idle";
}"""

# Close every document of the main area without saving (tests write their notebooks, and
# running cells only marks them changed), and wait until they are gone; false when
# JupyterLab isn't there, a dialog is open or a document stays. (JupyterLab puts a
# Launcher in the emptied area; open_notebook closes it once the notebook is open.)
_CLOSE_DOCUMENTS = """async () => {
    const app = window.jupyterapp;
    if (!app || document.querySelector(".jp-Dialog")) return false;
    const documents = () => [...app.shell.widgets("main")].filter((widget) => widget.context);
    for (const widget of documents()) {
        widget.context.model.dirty = false;
        widget.close();
    }
    for (let wait = 0; wait < 50 && documents().length; wait++) {
        await new Promise((done) => setTimeout(done, 100));
    }
    return !documents().length && !document.querySelector(".jp-Dialog");
}"""
_CLOSE_ALL_BUT = """(path) => {
    for (const widget of [...jupyterapp.shell.widgets("main")]) {
        if (!widget.context || widget.context.path !== path) widget.close();
    }
}"""


def open_notebook(page: Page, server: JupyterServer, name: str, timeout: float = 90.0) -> None:
    """Open ``name`` (relative to the server root) and wait until its kernel is idle.

    A page that already shows this server's JupyterLab (the ``page`` fixture keeps one per
    worker) closes its documents and opens ``name`` in the same app, as a user opens one
    notebook after another: loading JupyterLab is most of what opening costs. Otherwise
    the page loads JupyterLab in a fresh, uniquely named workspace, so tabs opened by
    earlier tests are never restored. Either way the page shows ``server.theme``.
    """
    if not _open_in_loaded_lab(page, server, name, timeout / 2):
        workspace = f"test-{uuid.uuid4().hex[:12]}"
        page.goto(f"{server.url}/lab/workspaces/{workspace}/tree/{quote(name)}")
        if not _is_ready(page, name, timeout):
            raise AssertionError(f"{name} did not open within {timeout:.0f}s: {_state(page)}")
    _wait_for_splash_gone(page, timeout)


def _open_in_loaded_lab(page: Page, server: JupyterServer, name: str, timeout: float) -> bool:
    """Open ``name`` alone in the JupyterLab ``page`` already shows, in ``server.theme``;
    False when there is none to reuse, or when ``name`` is not open within ``timeout``
    seconds (then the caller loads the page again; the notebook's kernel stays)."""
    if not (page.url.startswith(f"{server.url}/lab") and page.evaluate(_CLOSE_DOCUMENTS)):
        return False
    if page.evaluate("document.body.dataset.jpThemeName") != server.theme:
        set_theme(page, server.theme, timeout)
    page.evaluate(
        "(path) => { void jupyterapp.commands.execute('docmanager:open', {path}); }", name
    )
    if not _is_ready(page, name, timeout):
        LOG.warning("%s did not open in the loaded JupyterLab: %s", name, _state(page))
        return False
    page.evaluate(_CLOSE_ALL_BUT, name)
    return True


def _is_ready(page: Page, name: str, timeout: float) -> bool:
    """Whether ``name`` is the current document, its kernel connected and idle, within
    ``timeout`` seconds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(_NOTEBOOK_IS_READY, arg=name, timeout=timeout * 1000, polling=100)
    except PlaywrightTimeoutError:
        return False
    return True


def _state(page: Page) -> dict:
    """What the page shows instead: its documents, the current one's kernel, any dialog."""
    return page.evaluate(
        """() => {
            const app = window.jupyterapp;
            const current = app && app.shell.currentWidget;
            const kernel = current && current.sessionContext && current.sessionContext.session
                && current.sessionContext.session.kernel;
            return {
                url: location.href,
                documents: app ? [...app.shell.widgets("main")].map((w) => w.title.label) : null,
                current: current ? current.title.label : null,
                kernel: kernel ? [kernel.connectionStatus, kernel.status] : null,
                dialog: [...document.querySelectorAll(".jp-Dialog")].map((d) => d.innerText),
            };
        }"""
    )


class LabTab:
    """A browser page kept from test to test, so that JupyterLab loads once per worker.

    :meth:`take` gives the page (a new one if there is none), :meth:`give_back` closes the
    test's documents and kernels and undoes what tests change of a page: its size, its
    emulated media and its timeout. A page left with a dialog open, or away from
    JupyterLab, is closed, and the next test gets a new one. ``device_scale_factor`` is
    that of a screen zoomed in (a context's, fixed for its pages).
    """

    TIMEOUT_MS = 30_000

    def __init__(
        self,
        browser: Browser,
        viewport: dict[str, int] | None = None,
        device_scale_factor: float = 1,
    ):
        self.browser = browser
        self.viewport = viewport or {"width": 1280, "height": 900}
        self.device_scale_factor = device_scale_factor
        self.page: Page | None = None

    def take(self) -> Page:
        if self.page is None or self.page.is_closed():
            context = self.browser.new_context(
                viewport=self.viewport, device_scale_factor=self.device_scale_factor
            )
            context.set_default_timeout(self.TIMEOUT_MS)
            self.page = context.new_page()
        watch_page_errors(self.page).clear()  # errors belong to the test that saw them
        return self.page

    def give_back(self, server: JupyterServer) -> None:
        from playwright.sync_api import Error

        page = self.page
        if page is None:
            return
        try:
            kept = not page.is_closed() and page.evaluate(_CLOSE_DOCUMENTS)
            if kept:
                page.set_viewport_size(self.viewport)
                page.emulate_media(
                    media="no-override", color_scheme="no-override", reduced_motion="no-override"
                )
                page.set_default_timeout(self.TIMEOUT_MS)
        except Error:
            kept = False
        shutdown_sessions(server)
        if not kept:
            self.close()

    def close(self) -> None:
        if self.page is not None and not self.page.is_closed():
            self.page.context.close()
        self.page = None


def run_all_cells(page: Page, timeout: float = 120.0) -> None:
    """Run every cell of the open notebook and wait until all of them have finished.

    Executes JupyterLab's ``notebook:run-all-cells`` command (the menu's Run > Run All
    Cells), whose promise settles once every cell has replied.  Raises AssertionError
    naming the exception if a cell failed, or if a cell is still pending.
    """
    outcome = page.evaluate(
        """async (timeoutMs) => {
            const app = window.jupyterapp;
            const run = app.commands.execute("notebook:run-all-cells");
            const timer = new Promise((done) => setTimeout(() => done("timeout"), timeoutMs));
            const result = await Promise.race([run, timer]);
            const errors = [];
            let pending = 0;
            for (const cell of app.shell.currentWidget.content.widgets) {
                if (cell.model.type !== "code") continue;
                if (cell.model.executionCount === null) pending += 1;
                for (const output of cell.model.outputs.toJSON()) {
                    if (output.output_type !== "error") continue;
                    errors.push(`${output.ename}: ${output.evalue}`);
                }
            }
            return {timedOut: result === "timeout", errors, pending};
        }""",
        timeout * 1000,
    )
    if outcome["errors"]:
        raise AssertionError("notebook cell raised: " + "; ".join(outcome["errors"]))
    if outcome["timedOut"] or outcome["pending"]:
        raise AssertionError(
            f"notebook did not finish within {timeout:.0f}s ({outcome['pending']} cells pending)"
        )


def _kernel_id(server: JupyterServer, name: str) -> str:
    for session in server.api("GET", "/api/sessions"):
        if session["path"] == name and session.get("kernel"):
            return session["kernel"]["id"]
    raise LookupError(f"no running kernel for notebook {name!r}")


def kernel_eval(server: JupyterServer, name: str, code: str, timeout: float = 30.0) -> str:
    """Run ``code`` in the kernel of notebook ``name`` and return its output as text.

    Returns the ``text/plain`` repr of the last expression, or the printed stdout
    when there is none.  Raises KernelEvalError if the code raises.

    How: the REST API (``/api/sessions``) maps the notebook path to the kernel the
    page is using; the code is sent as an ``execute_request`` over a second websocket
    to that kernel's ``/channels`` endpoint.  It never touches the page, so it cannot
    disturb the notebook's cells, focus or widget state, and it runs in the very same
    interpreter and namespace as the notebook.  Note that a browser event (a click)
    may reach the kernel a moment after Playwright returns: poll with
    :func:`wait_for_kernel_value` when checking state changed by the page.
    """
    import websocket

    kernel_id = _kernel_id(server, name)
    session_id = uuid.uuid4().hex
    msg_id = uuid.uuid4().hex
    ws_url = server.url.replace("http://", "ws://", 1)
    connection = websocket.create_connection(
        f"{ws_url}/api/kernels/{kernel_id}/channels?session_id={session_id}", timeout=timeout
    )
    try:
        connection.send(
            json.dumps(
                {
                    "header": {
                        "msg_id": msg_id,
                        "msg_type": "execute_request",
                        "session": session_id,
                        "username": "browser-tests",
                        "version": "5.3",
                    },
                    "parent_header": {},
                    "metadata": {},
                    "content": {
                        "code": code,
                        "silent": False,
                        "store_history": False,
                        "user_expressions": {},
                        "allow_stdin": False,
                        "stop_on_error": False,
                    },
                    "channel": "shell",
                    "buffers": [],
                }
            )
        )
        return _collect_reply(connection, msg_id, time.monotonic() + timeout)
    except websocket.WebSocketTimeoutException as exc:
        raise TimeoutError(f"kernel did not answer within {timeout:.0f}s") from exc
    finally:
        connection.close()


def _collect_reply(connection: Any, msg_id: str, deadline: float) -> str:
    """Read kernel messages answering ``msg_id`` until the reply and the idle status."""
    result: str | None = None
    stdout: list[str] = []
    error: dict | None = None
    replied = idle = False
    while not (replied and idle):
        connection.settimeout(max(deadline - time.monotonic(), 0.01))
        frame = connection.recv()
        if isinstance(frame, bytes):  # binary frames carry widget buffers; not ours
            continue
        message = json.loads(frame)
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        msg_type, content = message["msg_type"], message["content"]
        if msg_type == "execute_reply":
            replied = True
        elif msg_type == "status":
            idle = content["execution_state"] == "idle"
        elif msg_type == "execute_result":
            result = content["data"].get("text/plain", "")
        elif msg_type == "stream" and content["name"] == "stdout":
            stdout.append(content["text"])
        elif msg_type == "error":
            error = content
    if error is not None:
        traceback = _ANSI_ESCAPE.sub("", "\n".join(error["traceback"]))
        raise KernelEvalError(f"{error['ename']}: {error['evalue']}\n{traceback}")
    return result if result is not None else "".join(stdout)


def wait_for_kernel_value(
    server: JupyterServer, name: str, code: str, expected: str, timeout: float = 15.0
) -> str:
    """Poll :func:`kernel_eval` until it returns ``expected``; return the last value."""
    deadline = time.monotonic() + timeout
    value = kernel_eval(server, name, code)
    while value != expected and time.monotonic() < deadline:
        time.sleep(0.2)
        value = kernel_eval(server, name, code)
    return value


def watch_page_errors(page: Page) -> list[str]:
    """Record uncaught JavaScript errors of ``page`` (the ``page`` fixture does this)."""
    if page not in _PAGE_ERRORS:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        _PAGE_ERRORS[page] = errors
    return _PAGE_ERRORS[page]


def assert_no_widget_errors(page: Page) -> None:
    """Fail on "Error displaying widget" text or on uncaught JavaScript errors.

    A widget whose ``render`` throws leaves an empty output area and no text, so the
    uncaught errors recorded by :func:`watch_page_errors` are checked as well.
    """
    problems = page.get_by_text("Error displaying widget").all_inner_texts()
    problems += [f"uncaught JavaScript error: {error}" for error in _PAGE_ERRORS.get(page, [])]
    if problems:
        raise AssertionError("widget errors on the page: " + " | ".join(problems))


def set_theme(page: Page, theme: str, timeout: float = 30.0) -> None:
    """Switch the open JupyterLab page to ``theme`` (e.g. DARK_THEME) and wait for it.

    JupyterLab saves the choice in the server's settings, so later pages inherit it;
    the ``dark_theme`` fixture restores the light theme afterwards.
    """
    page.evaluate(
        "(theme) => { void jupyterapp.commands.execute('apputils:change-theme', {theme}); }",
        theme,
    )
    page.wait_for_function(
        "(theme) => document.body.dataset.jpThemeName === theme",
        arg=theme,
        timeout=timeout * 1000,
    )
    _wait_for_splash_gone(page, timeout)


def set_default_theme(server: JupyterServer, theme: str) -> None:
    """Store ``theme`` in the server's settings; pages opened afterwards use it."""
    server.theme = theme
    server.api(
        "PUT", f"/lab/api/settings/{THEME_SETTINGS_ID}", {"raw": json.dumps({"theme": theme})}
    )


def screenshot(page: Page, path: Path | str) -> Path:
    """Save a full-page PNG screenshot to ``path`` (parent dirs created); return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path
