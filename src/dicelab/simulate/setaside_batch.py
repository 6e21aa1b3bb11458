"""Fivethousand and Thousand games (or single turns) played many at once, in lockstep.

Every game still playing makes one throw per batch step: its dice are its code of that step
(:class:`~dicelab.simulate.streams.StepThrows`), the throw becomes a multiset number
(:mod:`dicelab.simulate.throws`), and a bust, the part set aside, a burn or the exact
finish, and banking are applied to all the games at once as numpy arrays, each seat's
decisions made by its batch bot (:mod:`dicelab.simulate.setaside_bots`). Each transition of
the turn is the rules' own method (:class:`dicelab.setaside.turn.TurnRules`), the very one
the engine calls with one turn; this module only keeps the games' arrays and asks the bots.

>>> from dicelab.thousand import Rules
>>> bots = batch_bots(Rules(), ["simple", "cask_aware"])
>>> out = play_games(Rules(), bots, seed=1, games=numpy.arange(4))
>>> out["scores"].shape, bool((out["scores"][out["wins"]] == 1000).all())
((4, 2), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy
from numpy.typing import ArrayLike

from dicelab.setaside.house import after_turn, first_seat
from dicelab.setaside.throws import ThrowChoices
from dicelab.simulate.batch_turns import SetAsideBatchBot, TurnBatch
from dicelab.simulate.setaside_bots import batch_bot
from dicelab.simulate.streams import StepChoices, StepThrows
from dicelab.simulate.throws import throw_of


def batch_bots(rules: Any, bots: Sequence[Any]) -> list[SetAsideBatchBot] | None:
    """The batch forms of the seats' bots (level names or bot objects), or None if a seat's
    bot has none (then the games are played on the engine path)."""
    made: dict[
        Any, SetAsideBatchBot | None
    ] = {}  # seats with the same bot share its batch form (answered at once)
    forms: list[SetAsideBatchBot | None] = []
    for bot in bots:
        try:
            form = made.get(bot) or made.setdefault(bot, batch_bot(rules, bot))
        except TypeError:  # a bot that can't be hashed
            form = batch_bot(rules, bot)
        forms.append(form)
    if any(form is None for form in forms):
        return None
    return [form for form in forms if form is not None]


def play_games(
    rules: Any, batch_bots: Sequence[SetAsideBatchBot], seed: int, games: ArrayLike
) -> dict[str, numpy.ndarray]:
    """Play the games numbered ``games`` (an int64 array) of a run seeded ``seed``.

    Returns numpy arrays: ``scores`` (games, seats), ``wins`` (games, seats), ``turns``
    (games,), ``busts`` (games, seats), as in :class:`dicelab.simulate.GameResults`.
    """
    out = _Lockstep(rules, batch_bots, seed, games).run()
    if rules.exact_finish:
        wins = out["scores"] == rules.target
    else:
        wins = out["scores"] == out["scores"].max(axis=1, keepdims=True)
    return {"scores": out["scores"], "wins": wins, "turns": out["turns"], "busts": out["busts"]}


def play_turns(
    rules: Any, batch_bot: SetAsideBatchBot, seed: int, turns: ArrayLike, banked: int = 0
) -> dict[str, numpy.ndarray]:
    """Play the turns numbered ``turns`` (an int64 array): a lone player's first turn each,
    from a banked score of ``banked``. Returns numpy arrays ``points`` (what each turn
    added), ``busts`` (bool) and ``throws``, as in :class:`dicelab.simulate.TurnResults`."""
    out = _Lockstep(rules, [batch_bot], seed, turns, banked=banked, one_turn=True).run()
    return {
        "points": out["scores"][:, 0] - banked,
        "busts": out["busts"][:, 0] > 0,
        "throws": out["throws"],
    }


class _Lockstep:
    """The games of a batch still playing, as arrays (one entry per game), and the step that
    plays one throw in each. Their turns and scoreless turns are counted in :attr:`out`,
    where the results of finished games wait; ended games play on (harmlessly: their row
    in :attr:`out` is then a spare one past the games', no bot is asked about them) until
    an eighth of the arrays are such games, then they leave the arrays."""

    STATE = ("scores", "row", "turn_points", "round_start", "dice_left")

    def __init__(
        self,
        rules: Any,
        bots: Sequence[SetAsideBatchBot],
        seed: int,
        games: ArrayLike,
        banked: int = 0,
        one_turn: bool = False,
    ) -> None:
        games = numpy.asarray(games, dtype=numpy.int64)
        n, seats = len(games), len(bots)
        self.rules, self.bots, self.one_turn = rules, bots, one_turn
        self.seats_of_bot = [  # each bot, and whether it plays each seat (by seat)
            (bot, numpy.array([b is bot for b in bots]))
            for bot in {id(b): b for b in bots}.values()
        ]
        self.table = ThrowChoices.of(rules)
        self._kept_parts(rules, bots)
        self.dice = StepThrows(seed, games)
        self.choices = StepChoices(seed, games) if any(bot.uses_choices for bot in bots) else None
        self.steps = 0  # batch steps played: every game throws once at each
        self.row = numpy.arange(n)  # each game's row in the results
        self.games = numpy.append(games, -1)  # each row's game number (-1: the spare row)
        self.scores = numpy.full((n, seats), banked, dtype=numpy.int64)
        self.player = numpy.zeros(n, dtype=numpy.int64)
        if rules.first_player == "random" and not one_turn:
            self.player[:] = [first_seat(rules, f"{seed}/{game}", seats) for game in games.tolist()]
        # each seat has banked once, under an opening score to reach (None: every seat is);
        # scoreless turns in a row, under a penalty for them (None: not counted)
        opening = rules.opening
        self.on_board = numpy.full((n, seats), bool(banked)) if opening else None
        self.streaks = numpy.zeros((n, seats), dtype=numpy.int64) if rules.penalty else None
        self.turn_points = numpy.zeros(n, dtype=numpy.int64)
        self.round_start = numpy.zeros(n, dtype=numpy.int64)
        self.dice_left = numpy.full(n, rules.dice, dtype=numpy.int64)
        # the turn points the seat to move needs to bank, this turn (one number when the
        # rules ask the same of every seat at every score)
        self.needs = rules.turn_needs(
            self.scores.reshape(-1)[self._seats(self.player)],
            True if self.on_board is None else self.on_board.reshape(-1)[self._seats(self.player)],
        )
        self.state = (
            self.STATE
            + ("player",) * (seats > 1)  # (one seat: always seat 0, the arrays cut, not gathered)
            + ("needs",) * bool(numpy.ndim(self.needs))
            + ("on_board",) * bool(opening)
            + ("streaks",) * bool(rules.penalty)
            + ("final_left",) * (not one_turn)
        )
        self.final_left = numpy.full(n, -1, dtype=numpy.int64)  # last turns still owed (-1: none)
        self.recording = numpy.ones(n, dtype=bool)  # games whose results are not kept yet
        self.ended = 0  # games no longer recording
        self.out = {  # by row, and a spare row for the ended games still in the arrays
            "scores": numpy.zeros((n + 1, seats), dtype=numpy.int64),
            "turns": numpy.zeros(n + 1, dtype=numpy.int64),
            "busts": numpy.zeros((n + 1, seats), dtype=numpy.int64),
            "throws": numpy.zeros(n + 1, dtype=numpy.int64),  # steps played (a throw each)
        }

    def _kept_parts(self, rules: Any, bots: Sequence[SetAsideBatchBot]) -> None:
        """The points and dice of each part a throw offers, flat by ``throw * width + part``;
        and, when every seat keeps by the throw alone (or the rules set aside by themselves),
        of the part each seat keeps, flat by ``seat * throws + throw`` (else None)."""
        table = self.table
        self.part_points = table.choices[..., 0].ravel()
        self.part_dice = table.choices[..., 1].ravel()
        self.busting = table.count == 0
        sets_aside_itself = not rules.choose_keep
        kept = [table.best if sets_aside_itself else bot.keep_table(table) for bot in bots]
        self.kept: tuple[numpy.ndarray, numpy.ndarray] | None = None
        self.kept_by_seat = False
        tables = [k for k in kept if k is not None]
        if len(tables) == len(kept):
            if all(k is tables[0] for k in tables):
                tables = tables[:1]  # one table for every seat
            flat = numpy.concatenate(tables) + table.choices.shape[1] * numpy.tile(
                numpy.arange(len(table.count)), len(tables)
            )
            self.kept = self.part_points[flat], self.part_dice[flat]
            self.kept_by_seat = len(tables) > 1

    def run(self) -> dict[str, numpy.ndarray]:
        """Play every game to its end; the results, by game."""
        while self.ended < len(self.row):
            self.step()
        return {name: values[:-1] for name, values in self.out.items()}

    def step(self) -> None:
        """Every game throws its dice left, sets aside, and banks or plays on."""
        rules, n = self.rules, len(self.row)
        throw = throw_of(self.dice.codes(self.steps), self.dice_left)
        choice = None if self.choices is None else self.choices.floats(self.steps)
        self.steps += 1
        # the seat to move, as an index into the flattened (games, seats) arrays
        seat = self._seats(self.player)
        banked = self.scores.reshape(-1)[seat]
        on_board = None if self.on_board is None else self.on_board.reshape(-1)[seat]
        streak = None if self.streaks is None else self.streaks.reshape(-1)[seat]
        final = numpy.zeros(n, dtype=bool) if self.one_turn else self.final_left > 0

        def turns_at(
            turn_points: numpy.ndarray, round_start: numpy.ndarray, dice_left: numpy.ndarray
        ) -> TurnBatch:
            """The turns of this throw, for the bots, at these points and dice."""
            return TurnBatch(
                self.scores,
                self.player,
                turn_points,
                round_start,
                dice_left,
                final,
                throw,
                choice,
                banked=banked,
                on_board=on_board,
                streak=streak,
                game=self.games.take(self.row),
            )

        if self.kept is not None:
            kept = throw + len(self.busting) * self.player if self.kept_by_seat else throw
            points, dice = self.kept[0].take(kept), self.kept[1].take(kept)
            bust = dice == 0  # every part has dice
        else:
            bust = self.busting[throw]
            turns = turns_at(self.turn_points, self.round_start, self.dice_left)
            # Bots are asked about the games still recorded only.
            part = throw * self.table.choices.shape[1] + self._ask(
                "keep", turns, self._recorded(~bust)
            )
            points, dice = self.part_points[part], self.part_dice[part]  # 0 on a bust
        turn_points = self.turn_points + points
        round_start, dice_left, hot = rules.next_throw(
            turn_points, self.round_start, self.dice_left - dice
        )  # (the keep question has read the old arrays; a bust sets no dice aside)
        won, burned = rules.finish(banked, turn_points)
        ended = bust | (won | burned)  # (without an exact finish: bust | False)
        allowed = rules.allows_bank(turn_points, self.needs, hot)
        deciding = self._recorded(~ended & allowed)
        turns = turns_at(turn_points, round_start, dice_left)
        over = (ended | (deciding & self._ask("bank", turns, deciding))).nonzero()[0]
        ending, rows = self._end_turns(
            over, bust.take(over), banked.take(over), turn_points, round_start, on_board, streak
        )
        if not self.one_turn:  # (a game of one turn plays no more)
            turn_points[over] = 0
            round_start[over] = 0
            dice_left[over] = rules.dice
        self.turn_points, self.round_start, self.dice_left = turn_points, round_start, dice_left
        self._record(ending, rows)

    def _seats(self, player: numpy.ndarray) -> slice | numpy.ndarray:
        """The seats ``player`` (one per game) as an index into the flattened (games, seats)
        arrays."""
        seats = self.scores.shape[1]
        return slice(None) if seats == 1 else numpy.arange(0, len(player) * seats, seats) + player

    def _end_turns(
        self,
        over: numpy.ndarray,
        bust: numpy.ndarray,
        banked: numpy.ndarray,
        turn_points: numpy.ndarray,
        round_start: numpy.ndarray,
        on_board: numpy.ndarray | None,
        streak: numpy.ndarray | None,
    ) -> tuple[numpy.ndarray, numpy.ndarray]:
        """Bank, burn or lose the turns ``over`` (rows; ``bust`` and ``banked`` are theirs,
        ``turn_points``, ``round_start``, ``on_board`` and ``streak`` every game's) and pass
        the dice on; the rows of the games that end, and their rows in the results."""
        rules, seats = self.rules, self.scores.shape[1]
        points = turn_points.take(over)  # (take: numpy's fastest gather)
        at = over if seats == 1 else over * seats + self.player.take(over)
        won, burned = rules.finish(banked, points)
        scoreless = bust | burned  # a farkle, a burn
        board = True if on_board is None else on_board.take(over)
        kept = rules.kept_on_bust(round_start.take(over), board)  # what a farkle leaves
        gained = numpy.where(scoreless, bust * kept, points)
        score = banked + gained
        if self.streaks is not None:  # (no penalty, then: after_turn leaves the score)
            assert streak is not None  # each seat's, taken from self.streaks
            score, after = after_turn(rules, score, streak.take(over), scoreless)
            self.streaks.reshape(-1)[at] = after
        score = rules.landed(score)
        if self.on_board is not None:
            assert on_board is not None  # each seat's, taken from self.on_board
            self.on_board.reshape(-1)[at] = rules.boarded(on_board.take(over), gained)
        self.scores.reshape(-1)[at] = score
        rows = self.row.take(over)
        if not self.one_turn:  # (a turn's results have no count of turns)
            self.out["turns"][rows] += 1
        self.out["busts"].reshape(-1)[rows if seats == 1 else rows * seats + at % seats] += (
            scoreless
        )
        if self.one_turn:
            return over, rows
        owing = self.final_left.take(over)
        owed = rules.last_turns(owing, score, seats)
        if owed is not owing:  # (rules whose games never end by a bank leave it)
            self.final_left[over] = owed
        ends = won | (owed == 0)
        player = (self.player.take(over) + 1) % seats
        self.player[over] = player
        if numpy.ndim(self.needs):  # the next seat's
            seat = over * seats + player
            self.needs[over] = rules.turn_needs(
                self.scores.reshape(-1).take(seat),
                True if self.on_board is None else self.on_board.reshape(-1).take(seat),
            )
        return over[ends], rows[ends]

    def _record(self, ending: numpy.ndarray, rows: numpy.ndarray) -> None:
        """Keep the results of the games ``ending`` (rows; ``rows`` theirs in the results)
        that are still recording; once an eighth of the arrays are ended games, they leave
        the arrays."""
        if self.ended:
            recorded = self.recording.take(ending)
            ending, rows = ending[recorded], rows[recorded]
        if len(ending):
            scores = self.scores.take(ending, axis=0)
            if len(scores.T) == 1:  # (one column: by flat index, numpy's fast path)
                self.out["scores"].reshape(-1)[rows] = scores.reshape(-1)
            else:
                self.out["scores"][rows] = scores
            self.out["throws"][rows] = self.steps  # every game throws at every step
            self.recording[ending] = False
            self.ended += len(ending)
        if 8 * self.ended < len(self.row) or self.ended == len(self.row):
            self.row[ending] = len(self.out["throws"]) - 1  # the spare row, while they stay
            return
        going = self.recording.nonzero()[0]  # an index, found once for every array
        for name in self.state:
            setattr(self, name, getattr(self, name).take(going, axis=0))
        if "player" not in self.state:
            self.player = self.player[: len(going)]
        self.recording = numpy.ones(len(going), dtype=bool)
        self.ended = 0
        self.dice.keep(going)
        if self.choices is not None:
            self.choices.keep(going)

    def _recorded(self, games: numpy.ndarray) -> numpy.ndarray:
        """The mask ``games`` (new), less the ended games still in the arrays."""
        if self.ended:
            games &= self.recording
        return games

    def _ask(self, question: str, turns: TurnBatch, asked: numpy.ndarray) -> numpy.ndarray:
        """Each seat's bot's answer (``keep``: a part's index, ``bank``: bool) where ``asked``."""
        answers = None
        for bot, seats in self.seats_of_bot:
            mine = asked & seats[turns.player] if len(self.seats_of_bot) > 1 else asked
            if bot.cheap:
                answer = self._answer(bot, question, turns)
                answers = answer if answers is None else numpy.where(mine, answer, answers)
                continue
            if answers is None:
                answers = numpy.zeros(len(turns), dtype=numpy.int64 if question == "keep" else bool)
            if mine.any():
                answers[mine] = self._answer(bot, question, turns.take(mine))
        assert answers is not None  # every turn has a seat, and every seat a bot
        return answers

    def _answer(self, bot: SetAsideBatchBot, question: str, turns: TurnBatch) -> numpy.ndarray:
        return bot.keep(turns, self.table) if question == "keep" else bot.bank(turns)
