"""The exact chance of a strategy against the win robot itself: its bank-or-throw decisions
and the dice it sets aside, state by state.

The win robot (:func:`dicelab.fivethousand.win_policy`) plays a fixed policy too: in every
state it takes the option its own chances to win rank first (the dice whose state after is
worth the most, banking where banking is worth at least throwing on), as the batch robot
does (:class:`dicelab.simulate.policy_bots.PolicyBot`). So a strategy against it is a Markov
chain over the states the exact judgement walks (:mod:`dicelab.strategy.exact`): the
strategy's turns are judged as against another strategy, the robot's with its decisions
read from its throw tables (:class:`~dicelab.setaside.win_tables.WinThrowTables`) and its
dice chosen in each state (:mod:`dicelab.strategy.robot_kernel`). Its last turn is the win
policy's own, solved exactly (:class:`~dicelab.fivethousand.win_solver.FinalTurns`).

A tie between two choices of dice goes to the first in the throw table's order, where the
robot takes the first in the engine's: the two can differ only where two choices are worth
exactly the same to the robot (the tests' value iteration, which asks the one-game robot,
agrees to 1e-9).
"""

from __future__ import annotations

import numpy

from dicelab.errors import InvalidInputError
from dicelab.strategy import robot_kernel
from dicelab.strategy.exact import HeadToHead, _game, _levels, _Match, _rules_of
from dicelab.strategy.table import Strategy

ROBOT = 1  # the robot's seat in the match: the strategy is seat 0


def against_win_robot(strategy: Strategy, rules=None) -> HeadToHead:
    """The exact chance that ``strategy`` beats the win robot (two players; a shared win
    counts half), throwing first and second."""
    from dicelab.fivethousand.win import win_policy

    rules = _rules_of((strategy,), rules)
    if rules.penalty:
        raise InvalidInputError(
            "the exact chance against the win robot can't yet honour a farkle penalty "
            f"(penalty={rules.penalty}): judge against win_robot_table(rules) instead",
            setting="penalty",
        )
    if rules.must_rethrow:
        raise InvalidInputError(
            "the exact chance against the win robot can't yet honour compulsory hot dice "
            "(hot_dice='compulsory'): judge against win_robot_table(rules) instead",
            setting="hot_dice",
        )
    return RobotMatch(strategy, win_policy(rules)).result


