"""A refusal repeats at most a short, cleaned part of what the browser sent; names are
cleaned of control and bidi characters, with one length limit everywhere."""

import json

import pytest

from dicelab import validation
from dicelab.players import Player
from dicelab.widgets import FivethousandGame, RuleLab, ThousandGame, YahtzeeGame

from .intents import notice

HUGE = "\u202e" + "x" * 5_000_000


HUGE_NAME = "\u202e" + "n" * 1_000_000


def forged(part):
    """Every intent of ``part`` with each text field 5 MB long and other fields harmless."""
    for kind, fields in part.INTENTS.items():
        values = {
            name: {int: 0, bool: True, str: HUGE}.get(check, 0) for name, check in fields.items()
        }
        if HUGE in values.values():
            yield {"type": kind, **values}


def forged_names(part):
    """Every intent of ``part``, with a field whose name is 1 MB long added."""
    for kind in part.INTENTS:
        yield {"type": kind, HUGE_NAME: 0}


@pytest.mark.parametrize(
    "forgeries, flood",
    [(forged, "x" * 500), (forged_names, "n" * 500)],
    ids=["huge field", "huge field name"],
)
@pytest.mark.parametrize(
    "make",
    [
        lambda: YahtzeeGame(),
        lambda: FivethousandGame(pace=0),
        lambda: ThousandGame(players=["Ann", "Ben"], pace=0),
        lambda: YahtzeeGame(players=["Ann"], pace=0),
        lambda: RuleLab("thousand"),
    ],
    ids=["setup", "fivethousand", "thousand", "yahtzee", "rule lab"],
)
def test_a_forged_huge_field_or_field_name_gives_a_short_notice(make, forgeries, flood):
    widget = make()
    tried = 0
    table = widget.lab if isinstance(widget, RuleLab) else widget
    for part, _handlers in list(table._listeners.values()):
        for message in forgeries(part):
            table.send_intent(part, message)
            document = json.dumps(table.view)
            assert len(document) < 50_000, (part.name, message["type"])
            assert flood not in document and "\u202e" not in document
            tried += 1
    assert tried >= 2
    widget.close()


def test_unknown_names_in_rules_actions_and_saves_are_echoed_short():
    from dicelab import fivethousand, yahtzee
    from dicelab.errors import CorruptGameError

    flood = {HUGE_NAME: 1, **{f"x{n}": 1 for n in range(10_000)}}
    with pytest.raises(ValueError) as rules:
        fivethousand.Rules.from_dict(flood)
    with pytest.raises(ValueError) as action:
        yahtzee.Game(players=["Ann"]).engine.action_from_json({"type": "roll", **flood})
    game = json.loads(yahtzee.Game(players=["Ann"], seed=1).to_json())
    with pytest.raises(CorruptGameError) as save:
        yahtzee.Game.from_json(json.dumps({**game, HUGE_NAME: 1}))
    for refusal in (rules, action, save):
        assert len(str(refusal.value)) < 600 and "n" * 100 not in str(refusal.value)


def test_the_setup_cleans_a_typed_name_and_limits_it_as_the_api_does():
    widget = YahtzeeGame()
    widget.send_intent(
        widget.setup, {"type": "name", "seat": 0, "name": "\u202eAnn\x00\u200f  Lee\n" + "y" * 99}
    )
    name = widget.setup.seats[0]["name"]
    assert name.startswith("Ann Lee y") and len(name) == validation.MAX_NAME_LENGTH
    assert widget.setup.max_name == validation.MAX_NAME_LENGTH
    Player(name)  # what the setup takes, the API takes
    widget.send_intent(widget.controls, {"type": "press", "button": "start"})
    assert widget.game.players[0].name == name
    widget.close()


@pytest.mark.parametrize("name", ["Ann\u202e", "Ben\x1b[31m", "Cy\u2066", "a\u2028b"])
def test_the_api_refuses_control_and_bidi_characters_in_names(name):
    with pytest.raises(ValueError, match="control or direction characters"):
        Player(name)


def test_a_refused_press_names_a_short_part_of_the_button():
    widget = YahtzeeGame(players=["Ann"], pace=0)
    widget.send_intent(widget.controls, {"type": "press", "button": HUGE})
    assert len(notice(widget)) < 120 and "\u202e" not in notice(widget)
    widget.close()
