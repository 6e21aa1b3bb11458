"""Batch forms of the Fivethousand and Thousand bots: the decisions of many turns at once.

A batch bot answers the two questions a set-aside turn asks, for arrays of turns (a
:class:`TurnBatch`): :meth:`SetAsideBatchBot.keep`, which scoring part of the throw to set aside (asked
only where the rules let the player choose), and :meth:`SetAsideBatchBot.bank`, whether to bank now
(asked only where the rules allow it). Each makes exactly the decisions of its one-game bot:
the same tables, the same comparisons, the same floating-point sums in the same order; the
random bot makes them with the same chances, from the run's choice stream.

:func:`batch_bot` gives the batch form of a built-in bot (None for any other bot), from
:func:`batch_forms`. A policy with values for arrays of states plugs in as a
:class:`PolicyBot` over :class:`StateValues` (a subclass when the values read more of the
state, e.g. the opponents' scores: :class:`FinalTurnValues`); the bot's class then gets one
entry in :func:`batch_forms`.

>>> from dicelab.thousand import Rules
>>> bot = batch_bot(Rules(), "simple")
>>> turns = TurnBatch.of(numpy.array([[0, 40]]), player=numpy.array([0]), turn_points=numpy.array([60]))
>>> bot.bank(turns).tolist()
[True]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy

from dicelab import registry
from dicelab.players import RandomBot
from dicelab.simulate.batch_turns import SetAsideBatchBot, TurnBatch
from dicelab.simulate.bots import ThresholdBot
from dicelab.simulate.policy_bots import (
    BatchValues,
    FinalTurnValues,
    PolicyBot,
    SolitaireValues,
    StateValues,
)
from dicelab.simulate.simple_bots import CaskAware, Intelligent, RandomChoices, Threshold
from dicelab.simulate.win_values import WinValues

if TYPE_CHECKING:
    from dicelab.fivethousand.rules import Rules as FivethousandRules
    from dicelab.thousand.rules import Rules as ThousandRules

    SetAsideRules = FivethousandRules | ThousandRules

Make = Callable[[Any, Any], SetAsideBatchBot | None]
"""``make(rules, bot)``: a bot's batch form under ``rules`` (None when it has none)."""


def _fivethousand_values(rules: FivethousandRules) -> BatchValues:
    from dicelab.fivethousand import final_turn_policy, turn_policy

    base = turn_policy(rules)
    reads = ("turn_points", "round_start", "dice_left")
    tables = {(base.needs, base.bust): StateValues(base, reads=reads)}
    final = rules.last_turn and FinalTurnValues(
        final_turn_policy(rules, 0),
        reads=("banked", "best_other", "turn_points", "round_start", "dice_left"),
    )

    def values(turns: TurnBatch) -> Iterator[tuple[numpy.ndarray, StateValues]]:
        usual = ~turns.final
        if not (rules.opening or rules.penalty):
            yield usual, tables[(base.needs, base.bust)]
        else:  # each (points a bank needs, farkle's worth) has its own table
            keys = numpy.stack(base.table_keys(turns.banked, turns.on_board, turns.streak), axis=1)
            for needs, bust in numpy.unique(keys[usual], axis=0).tolist():
                key = (int(needs), float(bust))
                if key not in tables:
                    tables[key] = StateValues(base.table(*key), reads=reads)
                yield usual & (keys[:, 0] == needs) & (keys[:, 1] == bust), tables[key]
        if final and turns.final.any():
            yield turns.final, final

    return values


def _thousand_values(rules: ThousandRules) -> BatchValues:
    from dicelab.thousand import solitaire_policy

    reads = ("banked", "turn_points", "dice_left") + (("streak",) if rules.penalty else ())
    values = SolitaireValues(solitaire_policy(rules), reads=reads)
    return lambda turns: [(numpy.ones(len(turns), dtype=bool), values)]


def _win_values(rules: SetAsideRules, fallback: BatchValues) -> BatchValues:
    """The win bot's values: its policy's with two players, ``fallback``'s otherwise."""
    win: list[
        WinValues
    ] = []  # solved (or read from the disk cache) at the first two-player decision

    def values(turns: TurnBatch) -> Iterable[tuple[numpy.ndarray, StateValues]]:
        if turns.scores.shape[-1] != 2:
            return fallback(turns)
        if not win:
            win.append(WinValues(registry.game(rules).win_policy(rules)))
        return [(numpy.ones(len(turns), dtype=bool), win[0])]

    return values


