"""Fivethousand and Thousand games (or single turns) played many at once, in lockstep.

Every game still playing makes one throw per batch step: its dice come from a page of
:class:`~dicelab.simulate.streams.StepThrows`, the throw becomes a multiset number
(:mod:`dicelab.simulate.throws`), and a bust, the part set aside, a burn or the exact
finish, and banking are applied to all the games at once as numpy arrays, each seat's
decisions made by its batch bot (:mod:`dicelab.simulate.setaside_bots`). The rules are the
engines' (:mod:`dicelab.fivethousand.engine`, :mod:`dicelab.thousand.engine`), step for step.

>>> from dicelab.thousand import Rules
>>> bots = batch_bots(Rules(), ["simple", "cask_aware"])
>>> out = play_games(Rules(), bots, seed=1, games=numpy.arange(4))
>>> out["scores"].shape, bool((out["scores"][out["wins"]] == 1000).all())
((4, 2), True)
"""

from __future__ import annotations

import numpy

from dicelab.fivethousand.rules import Rules as FivethousandRules
from dicelab.setaside.house import after_turn, first_seat
from dicelab.simulate.setaside_bots import TurnBatch, batch_bot
from dicelab.simulate.streams import StepChoices, StepThrows
from dicelab.simulate.throws import ThrowChoices, throw_of


def batch_bots(rules, bots) -> list | None:
    """The batch forms of the seats' bots (level names or bot objects), or None if a seat's
    bot has none (then the games are played on the engine path)."""
    made: dict = {}  # seats with the same bot share its batch form (answered at once)
    forms = []
    for bot in bots:
        try:
            form = made.get(bot) or made.setdefault(bot, batch_bot(rules, bot))
        except TypeError:  # a bot that can't be hashed
            form = batch_bot(rules, bot)
        forms.append(form)
    return None if any(form is None for form in forms) else forms


def play_games(rules, batch_bots, seed: int, games) -> dict:
    """Play the games numbered ``games`` (an int64 array) of a run seeded ``seed``.

    Returns numpy arrays: ``scores`` (games, seats), ``wins`` (games, seats), ``turns``
    (games,), ``busts`` (games, seats), as in :class:`dicelab.simulate.GameResults`.
    """
    out = _Lockstep(rules, batch_bots, seed, games).run()
    if isinstance(rules, FivethousandRules):
        wins = out["scores"] == out["scores"].max(axis=1, keepdims=True)
    else:
        wins = out["scores"] == rules.target
    return {"scores": out["scores"], "wins": wins, "turns": out["turns"], "busts": out["busts"]}


