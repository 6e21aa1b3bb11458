"""Each game's layout in a real JupyterLab, from 1024×768 to a projector at 150 % zoom.

Browser zoom is reproduced the way Chromium itself does it: zooming a page to 150 % makes
each CSS pixel 1.5 device pixels, so a 1920×1080 screen at 150 % lays the page out in a
1280×720 CSS-pixel viewport with ``devicePixelRatio`` 1.5, and media queries, ``vw`` and
wrapping all see 1280 px. A Playwright context with that viewport and
``device_scale_factor=1.5`` is exactly this (the screenshots come out at 1920×1080).
CSS ``zoom`` on the page would not be: it scales the boxes inside an unchanged viewport.

On each screen every game is checked for content outside the viewport's width, text cut
off by its box or drawn over other text, parts drawn over each other, and a refusal whose
message moves anything else on the table.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import (
    ARTIFACTS,
    LabTab,
    kernel_eval,
    open_notebook,
    run_all_cells,
    write_notebook,
)
from tests.browser.test_accessibility_browser import GAMES

# name: (CSS viewport, device pixels per CSS pixel)
SCREENS = {
    "1024x768": ({"width": 1024, "height": 768}, 1),
    "1920x1080-at-150": ({"width": 1280, "height": 720}, 1.5),
    "1280x720-at-150": ({"width": 853, "height": 480}, 1.5),
}

# Everything wrong with the layout of `game`, as sentences (empty when all is well).
PROBLEMS = """(game) => {
    const width = document.documentElement.clientWidth;
    const name = (node) => `${node.tagName.toLowerCase()}.${node.className.baseVal ?? node.className}`;
    const clips = (node) => {  // the boxes that clip node: ancestors inside the game that do not show overflow
        const boxes = [];
        for (let up = node.parentElement; up && game.contains(up); up = up.parentElement) {
            const style = getComputedStyle(up);
            if (style.overflowX !== "visible" || style.overflowY !== "visible") {
                boxes.push({node: up, box: up.getBoundingClientRect(), x: style.overflowX !== "visible",
                            y: style.overflowY !== "visible"});
            }
        }
        return boxes;
    };
    const problems = [];
    const shown = (node) => node.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true});
    const nodes = [game, ...game.querySelectorAll("*")].filter(shown);
    for (const node of nodes) {
        const box = node.getBoundingClientRect();
        if (box.right > width + 0.5 || box.left < -0.5) {
            problems.push(`${name(node)} lies outside the viewport (${Math.round(box.left)} to ${Math.round(box.right)})`);
        }
        const style = getComputedStyle(node);
        if (style.overflowX !== "visible" && node.scrollWidth > node.clientWidth + 1) {
            problems.push(`${name(node)} scrolls sideways (${node.scrollWidth} px in ${node.clientWidth})`);
        }
    }
    // Every piece of visible text, as the rectangles of its lines, clipped by its boxes.
    const texts = [];
    const walker = document.createTreeWalker(game, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const owner = text.parentElement;
        if (!text.textContent.trim() || !shown(owner)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const line of range.getClientRects()) {
            let r = {left: line.left, right: line.right, top: line.top, bottom: line.bottom};
            for (const clip of clips(text)) {
                if (clip.x && (r.left < clip.box.left - 0.5 || r.right > clip.box.right + 0.5)
                    && clip.node.scrollWidth <= clip.node.clientWidth + 1) {
                    problems.push(`"${text.textContent.trim()}" is cut off by ${name(clip.node)}`);
                }
                r = {left: Math.max(r.left, clip.box.left), right: Math.min(r.right, clip.box.right),
                     top: Math.max(r.top, clip.box.top), bottom: Math.min(r.bottom, clip.box.bottom)};
            }
            if (r.right - r.left > 1 && r.bottom - r.top > 1) texts.push({text, r});
        }
    }
    const overlap = (a, b, margin) => a.left < b.right - margin && b.left < a.right - margin
                                      && a.top < b.bottom - margin && b.top < a.bottom - margin;
    for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
            if (texts[i].text !== texts[j].text && overlap(texts[i].r, texts[j].r, 1)) {
                problems.push(`"${texts[i].text.textContent.trim()}" overlaps "${texts[j].text.textContent.trim()}"`);
            }
        }
    }
    const parts = [...game.querySelectorAll(".dicelab-part")].filter(shown);
    for (let i = 0; i < parts.length; i++) {
        for (let j = i + 1; j < parts.length; j++) {
            if (parts[i].contains(parts[j]) || parts[j].contains(parts[i])) continue;
            if (overlap(parts[i].getBoundingClientRect(), parts[j].getBoundingClientRect(), 0.5)) {
                problems.push(`the ${parts[i].dataset.part} and the ${parts[j].dataset.part} overlap`);
            }
        }
    }
    return [...new Set(problems)];
}"""

# Where each part and button of `game` is drawn in it, to see that a message moves nothing.
PLACES = """(game) => Object.fromEntries(
    [...game.querySelectorAll(".dicelab-part, .dicelab-button, .dicelab-die, .dicelab-box")]
        .map((node, index) => {
            const box = node.getBoundingClientRect(), origin = game.getBoundingClientRect();
            return [`${node.dataset.part ?? node.dataset.key ?? ""}#${index}`,
                    [box.left - origin.left, box.top - origin.top, box.width, box.height]
                        .map(Math.round).join(",")];
        }))"""


# A click each game refuses, with the long message it gives: (selector, message).
REFUSED_CLICKS = {
    "yahtzee": (
        "[data-key='ones/1']",
        "It is Ann's turn: choose a box in Ann's column, not Robo's.",
    ),
    "fivethousand": (".dicelab-shaker-button", "A 2 doesn't score on its own."),
    "thousand": ("[data-key=save]", "You are in the 0–100 cask: reach 100 to save."),
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_each_game_fits_the_screen_and_a_message_moves_nothing(browser, jupyter_server, screen):
    """The games one after another in one page of this screen, as a user opens them."""
    from playwright.sync_api import expect

    viewport, scale = SCREENS[screen]
    tab = LabTab(browser, viewport, scale)
    problems, moved = {}, {}
    try:
        page = tab.take()
        for game in GAMES:
            name = f"layout-{game}.ipynb"
            write_notebook(jupyter_server.root_dir, name, [GAMES[game]])
            open_notebook(page, jupyter_server, name)
            run_all_cells(page)
            table, notice = page.locator(".dicelab-game"), page.locator(".dicelab-notice")
            page.locator(".dicelab-game .dicelab-history-entry").first.wait_for()
            kernel_eval(
                jupyter_server, name, "w.send_intent(w.controls, {'type': 'key', 'key': 'x'})"
            )
            expect(notice).to_have_class(
                re.compile(r"\bis-empty\b")
            )  # a key that does nothing clears it
            page.mouse.move(0, 0)
            found, before = table.evaluate(PROBLEMS), table.evaluate(PLACES)

            refused, message = REFUSED_CLICKS[game]
            table.locator(refused).click(force=True)  # aria-disabled, yet it says why when clicked
            expect(notice).to_have_text(message)
            page.mouse.move(0, 0)
            found += table.evaluate(PROBLEMS)
            after = table.evaluate(PLACES)
            for end, block in (("top", "start"), ("foot", "end")):
                table.evaluate(f"(node) => node.scrollIntoView({{block: '{block}'}})")
                page.screenshot(path=str(ARTIFACTS / f"layout-{game}-{screen}-{end}.png"))
            if found:
                problems[game] = found
            if after != before:
                moved[game] = {
                    key: (before.get(key), after.get(key))
                    for key in before.keys() | after.keys()
                    if before.get(key) != after.get(key)
                }
    finally:
        tab.give_back(jupyter_server)
        tab.close()
    assert problems == {}
    assert moved == {}
