"""The rule lab: its form is the Rules dataclass, a valid change recomputes exactly what the
public API gives, a refused or malformed one changes nothing, and Play opens the game."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import fivethousand, odds, registry, thousand, yahtzee
from dicelab.widgets import (
    FivethousandGame,
    RuleLab,
    ThousandGame,
    YahtzeeGame,
    rule_figures,
    rule_form,
)
from dicelab.widgets.module import STATIC
from tests.widgets.event_loop import run_on_fresh_loop
from tests.widgets.test_components import OFFLINE

# Rules whose win policies are solved in a moment.
SMALL = {
    "fivethousand": fivethousand.Rules(dice=3, target=400),
    "thousand": thousand.Rules(dice=3, target=60, casks=((0, 15),)),
}


def set_text(lab, setting, text):
    lab.lab.send_intent(lab.form, {"type": "set", "setting": setting, "text": text})


def field(lab, setting) -> dict:
    return next(f for f in lab.form.fields if f["name"] == setting)


def figure(lab, key) -> dict:
    return next(f for f in lab.results.figures if f["key"] == key)


def state(lab):
    """What a refusal must leave alone: the rules, the figures, the results and the game."""
    return (
        lab.rules,
        dict(lab.values),
        json.dumps(lab.lab.view["parts"]["rule_results"], sort_keys=True),
        lab.children,
    )


# --- the form is the dataclass ------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [fivethousand.Rules(), thousand.Rules(), yahtzee.Rules.preset("yatzy")],
    ids=["fivethousand", "thousand", "yahtzee"],
)
def test_the_form_has_one_field_per_rule_setting_in_order_with_its_value(rules):
    fields = rule_form.fields(rules)
    assert [f["name"] for f in fields] == [f.name for f in dataclasses.fields(rules)]
    for shown in fields:
        value = getattr(rules, shown["name"])
        if shown["kind"] == "flag":
            assert shown["on"] is value
        else:  # the text shown reads back as the very value
            assert rule_form.parse(shown["kind"], shown["text"], shown["label"]) == value


def test_a_new_setting_appears_in_the_form_without_code():
    @dataclasses.dataclass(frozen=True)
    class Wider(thousand.Rules):
        bonus_casks: tuple = ((900, 950),)
        house_rule: str = "none"

    shown = {f["name"]: f for f in rule_form.fields(Wider())}
    assert shown["bonus_casks"]["kind"] == "pairs" and shown["bonus_casks"]["text"] == "(900, 950)"
    assert shown["house_rule"]["kind"] == "word"
    assert rule_form.edit(Wider(), "bonus_casks", "(800, 850), (900, 990)").bonus_casks == (
        (800, 850),
        (900, 990),
    )


def test_the_kinds_of_field_follow_the_defaults():
    kinds = {f["name"]: f["kind"] for f in rule_form.fields(thousand.Rules())}
    assert kinds["dice"] == "number" and kinds["choose_keep"] == "flag"
    assert kinds["ones"] == "numbers" and kinds["casks"] == "pairs"
    words = {f["name"]: f for f in rule_form.fields(yahtzee.Rules())}
    assert words["boxes"]["kind"] == "words" and words["joker"]["choices"] == [
        "forced",
        "free",
        "none",
    ]
    more = {f["name"]: f for f in rule_form.fields(fivethousand.Rules())}["more_of_a_kind"]
    assert more["kind"] == "word" and more["choices"] == ["adding", "doubling", "fixed"]


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_each_game_s_figures_are_the_ones_its_registry_entry_declares(game):
    figures = rule_figures.game_figures(game)
    assert figures is registry.load(registry.GAMES[game].figures, tuple)
    assert figures and all(isinstance(figure, rule_figures.Figure) for figure in figures)
    assert len({figure.key for figure in figures}) == len(figures)


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_the_lab_shows_the_form_of_its_game_and_a_preset_picker(game, monkeypatch):
    monkeypatch.setattr(rule_figures, "game_figures", lambda name: ())  # only the form
    lab = RuleLab(game, pace=0)
    rules = type(lab.rules)()
    assert [f["name"] for f in lab.form.fields] == [f.name for f in dataclasses.fields(rules)]
    assert [p["id"] for p in lab.form.presets] == list(
        rules.PRESETS
    ) and lab.form.preset == rules.preset_name
    assert lab.lab.view["kind"] == "lab" and repr(lab).startswith("<RuleLab of ")


def test_the_lab_takes_a_rules_object_or_a_preset_of_its_game():
    assert RuleLab(SMALL["thousand"], pace=0).name == "thousand"
    lab = RuleLab("fivethousand", rules=fivethousand.Rules(dice=2, target=300), pace=0)
    assert lab.rules.dice == 2 and lab.form.preset == ""
    assert lab.form.presets[-1] == {"id": "", "label": "custom"}
    with pytest.raises(ValueError, match="unknown preset"):
        RuleLab("thousand", rules="farkle")


# --- a valid change recomputes ------------------------------------------------------------
def test_a_fivethousand_change_recomputes_the_odds_the_best_turn_and_the_chance_to_win():
    lab = RuleLab(SMALL["fivethousand"], pace=0)
    before = lab.values["turn"]
    set_text(lab, "dice", "2")
    rules = SMALL["fivethousand"].replace(dice=2)
    assert lab.rules == rules and not field(lab, "dice")["error"]
    assert lab.values["turn"] == fivethousand.turn_policy(rules).expected_score != before
    assert lab.values["win"] == fivethousand.win_policy(rules).first_player_wins
    rows = lab.results.odds["rows"]
    assert [row[0] for row in rows] == ["1", "2"]
    assert rows[1][1] == f"{float(odds.bust_probability(rules, 2)):.1%}".replace("%", " %")
    assert figure(lab, "turn") == {
        "key": "turn",
        "label": figure(lab, "turn")["label"],
        "state": "ready",
        "value": f"{lab.values['turn']:.1f} points",
    }
    assert lab.results.busy == "" and field(lab, "dice")["text"] == "2"


def test_a_thousand_change_recomputes_the_expected_turns_and_the_chance_to_win():
    lab = RuleLab(SMALL["thousand"], pace=0)
    set_text(lab, "casks", "(0, 15), (30, 40)")
    rules = SMALL["thousand"].replace(casks=((0, 15), (30, 40)))
    assert lab.rules == rules and field(lab, "casks")["text"] == "(0, 15), (30, 40)"
    assert lab.values["turns"] == thousand.solitaire_policy(rules).expected_turns(0)
    assert lab.values["win"] == thousand.win_policy(rules).first_player_wins
    lab.lab.send_intent(lab.form, {"type": "flag", "setting": "choose_keep", "on": True})
    assert lab.rules.choose_keep and field(lab, "choose_keep")["on"] is True
    assert lab.values["turns"] == thousand.solitaire_policy(
        rules.replace(choose_keep=True)
    ).expected_turns(0)


def test_a_yahtzee_preset_recomputes_the_box_odds_and_the_optimal_score():
    lab = RuleLab("yahtzee", rules="no_bonus", pace=0)
    lab.lab.send_intent(
        lab.form, {"type": "preset", "name": "scratch"}
    )  # both solved elsewhere too
    rules = yahtzee.Rules.preset("scratch")
    assert lab.rules == rules and lab.form.preset == "scratch"
    solution = yahtzee.solve(rules)
    assert lab.values["score"] == (solution.expected_score, solution.std_score)
    assert lab.values["win"] == yahtzee.chance_to_win(yahtzee.Game(players=2, rules=rules))[0]
    assert lab.values["win"] == pytest.approx(0.5, abs=1e-12)  # the cards fill independently
    boxes = odds.situation_odds(rules=rules)
    assert [row[0] for row in lab.results.odds["rows"]] == [
        yahtzee.BOX_TITLES[box] for box in rules.boxes
    ]
    shown = dict((row[0], row[1]) for row in lab.results.odds["rows"])
    assert shown["Yahtzee"] == f"{float(boxes['yahtzee'].chance):.1%}".replace("%", " %") == "4.6 %"


def test_forced_order_in_the_yahtzee_lab_gives_its_optimal_score_and_each_boxs_turn():
    lab = RuleLab("yahtzee", rules="no_bonus", pace=0)
    lab.lab.send_intent(lab.form, {"type": "flag", "setting": "forced_order", "on": True})
    rules = yahtzee.Rules.preset("no_bonus").replace(forced_order=True)
    assert lab.rules == rules and field(lab, "forced_order")["on"] is True
    solution = yahtzee.solve(rules)
    assert lab.values["score"] == (solution.expected_score, solution.std_score)
    assert figure(lab, "score")["value"] == f"{solution.expected_score:.1f} points " + (
        f"(standard deviation {solution.std_score:.1f})"
    )
    assert lab.values["win"] == pytest.approx(0.5, abs=1e-12)
    rows = lab.results.odds["rows"]
    assert [row[0] for row in rows] == [yahtzee.BOX_TITLES[box] for box in rules.boxes]
    assert lab.results.odds["caption"].startswith("Each box's own turn")
    # the Yahtzee box's own turn comes after the twelve boxes above it
    chance = odds.box_odds("yahtzee", rules=rules, filled=dict.fromkeys(rules.boxes[:11], 0))
    shown = f"{float(chance.chance):.1%}".replace("%", " %")
    assert dict((row[0], row[1]) for row in rows)["Yahtzee"] == shown == "4.6 %"


def test_rules_too_big_for_the_lab_say_so_keep_the_estimate_and_the_other_figures_still_come():
    lab = RuleLab(
        "fivethousand", rules=fivethousand.Rules(dice=3, target=5000, single_five=55), pace=0
    )
    shown = figure(lab, "win")
    assert shown["state"] == "estimate" and "win" not in lab.values
    assert shown["label"].startswith("First player's chance to win, estimated from 20,000")
    assert re.search(
        r"^\d+\.\d % ± \d\.\d points; the exact figure is not worked out here: "
        r"the target is \d+ steps of 5 points",
        shown["value"],
    )
    assert lab.values["turn"] == fivethousand.turn_policy(lab.rules).expected_score


def test_a_penalty_rule_sets_chance_to_win_is_estimated_first_then_exact(monkeypatch):
    from dicelab.widgets.components.rule_lab import RuleResults

    drawn = []
    real_draw = RuleResults.draw

    def draw(self, **fields):
        if "figures" in fields:  # (a part is also drawn empty when it is made)
            drawn.append([dict(shown) for shown in fields["figures"] if shown["key"] == "win"][0])
        real_draw(self, **fields)

    monkeypatch.setattr(RuleResults, "draw", draw)
    rules = fivethousand.Rules.preset("facebook").replace(target=600, score_floor=-300)
    lab = RuleLab(rules, pace=0)
    states = [shown["state"] for shown in drawn]
    estimated = drawn[states.index("estimate")]
    assert states.index("working") < states.index("estimate") < states.index("ready")
    assert estimated["label"] == rule_figures.SET_ASIDE_WIN.estimate_label
    assert estimated["pending"] is True  # a progress bar beside it: the exact figure to come
    estimate = rule_figures.first_player_estimate(rules)  # the same games: the same figure
    assert lab.estimates["win"] == estimate
    assert estimated["value"] == (
        f"{estimate.value:.1%} ± {2 * estimate.standard_error * 100:.1f} points; "
        "the exact figure is being worked out"
    ).replace("%", " %", 1)
    assert drawn[-1] == {
        "key": "win",
        "label": rule_figures.WIN_LABEL,
        "value": f"{fivethousand.win_policy(rules).first_player_wins:.1%}".replace("%", " %"),
        "state": "ready",
    }
    assert abs(estimate.value - lab.values["win"]) < 4 * estimate.standard_error


def test_a_chance_to_win_the_exact_solver_refuses_keeps_its_estimate_beside_why():
    lab = RuleLab(thousand.Rules(dice=3, target=60, casks=(), penalty=20), pace=0)
    shown = figure(lab, "win")
    assert shown["state"] == "error" and "win" not in lab.values
    assert shown["label"] == rule_figures.SET_ASIDE_WIN.estimate_label
    assert (
        "; the exact figure could not be worked out: the win policy can't yet honour"
        in (shown["value"])
    )
    assert lab.estimates["win"].n == rule_figures.ESTIMATE_GAMES


def test_change_from_python_goes_through_the_same_checks():
    lab = RuleLab(SMALL["thousand"], pace=0)
    assert lab.change(target=45).rules.target == 45
    with pytest.raises(ValueError, match="multiple of 5"):
        lab.change(target=47)
    assert lab.rules.target == 45


# --- a refused change changes nothing ----------------------------------------------------------
REFUSED = [
    ("fivethousand", "dice", "7", {"dice": 7}),
    ("fivethousand", "dice", "2.5", {"dice": 2.5}),
    ("fivethousand", "target", "lots", {"target": "lots"}),
    ("fivethousand", "single_one", "-100", {"single_one": -100}),
    ("fivethousand", "two_triplets", "2500", {"two_triplets": 2500}),  # needs six dice
    ("fivethousand", "more_of_a_kind", "tripling", {"more_of_a_kind": "tripling"}),
    ("thousand", "target", "47", {"target": 47}),
    ("thousand", "ones", "10, 20", {"ones": (10, 20)}),
    ("thousand", "casks", "(0, 15), (10, 40)", {"casks": ((0, 15), (10, 40))}),
    ("thousand", "casks", "(0, 15", None),
]


@pytest.mark.parametrize(
    "game, setting, typed, direct", REFUSED, ids=[f"{r[1]}={r[2]}" for r in REFUSED]
)
def test_a_refused_value_shows_the_rules_sentence_beside_its_field_and_changes_nothing(
    game, setting, typed, direct
):
    lab = RuleLab(SMALL[game], pace=0)
    before = state(lab)
    set_text(lab, setting, typed)
    assert state(lab) == before
    shown = field(lab, setting)
    assert shown["text"] == typed and shown["error"]
    if direct is not None:  # the same sentence as the rules raise everywhere else
        with pytest.raises(ValueError) as refusal:
            lab.rules.replace(**direct)
        assert shown["error"].rstrip(".").lower() == str(refusal.value).rstrip(".").lower()
    assert lab.form.notice["text"].startswith(rule_form.label(setting) + ": ")
    assert [f["name"] for f in lab.form.fields if f["error"]] == [setting]
    set_text(lab, setting, rule_form.text(getattr(lab.rules, setting)))
    assert not field(lab, setting)["error"]  # the rules' own value clears the refusal


def test_a_refused_yahtzee_word_lists_what_the_rules_take():
    lab = RuleLab("yahtzee", rules="no_bonus", pace=0)
    before = state(lab)
    set_text(lab, "joker", "sometimes")
    assert state(lab) == before
    assert (
        field(lab, "joker")["error"]
        == "The joker rule must be one of none, forced, free, not 'sometimes'."
    )


# --- malformed messages from a browser change nothing ----------------------------------------
MALFORMED = [
    {"part": "rule_form", "type": "set", "setting": "dice"},
    {"part": "rule_form", "type": "set", "setting": "dice", "text": 3},
    {"part": "rule_form", "type": "set", "setting": "dice", "text": "3", "extra": 1},
    {"part": "rule_form", "type": "set", "setting": "wings", "text": "3"},
    {"part": "rule_form", "type": "set", "setting": ["dice"], "text": "3"},
    {"part": "rule_form", "type": "flag", "setting": "bust_keeps_completed_rounds", "on": 1},
    {"part": "rule_form", "type": "flag", "setting": "wings", "on": True},
    {"part": "rule_form", "type": "preset", "name": "yatzy"},
    {"part": "rule_form", "type": "preset", "name": ""},
    {"part": "rule_form", "type": "explode"},
    {"part": "rule_results", "type": "play", "now": True},
    {"part": "nowhere", "type": "play"},
    {"type": "play"},
    [],
    "play",
    None,
]


@pytest.mark.parametrize("message", MALFORMED, ids=range(len(MALFORMED)))
def test_a_malformed_request_changes_nothing_and_is_said(message):
    lab = RuleLab(SMALL["fivethousand"], pace=0)
    before = state(lab)
    lab.lab._handle_custom_msg(message, [])
    assert state(lab) == before and lab.game_widget is None
    assert lab.form.notice["text"]


def test_a_flag_sent_for_a_number_setting_is_refused_by_the_rules():
    lab = RuleLab(SMALL["fivethousand"], pace=0)
    before = state(lab)
    lab.lab.send_intent(lab.form, {"type": "flag", "setting": "dice", "on": True})
    assert state(lab) == before
    assert field(lab, "dice")["error"] == "The rule setting dice must be a whole number, not True."


def test_a_front_end_writing_the_view_gets_the_true_document_back(monkeypatch):
    lab = RuleLab(SMALL["fivethousand"], pace=0)
    sent = []
    monkeypatch.setattr(
        lab.lab.comm, "send", lambda data=None, buffers=None, **_: sent.append(data)
    )
    forged = json.loads(json.dumps(lab.lab.view))
    forged["parts"]["rule_form"]["fields"][0]["text"] = "1"
    lab.lab.set_state({"view": forged})
    assert lab.rules == SMALL["fivethousand"]
    assert sent[-1]["state"]["view"]["parts"]["rule_form"]["fields"][0]["text"] == "3"


# --- playing the rules --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game, widget", [("fivethousand", FivethousandGame), ("thousand", ThousandGame)]
)
def test_play_opens_the_game_with_the_rules_below_the_lab(game, widget):
    lab = RuleLab(SMALL[game], pace=0)
    set_text(lab, "target", "300" if game == "fivethousand" else "45")
    lab.lab.send_intent(lab.results, {"type": "play"})
    opened = lab.game_widget
    assert isinstance(opened, widget) and lab.children == (lab.lab, opened)
    assert opened.game.rules == lab.rules and opened.phase == "play"
    assert lab.results.play == "Play these rules again"
    lab.change(target=200 if game == "fivethousand" else 30)
    assert opened.game.rules != lab.rules  # the game goes on with the rules it started with
    again = lab.play()
    assert (
        again is not opened and again.game.rules == lab.rules and lab.children == (lab.lab, again)
    )


def test_play_opens_yahtzee_at_its_setup_screen_with_the_rules():
    lab = RuleLab("yahtzee", rules="no_bonus", pace=0)
    opened = lab.play()
    assert isinstance(opened, YahtzeeGame) and opened.phase == "setup" and opened.rules == lab.rules
    opened.send_intent(opened.controls, {"type": "press", "button": "start"})
    assert opened.game.rules == yahtzee.Rules.preset("no_bonus")


# --- without blocking the kernel ---------------------------------------------------------------
def test_in_a_kernel_the_figures_come_from_a_worker_while_the_loop_runs_and_a_new_change_stops_the_old():
    async def scenario():
        lab = RuleLab(SMALL["fivethousand"], pace=0)
        first = lab._worker._process
        assert lab.working == ["estimate:win", "turn", "win"]
        assert figure(lab, "win")["state"] == "working"
        assert (
            lab.results.busy.startswith("Working out 2 figures")
            and lab.results.elapsed == "0 s so far"
        )
        set_text(lab, "target", "300")  # before the first worker is done
        assert lab.working and lab._worker._process is not first
        ticks = 0
        while lab.working:
            await asyncio.sleep(0.05)
            ticks += 1
        assert first.poll() is not None  # stopped
        return lab, ticks

    lab, ticks = run_on_fresh_loop(scenario())
    rules = SMALL["fivethousand"].replace(target=300)
    assert ticks > 0  # the loop went on while the worker computed
    assert lab.values == {
        "turn": fivethousand.turn_policy(rules).expected_score,
        "win": fivethousand.win_policy(rules).first_player_wins,
    }
    assert lab.estimates["win"] == rule_figures.first_player_estimate(rules)
    assert lab.results.busy == "" and figure(lab, "win")["state"] == "ready"


def test_a_penalty_solve_in_the_worker_shows_its_passes_and_levels_in_the_progress_line(
    monkeypatch, tmp_path
):
    from dicelab.cache import cache_dir

    monkeypatch.setenv(
        "NUMBA_CACHE_DIR", os.environ.get("NUMBA_CACHE_DIR", "") or str(cache_dir() / "numba")
    )
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))  # solved afresh, in the worker
    rules = fivethousand.Rules.preset("facebook").replace(target=600, score_floor=-300)
    lines = []

    async def scenario():
        lab = RuleLab(rules, pace=0)
        arrived = lab._arrived

        def deliver(request, key, value, error):
            arrived(request, key, value, error)
            if key == "progress":
                lines.append(lab.results.elapsed)

        lab._worker._deliver = deliver
        while lab.working:
            await asyncio.sleep(0.05)
        return lab

    lab = run_on_fresh_loop(scenario())
    assert any(re.fullmatch(r"\d+ s so far; pass 1: level \d+ of 35", line) for line in lines), (
        lines
    )
    done = [line for line in lines if " done" in line]
    assert len(done) == fivethousand.win_policy(rules).passes
    assert re.fullmatch(
        r"\d+ s so far; pass 1 done: the first player wins \d+\.\d{7} %, error bound inf \(\d+ s\)",
        done[0],
    )
    assert (
        lab.results.elapsed == ""
        and lab.values["win"] == fivethousand.win_policy(rules).first_player_wins
    )


def test_closing_the_lab_stops_its_worker():
    async def scenario():
        lab = RuleLab(SMALL["fivethousand"], pace=0)
        worker = lab._worker._process
        lab.close()
        await asyncio.sleep(0.5)
        return worker.poll(), lab._worker.busy

    code, busy = run_on_fresh_loop(scenario())
    assert code is not None and not busy


def test_a_worker_that_cannot_start_says_so_beside_each_figure(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("no such interpreter")

    monkeypatch.setattr("dicelab.widgets.figure_worker.subprocess.Popen", refuse)

    async def scenario():
        return RuleLab(SMALL["thousand"], pace=0)

    lab = run_on_fresh_loop(scenario())
    assert lab.values == {} and lab.working == [] and lab.results.busy == ""
    assert [f["state"] for f in lab.results.figures] == ["error", "error"]
    assert "no worker process could be started (no such interpreter)" in figure(lab, "win")["value"]


def test_a_stale_figure_is_dropped():
    lab = RuleLab(SMALL["thousand"], pace=0)
    values = dict(lab.values)
    lab._arrived(lab._request - 1, "win", 0.0, "")
    assert lab.values == values


# --- the front end ------------------------------------------------------------------------------
def test_the_lab_module_is_offline_and_holds_its_components():
    table = RuleLab(SMALL["thousand"], pace=0).lab
    esm, css = table._esm, table._css
    for name in ("rule_form", "rule_results"):
        source = (STATIC / f"{name}.js").read_text()
        assert f'component("{name}", ' in source and f'component("{name}", ' in esm
        assert not OFFLINE.search(source) and len(source.splitlines()) < 120
        assert "http" not in (STATIC / f"{name}.css").read_text()
    assert esm.count("const defaultExport = { render };") == 1 and ".dicelab-lab" in css


# --- whatever is typed ------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from([fivethousand.Rules(), thousand.Rules(), yahtzee.Rules()]), data=st.data()
)
def test_whatever_is_typed_gives_the_rules_replace_would_or_a_refusal(rules, data):
    names = [f.name for f in dataclasses.fields(rules)]
    name = data.draw(st.sampled_from(names))
    typed = data.draw(
        st.one_of(
            st.text(max_size=30),
            st.from_regex(r"-?\d{1,7}(\.\d)?", fullmatch=True),
            st.from_regex(r"(\(\d{1,4}, \d{1,4}\)(, )?){0,3}", fullmatch=True),
            st.booleans(),
        )
    )
    try:
        changed = rule_form.edit(rules, name, typed)
    except ValueError as refusal:  # the rules' own errors (a TypeError too for a wrong type)
        assert str(refusal)
        return
    assert dataclasses.replace(rules, **{name: getattr(changed, name)}) == changed
    assert (
        rule_form.edit(
            changed, name, rule_form.text(getattr(changed, name)) if type(typed) is str else typed
        )
        == changed
    )  # shown text reads back


def test_a_lab_whose_rules_are_refused_leaves_nothing_that_fails_to_close(monkeypatch):
    import gc
    import sys

    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(ValueError, match="unknown preset"):
        RuleLab("thousand", rules="farkle")
    gc.collect()
    assert [str(seen.exc_value) for seen in unraisable] == []