def play_turns(rules, batch_bot, seed: int, turns, banked: int = 0) -> dict:
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
    plays one throw in each. The results of finished games wait in :attr:`out`."""

    RESULTS = ("scores", "turns", "busts", "throws")

    def __init__(self, rules, bots, seed: int, games, banked: int = 0, one_turn: bool = False):
        games = numpy.asarray(games, dtype=numpy.int64)
        n, seats = len(games), len(bots)
        self.rules, self.bots, self.one_turn = rules, bots, one_turn
        self.seats_of_bot = [
            (bot, [seat for seat, b in enumerate(bots) if b is bot])
            for bot in {id(b): b for b in bots}.values()
        ]
        self.fivethousand = isinstance(rules, FivethousandRules)
        self.sets_aside_itself = not self.fivethousand and not rules.choose_keep
        self.table = ThrowChoices.of(rules)
        self.dice = StepThrows(seed, games)
        self.choices = StepChoices(seed, games) if any(bot.uses_choices for bot in bots) else None
        self.row = numpy.arange(n)  # each game's row in the results
        self.scores = numpy.full((n, seats), banked, dtype=numpy.int64)
        self.player = numpy.zeros(n, dtype=numpy.int64)
        if getattr(rules, "first_player", "fixed") == "random" and not one_turn:
            self.player[:] = [first_seat(rules, f"{seed}/{game}", seats) for game in games.tolist()]
        # each seat has banked once (with an opening score to reach); scoreless turns in a row
        self.on_board = numpy.full((n, seats), not getattr(rules, "opening", 0) or bool(banked))
        self.streaks = numpy.zeros((n, seats), dtype=numpy.int64)
        self.turn_points = numpy.zeros(n, dtype=numpy.int64)
        self.round_start = numpy.zeros(n, dtype=numpy.int64)
        self.dice_left = numpy.full(n, rules.dice, dtype=numpy.int64)
        self.final_left = numpy.full(n, -1, dtype=numpy.int64)  # last turns still owed, once due
        self.playing = numpy.ones(n, dtype=bool)
        self.recording = numpy.ones(n, dtype=bool)  # games whose results are not kept yet
        self.turns = numpy.zeros(n, dtype=numpy.int64)
        self.busts = numpy.zeros((n, seats), dtype=numpy.int64)
        self.throws = numpy.zeros(n, dtype=numpy.int64)
        self.out = {name: getattr(self, name).copy() for name in self.RESULTS}

    def run(self) -> dict:
        """Play every game to its end; the results, by game."""
        while self.recording.any():
            self.step()
            self._record()
        return self.out

    def _record(self) -> None:
        """Keep the results of the games that just ended in :attr:`out`. Ended games play on
        (harmlessly: nothing of theirs is kept) until an eighth of the arrays are such
        games; then they leave the arrays."""
        ended = numpy.flatnonzero(self.recording & ~self.playing)
        if len(ended):
            rows = self.row[ended]
            for name in self.RESULTS:
                self.out[name][rows] = getattr(self, name)[ended]
            self.recording[ended] = False
        if 8 * numpy.count_nonzero(~self.recording) < len(self.row):
            return
        going = numpy.flatnonzero(self.recording)  # an index, found once for every array
        for name in (
            "row",
            "scores",
            "player",
            "turn_points",
            "round_start",
            "dice_left",
            "final_left",
            "on_board",
            "streaks",
            "playing",
            "recording",
            "turns",
            "busts",
            "throws",
        ):
            setattr(self, name, getattr(self, name)[going])
        self.dice.keep(going)
        if self.choices is not None:
            self.choices.keep(going)

    def step(self) -> None:
        """Every game throws its dice left, sets aside, and banks or plays on."""
        rules, every = self.rules, numpy.arange(len(self.row))
        throw = throw_of(self.dice.page()[:, 0], self.dice_left)
        choice = self.choices.page() if self.choices else None
        self.throws += 1
        bust = self.table.count[throw] == 0
        every_seat = numpy.arange(len(self.row))
        on_board = self.on_board[every_seat, self.player]
        streak = self.streaks[every_seat, self.player]
        turns = TurnBatch(
            self.scores,
            self.player,
            self.turn_points,
            self.round_start,
            self.dice_left,
            self.final_left > 0,
            throw,
            choice,
            on_board=on_board,
            streak=streak,
        )
        # Bots are asked about the games still recorded only (ended games play on unasked).
        part = (
            self.table.best[throw]
            if self.sets_aside_itself
            else self._ask("keep", turns, ~bust & self.recording)
        )
        points, dice = (
            self.table.choices[throw, part, 0],
            self.table.choices[throw, part, 1],
        )  # 0 on a bust
        turn_points = self.turn_points + points
        dice_left = self.dice_left - dice
        hot = (dice_left == 0) & ~bust
        round_start = numpy.where(hot, turn_points, self.round_start)
        dice_left = numpy.where(hot, rules.dice, dice_left)
        banked = self.scores[every, self.player]
        ended = bust.copy()  # the turn ended by setting aside (Thousand)
        won = numpy.zeros(len(every), dtype=bool)
        if not self.fivethousand:
            standing = banked + turn_points
            won = ~bust & (standing == rules.target)
            ended |= standing > rules.target
            ended |= won
        turns = TurnBatch(
            self.scores,
            self.player,
            turn_points,
            round_start,
            dice_left,
            self.final_left > 0,
            throw,
            choice,
            banked=banked,
            on_board=on_board,
            streak=streak,
        )
        deciding = ~ended & self.recording
        if self.fivethousand:
            deciding &= rules.may_bank(turn_points, on_board, hot)
        else:
            deciding &= rules.casks_allow_saving(banked, turn_points)
        bank = deciding & self._ask("bank", turns, deciding)
        burned = ended & ~bust & ~won
        gained = numpy.where(bank | won, turn_points, 0)
        if self.fivethousand and rules.bust_keeps_completed_rounds:
            kept = numpy.where(self.round_start >= rules.bank_needs(on_board), self.round_start, 0)
            gained = numpy.where(bust, kept, gained)
        over = ended | bank
        scoreless = bust | burned
        score = banked + gained
        settled, streak = after_turn(rules, score, self.streaks[every, self.player], scoreless)
        if not self.fivethousand:
            settled = rules.dumped(settled)
        score = numpy.where(over & ~won, settled, score)
        self.streaks[every, self.player] = numpy.where(
            over, streak, self.streaks[every, self.player]
        )
        self.on_board[every, self.player] = on_board | (gained > 0)
        self.scores[every, self.player] = score
        self.turns += over
        self.busts[every, self.player] += scoreless
        self.turn_points = numpy.where(over, 0, turn_points)
        self.round_start = numpy.where(over, 0, round_start)
        self.dice_left = numpy.where(over, rules.dice, dice_left)
        self._end_turns(over, won, score)

    def _ask(self, question: str, turns: TurnBatch, asked) -> numpy.ndarray:
        """Each seat's bot's answer (``keep``: a part's index, ``bank``: bool) where ``asked``."""
        answers = None
        for bot, seats in self.seats_of_bot:
            mine = asked & numpy.isin(turns.player, seats) if len(self.seats_of_bot) > 1 else asked
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

    def _answer(self, bot, question: str, turns: TurnBatch) -> numpy.ndarray:
        return bot.keep(turns, self.table) if question == "keep" else bot.bank(turns)

    def _end_turns(self, over, won, banked) -> None:
        """Pass the dice on where a turn is ``over``; end the games that end (a Thousand
        game ``won``, a Fivethousand game once the last turns are played, a lone turn)."""
        if self.one_turn:
            self.playing = ~over
            return
        seats = self.scores.shape[1]
        if self.fivethousand and not self.rules.last_turn:
            self.playing = ~(over & (banked >= self.rules.target))
        elif self.fivethousand:
            owed = self.final_left
            owed = numpy.where(
                owed < 0, numpy.where(banked >= self.rules.target, seats - 1, -1), owed - 1
            )
            self.final_left = numpy.where(over, owed, self.final_left)
            self.playing = ~(over & (self.final_left == 0))
        else:
            self.playing = ~won
        self.player = numpy.where(over, (self.player + 1) % seats, self.player)