def _win_form(
    optimal_values: Callable[[Any], BatchValues],
    unless: Callable[[Any], bool] | None = None,
) -> Make:
    """``make(rules, bot)`` of the win robot's batch form: a :class:`PolicyBot` over its
    policy's values (``optimal_values``' at a table of other than two); None, so that it
    plays on the engine path, under rules for which ``unless(rules)`` holds."""

    def make(rules: Any, bot: Any) -> PolicyBot | None:
        if unless is not None and unless(rules):
            return None
        return PolicyBot(rules, _win_values(rules, optimal_values(rules)), "win")

    return make


def _fivethousand_forms() -> dict[type, Make]:
    from dicelab.fivethousand.policy import OptimalBot
    from dicelab.fivethousand.strategy import IntelligentBot, SimpleBot
    from dicelab.setaside.win import SetAsideWinBot
    from dicelab.strategy.robot import StrategyBatchBot, StrategyBot

    return {
        StrategyBot: StrategyBatchBot,
        SimpleBot: lambda rules, bot: Threshold(
            SimpleBot.threshold, not_hot=rules.dice, level="simple"
        ),
        IntelligentBot: lambda rules, bot: Intelligent(rules),
        OptimalBot: lambda rules, bot: PolicyBot(rules, _fivethousand_values(rules), "optimal"),
        # the win policy's batch tables don't hold farkles in a row
        SetAsideWinBot: _win_form(_fivethousand_values, unless=lambda rules: rules.penalty),
    }


def _thousand_forms() -> dict[type, Make]:
    from dicelab.thousand.policy import OptimalBot
    from dicelab.thousand.strategy import CaskAwareBot, SimpleBot

    return {
        SimpleBot: lambda rules, bot: Threshold(SimpleBot.threshold, level="simple"),
        CaskAwareBot: lambda rules, bot: CaskAware(rules),
        OptimalBot: lambda rules, bot: PolicyBot(rules, _thousand_values(rules), "optimal"),
    }


class GameForms(NamedTuple):
    """A set-aside game's own bots' batch forms (``forms()``: bot class -> ``make(rules,
    bot)``), and the values its optimal robot plays by (which the win robot plays by at a
    table of other than two). Each game's is its ``registry.GameSpec.batch_forms``."""

    forms: Callable[[], dict[type, Make]]
    optimal_values: Callable[[Any], BatchValues]


FIVETHOUSAND = GameForms(_fivethousand_forms, _fivethousand_values)
THOUSAND = GameForms(_thousand_forms, _thousand_values)


def batch_forms(game: Any) -> dict[type, Make]:
    """Each built-in bot class of ``game`` (a name, or anything :func:`dicelab.registry.game`
    knows) -> ``make(rules, bot)``, its batch form.

    A new bot gets its batch form by one entry here; a policy bot by a :class:`PolicyBot`
    over its :class:`StateValues`.
    """
    from dicelab.setaside.win import SetAsideWinBot
    from dicelab.simulate.field import FieldBatchBot, FieldBot

    spec = registry.game(game)
    if spec.batch_forms is None:
        raise ValueError(
            f"{spec.title} is not a set-aside game: its robots have no set-aside batch forms"
        )
    own_forms, optimal_values = registry.load(spec.batch_forms, GameForms)
    return {
        FieldBot: lambda rules, bot: FieldBatchBot.make(rules, bot, batch_bot),
        RandomBot: lambda rules, bot: RandomChoices(),
        SetAsideWinBot: _win_form(optimal_values),
        ThresholdBot: lambda rules, bot: Threshold(bot.threshold),
        **own_forms(),
    }


def batch_bot(rules: Any, bot: Any) -> SetAsideBatchBot | None:
    """The batch form of ``bot`` (a level name or a bot object) under ``rules``, or None when
    it has none (a bot of your own, even one built on a built-in bot's class, or one whose
    batch form can't play these rules: it plays on the engine path)."""
    spec = registry.game(rules)
    if isinstance(bot, str):
        bot = spec.bots[bot]()
    make = batch_forms(spec.name).get(type(bot))
    return None if make is None else make(rules, bot)
