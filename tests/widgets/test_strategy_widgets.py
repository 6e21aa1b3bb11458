"""The strategy widgets driven by intents, without a browser: the builder makes the
strategy its settings say (and refuses bad requests, changing nothing), the card draws
where a strategy banks with its exact points per turn, and the leaderboard pools the
rounds of a tournament it plays."""

import json

import numpy
import pytest

import dicelab
from dicelab import strategy
from dicelab.round_robin import Standings
from dicelab.widgets import Leaderboard, StrategyBuilder, StrategyCard
from dicelab.widgets.leaderboard import round_seed
from dicelab.widgets.strategy_card import shares

SMALL = {"target": 300}


def send(builder, **message):
    builder.send_intent(builder.form, message)


def cell(builder, setting):
    for situation in builder.form.situations:
        for shown in situation["cells"] + ([situation["limit"]] if situation["limit"] else []):
            if shown["setting"] == setting:
                return shown["value"]
    raise LookupError(setting)


def test_the_builder_makes_the_strategy_its_settings_say_with_clicks_only():
    builder = StrategyBuilder("traditional", name="Ann")
    assert builder.strategy == strategy.threshold("traditional", **builder.settings)
    for _ in range(4):
        send(builder, type="step", setting="usual/6", by=1)
    send(builder, type="step", setting="usual/1", by=-1)
    send(builder, type="switch", situation="behind", on=True)
    send(builder, type="step", setting="behind", by=1)
    send(builder, type="step", setting="behind/2", by=1)
    send(builder, type="switch", situation="near", on=True)
    send(builder, type="set_aside", rule="fewest_dice")
    settings = builder.settings
    assert settings["bank_at"] == {1: 250, 2: 300, 3: 300, 4: 300, 5: 300, 6: 500}
    assert settings["when_behind_by"] == 1500 and settings["behind_bank_at"][2] == 650
    assert settings["when_opponent_within"] == 500 and settings["near_bank_at"][1] == 900
    assert settings["set_aside"] == "fewest_dice" and settings["name"] == "Ann"
    made = strategy.threshold("traditional", **settings)
    assert builder.strategy == made
    assert cell(builder, "usual/6") == "500" and cell(builder, "behind") == "1500"
    assert "when behind by more than 1500" in builder.form.summary
    assert builder.card.heading == "Ann: when it banks"
    assert builder.card.points == f"Exact points per turn: {strategy.points_per_turn(made):.1f}"
    send(builder, type="switch", situation="behind", on=False)
    assert "when_behind_by" not in builder.settings


def test_a_threshold_past_the_turn_cap_is_never_and_comes_back_to_the_cap():
    builder = StrategyBuilder(SMALL)
    cap = builder.grid.turn_cap
    send(builder, type="set", setting="usual/2", text=str(cap))
    send(builder, type="step", setting="usual/2", by=1)
    assert builder.settings["bank_at"][2] is None and cell(builder, "usual/2") == "never"
    assert not builder.strategy.play[..., 1].any()  # with two dice it always throws on
    send(builder, type="step", setting="usual/2", by=-1)
    assert builder.settings["bank_at"][2] == cap
    send(builder, type="set", setting="usual/2", text=" Never ")
    assert builder.settings["bank_at"][2] is None


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ({"type": "set", "setting": "usual/3", "text": "12.5"}, "3 dice: type a whole number"),
        ({"type": "set", "setting": "usual/3", "text": "301"}, "from 0 to 300, or never"),
        ({"type": "set", "setting": "near", "text": "never"}, "Opponent within: type"),
        ({"type": "step", "setting": "usual/4", "by": 2}, "steps by 1 or -1"),
        ({"type": "step", "setting": "usual/7", "by": 1}, "no setting 'usual/7'"),
        ({"type": "step", "setting": "usual/01", "by": 1}, "no setting"),
        ({"type": "switch", "situation": "usual", "on": False}, "no situation 'usual'"),
        ({"type": "set_aside", "rule": "best"}, "no set-aside rule 'best'"),
        ({"type": "rename", "text": "\u202e"}, "must not hold control"),
        ({"type": "rename", "text": ""}, "1 to"),
        ({"type": "step", "setting": "usual/3"}, "strategy builder"),
        ({"type": "explode"}, "strategy builder"),
        ("step", "not understood"),
    ],
)
def test_a_bad_request_is_said_and_changes_nothing(message, said):
    builder = StrategyBuilder(SMALL)
    send(builder, type="step", setting="usual/3", by=1)
    before = (
        builder.settings,
        builder.strategy,
        json.dumps(builder.view["parts"]["strategy_card"]),
    )
    if isinstance(message, dict):
        send(builder, **message)
    else:
        builder.send_intent(builder.form, message)
    assert said in builder.form.notice["text"]
    assert builder.form.notice["text"].endswith("The strategy is unchanged.")
    assert (
        builder.settings,
        builder.strategy,
        json.dumps(builder.view["parts"]["strategy_card"]),
    ) == before
    send(builder, type="step", setting="usual/3", by=-1)  # the next change takes the words back
    assert builder.form.notice == {}


