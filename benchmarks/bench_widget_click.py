"""Click to repaint in the browser, beside a plain ipywidgets Button; and the comm messages a click causes.

Starts JupyterLab and headless Chromium (as the browser tests do), shows a YahtzeeGame and an
``ipywidgets.Button`` that updates a ``Label`` in one notebook, and times in the page, from
the click to the redrawn element: holding/releasing a die (intent -> engine -> render ->
redraw) against the button's label update (click -> callback -> label). Prints both medians
and their ratio (the budget in docs/architecture.md is 50 ms on localhost), then counts the widget
messages (``comm_msg`` frames on the kernel's websocket) one die click sends and receives,
beside the plain button's.

    python benchmarks/bench_widget_click.py [--clicks 40]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.harness import (  # noqa: E402
    launch_browser,
    missing_requirement,
    open_notebook,
    run_all_cells,
    start_jupyter_server,
    stop_jupyter_server,
    write_notebook,
)

CELLS = [
    "from dicelab.widgets import YahtzeeGame\n"
    "game = YahtzeeGame(players=['Ann'], seed=1, pace=0)\n"
    "game.send_intent(game.controls, {'type': 'press', 'button': 'roll'})\n"
    "game",
    "import ipywidgets\n"
    "label = ipywidgets.Label('0')\n"
    "button = ipywidgets.Button(description='plain button')\n"
    "button.on_click(lambda _: setattr(label, 'value', str(int(label.value) + 1)))\n"
    "ipywidgets.VBox([button, label])",
]

# Resolves with the milliseconds from clicking ``target`` until ``shown`` (a page expression) changes.
TIME_CLICK = """async ({target, shown}) => {
    const read = new Function(`return ${shown}`);
    const before = read();
    const start = performance.now();
    const done = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
            if (read() !== before) { observer.disconnect(); resolve(performance.now() - start); }
        });
        observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    });
    new Function(`return ${target}`)().click();
    return await done;
}"""
DIE = {
    "target": "document.querySelector('.dicelab-die[data-key=\"die-0\"]')",
    "shown": "document.querySelector('.dicelab-die[data-key=\"die-0\"]').getAttribute('aria-pressed')",
}
PLAIN = {
    "target": "[...document.querySelectorAll('button')].find(b => b.textContent === 'plain button')",
    "shown": "document.querySelector('.widget-label').textContent",
}


class CommCounter:
    """Counts ``comm_msg`` frames on the page's kernel websockets, each way."""

    def __init__(self, page):
        self.sent = self.received = 0
        page.on("websocket", self._watch)

    def _watch(self, socket) -> None:
        socket.on("framesent", lambda payload: self._count(payload, "sent"))
        socket.on("framereceived", lambda payload: self._count(payload, "received"))

    def _count(self, payload, way: str) -> None:
        if isinstance(payload, (bytes, bytearray)):
            payload = payload.decode("utf-8", "replace")
        if '"comm_msg"' in payload and self._is_comm_msg(payload):
            setattr(self, way, getattr(self, way) + 1)

    @staticmethod
    def _is_comm_msg(payload: str) -> bool:
        try:
            return json.loads(payload).get("msg_type") == "comm_msg"
        except ValueError:  # a binary v1 frame: its JSON header sits inside
            return '"msg_type": "comm_msg"' in payload or '"msg_type":"comm_msg"' in payload

    def during(self, page, action) -> tuple[int, int]:
        """The (sent, received) comm messages while ``action()`` runs and things settle."""
        page.wait_for_timeout(300)
        sent, received = self.sent, self.received
        action()
        page.wait_for_timeout(500)
        return self.sent - sent, self.received - received


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="clicks timed for each widget")
    clicks = parser.parse_args().clicks
    problem = missing_requirement()
    if problem:
        sys.exit(f"cannot run the benchmark: {problem}")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        server = start_jupyter_server(Path(folder))
        try:
            write_notebook(server.root_dir, "bench.ipynb", CELLS)
            with sync_playwright() as playwright:
                browser = launch_browser(playwright)
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                counter = CommCounter(page)
                open_notebook(page, server, "bench.ipynb")
                run_all_cells(page)
                page.locator(".dicelab-die").first.wait_for()
                page.locator(".widget-label").wait_for()
                for _ in range(5):  # warm up both paths
                    page.evaluate(TIME_CLICK, DIE)
                    page.evaluate(TIME_CLICK, PLAIN)
                die, plain = [], []
                for _ in range(clicks):  # interleaved, so both see the same machine load
                    die.append(page.evaluate(TIME_CLICK, DIE))
                    plain.append(page.evaluate(TIME_CLICK, PLAIN))
                die_messages = counter.during(page, lambda: page.evaluate(TIME_CLICK, DIE))
                plain_messages = counter.during(page, lambda: page.evaluate(TIME_CLICK, PLAIN))
                browser.close()
        finally:
            stop_jupyter_server(server)
    die_ms, plain_ms = statistics.median(die), statistics.median(plain)
    print(
        f"click -> updated dice (YahtzeeGame dice):   median {die_ms:6.1f} ms over {clicks} clicks"
    )
    print(
        f"click -> updated label (ipywidgets.Button): median {plain_ms:6.1f} ms over {clicks} clicks"
    )
    print(f"ratio dice / plain button: {die_ms / plain_ms:.2f}")
    print(f"comm messages for one die click:    {die_messages[0]} sent, {die_messages[1]} received")
    print(
        f"comm messages for one button click: {plain_messages[0]} sent, {plain_messages[1]} received"
    )


if __name__ == "__main__":
    main()
