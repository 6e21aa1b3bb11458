"""Each seat's chance to win on the three game widgets, driven by intents without a browser."""

from __future__ import annotations

import asyncio
import threading

import pytest

from dicelab import fivethousand, thousand, yahtzee
from dicelab.messages import catalogue
from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame
from dicelab.widgets.phrasing import percentages
from dicelab.widgets.win_chances import BySeats, ExactFinishing, ExactForTwo
from tests.widgets.event_loop import run_on_fresh_loop
from tests.widgets.intents import button, forge, key, notice, press, shown, snapshot
from tests.widgets.test_fivethousand_widget import best, leave_out

COMPUTING = catalogue("en")("chances.computing_short")

# Small rules, so that a win policy or a solution is built in a moment.
SMALL_FIVETHOUSAND = fivethousand.Rules(dice=2, target=300)
SMALL_THOUSAND = thousand.Rules(dice=3, target=60, casks=())
SMALL_YAHTZEE = yahtzee.Rules(boxes=("ones", "twos", "yahtzee", "chance"))
ROBOT = {"name": "Robo", "bot": "simple"}


def panel(widget):
    return widget.winning.panel


def shares(widget) -> list:
    return [seat["share"] for seat in panel(widget).seats]


def values(widget) -> list:
    return [seat["value"] for seat in panel(widget).seats]


def expected(widget) -> list:
    """Each seat's chance to win in the game's state, from the game's own policy or estimate."""
    game = widget.game
    if isinstance(widget, YahtzeeGame):
        return yahtzee.chance_to_win(game)
    module = fivethousand if isinstance(widget, FivethousandGame) else thousand
    return list(module.win_policy(game.rules).chances(game.state))


def assert_shows_the_chances(widget):
    chances = expected(widget)
    assert shares(widget) == pytest.approx(chances, abs=1e-4)
    assert values(widget) == percentages(chances)
    assert [seat["name"] for seat in panel(widget).seats] == [
        p.name + (" (robot)" if p.is_bot and "bot" not in p.name.lower() else "")
        for p in widget.game.players
    ]
    assert panel(widget).busy == "" and panel(widget).note == ""


def shake(widget):
    widget.send_intent(widget.shaker, {"type": "shake"})


# --- the toggle ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: FivethousandGame(players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=4, pace=0),
        lambda: ThousandGame(players=["Ann", "Ben"], rules=SMALL_THOUSAND, seed=4, pace=0),
        lambda: YahtzeeGame(players=["Ann", "Ben"], rules=SMALL_YAHTZEE, seed=4, pace=0),
    ],
    ids=["fivethousand", "thousand", "yahtzee"],
)
def test_the_chances_are_off_by_default_and_the_toggle_beside_the_coach_shows_them(make):
    widget = make()
    assert not widget.chances and "win_chances" not in shown(widget)
    ids = [b["id"] for b in widget.controls.buttons]
    assert ids.index("chances") == ids.index("coach") + 1
    toggle = button(widget, "chances")
    assert (toggle["label"], toggle["aria_label"], toggle["key"]) == (
        "Chance to win: off",
        "Chance to win: off, switch it on",
        "w",
    )
    assert toggle["aria_label"].startswith(toggle["label"])  # the spoken name begins with the text
    assert "W shows or hides each seat's chance to win" in widget.controls.help

    press(widget, "chances")
    assert widget.chances and notice(widget) == ""
    assert shown(widget)[-2:] == ("win_chances", "history")
    assert button(widget, "chances")["aria_label"] == "Chance to win: on, switch it off"
    assert_shows_the_chances(widget)
    assert sum(shares(widget)) == pytest.approx(1, abs=2e-4)

    key(widget, "w")
    assert not widget.chances and "win_chances" not in shown(widget)
    assert button(widget, "chances")["label"] == "Chance to win: off"


def test_the_chances_are_shown_beside_the_coach_and_from_the_start_when_asked():
    widget = FivethousandGame(
        players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=4, pace=0, coach=True, chances=True
    )
    assert shown(widget)[-3:] == ("win_chances", "coach", "history")
    assert_shows_the_chances(widget)


