"""Random legal play never breaks an invariant, in every game and preset."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import fivethousand, thousand, yahtzee
from dicelab.errors import InvalidInputError
from dicelab.yahtzee.scoring import upper_bonus

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
            elif new != old:  # a bank, or a bust that keeps completed bonus rounds
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
