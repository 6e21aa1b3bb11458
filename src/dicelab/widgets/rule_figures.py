"""What the rule lab works out for a game's rules: an odds table at once, then the figures
that take a while (the value of the best play, the first player's chance to win).

A figure may also have an estimate, worked out first: the first player's chance to win in
Fivethousand and Thousand is estimated in seconds from games of the batch simulator
(:func:`first_player_estimate`), so that the lab shows a chance to win for any rules, with
its ± 2 standard errors, while the exact figure is solved (or where it is not solved).

The odds table is exact and quick (:mod:`dicelab.odds`). Each :class:`Figure` calls the
public API that a lesson would call (``fivethousand.turn_policy(rules).expected_score``,
``thousand.win_policy(rules).first_player_wins``, ``yahtzee.solve(rules)``) through a
function of this module, so that a worker process can run it from the rules' settings.
A figure whose computation would outgrow a lesson (a target of many thousands of steps)
says so instead of starting it.

>>> from dicelab import fivethousand
>>> table = odds_table("fivethousand", fivethousand.Rules(dice=2))
>>> table["columns"], table["rows"][1]
(['dice', 'farkle', 'hot dice', 'mean points'], ['2', '44.4 %', '11.1 %', '50.0'])
>>> [figure.key for figure in game_figures("fivethousand")]
['turn', 'win']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from dicelab import odds, registry
from dicelab.setaside.policy import point_unit

# The lab solves score tables of at most this many steps of the points unit per player
# (the default Fivethousand is 100 steps of 50 points, the default Thousand 200 of 5).
MAX_WIN_STEPS = 200
MAX_SOLITAIRE_STEPS = 1000


def _percent(p) -> str:
    return f"{float(p):.1%}".replace("%", " %")


def _box_turns(rules) -> odds.SituationOdds:
    """Each box's odds over one turn played for it, from the first roll: in forced order,
    over the turn that fills it (the boxes above it filled)."""
    if not rules.forced_order:
        return odds.situation_odds(rules=rules)
    boxes = {
        box: odds.box_odds(box, rules=rules, filled=dict.fromkeys(rules.boxes[:i], 0))
        for i, box in enumerate(rules.boxes)
    }
    return odds.SituationOdds((), (), rules.rolls, boxes)


def odds_table(game: str, rules) -> dict:
    """The odds of one throw (Fivethousand, Thousand: per number of dice) or of one turn's
    boxes (Yahtzee, before the first roll) under ``rules``: a caption, columns and rows of
    text."""
    if not registry.game(game).set_aside:
        boxes = _box_turns(rules).table()
        turn = "Each box's own turn" if rules.forced_order else "One turn"
        return {
            "caption": f"{turn} of {rules.rolls} roll(s): the chance to score each box "
            "(holding for that box) and its mean score",
            "columns": ["box", "chance", "mean score"],
            "rows": [
                [row["box"], _percent(row["chance"]), f"{row['expected']:.2f}"] for row in boxes
            ],
        }
    throws = odds.bust_table(game, rules)
    return {
        "caption": "One throw: the chance to farkle, to get hot dice (every die scores), "
        "and the mean points it adds",
        "columns": ["dice", "farkle", "hot dice", "mean points"],
        "rows": [
            [
                str(row["dice"]),
                _percent(row["bust"]),
                _percent(row["hot dice"]),
                f"{row['mean points']:.1f}",
            ]
            for row in throws
        ],
    }


@dataclass(frozen=True)
class Figure:
    """One slow figure: ``compute(rules)`` gives a number (or numbers), ``say`` the text
    shown, ``limit(rules)`` why the rules are too big for the lab (None when they are not).
    ``estimate(rules)``, when given, is a quick :class:`~dicelab.simulate.Estimate` of the
    same figure, shown until the exact one is known (``estimate_label`` says what it is,
    ``say_estimate`` gives its text)."""

    key: str
    label: str
    compute: Callable
    say: Callable
    limit: Callable = lambda rules: None
    estimate: Callable | None = None
    estimate_label: str = ""
    say_estimate: Callable = lambda estimate: str(estimate)


ESTIMATED = "estimate:"  # a worker's key for a figure's estimate: this, then the figure's key


def estimate_key(key: str) -> str:
    """The key under which the worker computes the estimate of figure ``key``."""
    return ESTIMATED + key


def _steps(rules) -> tuple[int, int]:
    """The target in steps of the rules' points unit, and the unit."""
    unit = point_unit(rules.combinations())
    return -(-rules.target // unit), unit


def _limit(most: int, what: str):
    def limit(rules) -> str | None:
        steps, unit = _steps(rules)
        if steps <= most:
            return None
        return (
            f"not worked out here: the target is {steps} steps of {unit} points, and the "
            f"lab solves {what} up to {most} steps"
        )

    return limit


def best_turn(rules) -> float:
    """Points per turn in the long run, played perfectly (with a penalty, each turn knowing
    its farkles in a row: Busche's Zilch figure)."""
    from dicelab import fivethousand

    return fivethousand.points_per_turn(rules)


def fewest_turns(rules) -> float:
    from dicelab import thousand

    return thousand.solitaire_policy(rules).expected_turns(0)


def _game_of(rules):
    """The game module of a set-aside game's ``rules``."""
    return importlib.import_module(type(rules).__module__.rsplit(".", 1)[0])


def first_player_wins(rules) -> float:
    return _game_of(rules).win_policy(rules).first_player_wins


ESTIMATE_GAMES = 20_000  # about two CPU seconds on the batch simulator, ± 0.7 points


def first_player_estimate(rules):
    """The first player's chance to win under ``rules`` (two players), estimated from
    ``ESTIMATE_GAMES`` games of the batch simulator between two of the game's ``optimal``
    robots (a shared win counts half): an :class:`~dicelab.simulate.Estimate`.

    >>> from dicelab import thousand
    >>> estimate = first_player_estimate(thousand.Rules(dice=3, target=60, casks=()))
    >>> estimate.n, 0 < estimate.value < 1
    (20000, True)
    """
    from dicelab import simulate

    name = _game_of(rules).__name__.rsplit(".", 1)[1]
    results = simulate.games(
        name, ("optimal", "optimal"), n=ESTIMATE_GAMES, seed=0, rules=rules, progress=False
    )
    return simulate.Estimate.of_sample(results.wins[:, 0] / results.wins.sum(axis=1))


def _say_chance_estimate(estimate) -> str:
    """An estimate of a chance as the lab shows it: the value ± 2 standard errors."""
    return f"{_percent(estimate.value)} ± {2 * estimate.standard_error * 100:.1f} points"


def optimal_score(rules) -> tuple[float, float]:
    from dicelab import yahtzee

    solution = yahtzee.solve(rules, progress=False)
    return solution.expected_score, solution.std_score


def yahtzee_first_player(rules) -> float:
    from dicelab import yahtzee

    return yahtzee.chance_to_win(yahtzee.Game(players=2, rules=rules, seed=0))[0]


WIN_LABEL = "First player's chance to win, exact (two players, both playing to win)"
SET_ASIDE_WIN = Figure(  # Fivethousand's and Thousand's: the game is read from the rules
    "win",
    WIN_LABEL,
    first_player_wins,
    _percent,
    _limit(MAX_WIN_STEPS, "the chance to win"),
    estimate=first_player_estimate,
    estimate_label=(
        f"First player's chance to win, estimated from {ESTIMATE_GAMES:,} simulated games "
        "of two robots playing for points (± 2 standard errors)"
    ),
    say_estimate=_say_chance_estimate,
)
FIVETHOUSAND = (  # the figures of Fivethousand's rule lab (its registry.GameSpec.figures)
    Figure(
        "turn",
        "Best turn value (points a turn is worth on average, played perfectly; "
        "with a penalty, in the long run)",
        best_turn,
        lambda v: f"{v:.1f} points",
    ),
    SET_ASIDE_WIN,
)

THOUSAND = (  # Thousand's
    Figure(
        "turns",
        "Expected turns to reach the target exactly, played for the fewest turns",
        fewest_turns,
        lambda v: f"{v:.2f} turns",
        _limit(MAX_SOLITAIRE_STEPS, "the expected turns"),
    ),
    SET_ASIDE_WIN,
)

YAHTZEE = (  # Yahtzee's
    Figure(
        "score",
        "Optimal score (mean of a solitaire game played perfectly, and its spread)",
        optimal_score,
        lambda v: f"{v[0]:.1f} points (standard deviation {v[1]:.1f})",
    ),
    Figure(
        "win",
        "First player's chance to win (two players, estimated from the optimal "
        "scores: the cards fill independently)",
        yahtzee_first_player,
        _percent,
    ),
)


def game_figures(game: str) -> tuple[Figure, ...]:
    """What the rule lab of ``game`` works out, as the registry declares it."""
    return registry.load(registry.GAMES[game].figures, tuple)