class RobotMatch(_Match):
    """A strategy's and the win robot's chances to win at every pair of scores."""

    def __init__(self, strategy: Strategy, policy):
        game = _game(strategy.rules)
        self.policy = policy
        self._prepare((strategy, strategy), game)
        self.last[ROBOT] = self._robot_last_turns()
        g = game.goal
        self.values = numpy.zeros((2, g, g))
        self.high = None
        if game.rules.bust_keeps_completed_rounds and game.rules.last_turn:
            self.high = self._past_target()
        for m, b in _levels(g):
            self._level(m, b)

    def _robot_last_turns(self) -> numpy.ndarray:
        """``[on_board, d]``: the win robot's chance in its last turn ``d`` units behind."""
        game, final = self.game, self.policy.final
        chances = numpy.zeros((2, game.lead + 1))
        if not game.rules.last_turn:
            return chances
        final.extend(game.lead)
        d = numpy.arange(game.lead + 1)
        for board in (0, 1):
            chances[board] = final.start_needing(d, numpy.full(len(d), int(game.needs[board])))
        return chances

    def _past_target(self) -> numpy.ndarray:
        """The strategy's as :meth:`_Match._past_target`; the robot's by its lead alone (its
        rounds past the target depend on nothing else under Zillions rules)."""
        high = super()._past_target()
        game, policy = self.game, self.policy
        lead, top = game.lead, game.round_top + 1
        r = numpy.arange(top + game.widest + 1)
        robot = numpy.zeros(lead + 1)
        robot[lead] = 1 - self.last[0, 1, lead]
        for highest in range(lead - 1, -1, -game.round_least):
            leads = numpy.arange(highest, max(highest - game.round_least, -1), -1)
            ended = 1 - self.last[0, 1, numpy.minimum(leads[:, None] + r, lead)]
            fresh = robot[numpy.minimum(leads[:, None] + r, lead)]
            theirs = numpy.full(len(leads), policy.goal - 1)
            values = self._robot_turns(
                policy.goal - 1 + leads,
                theirs,
                r,
                top,
                ended[None],
                ended[None, :, 0],
                fresh[None],
            )
            robot[leads] = values[0, :, 0, game.dice]
        high[ROBOT] = robot
        return high

    def _turns(self, who, mine, theirs, r, top, value, farkle) -> numpy.ndarray:
        if who != ROBOT:
            return super()._turns(who, mine, theirs, r, top, value, farkle)
        game = self.game
        if game.rules.bust_keeps_completed_rounds:
            safe = mine[:, None] + r
            fresh = numpy.broadcast_to(self._fresh(ROBOT, safe, theirs[:, None]), value.shape)
            return self._robot_turns(mine, theirs, r, top, value, farkle, fresh)[:, :, 0]
        reach = int((theirs + self.policy.lead - mine).max()) + 1  # the robot banks from here
        top = max(top, reach)
        r = numpy.arange(top + game.widest + 1)
        value = numpy.broadcast_to(
            self._ended(ROBOT, mine[:, None] + r, theirs[:, None]), (2, len(mine), len(r))
        )
        return self._robot_turns(mine, theirs, r, top, value, farkle, value)[:, :, 0]

    def _robot_turns(self, mine, theirs, r, top, value, farkle, fresh):
        """``[x, pair, r, n]``: the robot's throws in its turns from safe ``mine`` (units)
        against ``theirs``: banking at ``r`` worth ``value[x, pair, r]``, a fresh round
        (hot dice, Zillions rules) ``fresh[x, pair, r]``, a farkle ``farkle[x, pair]``."""
        game, policy = self.game, self.policy
        dice, zillions = game.dice, game.rules.bust_keeps_completed_rounds
        pairs = len(mine)
        m, b = mine[:, None, None], theirs[:, None, None]
        rows = r[None, :, None]
        n = numpy.arange(1, dice + 1)[None, None, :]
        ahead = numpy.broadcast_to(m + rows - b, (pairs, len(r), 1))
        bank = (
            1
            - policy.after[numpy.broadcast_to(b, ahead.shape), numpy.minimum(m + rows, policy.cap)]
        )
        allowed = rows >= policy.needs(m)
        capped = numpy.broadcast_to(m - b >= policy.lead, (pairs, len(r), dice))
        throw = numpy.broadcast_to(bank, capped.shape).copy()
        inside = ~capped
        shape = capped.shape
        throw[inside] = policy.batch_tables.look_up(
            numpy.broadcast_to(m, shape)[inside],
            numpy.broadcast_to(b, shape)[inside],
            numpy.broadcast_to(rows, shape)[inside],
            numpy.broadcast_to(n, shape)[inside],
        )
        banks = numpy.zeros((pairs, len(r), dice + 1), dtype=bool)
        choices = numpy.full((pairs, len(r), dice + 1), -numpy.inf)
        banks[:, :, 1:] = allowed & (bank >= throw)
        choices[:, :, 1:] = numpy.where(allowed, numpy.maximum(bank, throw), throw)
        if zillions:  # hot dice: bank, or a fresh round from the safe points they reach
            safe = numpy.broadcast_to(m[:, :, 0] + r, (pairs, len(r)))
            their = numpy.broadcast_to(b[:, :, 0], safe.shape)
            rounds = numpy.broadcast_to(bank[:, :, 0], safe.shape).copy()
            open_ = safe - their < policy.lead
            rounds[open_] = policy.batch_tables.look_up(
                safe[open_], their[open_], numpy.zeros(int(open_.sum()), dtype=int), dice
            )
            hot_bank = bank[:, :, 0]
            banks[:, :, 0] = hot_bank >= rounds
            choices[:, :, 0] = numpy.maximum(hot_bank, rounds)
        xs = farkle.shape[0]
        values = numpy.zeros((xs, pairs, len(r), dice + 1))
        robot_kernel.run(
            values,
            choices,
            banks,
            numpy.broadcast_to(value, (xs,) + value.shape[1:]),
            numpy.broadcast_to(fresh, (xs,) + fresh.shape[1:]),
            farkle,
            zillions,
            top,
            game.throws,
        )
        return values
