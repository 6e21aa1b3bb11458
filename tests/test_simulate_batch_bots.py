"""The batch bots make exactly the decisions of their one-game bots, on thousands of states
sampled from real play, for every preset and for custom rules."""

import random
import zlib
from dataclasses import replace

import numpy
import pytest

from dicelab import fivethousand, thousand
from dicelab.players import RandomBot
from dicelab.setaside import Bank, SetAside
from dicelab.setaside.throws import MULTISETS, ThrowChoices
from dicelab.simulate import ThresholdBot
from dicelab.simulate.setaside_bots import TurnBatch, batch_bot

NUMBER = {m: i for i, m in enumerate(MULTISETS)}

RULES = {
    "fivethousand": [fivethousand.Rules.preset(name) for name in fivethousand.PRESETS]
    + [
        fivethousand.Rules(dice=4, single_five=0, three_pairs=700, target=3000),
        fivethousand.Rules(
            more_of_a_kind="doubling",
            four_of_a_kind_and_pair=1500,
            two_triplets=2500,
            bust_keeps_completed_rounds=False,
        ),
        fivethousand.Rules(
            target=3000,
            opening=500,
            min_bank=300,
            penalty=500,
            penalty_after=2,
            score_floor=-1000,
            all_dice_farkle=500,
            bust_keeps_completed_rounds=False,
        ),
        fivethousand.Rules.preset("farkle").replace(hot_dice="compulsory"),
        fivethousand.Rules(hot_dice="compulsory", min_bank=300, bust_keeps_completed_rounds=False),
        fivethousand.Rules(dice=3, target=2000, hot_dice="compulsory"),
    ],
    "thousand": [
        thousand.Rules(),
        thousand.Rules(choose_keep=True),
        thousand.Rules(casks=((0, 50), (450, 600)), target=600, five_per_pip=50),
        thousand.Rules(dump_truck=555),
        thousand.Rules(penalty=50, penalty_after=3),
        thousand.Rules(penalty=50, penalty_after=3, choose_keep=True),  # a part ranked by streak
    ],
}
LEVELS = {
    "fivethousand": ["simple", "intelligent", "optimal"],
    "thousand": ["simple", "cask_aware", "optimal"],
}
CASES = [
    pytest.param(
        game,
        rules,
        level,
        id=f"{game}-{rules.preset_name or f'custom{k}'}-{getattr(level, 'level', level)}",
        # (the one-game optimal bot choosing its parts under bolts: minutes on two cores)
        marks=pytest.mark.slow
        if level == "optimal" and rules.penalty and rules.choose_keep
        else (),
    )
    for game, all_rules in RULES.items()
    for k, rules in enumerate(all_rules)
    for level in LEVELS[game] + [ThresholdBot(250)]
]
# The win bot: small rules (the presets' policies take a minute to solve), two players, plus
# the other seat counts where it plays like the optimal bot.
WIN_RULES = {
    "fivethousand": [
        fivethousand.Rules(dice=3, target=500),
        fivethousand.Rules(dice=4, target=600, bust_keeps_completed_rounds=False),
        fivethousand.Rules(dice=4, target=600, more_of_a_kind="adding"),
        fivethousand.Rules(
            dice=4, target=600, bust_keeps_completed_rounds=False, opening=150, min_bank=100
        ),
        fivethousand.Rules(dice=3, target=500, all_dice_farkle=150),
        fivethousand.Rules(
            dice=4,
            target=600,
            bust_keeps_completed_rounds=False,
            opening=150,
            min_bank=100,
            hot_dice="compulsory",
        ),
        fivethousand.Rules(dice=3, target=500, hot_dice="compulsory"),
    ],
    "thousand": [
        thousand.Rules(dice=3, target=100, casks=((0, 20), (50, 60))),
        thousand.Rules(dice=3, target=100, casks=((0, 20),), choose_keep=True),
        thousand.Rules(dice=3, target=100, casks=((0, 20),), dump_truck=55),
        thousand.Rules(dice=3, target=100, casks=(), dump_truck=35, choose_keep=True),
    ],
}
CASES += [
    pytest.param(game, rules, "win", id=f"{game}-small{k}-win")
    for game, all_rules in WIN_RULES.items()
    for k, rules in enumerate(all_rules)
]


