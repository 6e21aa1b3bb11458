"""The component modules, the one ES module composed of them, the parts and their intents."""

from __future__ import annotations

import re

import pytest

from dicelab import yahtzee
from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame
from dicelab.widgets.colours import CSS_COLOURS, css_colour, ink
from dicelab.widgets.components import (
    Caption,
    CaskScales,
    CoachPanel,
    Controls,
    DiceTray,
    History,
    MalformedIntent,
    Ranking,
    Scoreboard,
    Scorecard,
    SeatSetup,
    Shaker,
)
from dicelab.widgets.lesson import DiceRow, dice_row
from dicelab.widgets.module import STATIC, compose

PARTS = [
    Caption,
    CaskScales,
    CoachPanel,
    Controls,
    DiceTray,
    History,
    Ranking,
    Scoreboard,
    Scorecard,
    SeatSetup,
    Shaker,
]
WIDGETS = [FivethousandGame, ThousandGame, YahtzeeGame, DiceRow]
# nothing from the network: no import but of a sibling module ("./helpers.js"), no fetch
OFFLINE = re.compile(
    r'^\s*import\b(?!.* from "\./[a-z_]+\.js";$)|\bimport\(|https?://|fetch\(|XMLHttpRequest', re.M
)


def without_svg_namespace(text: str) -> str:
    return text.replace("http://www.w3.org/2000/svg", "")


@pytest.mark.parametrize("part", PARTS, ids=lambda c: c.__name__)
def test_each_part_has_a_small_offline_component_file_that_registers_it(part):
    js = STATIC / f"{part.component}.js"
    source = js.read_text()
    assert f'component("{part.component}", ' in source
    assert not OFFLINE.search(without_svg_namespace(source))
    assert len(source.splitlines()) < 120
    css = STATIC / f"{part.component}.css"
    assert not css.exists() or "http" not in css.read_text()


@pytest.mark.parametrize("widget", WIDGETS, ids=lambda c: c.__name__)
def test_each_widget_is_one_es_module_with_one_default_export_and_a_cleanup(widget):
    esm = widget._esm
    assert isinstance(esm, str) and esm.count("const defaultExport = { render };") == 1
    assert esm.count("export ") == 1 and esm.endswith("export default module_table.default;\n")
    assert not re.search(r"^\s*import\b|\bimport\(|https?://", without_svg_namespace(esm), re.M)
    assert esm.index("function element(") < esm.index('component("') < esm.index("function render(")
    assert esm.count("function element(") == 1  # shared helpers written once
    assert "return () => {" in esm[esm.index("function render(") :]  # render returns its cleanup
    for name in widget.COMPONENTS:
        assert f'component("{name}", ' in esm and "dicelab-" in widget._css


def test_the_module_of_a_game_holds_only_the_components_it_draws():
    yahtzee_esm = YahtzeeGame._esm
    assert (
        'component("scorecard", ' in yahtzee_esm and 'component("cask_scales", ' not in yahtzee_esm
    )
    assert compose(("dice",)) == compose(("dice",))  # composed once per set of components


def test_intents_are_checked_against_the_declared_fields():
    tray = DiceTray()
    assert tray.parse({"type": "toggle", "die": 3}) == ("toggle", {"die": 3})
    for bad in [
        None,
        [],
        {"die": 1},
        {"type": "roll"},
        {"type": "toggle"},
        {"type": "toggle", "die": 1.0},
        {"type": "toggle", "die": False},
        {"type": "toggle", "die": 1, "extra": 0},
        {"type": 3},
    ]:
        with pytest.raises(MalformedIntent, match="dice tray"):
            tray.parse(bad)


def test_a_part_has_only_its_fields():
    controls = Controls(status="Ann rolled.")
    assert controls.status == "Ann rolled." and controls.to_json()["component"] == "controls"
    with pytest.raises(TypeError, match="colour"):
        controls.draw(colour="red")
    with pytest.raises(AttributeError):
        _ = controls.colour


def test_intents_reach_the_handler_through_the_widget_message_path():
    widget = YahtzeeGame(players=["Ann"], seed=1, pace=0)
    widget._handle_custom_msg({"part": "controls", "type": "press", "button": "roll"}, [])
    assert widget.game.state.rolls_used == 1
    for bad in [
        {"type": "press", "button": "roll"},
        {"part": "nowhere", "type": "press"},
        "roll",
        {"part": "controls", "type": "press", "button": 1},
    ]:
        widget._handle_custom_msg(bad, [])
        assert widget.controls.notice["text"].endswith(("not understood.", "bad 'button'."))
    assert widget.game.state.rolls_used == 1


def test_one_click_sends_one_message(monkeypatch):
    widget = YahtzeeGame(players=["Ann"], seed=1, pace=0)
    sent = []
    monkeypatch.setattr(widget.comm, "send", lambda data=None, buffers=None, **_: sent.append(data))
    widget.send_intent(widget.controls, {"type": "press", "button": "roll"})
    assert len(sent) == 1 and set(sent[0]["state"]) == {"view"}
    widget.send_intent(
        widget.controls, {"type": "key", "key": "x"}
    )  # nothing changes: a short answer
    assert len(sent) == 2 and sent[1] == {"method": "custom", "content": {"type": "ack"}}


def test_the_view_document_is_plain_json_naming_each_parts_component():
    widget = FivethousandGame(players=["Ann", {"name": "Robot", "bot": "simple"}], seed=1, pace=0)
    view = widget.view
    assert [area["name"] for area in view["areas"]] == ["play", "shaker", "table", "advice", "foot"]
    assert {part["component"] for part in view["parts"].values()} == {
        "controls",
        "scoreboard",
        "shaker",
        "dice",
        "history",
    }
    assert view["keys"] == ["1", "2", "3", "4", "5", "6", "k", "m", "p", "t", "u", "v", "w"]
    assert view["title"] == "Fivethousand game"


def test_a_lesson_row_is_a_small_widget_of_the_same_modules():
    row = dice_row([2, 5], "scores 50")
    assert row.view["parts"]["dice"]["dice"][1]["face"] == 5 and row.view["keys"] == []
    assert row._esm.count('component("') == 2 and "scores 50" in repr(row)


def test_every_player_colour_has_a_css_colour_and_a_readable_ink():
    assert list(CSS_COLOURS) == list(yahtzee.COLOURS)
    assert len(set(CSS_COLOURS.values())) == 16
    assert ink("White") == ink("Yellow") == "#111111"
    assert ink("Black") == ink("Blue") == "#ffffff"
    assert css_colour(None) == "transparent"