# --- live: after every action, the robots' steps too ---------------------------------------------


def published_chances(widget) -> list:
    """(the chances published, the policy's chances for the game's state then, whether a robot
    made the last move) of every view the widget publishes from now on."""
    seen = []

    def changed(change):
        seats = change.new["parts"].get("win_chances", {}).get("seats")
        game = widget.game
        if seats and game is not None:
            robot = bool(game.history) and game.players[game.history[-1].player].is_bot
            seen.append(([seat["share"] for seat in seats], expected(widget), robot))

    widget.observe(changed, "view")
    return seen


def test_fivethousand_chances_follow_every_throw_and_the_robots_steps():
    widget = FivethousandGame(
        players=["Ann", ROBOT], rules=SMALL_FIVETHOUSAND, seed=11, pace=0, chances=True
    )
    seen = published_chances(widget)
    before = shares(widget)
    shake(widget)
    assert widget.game.state.phase in ("choose", "throw")
    assert_shows_the_chances(widget)
    while not widget.game.is_over:
        state = widget.game.state
        if state.phase == "throw":
            shake(widget)
        else:
            leave_out(widget, best(widget))
            press(widget, "pass")
        assert notice(widget) == "", notice(widget)
    assert len(seen) > 4 and shares(widget) != before
    assert any(robot for *_, robot in seen)
    for published, policy, _ in seen:
        assert published == pytest.approx(policy, abs=1e-4)
        assert sum(published) == pytest.approx(1, abs=2e-4)
    winner = widget.game.players.index(widget.game.winners[0])
    assert values(widget)[winner] == "100%" and len(widget.game.winners) == 1


def test_thousand_chances_follow_every_throw_and_save_and_the_robots_turn():
    widget = ThousandGame(
        players=["Ann", ROBOT], rules=SMALL_THOUSAND, seed=2, pace=0, chances=True
    )
    seen = published_chances(widget)
    while not widget.game.is_over:
        may_save = button(widget, "save")["enabled"]
        press(widget, "save" if may_save and widget.game.state.turn_points >= 20 else "throw")
        assert notice(widget) == "", notice(widget)
    assert sum(robot for *_, robot in seen) > 2  # the robot's steps were published too
    for published, policy, _ in seen:
        assert published == pytest.approx(policy, abs=1e-4)
    assert_shows_the_chances(widget)


def test_yahtzee_estimates_follow_the_rolls_and_scores_of_three_players():
    widget = YahtzeeGame(
        players=["Ann", ROBOT | {"bot": "greedy"}, "Cy"],
        rules=SMALL_YAHTZEE,
        seed=6,
        pace=0,
        chances=True,
    )
    assert values(widget) == ["33%", "33%", "33%"]
    seen = published_chances(widget)
    while not widget.game.is_over:
        key(widget, "r")
        widget.send_intent(
            widget.scorecard,
            {
                "type": "select",
                "column": widget.game.state.player,
                "row": next(
                    box for box in SMALL_YAHTZEE.boxes if box not in widget.game.state.card.boxes
                ),
            },
        )
        key(widget, "c")
        assert notice(widget) == "", notice(widget)
    assert len(seen) > 12
    assert any(robot for *_, robot in seen)
    for published, estimate, _ in seen:
        assert published == pytest.approx(estimate, abs=1e-4)
        assert sum(published) == pytest.approx(1, abs=3e-4)
    assert "Estimates" in panel(widget).basis
    assert sum(value == "100%" for value in values(widget)) == (len(widget.game.winners) == 1)


def test_a_thousand_table_of_three_shows_the_exact_chances_under_solitaire_play():
    from dicelab.thousand.finishing import finishing_chances

    widget = ThousandGame(
        players=["Ann", ROBOT, {"name": "Cy", "bot": "optimal"}],
        rules=SMALL_THOUSAND,
        seed=2,
        pace=0,
        chances=True,
    )
    basis = "Exact chances if every player plays for the fewest turns from here"
    for _ in range(3):
        chances = finishing_chances(SMALL_THOUSAND).chances(widget.game.state)
        assert shares(widget) == pytest.approx(chances, abs=1e-4)
        assert values(widget) == percentages(chances)
        assert panel(widget).basis.startswith(basis) and panel(widget).note == ""
        press(widget, "throw")
    assert sum(shares(widget)) == pytest.approx(1, abs=3e-4)