def sampled_states(game, rules, count: int, seed: int, seat_counts=(1, 2, 3)):
    """Decision states ("choose" and "decide") met in random play from random scores."""
    module = fivethousand if game == "fivethousand" else thousand
    engine, rng, bot = module.Engine(rules), random.Random(seed), RandomBot()
    states = []
    while len(states) < count:
        seats = rng.choice(seat_counts)
        scores = tuple(
            rng.randrange(0, rules.target + 1, 5 if game == "thousand" else 50)
            for _ in range(seats)
        )
        if game == "thousand":
            scores = tuple(s if s < rules.target else 0 for s in scores)
        state = replace(engine.initial_state(seats), scores=scores)
        if state.on_board:  # some seats on the board (those with points), some not yet
            on_board = tuple(score > 0 and rng.random() < 0.7 for score in scores)
            state = replace(
                state,
                on_board=on_board,
                scores=tuple(score if board else 0 for score, board in zip(scores, on_board)),
            )
        if state.streaks:  # farkles in a row, and scores a penalty took below 0
            state = replace(
                state,
                streaks=tuple(rng.randrange(rules.penalty_after) for _ in scores),
                scores=tuple(
                    max(rules.score_floor, -score) if rng.random() < 0.2 else score
                    for score in state.scores
                ),
            )
        if game == "fivethousand" and seats > 1 and rng.random() < 0.4 and rules.last_turn:
            state = replace(state, final_turns=tuple(range(seats)))  # some last turns
        for _ in range(rng.randrange(1, 60)):
            if state.is_over:
                break
            if state.is_chance:
                state = engine.apply_chance(state, engine.sample_chance(state, rng))
                continue
            if state.phase in ("choose", "decide"):
                states.append(state)
            state = engine.apply(state, bot.choose(engine, state, rng))
    return engine, states[:count]


def _as_turns(engine, states):
    seats = max(len(s.scores) for s in states)
    scores = numpy.array([s.scores + (-(10**9),) * (seats - len(s.scores)) for s in states])
    final = [bool(getattr(engine, "in_final_turn", lambda s: False)(s)) for s in states]
    return (
        TurnBatch.of(
            scores,
            [s.player for s in states],
            [s.turn_points for s in states],
            [s.round_start for s in states],
            [s.dice_left for s in states],
            final,
            [NUMBER.get(s.throw, 0) for s in states],
        ),
        [getattr(engine, "on_board", lambda s: True)(s) for s in states],
        [s.streaks[s.player] if s.streaks else 0 for s in states],
    )


def as_turns(engine, states) -> TurnBatch:
    """The batch's view of ``states``, each seat's opening and farkles in a row included."""
    turns, on_board, streak = _as_turns(engine, states)
    return TurnBatch(
        **{
            name: getattr(turns, name)
            for name in TurnBatch.FIELDS
            if name not in ("on_board", "streak")
        },
        on_board=numpy.array(on_board),
        streak=numpy.array(streak),
    )


def one_game_bot(game, level):
    return (
        (fivethousand if game == "fivethousand" else thousand).BOTS[level]()
        if isinstance(level, str)
        else level
    )


@pytest.mark.parametrize("game,rules,level", CASES)
def test_batch_decisions_equal_the_one_game_bots(game, rules, level):
    count = 500 if level == "optimal" else 1200
    fewer_banks = getattr(rules, "min_bank", 0) or getattr(rules, "opening", 0)
    if fewer_banks:
        count *= 2  # fewer states may bank
    seed = zlib.crc32(repr(rules).encode())
    if level == "win":  # one batch is one seat count: two players, then the others
        for seats in ((2,), (1,), (3,)):
            engine, states = sampled_states(
                game, rules, (1200 if seats == (2,) else 300) * (1 + bool(fewer_banks)), seed, seats
            )
            check_decisions(game, rules, level, engine, states)
        return
    engine, states = sampled_states(game, rules, count, seed=seed)
    check_decisions(game, rules, level, engine, states)


