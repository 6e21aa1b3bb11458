"""An estimate of each seat's chance to win Fivethousand at a table of three or more, from
the exact two-player chances of every pair of seats.

For each pair of seats, the two-player game between them alone (their scores, the turn
being played if it is one of theirs, the last turns they are owed) has an exact chance to
win for each, both playing to win (:func:`dicelab.fivethousand.win_policy`, a shared win
counting half). A seat's chance is estimated as the product of its chances against each
other seat, the products scaled to add up to 1: exact for two seats, an estimate for more
(the pairs are not independent). A test checks it against simulated games.

>>> from dicelab.fivethousand import Engine, Rules
>>> rules = Rules(dice=2, target=300)
>>> state = Engine(rules).initial_state(3)
>>> [round(p, 3) for p in pairwise_chances(rules, state)]
[0.393, 0.33, 0.277]
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from dicelab.fivethousand.engine import Engine, State
from dicelab.fivethousand.rules import Rules
from dicelab.fivethousand.win import win_policy
from dicelab.setaside.policy import SetAsidePolicy


def pairwise_chances(rules, state: State, policy=None) -> list[float]:
    """Each seat's estimated chance to win from ``state`` (``policy``: the rules' two-player
    win policy, if already built)."""
    rules = Rules.coerce(rules)
    seats = len(state.scores)
    if state.is_over or seats == 1:
        best = max(state.scores)
        winners = [score == best for score in state.scores]
        return [won / sum(winners) for won in winners]
    policy = policy or win_policy(rules)
    products = [1.0] * seats
    for i, j in combinations(range(seats), 2):
        mine = pair_chance(policy, state, i, j)
        products[i] *= mine
        products[j] *= 1.0 - mine
    total = sum(products)
    return [product / total for product in products]


def pair_chance(policy, state: State, i: int, j: int) -> float:
    """Seat ``i``'s exact chance to win the two-player game against seat ``j`` alone."""
    seats = len(state.scores)
    pair = (i, j)
    order = [(state.player + k) % seats for k in range(seats)]
    owed = None
    if state.final_turns is not None:
        owed = tuple(pair.index(seat) for seat in state.final_turns if seat in pair)
        if not owed and state.player not in pair:
            mine, theirs = state.scores[i], state.scores[j]
            return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    scores = (state.scores[i], state.scores[j])
    streaks = (state.streaks[i], state.streaks[j]) if state.streaks else ()  # under a penalty
    if state.player in pair:
        two = replace(
            state,
            scores=scores,
            player=pair.index(state.player),
            final_turns=owed,
            streaks=streaks,
        )
    else:
        first = owed[0] if owed else pair.index(next(seat for seat in order if seat in pair))
        two = State(
            scores=scores,
            dice_left=policy.rules.dice,
            player=first,
            final_turns=owed,
            streaks=streaks,
        )
    return float(policy.chances(two)[0])


class PairwiseChances(SetAsidePolicy):
    """The options of a turn valued by the estimated chance to win of the player to move
    (:func:`pairwise_chances` after each option), for the coach at a table of three or more."""

    def __init__(self, rules):
        self.rules = Rules.coerce(rules)
        super().__init__(Engine(self.rules))
        self.policy = win_policy(self.rules)

    def chances(self, state: State) -> list[float]:
        return pairwise_chances(self.rules, state, self.policy)

    def bank_value(self, state: State) -> float:
        return self.chances(self.engine.bank(state))[state.player]

    def throw_value(self, state: State) -> float:
        return self.chances(replace(state, phase="rolling"))[state.player]
