"""The exact judgement of strategies checked against a plain value iteration written here
(separate code: every throw of the dice, the engine's scoring choices), against the exact
chance in the engine's own game (every state the engine reaches), and against simulated
games and turns."""

import itertools
from collections import Counter
from dataclasses import replace
from functools import cache
from types import SimpleNamespace

import numpy
import pytest

from dicelab import simulate
from dicelab.fivethousand import Bank, Engine, Rules, State, score, win_policy
from dicelab.fivethousand.strategy import bank_from
from dicelab.strategy import (
    StrategyBot,
    from_function,
    points_per_turn,
    threshold,
    win_chance,
)
from dicelab.strategy.keeping import chosen_pair


def table(rules, strategy):
    """A strategy as a player of :func:`value_iteration`."""

    @cache
    def taken(throw, mine, safe, risk, theirs, final):
        return chosen_pair(rules, throw, strategy.set_aside)

    @cache
    def banks(mine, score, opponent, risk, left, final):
        return bool(strategy.banks(score, opponent, risk, left, final))

    return SimpleNamespace(taken=taken, banks=banks)


def robot(rules):
    """The win robot as a player of :func:`value_iteration`: its one-game policy asked in
    each state as the engine would show it."""
    policy = win_policy(rules)

    def state(mine, safe, risk, theirs, final, **fields):
        zillions = rules.bust_keeps_completed_rounds
        return State(
            scores=(mine, theirs),
            turn_points=safe - mine + risk,
            round_start=safe - mine if zillions else 0,
            final_turns=(0,) if final else None,
            **fields,
        )

    @cache
    def taken(throw, mine, safe, risk, theirs, final):
        choose = state(
            mine, safe, risk, theirs, final, dice_left=len(throw), phase="choose", throw=throw
        )
        part = policy.action(choose).dice
        return score(part), len(part)

    @cache
    def banks(mine, safe, opponent, risk, left, final):
        decide = state(mine, safe, risk, opponent, final, dice_left=left, phase="decide")
        return isinstance(policy.action(decide), Bank)

    return SimpleNamespace(taken=taken, banks=banks)


def value_iteration(rules: Rules, players) -> dict:
    """Each player's chance to win as the player to move at the start of a turn, by
    (mover, mine, theirs) in points, by plain value iteration over every throw (``players``:
    :func:`table` or :func:`robot`)."""
    dice, target = rules.dice, rules.target
    zillions, table = rules.bust_keeps_completed_rounds, rules.combinations()
    throws = {
        n: Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=n))
        for n in range(1, dice + 1)
    }

    def taken(who, throw, mine, safe, risk, theirs, final):
        """(points, dice) the player sets aside, None on a farkle."""
        if not table.scoring_choices(throw):
            return None
        return players[who].taken(throw, mine, safe, risk, theirs, final)

    def decides(who, mine, score, opponent, risk, left, final):
        return players[who].banks(mine, score, opponent, risk, left, final)

    def needs(banked):
        return rules.bank_needs(banked != 0)

    def may_bank(risk, banked, hot):
        return risk >= needs(banked) and not (hot and rules.must_rethrow)

    def standing(mine, theirs):
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    @cache
    def last(who, banked, safe, risk, left, to_beat):
        """The chaser's chance in its last turn, throwing ``left`` dice."""
        if safe + risk - to_beat >= LEAD:
            return 1.0
        total = 0.0
        for throw, count in throws[left].items():
            part = taken(who, throw, banked, safe, risk, to_beat, True)
            if part is None:
                total += count * standing(safe, to_beat)
                continue
            at_risk, rest = risk + part[0], left - part[1]
            if rest == 0 and zillions:
                banks = may_bank(safe + at_risk - banked, banked, True) and decides(
                    who, banked, safe + at_risk, to_beat, 0, dice, True
                )
                value = (
                    standing(safe + at_risk, to_beat)
                    if banks
                    else last(who, banked, safe + at_risk, 0, dice, to_beat)
                )
            else:
                banks = may_bank(at_risk, banked, rest == 0) and decides(
                    who, banked, safe, to_beat, at_risk, rest or dice, True
                )
                value = (
                    standing(safe + at_risk, to_beat)
                    if banks
                    else last(who, banked, safe, at_risk, rest or dice, to_beat)
                )
            total += count * value
        return total / 6**left

    values = {
        (who, mine, theirs): 0.5
        for who in (0, 1)
        for mine in range(0, target, 50)
        for theirs in range(0, target, 50)
    }

    def ended(who, total, theirs):
        if total < target:
            return 1 - values[(1 - who, theirs, total)]
        return 1 - last(1 - who, theirs, theirs, 0, dice, total) if rules.last_turn else 1.0

    def turn(who, mine, theirs, safe, risk, left, memo):
        key = (safe, risk, left)
        if key in memo:
            return memo[key]
        if safe + risk - theirs >= LEAD:
            return ended(who, safe + risk, theirs)
        total = 0.0
        for throw, count in throws[left].items():
            part = taken(who, throw, mine, safe, risk, theirs, False)
            if part is None:
                total += (
                    count * ended(who, safe, theirs)
                    if safe > mine
                    else count * (1 - values[(1 - who, theirs, mine)])
                )
                continue
            at_risk, rest = risk + part[0], left - part[1]
            if rest == 0 and zillions:
                banks = may_bank(safe + at_risk - mine, mine, True) and decides(
                    who, mine, safe + at_risk, theirs, 0, dice, False
                )
                value = (
                    ended(who, safe + at_risk, theirs)
                    if banks
                    else turn(who, mine, theirs, safe + at_risk, 0, dice, memo)
                )
            else:
                banks = may_bank(at_risk, mine, rest == 0) and decides(
                    who, mine, safe, theirs, at_risk, rest or dice, False
                )
                value = (
                    ended(who, safe + at_risk, theirs)
                    if banks
                    else turn(who, mine, theirs, safe, at_risk, rest or dice, memo)
                )
            total += count * value
        memo[key] = total / 6**left
        return memo[key]

    for _ in range(10_000):
        change = 0.0
        for who, mine, theirs in sorted(values, key=lambda k: -(k[1] + k[2])):
            value = turn(who, mine, theirs, mine, 0, dice, {})
            change = max(change, abs(value - values[(who, mine, theirs)]))
            values[(who, mine, theirs)] = value
        if change < 1e-14:
            return values
    raise AssertionError("value iteration did not converge")