def test_a_step_below_zero_is_refused():
    builder = StrategyBuilder(SMALL)
    send(builder, type="set", setting="usual/1", text="0")
    send(builder, type="step", setting="usual/1", by=-1)
    assert builder.settings["bank_at"][1] == 0
    assert builder.form.notice["text"] == "1 die can't go below 0. The strategy is unchanged."


def test_the_builder_refuses_bad_arguments_before_building_anything():
    with pytest.raises(ValueError, match="no_such_rules"):
        StrategyBuilder("no_such_rules")
    with pytest.raises(TypeError, match="a strategy's name must be a string"):
        StrategyBuilder(name=3)


def test_the_card_draws_where_the_strategy_banks_and_its_exact_points_per_turn():
    chosen = strategy.threshold(
        "zillions",
        bank_at={1: 250, 2: 300},
        otherwise=600,
        when_behind_by=1500,
        behind_bank_at=800,
        name="keep pace",
    )
    card = StrategyCard(chosen)
    rows = {row["dice"]: row["cells"] for row in card.card.rows}
    assert [row["dice"] for row in card.card.rows] == [6, 5, 4, 3, 2, 1]
    behind = numpy.mean([o - s > 1500 for s in range(0, 5000, 500) for o in range(0, 5000, 500)])
    assert rows[1][200 // 50] == 0 and rows[1][250 // 50] == pytest.approx(1 - behind, abs=1e-4)
    assert rows[6][800 // 50] == 1
    assert numpy.allclose([rows[d] for d in range(1, 7)], shares(chosen).T, atol=1e-4)
    labelled = [column["label"] for column in card.card.columns if column["label"]]
    assert labelled == [str(points) for points in range(0, 2001, 250)]
    assert card.points == strategy.points_per_turn(chosen)
    assert card.card.points == f"Exact points per turn: {card.points:.1f}" and card.card.busy == ""
    card.show_strategy(strategy.threshold("zillions", bank_at=300, name="Ben"))
    assert card.card.heading == "Ben: when it banks"
    with pytest.raises(TypeError, match="not str"):
        card.show_strategy("bank at 300")


def test_a_card_says_why_there_is_no_exact_points_per_turn():
    card = StrategyCard(strategy.threshold({"penalty": 500, "score_floor": -500}, bank_at=300))
    assert card.points is None
    assert card.card.busy.startswith("No exact points per turn: the exact judgement can't yet")


def test_the_leaderboard_plays_in_rounds_each_a_seeded_round_robin_pooled():
    field = [strategy.threshold(SMALL, bank_at=t, name=f"at {t}") for t in (50, 150)]
    board = Leaderboard().play(field, robots=("simple",), games=60, seed=7, rounds=3)
    rounds = [
        dicelab.tournament(
            field,
            games=20,
            robots=("simple",),
            seed=round_seed(7, k),
            exact=k == 2,
            progress=False,
        )
        for k in range(3)
    ]
    assert board.standings == Standings.pooled(rounds, 7)
    assert board.standings.games == 60 and not board.running and board.error is None
    ranked = board.standings.ranked()
    assert [row["name"] for row in board.board.rows] == [name for name, _ in ranked]
    assert board.board.rows[-1]["robot"] == (ranked[-1][0] == "simple")
    assert board.board.rows[0]["wins"] == f"{ranked[0][1].value:.1%}"
    exact = strategy.win_chance(field[0], field[1]).chance
    assert board.board.pairings["rows"] == [
        [
            "at 50",
            "at 150",
            f"{board.standings.shares[0, 1]:.1%}",
            f"± {2 * board.standings.errors[0, 1]:.1%}",
            f"{exact:.1%}",
        ]
    ]
    assert board.board.status == "Played: 3 pairings, 60 games each." and board.board.progress == {}


def test_pooling_weighs_each_part_by_its_games():
    field = [strategy.threshold(SMALL, bank_at=t, name=f"at {t}") for t in (50, 150)]
    a = dicelab.tournament(field, games=20, robots=(), seed=1, exact=False, progress=False)
    b = dicelab.tournament(field, games=60, robots=(), seed=2, exact=True, progress=False)
    pooled = Standings.pooled([a, b], 3)
    assert pooled.games == 80 and pooled.seed == 3
    assert pooled.shares[0, 1] == pytest.approx((a.shares[0, 1] + 3 * b.shares[0, 1]) / 4)
    assert pooled.errors[0, 1] == pytest.approx(
        numpy.hypot(a.errors[0, 1] / 4, 3 * b.errors[0, 1] / 4)
    )
    assert pooled.exact[0, 1] == b.exact[0, 1]
    assert Standings.pooled([a], 1) == a
    other = dicelab.tournament(field, games=20, robots=("simple",), progress=False)
    with pytest.raises(ValueError, match="same entrants"):
        Standings.pooled([a, other], 1)
    with pytest.raises(ValueError, match="one part or more"):
        Standings.pooled([], 1)


def test_the_leaderboard_shows_a_finished_tournament_and_refuses_bad_arguments():
    field = [strategy.threshold(SMALL, bank_at=t, name=f"at {t}") for t in (50, 150)]
    standings = dicelab.tournament(field, games=40, robots=(), progress=False)
    board = Leaderboard(standings)
    assert [row["name"] for row in board.board.rows] == [n for n, _ in standings.ranked()]
    assert Leaderboard().board.status.startswith("No tournament yet")
    with pytest.raises(TypeError, match="not list"):
        Leaderboard([standings])
    with pytest.raises(ValueError, match="games must be from 20"):
        board.play(field, games=10, rounds=10)
    assert board.standings == standings  # a refused play changes nothing
    with pytest.raises(TypeError, match="an entrant is a strategy"):
        board.play(["simple"], games=20, rounds=1)


def test_the_strategy_widgets_speak_russian_with_lang():
    builder = StrategyBuilder({"target": 300}, lang="ru")
    assert builder.strategy.name == "моя стратегия"
    assert builder.form.heading == "Соберите стратегию"
    assert builder.summary().startswith("Записывает с 50 очков хода при любом числе кубиков")
    assert (
        builder.card.rows[0]["label"] == "6 кубиков" and builder.card.rows[-1]["label"] == "1 кубик"
    )
    builder.step("usual/1", -1)
    builder.step("usual/1", -1)
    assert builder.form.notice["text"] == "1 кубик: меньше 0 нельзя. Стратегия не изменилась."
    card = StrategyCard(strategy.threshold("traditional", bank_at=300), lang="ru")
    assert card.card.heading.endswith(": когда записывает")
    assert card.card.points.startswith("Точно очков за ход: ")
    board = Leaderboard(lang="ru")
    assert board.board.status.startswith("Турнира ещё не было")
    assert board.words["leaderboard_robot"] == "(робот)"
    field = [strategy.threshold("traditional", bank_at=t, name=f"{t}") for t in (200, 400)]
    board.play(field, robots=("simple",), games=20, rounds=2)
    assert board.board.columns == ["место", "участник", "победы", "± 2 ст. ош.", "партии"]
    assert board.board.status == "Сыграно: пар — 3, партий в каждой — 20."
    assert StrategyBuilder().strategy.name == "my strategy"
