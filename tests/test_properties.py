"""Random legal play never breaks an invariant, in every game and preset."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import fivethousand, simulate, thousand, yahtzee
from dicelab.errors import InvalidInputError
from dicelab.yahtzee.scoring import upper_bonus

pytestmark = pytest.mark.slow  # every test here takes tens of seconds on two cores

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def seats(levels):
    return st.lists(st.sampled_from(levels), min_size=1, max_size=4).map(
        lambda bots: [{"name": f"P{i}", "bot": bot} for i, bot in enumerate(bots)]
    )


def play_checking(game, check_step):
    while not game.is_over:
        before = game.state
        event = game.play_bot()
        check_step(game, before, event)
        assert len(game.history) < 5000
    return game


def check_replay_and_seed(module, game):
    assert module.Game.from_json(game.to_json()).state == game.state


@pytest.mark.parametrize("preset", list(fivethousand.PRESETS))
@FAST
@given(seed=st.integers(0, 2**32), players=seats(["random", "simple", "intelligent"]))
def test_fivethousand(preset, seed, players):
    game = fivethousand.Game(players=players, rules=preset, seed=seed)
    target = game.rules.target

    def step(game, before, event):
        after = game.state
        for i, (old, new) in enumerate(zip(before.scores, after.scores)):
            if i != before.player:
                assert new == old
            elif new != old and "penalty" not in after.news:
                # a bank, or a bust that keeps completed bonus rounds
                assert new - old in (before.turn_points, before.round_start)
        # the last turns start exactly when someone reaches the target
        assert (after.final_turns is not None) == (max(after.scores) >= target)
        assert after.is_over == (after.final_turns == ())

    play_checking(game, step)
    assert max(game.state.scores) >= target
    check_replay_and_seed(fivethousand, game)


@FAST
@given(
    seed=st.integers(0, 2**32),
    players=seats(["random", "simple", "intelligent"]),
    dice=st.integers(4, 6),
    more=st.sampled_from(["fixed", "doubling", "adding"]),
    pair=st.sampled_from([0, 1500]),
    triplets=st.sampled_from([0, 2500]),
    keeps=st.booleans(),
)
def test_fivethousand_house_rules(seed, players, dice, more, pair, triplets, keeps):
    try:
        rules = fivethousand.Rules(
            dice=dice,
            target=1500,
            more_of_a_kind=more,
            four_of_a_kind_and_pair=pair,
            two_triplets=triplets,
            bust_keeps_completed_rounds=keeps,
        )
    except InvalidInputError as refusal:  # the six-dice combinations with fewer dice
        assert dice < 6 and (pair or triplets) and "needs six dice" in str(refusal)
        return
    game = fivethousand.Game(players=players, rules=rules, seed=seed)

    def step(game, before, event):
        after = game.state
        gained = after.scores[before.player] - before.scores[before.player]
        assert gained in (0, before.turn_points, before.round_start)

    play_checking(game, step)
    assert max(game.state.scores) >= rules.target
    check_replay_and_seed(fivethousand, game)


TABLE_RULES = st.fixed_dictionaries(
    {
        "dice": st.integers(3, 6),  # (fewer dice with a penalty every farkle or two drift down)
        "target": st.sampled_from([600, 1500]),
        "bust_keeps_completed_rounds": st.booleans(),
        "all_dice_farkle": st.sampled_from([0, 500]),
        "opening": st.sampled_from([0, 350, 500]),
        "min_bank": st.sampled_from([0, 200, 300]),
        "hot_dice": st.sampled_from(["optional", "compulsory"]),
        "last_turn": st.booleans(),
        "first_player": st.sampled_from(["fixed", "random"]),
        "penalty": st.sampled_from([0, 300, 500]),
        "penalty_after": st.integers(2, 3),
        "score_floor": st.sampled_from([0, -500, -2500]),
    }
)


def fivethousand_bots(rules) -> list[str]:
    """The robots that play these rules (the optimal one where its policies honour them)."""
    from dicelab.fivethousand.policy import FinalTurnPolicy, TurnPolicy

    # a random robot losing points to the penalty may never reach the target
    bots = ["simple", "intelligent"] + ([] if rules.penalty else ["random"])
    try:
        TurnPolicy(rules)
        if rules.last_turn:
            FinalTurnPolicy(rules, rules.target)
    except ValueError as refusal:  # refused by name, never ignored
        assert "bust_keeps_completed_rounds" in str(refusal)
        return bots
    return bots + ["optimal"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(settings=TABLE_RULES, seed=st.integers(0, 2**32), data=st.data())
def test_fivethousand_table_rules_through_engine_policies_and_batch(settings, seed, data):
    rules = fivethousand.Rules(**settings)
    levels = fivethousand_bots(rules)
    players = data.draw(seats(levels))
    game = fivethousand.Game(players=players, rules=rules, seed=seed)
    engine = game.engine

    def step(game, before, event):
        after = game.state
        if event.action.type == "bank":
            assert before.turn_points >= rules.bank_needs(engine.on_board(before))
            assert rules.hot_dice == "optional" or not engine.on_hot_dice(before)
        for i, (old, new) in enumerate(zip(before.scores, after.scores)):
            assert new == old or i == before.player
            assert new >= min(old, rules.score_floor)
        if after.streaks:
            assert all(0 <= streak < rules.penalty_after for streak in after.streaks)
        if after.on_board:
            assert all(board or score <= 0 for board, score in zip(after.on_board, after.scores))

    play_checking(game, step)
    reached = [score >= rules.target for score in game.state.scores]
    assert any(reached)
    if not rules.last_turn:
        assert sum(reached) == 1 and engine.winners(game.state) == [reached.index(True)]
    check_replay_and_seed(fivethousand, game)
    batch = simulate.games(rules, [p["bot"] for p in players], n=8, seed=seed, progress=False)
    assert (batch.scores >= min(0, rules.score_floor)).all()
    assert (batch.scores.max(axis=1) >= rules.target).all() and batch.wins.any(axis=1).all()


@FAST
@given(
    seed=st.integers(0, 2**32),
    players=seats(["simple", "cask_aware"]),  # a random robot with bolts may never finish
    penalty=st.sampled_from([0, 50, 100]),
    after=st.integers(2, 3),
    truck=st.sampled_from([0, 555, 200]),
    first=st.sampled_from(["fixed", "random"]),
)
def test_thousand_bolts_and_dump_truck(seed, players, penalty, after, truck, first):
    rules = thousand.Rules(
        penalty=penalty, penalty_after=after, dump_truck=truck, first_player=first
    )
    game = thousand.Game(players=players, rules=rules, seed=seed)

    def step(game, before, event):
        state = game.state
        assert all(0 <= s <= rules.target for s in state.scores)
        if truck and state.phase == "throw":
            assert truck not in state.scores
        if state.streaks:
            assert all(0 <= streak < after for streak in state.streaks)

    play_checking(game, step)
    check_replay_and_seed(thousand, game)
    batch = simulate.games(rules, [p["bot"] for p in players], n=8, seed=seed, progress=False)
    assert ((batch.scores == rules.target).sum(axis=1) == 1).all()


@pytest.mark.parametrize("choose_keep", [False, True])
@FAST
@given(seed=st.integers(0, 2**32), players=seats(["random", "simple", "cask_aware"]))
def test_thousand(choose_keep, seed, players):
    game = thousand.Game(players=players, rules=thousand.Rules(choose_keep=choose_keep), seed=seed)
    rules = game.rules

    def step(game, before, event):
        after = game.state
        assert all(0 <= s <= rules.target for s in after.scores)
        if event.action.type == "bank":
            cask = rules.cask_at(before.scores[before.player])
            assert not cask or before.scores[before.player] + before.turn_points >= cask[1]
            assert after.scores[before.player] == before.scores[before.player] + before.turn_points
        assert after.is_over == (rules.target in after.scores)

    play_checking(game, step)
    check_replay_and_seed(thousand, game)


@pytest.mark.parametrize("preset", list(yahtzee.PRESETS))
@FAST
@given(seed=st.integers(0, 2**32), players=seats(["random", "greedy"]))
def test_yahtzee(preset, seed, players):
    game = yahtzee.Game(players=players, rules=preset, seed=seed)
    rules = game.rules

    def step(game, before, event):
        after = game.state
        assert 0 <= after.rolls_used <= rules.rolls
        for card in after.cards:
            boxes = card.boxes
            assert len(boxes) == len(card.filled)
            assert (
                card.total(rules)
                == sum(boxes.values())
                + upper_bonus(rules, boxes)
                + card.yahtzee_bonuses * rules.yahtzee_bonus
            )
        assert after.is_over == all(len(c.filled) == len(rules.boxes) for c in after.cards)

    play_checking(game, step)
    assert all(set(c.boxes) == set(rules.boxes) for c in game.state.cards)
    check_replay_and_seed(yahtzee, game)
