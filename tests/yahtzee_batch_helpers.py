"""Helpers for the batch Yahtzee tests: sampled situations, loaded both as engine states and
as a batch table; each kind of bot's decision there; a two-sample test of distributions."""

import math
import random

import numpy

from dicelab.simulate.yahtzee_play import CardBatch
from dicelab.yahtzee import Engine, Score, State
from dicelab.yahtzee.rules import UPPER_BOXES


def random_card(engine, rng, filled: int):
    """A card with ``filled`` boxes, each scored by the engine from a random roll (some
    Yahtzees, so that jokers and bonuses happen)."""
    rules = engine.rules
    state = engine.initial_state(1)
    for box in rng.sample(rules.boxes, filled):
        dice = (
            (rng.randint(1, 6),) * 5
            if rng.random() < 0.2
            else tuple(rng.randint(1, 6) for _ in range(5))
        )
        situation = State(cards=state.cards, dice=dice, rolls_used=rules.rolls)
        boxes = engine.scorable_boxes(situation)
        state = engine.apply(situation, Score(box if box in boxes else rng.choice(boxes)))
    return state.cards[0]


def sample_states(rules, count: int, seed: int, per_card: int = 8) -> list:
    """``count`` states after a roll: random cards (``per_card`` situations each), dice in
    random positions, random holds and rolls used."""
    engine, rng = Engine(rules), random.Random(seed)
    states = []
    while len(states) < count:
        card = random_card(engine, rng, rng.randrange(len(rules.boxes)))
        for _ in range(per_card):
            if rng.random() < 0.15:
                dice = (rng.randint(1, 6),) * 5
            else:
                dice = tuple(rng.randint(1, 6) for _ in range(5))
            held = tuple(rng.random() < 0.3 for _ in range(5))
            states.append(
                State(cards=(card,), dice=dice, held=held, rolls_used=rng.randint(1, rules.rolls))
            )
    return states[:count]


def load_turn(rules, states):
    """A batch table holding the cards of ``states`` (every seat), and a turn of their player
    to move (the same in all) holding their dice."""
    seats, player = len(states[0].cards), states[0].player
    assert all(len(state.cards) == seats and state.player == player for state in states)
    table = CardBatch(rules, seats, 0, numpy.arange(len(states)))
    for row, state in enumerate(states):
        for seat, card in enumerate(state.cards):
            boxes = card.boxes
            table.mask[row, seat] = sum(1 << i for i, box in enumerate(rules.boxes) if box in boxes)
            if "yahtzee" in boxes:
                table.context[row, seat] = 1 if boxes["yahtzee"] == rules.yahtzee else 2
            table.upper[row, seat] = sum(p for box, p in card.filled if box in UPPER_BOXES)
            table.box_sum[row, seat] = sum(boxes.values())
            table.yahtzee_bonuses[row, seat] = card.yahtzee_bonuses
    turn = table.turn(player)
    turn.dice[:] = [state.dice for state in states]
    turn.held[:] = [state.held for state in states]
    turn.rolls_used[:] = [state.rolls_used for state in states]
    return table, turn


def one_game_decision(engine, bot, state):
    """What a one-game bot does from ``state``: ("score", box) or ("roll", held dice) after
    its holds and releases."""
    while True:
        action = bot.choose(engine, state, None)
        if action.type == "score":
            return ("score", action.box)
        if action.type == "roll":
            return ("roll", state.held)
        state = engine.apply(state, action)


def batch_decisions(rules, decide, turn, states) -> list:
    """The same for a batch bot's ``decide``, over every state at once (grouped by rolls used,
    as the batch plays them)."""
    result = [None] * len(states)
    for used in sorted(set(turn.rolls_used.tolist())):
        which = numpy.flatnonzero(turn.rolls_used == used)
        box, keep = decide(turn, which)
        turn.hold(which[box < 0], keep[box < 0])
        for j, row in enumerate(which.tolist()):
            result[row] = (
                ("score", rules.boxes[box[j]])
                if box[j] >= 0
                else ("roll", tuple(turn.held[row].tolist()))
            )
    return result


def ks_two_sample(a, b) -> float:
    """The p-value of the two-sample Kolmogorov-Smirnov test (asymptotic; conservative for
    whole-number scores): small when ``a`` and ``b`` come from different distributions."""
    a, b = numpy.sort(numpy.asarray(a, dtype=float)), numpy.sort(numpy.asarray(b, dtype=float))
    grid = numpy.union1d(a, b)
    gap = numpy.abs(
        numpy.searchsorted(a, grid, side="right") / len(a)
        - numpy.searchsorted(b, grid, side="right") / len(b)
    ).max()
    size = math.sqrt(len(a) * len(b) / (len(a) + len(b)))
    lam = (size + 0.12 + 0.11 / size) * gap
    if lam < 0.2:
        return 1.0
    return min(
        1.0, 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))
    )
