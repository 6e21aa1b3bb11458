"""Play many games or turns between bots, seeded and reproducible, for "let's play 100 000 games".

Game (or turn) number ``i`` of a run is played with its own random generator seeded from
``(seed, i)`` only, so a run gives bit-for-bit the same results whatever the chunk size and
whether or not an ``executor`` (a ``concurrent.futures`` process pool, a Dask client's
``get_executor()``, ...) plays the chunks. Bots decide through their ``choose(engine, state,
rng)``; the engines are driven directly, without the history of a :class:`dicelab.game.Game`.

>>> results = games("fivethousand", ["simple", "intelligent"], n=20, seed=1, progress=False)
>>> results.scores.shape, int(results.wins.sum()) >= 20
((20, 2), True)
>>> turns("thousand", ThresholdBot(0), n=5, seed=1, rules={"casks": []}, progress=False).points.tolist()
[100, 10, 10, 100, 15]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from importlib import import_module

from dicelab.extras import require
from dicelab.odds.games import SET_ASIDE_GAMES, resolve
from dicelab.setaside.strategy import SetAsideBot

GAME_CHUNK = 200  # games per chunk by default
TURN_CHUNK = 5000  # turns per chunk by default


# --- bots made for experiments --------------------------------------------------------
@dataclass(frozen=True)
class ThresholdBot(SetAsideBot):
    """Push your luck in Fivethousand or Thousand: set aside the dice worth most, and bank
    as soon as the turn is worth ``threshold`` points (when the rules allow it)."""

    threshold: int
    level = "threshold"

    def wants_to_bank(self, engine, state) -> bool:
        return state.turn_points >= self.threshold


@dataclass(frozen=True)
class ChaseBox:
    """Yahtzee: hold what :func:`dicelab.odds.box_odds` says gives the best chance of
    filling ``box``, and score it (or the first open box, if ``box`` can't be scored)."""

    box: str
    level = "chase_box"

    def choose(self, engine, state, rng):
        from dicelab.odds import box_odds
        from dicelab.yahtzee import Roll, Score
        from dicelab.yahtzee.holding import step_towards

        if not state.rolls_used:
            return Roll()
        boxes = engine.scorable_boxes(state)
        rolls_left = engine.rules.rolls - state.rolls_used
        if self.box not in boxes:
            return Score(boxes[0])
        if rolls_left:
            hold = box_odds(self.box, state.dice, None, rolls_left, engine.rules,
                            state.card.boxes).hold
            if len(hold) < 5:
                return step_towards(state, hold) or Roll()
        return Score(self.box)


# --- results --------------------------------------------------------------------------
def _as_array(values, dtype):
    import numpy

    return numpy.asarray(values, dtype=dtype)


def _dataframe(records):
    return require("pandas", "data", "to_dataframe()").DataFrame.from_records(records)


@dataclass(frozen=True, eq=False)
class GameResults:
    """Results of :func:`games`: one row per game, one column per seat.

    ``scores`` final scores, ``wins`` True for every winner (a shared win counts for each),
    ``turns`` the turns played in the game (all seats), ``busts`` each seat's turns that
    scored nothing (a bust or a burned turn; in Yahtzee a box filled with 0).
    """

    game: str
    rules: object
    players: tuple  # the bot of each seat: a level name or the bot's repr
    seed: int
    scores: object
    wins: object
    turns: object
    busts: object

    def __len__(self) -> int:
        return len(self.turns)

    def seats(self, player) -> list[int]:
        """Seat numbers of ``player``: a seat number or a bot level name."""
        if isinstance(player, int) and not isinstance(player, bool):
            if not 0 <= player < len(self.players):
                raise IndexError(f"there are seats 0 to {len(self.players) - 1}, not {player}")
            return [player]
        seats = [i for i, p in enumerate(self.players) if p == player]
        if not seats:
            raise ValueError(f"no seat is played by {player!r}; the players are {list(self.players)}")
        return seats

    def win_rate(self, player) -> float:
        """The share of games a seat (or, on average, the seats of a bot level) won."""
        return float(self.wins[:, self.seats(player)].mean())

    def mean_score(self, player=None) -> float:
        """The mean final score of a seat, a bot level, or every seat."""
        columns = self.seats(player) if player is not None else slice(None)
        return float(self.scores[:, columns].mean())

    def to_records(self) -> list[dict]:
        """One plain record per game and seat (a tidy, "long" table)."""
        return [{"game": g, "seat": s, "player": self.players[s], "score": int(self.scores[g, s]),
                 "won": bool(self.wins[g, s]), "busts": int(self.busts[g, s]), "turns": int(self.turns[g])}
                for g in range(len(self)) for s in range(len(self.players))]

    def to_dataframe(self):
        """:meth:`to_records` as a pandas DataFrame."""
        return _dataframe(self.to_records())

    def summary(self):
        """Per seat: win rate, mean score, busts per game, as a :class:`dicelab.odds.Table`."""
        from dicelab.odds import Table

        rows = [{"seat": s, "player": p, "win rate": self.win_rate(s), "mean score": self.mean_score(s),
                 "busts per game": float(self.busts[:, s].mean())} for s, p in enumerate(self.players)]
        return Table(["seat", "player", "win rate", "mean score", "busts per game"], rows,
                     f"{self.game}: {len(self)} games, seed {self.seed}")


@dataclass(frozen=True, eq=False)
class TurnResults:
    """Results of :func:`turns`: ``points`` each turn added to the score, ``busts`` whether it
    scored nothing (bust, burned turn, or a Yahtzee box filled with 0), ``throws`` its throws."""

    game: str
    rules: object
    bot: str
    seed: int
    points: object
    busts: object
    throws: object

    def __len__(self) -> int:
        return len(self.points)

    @property
    def bust_rate(self) -> float:
        return float(self.busts.mean())

    @property
    def mean_points(self) -> float:
        return float(self.points.mean())

    def frequencies(self) -> dict:
        """Each number of points -> the share of turns that scored it."""
        import numpy

        values, counts = numpy.unique(self.points, return_counts=True)
        return {int(v): c / len(self) for v, c in zip(values, counts)}

    def to_records(self) -> list[dict]:
        return [{"turn": i, "points": int(p), "bust": bool(b), "throws": int(t)}
                for i, (p, b, t) in enumerate(zip(self.points, self.busts, self.throws))]

    def to_dataframe(self):
        return _dataframe(self.to_records())


# --- the runs -------------------------------------------------------------------------
@dataclass(frozen=True)
class _Run:
    """What a chunk needs to play its games or turns (picklable, for process pools)."""

    game: str
    rules: object
    bots: tuple  # level names or bot objects
    seed: int
    banked: int = 0

    def engine(self):
        return import_module(f"dicelab.{self.game}").Engine(self.rules)

    def bot_objects(self) -> list:
        levels = import_module(f"dicelab.{self.game}").BOTS
        return [levels[bot]() if isinstance(bot, str) else bot for bot in self.bots]

    def rng(self, index: int) -> random.Random:
        """The random generator of game (or turn) ``index``: from the seed and index only."""
        return random.Random(f"dicelab-simulate/{self.seed}/{index}")


def _step(engine, state, bots, rng):
    """One action or one throw; returns (new state, whether it was a throw, the action)."""
    if state.is_chance:
        return engine.apply_chance(state, engine.sample_chance(state, rng)), True, None
    action = bots[state.player].choose(engine, state, rng)
    return engine.apply(state, action), False, action


def _turn_end(game: str, before, after, action) -> tuple[bool, bool]:
    """Whether the step from ``before`` to ``after`` ended a turn, and with nothing scored."""
    if game in SET_ASIDE_GAMES:
        ended = after.phase in ("throw", "over")
        return ended, ended and bool({"bust", "burned"} & set(after.news))
    if action is None or action.type != "score":
        return False, False
    return True, after.cards[before.player].filled[-1][1] == 0


def _final_scores(engine, state) -> list[int]:
    totals = getattr(engine, "totals", None)
    return list(totals(state)) if totals else list(state.scores)


def _play_games(run: _Run, start: int, stop: int) -> dict:
    """Play games ``start`` to ``stop - 1`` of a run (module level, so process pools can)."""
    engine, bots = run.engine(), run.bot_objects()
    seats = len(bots)
    out = {"scores": [], "wins": [], "turns": [], "busts": []}
    for index in range(start, stop):
        rng = run.rng(index)
        state = engine.initial_state(seats)
        turns, busts = 0, [0] * seats
        while not state.is_over:
            before = state
            state, _, action = _step(engine, state, bots, rng)
            ended, bust = _turn_end(run.game, before, state, action)
            turns += ended
            busts[before.player] += bust
        winners = engine.winners(state)
        out["scores"].append(_final_scores(engine, state))
        out["wins"].append([seat in winners for seat in range(seats)])
        out["turns"].append(turns)
        out["busts"].append(busts)
    return out


def _play_turns(run: _Run, start: int, stop: int) -> dict:
    """Play turns ``start`` to ``stop - 1`` of a run: one player's first turn each."""
    engine, (bot,) = run.engine(), run.bot_objects()
    out = {"points": [], "busts": [], "throws": []}
    first = engine.initial_state(1)
    if run.banked:
        first = replace(first, scores=(run.banked,))
    before_score = _final_scores(engine, first)[0]
    for index in range(start, stop):
        rng = run.rng(index)
        state, throws, ended, bust = first, 0, False, False
        while not ended:
            before = state
            state, threw, action = _step(engine, state, [bot], rng)
            throws += threw
            ended, bust = _turn_end(run.game, before, state, action)
        out["points"].append(_final_scores(engine, state)[0] - before_score)
        out["busts"].append(bust)
        out["throws"].append(throws)
    return out


def _run_chunks(worker, run: _Run, n: int, chunk_size: int, executor, progress, unit: str) -> dict:
    if type(n) is not int or n < 0:
        raise ValueError(f"n is a number of {unit}s, not {n!r}")
    if type(chunk_size) is not int or chunk_size < 1:
        raise ValueError(f"chunk_size is a positive whole number, not {chunk_size!r}")
    chunks = [(start, min(start + chunk_size, n)) for start in range(0, n, chunk_size)]
    bar = _progress_bar(n, progress, unit)
    if executor is None:
        parts = (worker(run, start, stop) for start, stop in chunks)
    else:
        futures = [executor.submit(worker, run, start, stop) for start, stop in chunks]
        parts = (future.result() for future in futures)
    merged = {}
    try:
        for part, (start, stop) in zip(parts, chunks):
            for key, values in part.items():
                merged.setdefault(key, []).extend(values)
            if bar is not None:
                bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()
    return merged


def _progress_bar(total: int, progress, unit: str):
    """A tqdm bar (notebook or terminal), shown only on runs longer than a second unless
    ``progress`` is True; None when ``progress`` is False or tqdm is not installed."""
    if progress is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit=unit, delay=0 if progress else 1.0, leave=bool(progress))