def check_decisions(game, rules, level, engine, states):
    bot, batch = one_game_bot(game, level), batch_bot(rules, level)
    throws = ThrowChoices.of(rules)
    choosing = [s for s in states if s.phase == "choose"]
    deciding = [s for s in states if s.phase == "decide" and engine.bank_refusal(s) is None]
    assert len(deciding) > 100 and (len(choosing) > 100 or not engine.choose_keep(states[0]))
    if choosing:
        picked = batch.keep(as_turns(engine, choosing), throws)
        for state, j in zip(choosing, picked.tolist()):
            expected = bot.choose(engine, state, None)
            assert isinstance(expected, SetAside)
            assert list(engine.table.scoring_choices(state.throw))[j] == expected.dice, state
    banks = batch.bank(as_turns(engine, deciding))
    for state, bank in zip(deciding, banks.tolist()):
        assert bank == isinstance(bot.choose(engine, state, None), Bank), state


def test_the_states_cover_last_turns_and_casks():
    engine, states = sampled_states("fivethousand", fivethousand.Rules(), 2000, seed=1)
    assert sum(engine.in_final_turn(s) for s in states) > 200
    engine, states = sampled_states("thousand", thousand.Rules(), 2000, seed=1)
    assert sum(engine.bank_refusal(s) is not None for s in states if s.phase == "decide") > 100


@pytest.mark.parametrize(
    "rules",
    RULES["thousand"],
    ids=["classic", "choose_keep", "custom", "dump_truck", "bolts", "bolts_choosing"],
)
def test_the_casks_rule_is_the_engines(rules):
    engine, states = sampled_states("thousand", rules, 3000, seed=2)
    deciding = [s for s in states if s.phase == "decide"]
    allowed = rules.casks_allow_saving(
        [s.scores[s.player] for s in deciding], [s.turn_points for s in deciding]
    )
    assert allowed.tolist() == [engine.bank_refusal(s) is None for s in deciding]


def test_the_random_bot_chooses_uniformly():
    rules = fivethousand.Rules()
    throws, batch = ThrowChoices.of(rules), batch_bot(rules, "random")
    throw = NUMBER[(1, 1, 2, 3, 5, 5)]
    n = int(throws.count[throw])
    u = numpy.linspace(0, 1, 6000, endpoint=False)
    turns = TurnBatch.of(
        numpy.zeros((len(u), 1)),
        numpy.zeros(len(u)),
        numpy.zeros(len(u)),
        throw=[throw] * len(u),
        choice=numpy.stack([u, u], axis=1),
    )
    picked = batch.keep(turns, throws)
    assert numpy.bincount(picked, minlength=n).tolist() == [6000 // n] * n
    assert batch.bank(turns).mean() == 0.5


def test_bots_of_your_own_have_no_batch_form():
    class Cautious(fivethousand.BOTS["simple"]):
        threshold = 150

    assert batch_bot(fivethousand.Rules(), Cautious()) is None
    assert batch_bot(thousand.Rules(), ThresholdBot(100)) is not None


@pytest.mark.parametrize("preset", ["zillions", "traditional"])
def test_the_batch_optimal_bot_shares_a_win_in_its_last_turn_as_the_one_game_bot_does(preset):
    # Last turns near level with the leader, where counting a shared win as half decides.
    rules = fivethousand.Rules.preset(preset)
    engine, bot, batch = (
        fivethousand.Engine(rules),
        one_game_bot("fivethousand", "optimal"),
        batch_bot(rules, "optimal"),
    )
    states = [
        fivethousand.State(
            scores=(5000 - at_stake + gap, 5000),
            dice_left=dice,
            phase="decide",
            turn_points=at_stake,
            final_turns=(0,),
        )
        for at_stake in (350, 700, 1500)
        for gap in (-100, -50, 0, 50)
        for dice in range(1, 7)
    ]
    banks = batch.bank(as_turns(engine, states)).tolist()
    assert banks == [isinstance(bot.choose(engine, state, None), Bank) for state in states]
    level_one_die = states.index(
        fivethousand.State(
            scores=(4300, 5000), dice_left=1, phase="decide", turn_points=700, final_turns=(0,)
        )
    )
    assert banks[level_one_die]  # 1/2 for the shared win against 1/3 for throwing
