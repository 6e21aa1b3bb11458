"""The generic components: their files, their intents and their refusal of written state."""

from __future__ import annotations

import re

import pytest

from dicelab import yahtzee
from dicelab.widgets.colours import CSS_COLOURS, css_colour, ink
from dicelab.widgets.components import (
    Controls, DiceTray, MalformedIntent, Ranking, Scorecard, SeatSetup,
)
from dicelab.widgets.components.coach import CoachPanel

COMPONENTS = [CoachPanel, Controls, DiceTray, Ranking, Scorecard, SeatSetup]


@pytest.mark.parametrize("component", COMPONENTS, ids=lambda c: c.__name__)
def test_each_component_is_a_small_offline_es_module_with_its_css(component):
    js, css = component._esm._path, component._css._path
    assert js.parent.name == css.parent.name == "static" and js.stem == css.stem
    source = js.read_text()
    assert "export default { render };" in source
    assert not re.search(r"^\s*import\b|\bimport\(|https?://|fetch\(", source.replace(
        "http://www.w3.org/2000/svg", ""), re.M)  # nothing loaded from anywhere
    assert "return () =>" in source  # render returns its cleanup
    assert "http" not in css.read_text()


def test_intents_are_checked_against_the_declared_fields():
    tray = DiceTray()
    assert tray.parse({"type": "toggle", "die": 3}) == ("toggle", {"die": 3})
    for bad in [None, [], {"die": 1}, {"type": "roll"}, {"type": "toggle"},
                {"type": "toggle", "die": 1.0}, {"type": "toggle", "die": False},
                {"type": "toggle", "die": 1, "extra": 0}, {"type": 3}]:
        with pytest.raises(MalformedIntent, match="dice tray"):
            tray.parse(bad)


def test_intents_reach_the_listener_through_the_widget_message_path():
    got = []
    controls = Controls()
    controls.listen(lambda component, message: got.append((component, message)))
    controls._handle_custom_msg({"type": "press", "button": "roll"}, [])
    assert got == [(controls, {"type": "press", "button": "roll"})]


@pytest.mark.parametrize("component", COMPONENTS, ids=lambda c: c.__name__)
def test_state_written_by_a_front_end_is_refused_and_sent_back(component, monkeypatch):
    widget = component()
    trait = next(name for name in widget.keys if not name.startswith("_")
                 and name not in ("layout", "tabbable", "tooltip"))
    true = getattr(widget, trait)
    sent = []
    monkeypatch.setattr(widget.comm, "send", lambda data=None, buffers=None, **_: sent.append(data))
    widget.set_state({trait: "forged"})
    assert getattr(widget, trait) == true
    assert sent == [{"method": "update", "state": {trait: true}, "buffer_paths": []}]


def test_draw_sends_one_message_for_many_traits(monkeypatch):
    controls = Controls()
    sent = []
    monkeypatch.setattr(controls.comm, "send", lambda data=None, buffers=None, **_: sent.append(data))
    controls.draw(status="Ann rolled.", notice={"text": "No.", "serial": 1})
    assert len(sent) == 1 and set(sent[0]["state"]) == {"status", "notice"}
    controls.draw(status="Ann rolled.")
    assert len(sent) == 1  # unchanged values are not sent again


def test_every_player_colour_has_a_css_colour_and_a_readable_ink():
    assert list(CSS_COLOURS) == list(yahtzee.COLOURS)
    assert len(set(CSS_COLOURS.values())) == 16
    assert ink("White") == ink("Yellow") == "#111111"
    assert ink("Black") == ink("Blue") == "#ffffff"
    assert css_colour(None) == "transparent"