def test_a_fivethousand_table_of_four_shows_the_estimates_from_the_pairs():
    from dicelab.fivethousand.pairwise import pairwise_chances

    widget = FivethousandGame(
        players=["Ann", "Ben", "Cy", "Di"], rules=SMALL_FIVETHOUSAND, seed=2, pace=0, chances=True
    )
    for _ in range(3):
        chances = pairwise_chances(SMALL_FIVETHOUSAND, widget.game.state)
        assert shares(widget) == pytest.approx(chances, abs=1e-4)
        assert panel(widget).basis.startswith("Estimates from the exact chances of each pair")
        shake(widget)
    assert sum(shares(widget)) == pytest.approx(1, abs=3e-4)


# --- where there is no chance to show, the table says why ----------------------------------------


@pytest.mark.parametrize(
    "make, says",
    [
        (
            lambda: FivethousandGame(players=["Ann"], pace=0, chances=True),
            "No chance to win is shown: playing alone, there is no one to beat.",
        ),
        (
            lambda: YahtzeeGame(players=["Ann"], pace=0, chances=True),
            "No chance to win is shown: playing alone, there is no one to beat.",
        ),
        (
            lambda: FivethousandGame(
                players=["Ann", "Ben"], rules=fivethousand.Rules(target=20000), pace=0, chances=True
            ),
            "No chance to win is shown: these rules are larger than any preset (a higher target in scoring "
            "steps, or more dice), and working it out would take many minutes.",
        ),
    ],
    ids=["fivethousand-alone", "yahtzee-alone", "too-large"],
)
def test_where_there_is_no_chance_the_table_says_why_in_words(make, says):
    widget = make()
    assert "win_chances" in shown(widget)
    assert panel(widget).note == says
    assert panel(widget).seats == [] and panel(widget).busy == ""


def test_rules_a_policy_cannot_be_built_for_are_named_on_the_table():
    class Refusing(ExactForTwo):
        def key(self, rules):
            return "refusing", rules

        def prepare(self, rules):
            raise ValueError("these rules can't be solved")

    widget = ThousandGame(players=["Ann", "Ben"], rules=SMALL_THOUSAND, pace=0)
    widget.winning.source = Refusing("thousand")
    press(widget, "chances")
    assert panel(widget).note == "No chance to win for these rules: these rules can't be solved."
    assert panel(widget).seats == [] and notice(widget) == ""


# --- never blocking: computing in the background ------------------------------------------------


def test_while_the_policy_is_built_the_table_says_computing_and_the_game_goes_on():
    gate = threading.Event()

    class Slow(ExactForTwo):
        def key(self, rules):
            return "slow", rules

        def prepare(self, rules):
            gate.wait(10)
            return super().prepare(rules)

    async def scenario():
        widget = FivethousandGame(players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=4, pace=0)
        widget.winning.source = Slow("fivethousand")
        press(widget, "chances")
        busy = (panel(widget).busy, values(widget), shares(widget))
        shake(widget)  # the event loop is free: the game goes on meanwhile
        played = len(widget.game.history)
        still = (panel(widget).busy != "", values(widget))
        gate.set()
        for _ in range(500):
            await asyncio.sleep(0.01)
            if not panel(widget).busy:
                break
        return widget, busy, played, still

    widget, busy, played, still = run_on_fresh_loop(scenario())
    assert busy[0].startswith(
        "Computing… working out the chances to win for these rules: the first "
        "time takes up to a minute, then they are saved. Play on meanwhile."
    )
    assert busy[1:] == ([COMPUTING, COMPUTING], [None, None])
    assert played == 1 and still == (True, [COMPUTING, COMPUTING])
    assert_shows_the_chances(widget)


