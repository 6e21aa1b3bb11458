"""Yahtzee in the batch simulator: many games (or first turns) played at once as arrays.

:func:`batch_bots` gives the batch form of each seat's bot, or None when some seat has none
(a user's own bot: then the engine plays). :func:`play_games` and :func:`play_turns` play the
games or turns numbered ``games``/``turns`` of a run; game ``i``'s dice and random choices
depend only on ``(seed, i)`` (see :mod:`dicelab.simulate.yahtzee_play`), so the results do
not depend on how a run is cut into chunks. The batch bots make the decisions of the one-game bots (the random one with the same
distribution).

>>> rules = Rules()
>>> bots = batch_bots(rules, ["greedy", "random"])
>>> out = play_games(rules, bots, seed=1, games=numpy.arange(3))
>>> out["scores"].shape, out["turns"].tolist()
((3, 2), [26, 26, 26])
>>> again = play_games(rules, bots, seed=1, games=numpy.arange(2, 3))
>>> bool((again["scores"] == out["scores"][2:]).all())
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy

from dicelab.simulate.yahtzee_bots import (
    BatchChaseBox,
    BatchGreedy,
    BatchRandom,
    YahtzeeBatchBot,
)
from dicelab.simulate.yahtzee_play import CardBatch
from dicelab.yahtzee.rules import Rules

#: What a batch bot is made by: a level, or a level with its setting (the win robot's
#: margin, the box a ChaseBox chases).
Key = str | tuple[str, float | str]


def batch_bots(rules: Rules, bots: Iterable[object]) -> list[YahtzeeBatchBot] | None:
    """The batch form of each seat's bot (a level name or a bot object), or None when one
    of them has none. Seats with the same level share one batch bot."""
    from dicelab.players import RandomBot
    from dicelab.simulate import ChaseBox
    from dicelab.yahtzee.optimal import OptimalBot
    from dicelab.yahtzee.strategy import GreedyBot
    from dicelab.yahtzee.win_bot import YahtzeeWinBot

    levels: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "optimal": OptimalBot}
    made: dict[Key, YahtzeeBatchBot] = {}
    result: list[YahtzeeBatchBot] = []
    for bot in bots:
        key: Key
        if isinstance(bot, str) and bot in levels:
            key = bot
        elif type(bot) in levels.values():  # exactly a built-in bot, not a user's subclass
            key = next(level for level, kind in levels.items() if type(bot) is kind)
        elif (
            isinstance(bot, str) and bot == "win" or type(bot) is YahtzeeWinBot
        ):  # a win robot with its margin
            key = ("win", bot.margin if isinstance(bot, YahtzeeWinBot) else YahtzeeWinBot().margin)
        elif type(bot) is ChaseBox:
            key = ("chase_box", bot.box)
        else:
            return None
        if key not in made:
            made[key] = _batch_bot(rules, key)
        result.append(made[key])
    return result


def _batch_bot(rules: Rules, key: Key) -> YahtzeeBatchBot:
    if key == "random":
        return BatchRandom(rules)
    if key == "greedy":
        return BatchGreedy(rules)
    if key == "optimal":
        from dicelab.simulate.yahtzee_optimal import BatchOptimal  # solves the rules (cached)

        return BatchOptimal(rules)
    assert isinstance(key, tuple), (
        f"a batch bot is random, greedy, optimal, win or chase_box, not {key}"
    )
    kind, setting = key
    if kind == "win":
        from dicelab.simulate.yahtzee_win import BatchWin  # solves the rules (cached)

        return BatchWin(rules, float(setting))
    return BatchChaseBox(rules, str(setting))


def play_games(
    rules: Rules, batch_bots: Sequence[YahtzeeBatchBot], seed: int, games: numpy.ndarray
) -> dict[str, numpy.ndarray]:
    """Play whole games between the seats' batch bots: the games numbered ``games`` of the
    run seeded ``seed``. Returns the arrays of :class:`dicelab.simulate.GameResults`."""
    table = CardBatch(rules, len(batch_bots), seed, games)
    for _ in rules.boxes:
        for seat, bot in enumerate(batch_bots):
            bot.play(table, seat)
    scores = table.totals()
    return {
        "scores": scores,
        "wins": scores == scores.max(axis=1, keepdims=True),
        "turns": numpy.full(
            len(table.games), len(rules.boxes) * len(batch_bots), dtype=numpy.int64
        ),
        "busts": table.busts,
    }


def play_turns(
    rules: Rules, batch_bot: YahtzeeBatchBot, seed: int, turns: numpy.ndarray
) -> dict[str, numpy.ndarray]:
    """Play the first turn of a game, alone at the table, for the turns numbered ``turns``
    of the run seeded ``seed``. Returns the arrays of :class:`dicelab.simulate.TurnResults`."""
    table = CardBatch(rules, 1, seed, turns)
    batch_bot.play(table, 0)
    return {
        "points": table.totals()[:, 0],
        "busts": table.busts[:, 0] > 0,
        "throws": table.throws[:, 0],
    }
