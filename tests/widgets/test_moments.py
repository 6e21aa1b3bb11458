"""The moments of a game (a farkle, a burn, hot dice, a Yahtzee, a bonus, a win) as the
controls part says them, driven by intents without a browser."""

from __future__ import annotations

from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame


def moments_of(Widget, players, seed: int) -> dict:
    """The moments a game of ``players`` (robots) shows as it is played to its end, kind ->
    its first text; every moment has a serial of its own, in order."""
    widget = Widget(players=["Ann"], seed=seed, pace=0)
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
    assert seen["farkle"] == "Farkle!" and seen["hot_dice"] == "Hot dice!"
    assert seen["win"].endswith("wins!") or seen["win"] == "A shared win!"


def test_thousand_shows_farkles_burns_hot_dice_and_the_win():
    seen = first_seed_showing(ThousandGame, robots(3, "simple"), ["farkle", "burn", "hot_dice"])
    assert seen["burn"] == "Burned!" and seen["farkle"] == "Farkle!"
    assert seen["win"].endswith("wins!")


def test_yahtzee_shows_a_yahtzee_a_bonus_and_the_win():
    seen = first_seed_showing(YahtzeeGame, robots(2, "greedy"), ["yahtzee", "bonus"])
    assert seen["yahtzee"] == "Yahtzee!" and seen["bonus"] == "Bonus!"
    assert seen["win"].endswith("wins!") or seen["win"] == "A shared win!"
