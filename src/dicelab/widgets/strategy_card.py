"""A strategy's card in a notebook: where it banks, as a heat map by dice left and turn
points, with its exact points per turn.

``StrategyCard(strategy)`` draws the card of a :class:`dicelab.strategy.Strategy`: one
row per number of dice left to throw, one column per step of turn points at risk, each
cell shaded by the share of pairs of score bands (below the target) in which the strategy
banks there, and marked so that the shade is never the only sign. Its exact points per
turn (:func:`dicelab.strategy.points_per_turn`, from 0 against 0) are worked out off the
event loop: the card says so meanwhile. The strategy builder draws the same card
(:func:`card_fields`).

>>> from dicelab import strategy
>>> card = StrategyCard(strategy.threshold("traditional", bank_at=300))
>>> round(card.points, 4), card.card.rows[-1]["cells"][5:7]
(379.1421, [0.0, 1.0])
"""

from __future__ import annotations

from functools import partial
from typing import Any

from dicelab.strategy import Strategy, points_per_turn
from dicelab.widgets import replacing
from dicelab.widgets.background import prepared, ready
from dicelab.widgets.components.strategy import StrategyCardPart
from dicelab.widgets.table import Table

# Every word the card shows, in one place.
WORDS: dict[str, Any] = {
    "heading": "{name}: when it banks",
    "caption": (
        "Rows: dice left to throw. Columns: turn points at risk ({cap} and more in the last). "
        "The darker a cell, the more of the score situations in which it banks there."
    ),
    "axis": "turn points",
    "dice": "{n} dice",
    "die": "1 die",
    "points": "Exact points per turn: {points:.1f}",
    "busy": "Working out its exact points per turn…",
    "failed": "No exact points per turn: {why}",
    "set_aside": "Sets aside: {rule}.",
    "legend": [
        ["is-bank", "B: banks at every score"],
        ["is-some", "b: banks at some scores"],
        ["is-throw", "blank: throws on"],
    ],
    "title": "Strategy card",
    "repr": (
        "<StrategyCard of {name}. Show it in JupyterLab, Jupyter Notebook or Voilà to see "
        "where it banks; .points is its exact points per turn.>"
    ),
}
SET_ASIDE_WORDS = {
    "most_points": "the most points",
    "fewest_dice": "the fewest dice for the points",
    "keep_most_dice": "as few dice as it can, to throw the most again",
}
LABEL_EVERY = 250  # points between two numbers on the axis


def shares(strategy: Strategy):
    """``[turn points row, dice]``: the share of pairs of score bands below the target in
    which ``strategy`` banks."""
    below = strategy.grid.bands - 1
    return strategy.play[:below, :below].mean(axis=(0, 1))


def card_fields(strategy: Strategy) -> dict:
    """The card's fields for ``strategy`` (all but its points per turn)."""
    grid = strategy.grid
    banks = shares(strategy)
    columns = [
        {
            "points": row * grid.unit,
            "label": str(row * grid.unit) if row * grid.unit % LABEL_EVERY == 0 else "",
        }
        for row in range(grid.rows)
    ]
    rows = [
        {
            "dice": dice,
            "label": WORDS["die"] if dice == 1 else WORDS["dice"].format(n=dice),
            "cells": [round(float(share), 4) for share in banks[:, dice - 1]],
        }
        for dice in range(grid.rules.dice, 0, -1)
    ]
    return {
        "heading": WORDS["heading"].format(name=strategy.name),
        "caption": WORDS["caption"].format(cap=grid.turn_cap),
        "axis": WORDS["axis"],
        "columns": columns,
        "rows": rows,
        "legend": WORDS["legend"],
        "set_aside": WORDS["set_aside"].format(rule=SET_ASIDE_WORDS[strategy.set_aside]),
    }


class PointsPerTurn:
    """A strategy's exact points per turn, worked out off the event loop; ``then()`` is
    called on the loop when a value arrives that was not ready at once."""

    def __init__(self, then):
        self._then = then
        self._awaited = None

    def of(self, strategy: Strategy) -> tuple[float | None, dict]:
        """``strategy``'s points per turn (None until worked out) and the card's fields
        that say it (``points``, ``busy``)."""
        job = prepared(("points per turn", strategy.to_json()), partial(points_per_turn, strategy))
        if not job.done() and self._awaited is not job:
            self._awaited = job
            ready(job, self._then)  # (waits for it outside an event loop)
        if not job.done():
            return None, {"points": "", "busy": WORDS["busy"]}
        problem = job.exception()
        if problem is not None:
            return None, {"points": "", "busy": WORDS["failed"].format(why=problem)}
        points = job.result()
        return points, {"points": WORDS["points"].format(points=points), "busy": ""}


class StrategyCardTable(Table):
    """The AnyWidget of a card (and of the builder, with its form)."""

    COMPONENTS = ("strategy_card",)


class StrategyCard(StrategyCardTable):
    """The card of ``strategy``; :meth:`show` draws another. ``.points`` is its exact
    points per turn (None while worked out)."""

    def __init__(self, strategy: Strategy):
        if not isinstance(strategy, Strategy):
            raise TypeError(
                f"a strategy card shows a dicelab strategy, not {type(strategy).__name__}"
            )
        super().__init__()
        self.card = StrategyCardPart()
        self._points = PointsPerTurn(self.render)
        self.points: float | None = None
        self.show_strategy(strategy)
        replacing.made(self)

    def __repr__(self) -> str:
        return WORDS["repr"].format(name=self.strategy.name)

    def show_strategy(self, strategy: Strategy) -> None:
        """Draw the card of ``strategy``."""
        if not isinstance(strategy, Strategy):
            raise TypeError(
                f"a strategy card shows a dicelab strategy, not {type(strategy).__name__}"
            )
        self.strategy = strategy
        self.render()

    def render(self) -> None:
        self.points, said = self._points.of(self.strategy)
        self.card.draw(**card_fields(self.strategy), **said)
        self.show({"card": [self.card]}, title=WORDS["title"], kind="strategy")