def _bot_name(bot) -> str:
    return bot if isinstance(bot, str) else repr(bot)


def _check_bots(module, bots) -> tuple:
    for bot in bots:
        if isinstance(bot, str):
            if bot not in module.BOTS:
                raise ValueError(f"unknown bot level {bot!r}; choose one of {sorted(module.BOTS)}")
        elif not callable(getattr(bot, "choose", None)):
            raise TypeError(f"a bot is a level name or has a choose(engine, state, rng) method, not {bot!r}")
    return tuple(bots)


def _seed(seed) -> int:
    return random.SystemRandom().randrange(2**63) if seed is None else int(seed)


def games(game="fivethousand", players=("simple", "intelligent"), n: int = 1000, seed: int | None = 0,
          rules=None, chunk_size: int = GAME_CHUNK, executor=None, progress=None) -> GameResults:
    """Play ``n`` whole games between bots and return their results as arrays.

    ``game`` is a game name, module, ``Rules`` or game (see :func:`dicelab.odds.resolve`),
    ``players`` one bot per seat: a level name from the game's ``BOTS`` or a bot object.
    ``seed`` None picks one (kept in the results). ``executor`` is any
    ``concurrent.futures.Executor``; the chunks of ``chunk_size`` games are its tasks.
    ``progress``: None shows a bar on runs longer than a second, True always, False never.
    """
    chosen = resolve(game, rules)
    bots = _check_bots(chosen.module, players)
    if not 1 <= len(bots) <= chosen.module.Game.MAX_PLAYERS:
        raise ValueError(f"{chosen.name} is played by 1 to {chosen.module.Game.MAX_PLAYERS} players")
    run = _Run(chosen.name, chosen.rules, bots, _seed(seed))
    out = _run_chunks(_play_games, run, n, chunk_size, executor, progress, "game")
    seats = len(bots)
    return GameResults(
        chosen.name, chosen.rules, tuple(_bot_name(b) for b in bots), run.seed,
        scores=_as_array(out.get("scores", []), "int64").reshape(n, seats),
        wins=_as_array(out.get("wins", []), bool).reshape(n, seats),
        turns=_as_array(out.get("turns", []), "int64"),
        busts=_as_array(out.get("busts", []), "int64").reshape(n, seats))


def turns(game="fivethousand", bot="simple", n: int = 10_000, seed: int | None = 0, rules=None,
          banked: int = 0, chunk_size: int = TURN_CHUNK, executor=None, progress=None) -> TurnResults:
    """Play ``n`` single turns of one bot (its first turn of a game) and return what each scored.

    ``bot`` is a level name or a bot object such as :class:`ThresholdBot` or :class:`ChaseBox`.
    ``banked`` is the player's score before the turn (set-aside games, e.g. to start in a cask).
    The other arguments are those of :func:`games`.
    """
    chosen = resolve(game, rules)
    (bot,) = _check_bots(chosen.module, [bot])
    if banked and chosen.name not in SET_ASIDE_GAMES:
        raise ValueError("banked is for Fivethousand and Thousand")
    run = _Run(chosen.name, chosen.rules, (bot,), _seed(seed), banked=int(banked))
    out = _run_chunks(_play_turns, run, n, chunk_size, executor, progress, "turn")
    return TurnResults(chosen.name, chosen.rules, _bot_name(bot), run.seed,
                       points=_as_array(out.get("points", []), "int64"),
                       busts=_as_array(out.get("busts", []), bool),
                       throws=_as_array(out.get("throws", []), "int64"))
