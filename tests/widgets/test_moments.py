"""The moments of a game (a farkle, a burn, hot dice, a Yahtzee, a bonus, a win) as the
controls part says them, driven by intents without a browser."""

from __future__ import annotations

import pytest

from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame
from dicelab.widgets.pace import PACES


def moments_of(Widget, players, seed: int) -> dict:
    """The moments a game of ``players`` (robots) shows as it is played to its end, kind ->
    its first text; every moment has a serial of its own, in order."""
    # At a pace, outside an event loop, the robots play at once with every step drawn (at
    # "instant" their whole turn is drawn once).
    widget = Widget(players=["Ann"], seed=seed, pace=PACES["normal"])
    seen, serials = {}, []

    def record(change):
        moment = change.new["parts"]["controls"]["moment"]
        if moment and moment["serial"] not in serials:
            seen.setdefault(moment["kind"], moment["text"])
            serials.append(moment["serial"])

    widget.observe(record, "view")
    widget.start(players)
    assert widget.phase == "over" and serials == sorted(serials)
    return seen


def test_a_moment_of_yours_reads_right():
    widget = FivethousandGame(players=["You"], seed=1, pace=0)
    while not widget.controls.moment:
        widget.play(widget.game.engine.legal_actions(widget.game.state)[0])
        widget.render()
    assert widget.controls.moment["text"] in ("Farkle for you!", "Hot dice for you!")


def robots(n: int, bot: str) -> list:
    return [{"name": f"Robo {i + 1}", "bot": bot} for i in range(n)]


def first_seed_showing(Widget, players, kinds) -> dict:
    """The moments of the first seeded game (of 40) that shows every one of ``kinds``."""
    for seed in range(40):
        seen = moments_of(Widget, players, seed)
        if set(kinds) <= set(seen):
            return seen
    raise AssertionError(f"no game showed all of {kinds}")


def test_fivethousand_shows_farkles_hot_dice_and_the_win():
    seen = first_seed_showing(FivethousandGame, robots(2, "simple"), ["farkle", "hot_dice"])
    assert seen["farkle"].startswith("Farkle for Robo ") and seen["hot_dice"].startswith(
        "Hot dice for"
    )
    assert seen["win"].endswith("wins!") or seen["win"] == "A shared win!"


def test_thousand_shows_burns_hot_dice_and_the_win():
    seen = first_seed_showing(ThousandGame, robots(3, "simple"), ["burn", "hot_dice"])
    assert seen["burn"].startswith("Burned for Robo") and "farkle" not in seen  # all burned
    assert seen["win"].endswith("wins!")


@pytest.mark.slow
def test_yahtzee_shows_a_yahtzee_a_bonus_and_the_win():
    seen = first_seed_showing(YahtzeeGame, robots(2, "greedy"), ["yahtzee", "bonus"])
    assert seen["yahtzee"].startswith("Yahtzee for") and seen["bonus"].startswith("Bonus for")
    assert seen["win"].endswith("wins!") or seen["win"] == "A shared win!"


def test_the_sound_is_off_at_first_and_its_button_or_m_switches_it():
    from tests.widgets.intents import button, key, press

    widget = FivethousandGame(players=["Ann", "Ben"], seed=1, pace=0)
    assert not widget.sound and not widget.controls.sound
    assert button(widget, "sound")["label"] == "Sound: off"
    assert button(widget, "sound")["aria_label"] == "Sound: off, switch it on"
    press(widget, "sound")
    assert (
        widget.sound and widget.controls.sound and button(widget, "sound")["label"] == "Sound: on"
    )
    key(widget, "m")
    assert not widget.sound and "M switches the sound" in widget.controls.help
