"""The look every display shares (the frame, the buttons) is written once, in ``theme.css``,
and joined into each widget's style sheet, the games' and the rule lab's alike."""

from __future__ import annotations

import re

import pytest

from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame
from dicelab.widgets.lesson import DiceRow
from dicelab.widgets.module import STATIC
from dicelab.widgets.rule_lab import RuleLabTable

SHARED = [
    ".dicelab-button {",
    ".dicelab-button:hover {",
    ".dicelab-button:focus-visible {",
    ".dicelab-game,\n.dicelab-lab,\n.dicelab-strategy {",
]
FRAME = "border: 1px solid var(--jp-border-color1, #bdbdbd);\n  border-radius: 10px;"


def styles_of(css: str) -> set[str]:
    """The declaration blocks of ``css`` that set four or more properties (a look, not a
    one-line tweak such as ``outline: none``), each as its text between braces."""
    blocks = re.findall(r"\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    return {block.strip() for block in blocks if block.count(";") >= 4}


@pytest.mark.parametrize(
    "widget",
    [FivethousandGame, ThousandGame, YahtzeeGame, RuleLabTable, DiceRow],
    ids=lambda w: w.__name__,
)
def test_every_widget_joins_the_shared_look_once_and_first(widget):
    css = widget._css
    for rule in SHARED:
        assert css.count(rule) == 1, rule
    assert css.index(SHARED[-1]) < css.index(".dicelab-area {")  # before the layouts it underlies
    assert css.count(FRAME) == 1


def test_no_style_sheet_repeats_a_rule_of_the_shared_one():
    shared = styles_of((STATIC / "theme.css").read_text())
    # the frame, the button, the one that cannot be pressed, its key, the screen-reader-only text
    assert len(shared) == 5
    for sheet in sorted(STATIC.glob("*.css")):
        if sheet.name != "theme.css":
            assert not shared & styles_of(sheet.read_text()), sheet.name