LEAD = 3000  # points past the other's score counted as banked: with two dice reached only
# after fifteen hot dice in a row or more (a chance below 1e-13)

SMALL_GAMES = [
    Rules(dice=3, target=300, bust_keeps_completed_rounds=False),
    Rules(dice=2, target=300),
    Rules(
        dice=2, target=300, bust_keeps_completed_rounds=False, opening=150, hot_dice="compulsory"
    ),
    Rules(dice=2, target=250, last_turn=False),
]


@pytest.mark.parametrize("rules", SMALL_GAMES, ids=["traditional", "zillions", "opening", "first"])
@pytest.mark.slow
def test_win_chance_agrees_with_a_hand_written_value_iteration(rules):
    careful = threshold(
        rules, bank_at={1: 50, 2: 100}, otherwise=150, set_aside="keep_most_dice", name="careful"
    )
    bold = threshold(
        rules,
        bank_at=200,
        when_behind_by=100,
        behind_bank_at=250,
        set_aside="fewest_dice",
        name="bold",
    )
    values = value_iteration(rules, (table(rules, careful), table(rules, bold)))
    match = win_chance(careful, bold)
    assert match.first == pytest.approx(values[(0, 0, 0)], abs=1e-9)
    assert match.second == pytest.approx(1 - values[(1, 0, 0)], abs=1e-9)


@pytest.mark.parametrize("rules", SMALL_GAMES[:2], ids=["traditional", "zillions"])
@pytest.mark.slow
def test_the_chance_against_the_win_robot_agrees_with_a_hand_written_value_iteration(rules):
    """The robot in the value iteration is the one-game robot itself, asked in every
    state: its bank-or-throw decisions and the dice it sets aside."""
    bold = threshold(rules, bank_at=200, set_aside="keep_most_dice", name="bold")
    values = value_iteration(rules, (table(rules, bold), robot(rules)))
    match = win_chance(bold, "win")
    assert match.first == pytest.approx(values[(0, 0, 0)], abs=1e-9)
    assert match.second == pytest.approx(1 - values[(1, 0, 0)], abs=1e-9)
    robot_first = win_chance("win", bold)
    assert (robot_first.first, robot_first.second) == (1 - match.second, 1 - match.first)


