"""Plots for probability lessons (needs matplotlib, imported only when a plot is drawn).

- :func:`exact_vs_simulated`: exact probabilities beside simulated frequencies, the law of
  large numbers at a glance;
- :func:`score_histogram`: the final scores of simulated games, one histogram per seat;
- :func:`bank_boundary`: when to bank, against a score, for one or more ways of playing;
- :func:`running_share`: a share counted as trials go on, in its pointwise ±2 SE band (log
  axis), saying how much of the path lies outside;
- :func:`strategy_card`: a student's strategy (:mod:`dicelab.strategy`) as a heat map of
  when it banks, by dice left and turn points.

Each function draws on ``ax`` (a new figure when None) and returns the Axes.
"""

from __future__ import annotations

from collections import Counter

from dicelab.extras import require


def _pyplot():
    return require("matplotlib.pyplot", "plots", "dicelab.plots")


def _axes(ax):
    return ax if ax is not None else _pyplot().subplots()[1]


def _frequencies(observed) -> tuple[dict, int | None]:
    """Frequencies from a mapping (used as they are) or from a sequence of outcomes."""
    if hasattr(observed, "items"):
        return {key: float(value) for key, value in observed.items()}, None
    outcomes = [value.item() if hasattr(value, "item") else value for value in observed]
    counts = Counter(outcomes)
    return {key: count / len(outcomes) for key, count in counts.items()}, len(outcomes)


