"""The batch Yahtzee simulator: the engine's rules, the one-game bots' decisions, the same
results in distribution as the engine path, and the same results whatever the chunking."""

import pickle
import random
from dataclasses import replace

import numpy
import pytest

from dicelab import simulate
from dicelab.dice import multisets
from dicelab.players import RandomBot
from dicelab.simulate.yahtzee_batch import batch_bots, play_games, play_turns
from dicelab.simulate.yahtzee_bots import BatchChaseBox, BatchGreedy
from dicelab.simulate.yahtzee_play import CardBatch
from dicelab.yahtzee import Engine, Roll, Rules, Score, State
from dicelab.yahtzee.score_tables import ROLLS, score_tables
from dicelab.yahtzee.scoring import box_points, legal_boxes, yahtzee_bonus
from dicelab.yahtzee.strategy import GreedyBot
from tests.yahtzee_batch_helpers import (
    batch_decisions,
    ks_two_sample,
    load_turn,
    one_game_decision,
    sample_states,
)

ALPHA = 1e-4  # the distribution tests' level; their seeds are fixed
PRESETS = ["scratch", "hasbro", "free_joker", "no_bonus", "yatzy"]
CUSTOM = Rules(rolls=4, upper_bonus_threshold=42, joker="forced", yahtzee_bonus=70, full_house=20)
ALL_RULES = [Rules.preset(name) for name in PRESETS] + [CUSTOM, Rules(forced_order=True)]
RULE_IDS = PRESETS + ["custom", "forced_order"]


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_score_tables_and_legal_boxes_are_the_engines(rules):
    engine, rng = Engine(rules), random.Random(5)
    states = sample_states(rules, 600, seed=11)
    table, turn = load_turn(rules, states)
    which = numpy.arange(len(states))
    legal = table.scores.legal(turn.card(which)[0], turn.roll_index(which))
    chosen = []
    for row, state in enumerate(states):
        boxes = engine.scorable_boxes(state)
        assert [rules.boxes[i] for i in numpy.flatnonzero(legal[row])] == list(boxes)
        chosen.append(rules.boxes.index(rng.choice(boxes)))
    turn.score(which, numpy.array(chosen))
    for row, state in enumerate(states):
        after = engine.apply(state, Score(rules.boxes[chosen[row]]))
        assert table.totals()[row, 0] == after.cards[0].total(rules)
        assert table.busts[row, 0] == (after.cards[0].filled[-1][1] == 0)


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_score_tables_hold_what_scoring_says_in_every_card_context(rules):
    tables = score_tables(rules)
    for r, roll in enumerate(ROLLS):
        for c in range(3):
            for m in range(2):
                card = tables.context(c, m, roll)
                assert tables.points[c, m, r].tolist() == [
                    box_points(rules, box, roll, card) for box in rules.boxes
                ], (roll, card)
                assert tables.bonus[c, m, r] == yahtzee_bonus(rules, roll, card), (roll, card)