def test_under_a_farkle_penalty_the_table_says_the_first_time_takes_minutes():
    gate = threading.Event()

    class Slow(ExactForTwo):
        def key(self, rules):
            return "slow penalty", rules

        def prepare(self, rules):
            gate.wait(10)
            raise ValueError("stopped here")

    async def scenario():
        rules = fivethousand.Rules.preset("facebook").replace(target=600, score_floor=-300)
        widget = FivethousandGame(players=["Ann", "Ben"], rules=rules, seed=4, pace=0)
        widget.winning.source = Slow("fivethousand")
        press(widget, "chances")
        busy = panel(widget).busy
        gate.set()
        return busy

    assert run_on_fresh_loop(scenario()).startswith(
        "Computing… working out the chances to win for these rules: the first time takes "
        "several minutes (a quarter of an hour at a target of 10 000), then they are saved."
    )


def test_thousands_chances_at_three_seats_are_worked_out_off_the_loop_and_a_click_is_answered_meanwhile():
    from dicelab.thousand.finishing import finishing_chances

    gate = threading.Event()
    asked = []

    class Slow(ExactFinishing):
        def chances(self, finishing, state):
            asked.append(threading.current_thread() is threading.main_thread())
            gate.wait(10)  # as long as the chances of one state take
            return super().chances(finishing, state)

    async def scenario():
        widget = ThousandGame(players=["Ann", "Ben", "Cy"], rules=SMALL_THOUSAND, seed=2, pace=0)
        widget.winning.source = BySeats(ExactForTwo("thousand"), Slow())
        press(widget, "chances")
        for _ in range(500):  # the finishing tables prepared; the first state's chances asked
            await asyncio.sleep(0.01)
            if asked:
                break
        first = values(widget)
        press(widget, "throw")  # answered at once, while the chances are still computing
        answered = (len(widget.game.history), widget.game.state.throw is not None)
        gate.set()
        for _ in range(500):
            await asyncio.sleep(0.01)
            if (
                COMPUTING not in values(widget)
                and len(asked) > 1
                and shares(widget)
                == (
                    pytest.approx(
                        finishing_chances(SMALL_THOUSAND).chances(widget.game.state), abs=1e-4
                    )
                )
            ):
                break
        return widget, first, answered

    widget, first, answered = run_on_fresh_loop(scenario())
    assert first == [COMPUTING] * 3
    assert answered[1]  # the throw was made and drawn while the chances waited
    assert not any(asked)  # never on the event loop's thread
    chances = finishing_chances(SMALL_THOUSAND).chances(widget.game.state)
    assert shares(widget) == pytest.approx(chances, abs=1e-4)
    assert values(widget) == percentages(chances)


# --- what the browser may not do ------------------------------------------------------------------


@pytest.mark.parametrize(
    "part, message",
    [
        ("controls", {"type": "press", "button": "chances", "extra": 1}),
        ("controls", {"type": "press", "button": 3}),
        ("controls", {"type": "toggle", "button": "chances"}),
        ("win_chances", {"type": "toggle"}),
        ("coach", {"type": "measure", "measure": 1}),
        ("coach", {"type": "measure", "measure": "luck"}),
        ("coach", {"type": "measure"}),
    ],
)
def test_a_malformed_intent_is_refused_and_changes_nothing(part, message):
    widget = FivethousandGame(
        players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=4, pace=0, coach=True, chances=True
    )
    parts = {
        "controls": widget.controls,
        "win_chances": panel(widget),
        "coach": widget.coaching.panel,
    }
    before = snapshot(widget, (widget.chances, widget.coaching.rating))
    widget.send_intent(parts[part], message)
    assert notice(widget)
    assert snapshot(widget, (widget.chances, widget.coaching.rating)) == before


def test_a_front_end_writing_the_chances_changes_nothing(monkeypatch):
    widget = FivethousandGame(
        players=["Ann", "Ben"], rules=SMALL_FIVETHOUSAND, seed=4, pace=0, chances=True
    )
    drawn = panel(widget).to_json()
    sent = forge(
        widget,
        monkeypatch,
        panel(widget),
        seats=[{"name": "Ann", "colour": "red", "value": "100%", "share": 1}],
    )
    assert panel(widget).to_json() == drawn
    assert sent[0]["state"]["view"]["parts"]["win_chances"]["seats"] == drawn["seats"]