def exact_vs_simulated(exact, observed, ax=None, title: str = "", xlabel: str = "outcome"):
    """Bars of the exact probability of each outcome beside its simulated frequency.

    ``exact`` maps outcomes to probabilities (Fractions are fine); ``observed`` is either
    such a mapping of frequencies or the simulated outcomes themselves (a list or array),
    which are counted. Outcomes seen in only one of them get a 0 bar in the other.
    """
    ax = _axes(ax)
    frequencies, n = _frequencies(observed)
    keys = sorted(set(exact) | set(frequencies))
    positions = range(len(keys))
    ax.bar(
        [x - 0.2 for x in positions],
        [float(exact.get(k, 0)) for k in keys],
        width=0.4,
        label="exact",
    )
    ax.bar(
        [x + 0.2 for x in positions],
        [frequencies.get(k, 0.0) for k in keys],
        width=0.4,
        label="simulated" if n is None else f"simulated ({n:,} trials)",
    )
    ax.set_xticks(list(positions), [str(k) for k in keys], rotation=90 if len(keys) > 12 else 0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend()
    return ax


def score_histogram(results, ax=None, bins: int = 30, title: str = ""):
    """Histograms of final scores: one per seat of :func:`dicelab.simulate.games` results,
    or of one array of scores."""
    ax = _axes(ax)
    if hasattr(results, "scores") and hasattr(results, "players"):
        for seat, player in enumerate(results.players):
            ax.hist(results.scores[:, seat], bins=bins, alpha=0.5, label=f"seat {seat}: {player}")
        ax.legend()
        title = title or f"{results.game}: final scores of {len(results):,} games"
    else:
        ax.hist(list(results), bins=bins)
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(title)
    return ax


def bank_boundary(
    scores,
    boundaries,
    ax=None,
    title: str = "",
    xlabel: str = "opponent's score",
    ylabel: str = "bank from this many turn points",
):
    """Lines of the fewest turn points from which banking is best, one per way of playing.

    ``boundaries`` maps a label to one threshold per score in ``scores``, or to one number
    for a way of playing that does not look at the score (drawn as a dashed level line). A
    threshold None means "never bank" (throwing is better as far as a turn can go): the line
    breaks there and a triangle at the top of the axes marks it.
    """
    scores = list(scores)
    levels = {
        label: bounds for label, bounds in boundaries.items() if isinstance(bounds, (int, float))
    }
    lines = {label: list(bounds) for label, bounds in boundaries.items() if label not in levels}
    for label, bounds in lines.items():
        if len(bounds) != len(scores):
            raise ValueError(f"{label!r} has {len(bounds)} thresholds for {len(scores)} scores")
    top = max(
        [b for bounds in lines.values() for b in bounds if b is not None] + list(levels.values()),
        default=0,
    )
    ax = _axes(ax)
    for label in boundaries:
        if label in levels:
            ax.axhline(levels[label], linestyle="--", color="black", label=label)
            continue
        bounds = lines[label]
        (line,) = ax.plot(
            scores, [float("nan") if b is None else b for b in bounds], marker=".", label=label
        )
        never = [x for x, b in zip(scores, bounds) if b is None]
        if never:
            ax.plot(
                never,
                [top * 1.08] * len(never),
                linestyle="none",
                marker="^",
                color=line.get_color(),
            )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return ax


def running_share(hits, exact: float, ax=None, label: str = "share so far", start: int = 100):
    """The running share of ``hits`` (0/1 per trial) against the number of trials, on a log
    axis (each step to the right is ten times as many trials), inside the exact chance's
    ±2 standard-error band at each number of trials.

    The band is *pointwise*: at any one number of trials the share lies inside it about 19
    times in 20, but a path followed over many numbers of trials usually leaves it somewhere.
    Returns ``(ax, outside)``: the Axes, and the share of the numbers of trials from ``start``
    on where this path lies outside the band (said in the legend).
    """
    import numpy as np

    hits = np.asarray(hits, dtype=float)
    if hits.ndim != 1 or len(hits) <= start:
        raise ValueError(f"running_share needs more than {start} trials in a row, not {hits.shape}")
    n = np.arange(1, len(hits) + 1)
    share = np.cumsum(hits) / n
    band = 2 * np.sqrt(exact * (1 - exact) / n)
    outside = float(np.mean(np.abs(share - exact)[start - 1 :] > band[start - 1 :]))
    ax = _axes(ax)
    ax.plot(n, share, label=f"{label} (outside the band for {outside:.0%} of n ≥ {start})")
    ax.fill_between(
        n,
        exact - band,
        exact + band,
        color="tab:red",
        alpha=0.15,
        label="exact ± 2 SE at each n (pointwise)",
    )
    ax.axhline(exact, color="red", linestyle="--", label="exact chance")
    ax.set_xscale("log")
    ax.set_xlabel("number of trials n (log scale: each step is ten times more)")
    ax.set_ylabel(label)
    ax.legend(fontsize="small")
    return ax, outside


def strategy_card(strategy, ax=None, score: int | None = None, opponent: int | None = None):
    """A strategy's card: by dice left (rows) and turn points (columns), the share of the
    pairs of score bands below the target in which it banks (1: it always banks there),
    or, given ``score`` and ``opponent`` (points), whether it banks at those scores."""
    grid = strategy.grid
    below = grid.bands - 1  # the bands below the target
    if score is None and opponent is None:
        shares = strategy.play[:below, :below].mean(axis=(0, 1))
        label = "share of score pairs where it banks"
    else:
        cell = grid.band_of(score or 0), grid.band_of(opponent or 0)
        shares = strategy.play[cell].astype(float)
        label = f"banks (1) at {int(cell[0]) * grid.band}+ against {int(cell[1]) * grid.band}+"
    ax = _axes(ax)
    image = ax.imshow(
        shares.T,
        aspect="auto",
        origin="lower",
        vmin=0,
        vmax=1,
        cmap="viridis",
        extent=(-grid.unit / 2, grid.turn_cap + grid.unit / 2, 0.5, grid.rules.dice + 0.5),
    )
    ax.figure.colorbar(image, ax=ax, label=label)
    ax.set_yticks(range(1, grid.rules.dice + 1))
    ax.set_xlabel(f"turn points at risk ({grid.turn_cap} and more at the right)")
    ax.set_ylabel("dice left to throw")
    ax.set_title(
        f"{strategy.name}: when it banks (set aside: {strategy.set_aside.replace('_', ' ')})"
    )
    return ax