def engine_chances(rules: Rules, strategies) -> tuple[float, float]:
    """Seat 0's exact chance to win, and to share the win, when ``strategies`` play the
    engine's own game: every state the engine reaches, each throw with its exact chance,
    each decision the strategy's robot takes there (value iteration to 1e-14)."""
    engine, bots = Engine(rules), [StrategyBot(s) for s in strategies]

    def plain(state):  # what no decision and no transition reads
        return replace(state, news=(), faces=(), aside=(), throws=0)

    start = plain(engine.initial_state(2))
    index, edges, ends = {start: 0}, [], {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state.is_over:
            ends[index[state]] = engine.winners(state)
            continue
        if state.is_chance:
            steps = [
                (plain(engine.apply_chance(state, dice)), float(chance))
                for dice, chance in engine.chance_outcomes(state).items()
            ]
        else:
            action = bots[state.player].choose(engine, state, None)
            assert action in engine.legal_actions(state)
            steps = [(plain(engine.apply(state, action)), 1.0)]
        for after, chance in steps:
            if after not in index:
                index[after] = len(index)
                todo.append(after)
            edges.append((index[state], index[after], chance))
    frm, to, chance = (numpy.array(column) for column in zip(*edges))
    chances = []
    for shared in (0.0, 1.0):  # a shared win worth nothing, then a whole win
        ended = numpy.zeros(len(index))
        for i, winners in ends.items():
            ended[i] = (winners == [0]) + shared * (winners == [0, 1])
        value = ended.copy()
        for _ in range(100_000):
            new = ended + numpy.bincount(frm, chance * value[to], minlength=len(index))
            if abs(new - value).max() < 1e-14:
                break
            value = new
        chances.append(float(new[0]))
    return chances[0], chances[1] - chances[0]


def careful(state):
    """Bank 150 in a round, or from 250 on (safe points counted); in the last turn only ahead."""
    if state.last_turn:
        return state.behind < 0
    return state.turn_points >= 150 or state.score >= 250


def bold(state):
    """Bank 100 in a round, or from 250 on; in the last turn the shared win too."""
    if state.last_turn:
        return state.behind <= 0
    return state.turn_points >= 100 or state.score >= 250


@pytest.mark.parametrize(
    "rules",
    [
        Rules(dice=2, target=300),
        Rules(dice=2, target=300, bust_keeps_completed_rounds=False),
        Rules(dice=2, target=250, last_turn=False),
    ],
    ids=["zillions", "traditional", "first"],
)
def test_win_chance_is_the_chance_in_the_engines_own_game(rules):
    """The judgement reads the rules as the engine plays them (the value iteration above
    is written from the same reading as the judgement; this one only follows the engine).
    A shared win counts half in a chance, where a simulation's ``win_rate`` counts it whole:
    under Zillions rules with a last turn, shared wins are common in a short game."""
    a = from_function(careful, rules, set_aside="keep_most_dice", name="careful")
    b = from_function(bold, rules, name="bold")
    match = win_chance(a, b)
    won, shared = engine_chances(rules, (a, b))
    assert match.first == pytest.approx(won + shared / 2, abs=1e-9)
    won, shared_second = engine_chances(rules, (b, a))
    assert match.second == pytest.approx(1 - won - shared_second / 2, abs=1e-9)
    if rules.bust_keeps_completed_rounds and rules.last_turn:
        assert shared > 0.01  # ties are judged, not just possible


def test_the_two_seat_orders_are_one_game_seen_from_both_sides():
    rules = Rules(target=400)
    a, b = threshold(rules, bank_at=150), threshold(rules, bank_at=350, set_aside="keep_most_dice")
    ab, ba = win_chance(a, b), win_chance(b, a)
    assert ab.first == pytest.approx(1 - ba.second, abs=1e-12)
    assert ab.second == pytest.approx(1 - ba.first, abs=1e-12)
    assert win_chance(a, a).chance == pytest.approx(0.5, abs=1e-12)


def intelligent(rules):
    """The intelligent robot's rule as a strategy: a turn cap high enough that every one of
    its thresholds below the cap is in the table."""
    froms = bank_from(rules)

    def decide(state):
        if state.last_turn:
            return state.behind < 0
        return state.turn_points >= froms[state.dice_left]

    return from_function(
        decide, rules, set_aside="fewest_dice", name="like intelligent", turn_cap=3000
    )


@pytest.mark.parametrize("rules", ["zillions", "traditional", "greed"])
def test_the_strategy_equal_to_the_intelligent_robot_plays_its_games(rules):
    rules = Rules.coerce(rules)
    copy = StrategyBot(intelligent(rules))
    ours = simulate.games(rules=rules, players=[copy, "simple"], n=3000, seed=5, progress=False)
    theirs = simulate.games(
        rules=rules, players=["intelligent", "simple"], n=3000, seed=5, progress=False
    )
    assert (ours.scores == theirs.scores).all() and (ours.wins == theirs.wins).all()


@pytest.mark.parametrize("rules", ["zillions", "traditional"])
def test_points_per_turn_is_the_mean_of_simulated_turns(rules):
    rules = Rules.coerce(rules)
    strategy = intelligent(rules)
    turns = simulate.turns(rules=rules, bot=StrategyBot(strategy), n=40_000, seed=3, progress=False)
    mean = turns.estimate("mean_points")
    assert abs(points_per_turn(strategy) - mean.value) < 3 * mean.standard_error


def test_the_judgement_refuses_rules_it_cannot_honour():
    penalised = threshold({"penalty": 500, "score_floor": -500}, bank_at=300)  # Zillions
    with pytest.raises(ValueError, match="farkle penalty .* under Zillions rules"):
        win_chance(penalised, penalised)
    with pytest.raises(ValueError, match="other rules"):
        win_chance(threshold("traditional"), threshold("zillions"))