def test_forced_joker_boxes_on_every_card():
    rules = Rules.preset("hasbro")
    scores = score_tables(rules)
    yahtzees = [ROLLS.index((face,) * 5) for face in range(1, 7)] + [ROLLS.index((1, 2, 3, 4, 6))]
    masks = numpy.repeat(numpy.arange((1 << len(rules.boxes)) - 1), len(yahtzees))
    rolls = numpy.tile(yahtzees, len(masks) // len(yahtzees))
    legal = scores.legal(masks, rolls)
    for mask, roll, row in zip(masks.tolist(), rolls.tolist(), legal):
        filled = {box: 0 for i, box in enumerate(rules.boxes) if mask >> i & 1}
        assert tuple(rules.boxes[i] for i in numpy.flatnonzero(row)) == legal_boxes(
            rules, ROLLS[roll], filled
        )


def test_rolls_keep_held_dice_in_place_and_fill_the_rest_in_order():
    rules = Rules()
    states = [replace(state, rolls_used=1) for state in sample_states(rules, 500, seed=3)]
    table, turn = load_turn(rules, states)
    before, held = turn.dice.copy(), turn.held.copy()
    turn.roll(numpy.arange(len(states)))
    engine = Engine(rules)
    for row, state in enumerate(states):
        if all(state.held):
            continue
        rolled = [face for face, h in zip(turn.dice[row].tolist(), held[row]) if not h]
        expected = engine.apply_chance(engine.apply(state, Roll()), rolled)
        assert tuple(turn.dice[row].tolist()) == expected.dice
        assert (turn.dice[row][held[row]] == before[row][held[row]]).all()


DECIDING = [
    ("greedy", GreedyBot(), BatchGreedy),
    ("chase_full_house", simulate.ChaseBox("full_house"), lambda r: BatchChaseBox(r, "full_house")),
    ("chase_sixes", simulate.ChaseBox("sixes"), lambda r: BatchChaseBox(r, "sixes")),
    ("chase_two_pairs", simulate.ChaseBox("two_pairs"), lambda r: BatchChaseBox(r, "two_pairs")),
]


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@pytest.mark.parametrize("name, bot, batch", DECIDING, ids=[d[0] for d in DECIDING])
def test_batch_decisions_are_the_one_game_bots(rules, name, bot, batch):
    engine = Engine(rules)
    states = sample_states(rules, 2000 if name == "greedy" else 600, seed=len(name))
    table, turn = load_turn(rules, states)
    got = batch_decisions(rules, batch(rules).decide, turn, states)
    for state, decision in zip(states, got):
        assert decision == one_game_decision(engine, bot, state), state


def test_batch_bots_for_levels_bot_objects_and_users_bots():
    rules = Rules()
    bots = batch_bots(
        rules, ["greedy", GreedyBot(), "random", RandomBot(), simulate.ChaseBox("yahtzee")]
    )
    assert bots[0] is bots[1] and bots[2] is bots[3]
    assert isinstance(bots[4], BatchChaseBox) and bots[4].box_name == "yahtzee"

    class Careful(GreedyBot):
        def choose(self, engine, state, rng):
            return super().choose(engine, state, rng)

    assert batch_bots(rules, ["greedy", Careful()]) is None


def test_batch_bots_travel_as_their_rules():
    rules = Rules.preset("yatzy")
    bots = batch_bots(rules, ["random", "greedy", simulate.ChaseBox("two_pairs"), "optimal"])
    sizes = [len(pickle.dumps(bot)) for bot in bots]
    assert max(sizes) < 2000
    again = pickle.loads(pickle.dumps(bots))
    assert [type(bot) for bot in again] == [type(bot) for bot in bots] and again[
        2
    ].box_name == "two_pairs"
    games = numpy.arange(5)
    assert (
        play_games(rules, again, 3, games)["scores"] == play_games(rules, bots, 3, games)["scores"]
    ).all()


def game_batch_bots(rules, level):
    return batch_bots(
        rules, [simulate.ChaseBox("fours") if level == "chase_box" else level, "random"]
    )


@pytest.mark.parametrize("level", ["random", "greedy", "chase_box", "optimal"])
def test_games_are_the_same_whatever_the_chunking(level):
    rules = Rules.preset("hasbro")
    bots = game_batch_bots(rules, level)
    whole = play_games(rules, bots, seed=9, games=numpy.arange(60))
    parts = [
        play_games(rules, bots, seed=9, games=numpy.arange(start, stop))
        for start, stop in ((0, 0), (0, 1), (1, 23), (23, 60))
    ]
    backwards = play_games(rules, bots, seed=9, games=numpy.arange(59, -1, -1))
    for key, values in whole.items():
        assert values.dtype == parts[0][key].dtype
        assert (numpy.concatenate([part[key] for part in parts]) == values).all(), key
        assert (backwards[key][::-1] == values).all(), key
    assert whole["scores"].shape == (60, 2) and whole["wins"].any(axis=1).all()
    assert (whole["wins"] == (whole["scores"] == whole["scores"].max(axis=1, keepdims=True))).all()
    assert (whole["turns"] == 26).all() and whole["busts"].max() <= 13


@pytest.mark.parametrize("level", ["random", "optimal"])
def test_games_are_the_same_however_chunks_cut_the_run(level):
    """Chunks that cut a run anywhere give every game the same dice and choices."""
    rules = Rules.preset("yatzy")
    bots = game_batch_bots(rules, level)
    whole = play_games(rules, bots, seed=2, games=numpy.arange(1000, 1060))
    cuts = [
        play_games(rules, bots, seed=2, games=numpy.arange(start, stop))
        for start, stop in ((1000, 1024), (1024, 1031), (1031, 1060))
    ]
    middle = play_games(rules, bots, seed=2, games=numpy.arange(1010, 1040))
    for key, values in whole.items():
        assert (numpy.concatenate([part[key] for part in cuts]) == values).all(), key
        assert (middle[key] == values[10:40]).all(), key


def test_a_rolls_dice_depend_on_its_turn_and_roll_only():
    table = CardBatch(Rules(), seats=2, seed=1, games=numpy.arange(3))
    rows = numpy.arange(3)
    later = table.throw_codes(5, rows, numpy.array([0, 1, 2]))
    assert ((later >= 0) & (later < 6**6)).all()
    earlier = table.throw_codes(4, rows, numpy.zeros(3, dtype=numpy.int64))
    fresh = CardBatch(Rules(), seats=2, seed=1, games=numpy.arange(3))
    assert (fresh.throw_codes(4, rows, numpy.zeros(3, dtype=numpy.int64)) == earlier).all()
    assert (fresh.throw_codes(5, rows[::-1], numpy.array([2, 1, 0])) == later[::-1]).all()
    assert len({*earlier.tolist(), *later.tolist()}) == 6  # other turns and rolls, other dice


@pytest.mark.parametrize("level", ["random", "greedy", "chase_box", "optimal"])
def test_turns_are_the_same_whatever_the_chunking(level):
    rules = Rules.preset("yatzy")
    (bot, _) = game_batch_bots(rules, level)
    whole = play_turns(rules, bot, seed=4, turns=numpy.arange(300))
    parts = [
        play_turns(rules, bot, seed=4, turns=numpy.arange(start, stop))
        for start, stop in ((0, 150), (150, 300))
    ]
    for key, values in whole.items():
        assert (numpy.concatenate([part[key] for part in parts]) == values).all(), key
    assert whole["busts"].dtype == bool and set(whole["throws"].tolist()) <= {1, 2, 3}
    other = play_turns(rules, bot, seed=5, turns=numpy.arange(300))
    assert (other["points"] != whole["points"]).any()


def engine_turns(rules, bot, n, seed):
    return simulate.turns("yahtzee", bot, n=n, seed=seed, rules=rules, progress=False)


@pytest.mark.parametrize(
    "level, rules",
    [
        ("random", Rules()),
        ("greedy", Rules.preset("yatzy")),
        ("chase_box", CUSTOM),
        ("optimal", Rules.preset("free_joker")),
    ],
    ids=["random", "greedy", "chase_box", "optimal"],
)
def test_turns_match_the_engine_path_in_distribution(level, rules):
    bot = simulate.ChaseBox("fours") if level == "chase_box" else level
    engine = engine_turns(rules, bot, 1500, seed=2)
    (batch_bot,) = batch_bots(rules, [bot])
    batch = play_turns(rules, batch_bot, seed=2, turns=numpy.arange(20000))
    assert ks_two_sample(engine.points, batch["points"]) > ALPHA
    assert ks_two_sample(engine.throws, batch["throws"]) > ALPHA
    assert ks_two_sample(engine.busts, batch["busts"]) > ALPHA


@pytest.mark.parametrize("rules", [Rules(), Rules.preset("hasbro")], ids=["scratch", "hasbro"])
def test_games_match_the_engine_path_in_distribution(rules):
    engine = simulate.games(
        "yahtzee", ["greedy", "random"], n=250, seed=3, rules=rules, progress=False
    )
    batch = play_games(
        rules, batch_bots(rules, ["greedy", "random"]), seed=3, games=numpy.arange(5000)
    )
    for seat in range(2):
        assert ks_two_sample(engine.scores[:, seat], batch["scores"][:, seat]) > ALPHA
        assert ks_two_sample(engine.busts[:, seat], batch["busts"][:, seat]) > ALPHA
    assert ks_two_sample(engine.wins[:, 0], batch["wins"][:, 0]) > ALPHA


def test_the_random_bot_picks_uniformly_among_legal_actions():
    """From one situation, every legal action (roll, 5 holds, the open boxes) equally often."""
    rules = Rules()
    card = State(cards=(Engine(rules).initial_state(1).cards[0],)).card
    states = [State(cards=(card,), dice=(1, 2, 2, 4, 6), rolls_used=1)] * 14000
    table, turn = load_turn(rules, states)
    (bot,) = batch_bots(rules, ["random"])
    held, used = turn.held.copy(), turn.rolls_used.copy()
    going = bot.step(turn, numpy.arange(len(states)))
    scored = numpy.log2(table.mask[:, 0][table.mask[:, 0] > 0]).astype(int)
    assert len(going) == len(states) - len(scored)
    options = 1 + 5 + len(rules.boxes)
    counts = (
        [int((turn.rolls_used > used).sum())]
        + (turn.held != held).sum(axis=0).tolist()
        + numpy.bincount(scored, minlength=len(rules.boxes)).tolist()
    )
    expected = len(states) / options
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    assert statistic < 55.68  # the chi-square quantile of 1 - 1e-5 with 18 degrees of freedom
    assert sum(counts) == len(states)


def test_every_roll_has_its_code():
    assert sorted(score_tables(Rules()).roll_index(numpy.array(multisets(5))).tolist()) == list(
        range(252)
    )
