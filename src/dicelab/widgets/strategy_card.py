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

from concurrent.futures import Future
from functools import partial

from dicelab.messages import DEFAULT, Catalogue, catalogue, in_language
from dicelab.strategy import Strategy, points_per_turn
from dicelab.widgets import replacing
from dicelab.widgets.background import prepared, ready
from dicelab.widgets.components.strategy import StrategyCardPart
from dicelab.widgets.table import Table

# the legend's marks (their drawing is the component's), each with its words' key
LEGEND = (
    ("is-bank", "card.legend_bank"),
    ("is-some", "card.legend_some"),
    ("is-throw", "card.legend_throw"),
)
LABEL_EVERY = 250  # points between two numbers on the axis


def shares(strategy: Strategy):
    """``[turn points row, dice]``: the share of pairs of score bands below the target in
    which ``strategy`` banks."""
    below = strategy.grid.bands - 1
    return strategy.play[:below, :below].mean(axis=(0, 1))


def card_fields(strategy: Strategy, say: Catalogue) -> dict:
    """The card's fields for ``strategy`` (all but its points per turn), in the words of
    ``say``."""
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
            "label": say.count(dice, "die"),
            "cells": [round(float(share), 4) for share in banks[:, dice - 1]],
        }
        for dice in range(grid.rules.dice, 0, -1)
    ]
    return {
        "heading": say("card.heading", name=strategy.name),
        "caption": say("card.caption", cap=grid.turn_cap),
        "axis": say("card.axis"),
        "columns": columns,
        "rows": rows,
        "legend": [[look, say(key)] for look, key in LEGEND],
        "set_aside": say("card.set_aside", rule=say(f"set_aside.{strategy.set_aside}")),
    }


class PointsPerTurn:
    """A strategy's exact points per turn, worked out off the event loop; ``then()`` is
    called on the loop when a value arrives that was not ready at once; ``say`` says it."""

    def __init__(self, then, say: Catalogue):
        self._then = then
        self._say = say
        self._awaited: Future | None = None

    def of(self, strategy: Strategy) -> tuple[float | None, dict]:
        """``strategy``'s points per turn (None until worked out) and the card's fields
        that say it (``points``, ``busy``)."""
        job = prepared(("points_per_turn", strategy.to_json()), partial(points_per_turn, strategy))
        if not job.done() and self._awaited is not job:
            self._awaited = job
            ready(job, self._then)  # (waits for it outside an event loop)
        if not job.done():
            return None, {"points": "", "busy": self._say("card.busy")}
        problem = job.exception()
        if problem is not None:
            why = in_language(problem, self._say)
            return None, {"points": "", "busy": self._say("card.failed", why=why)}
        points = job.result()
        return points, {"points": self._say("card.points", points=points), "busy": ""}


class StrategyCardTable(Table):
    """The AnyWidget of a card (and of the builder, with its form)."""

    COMPONENTS = ("strategy_card",)


class StrategyCard(StrategyCardTable):
    """The card of ``strategy``, in the language ``lang``; :meth:`show` draws another.
    ``.points`` is its exact points per turn (None while worked out)."""

    def __init__(self, strategy: Strategy, *, lang: str = DEFAULT):
        if not isinstance(strategy, Strategy):
            raise TypeError(
                f"a strategy card shows a dicelab strategy, not {type(strategy).__name__}"
            )
        say = catalogue(lang)
        super().__init__(words=say.front_end())
        self.say = say
        self.card = StrategyCardPart()
        self._points = PointsPerTurn(self.render, say)
        self.points: float | None = None
        self.show_strategy(strategy)
        replacing.made(self)

    def __repr__(self) -> str:
        return (
            f"<StrategyCard of {self.strategy.name}. Show it in JupyterLab, Jupyter Notebook "
            "or Voilà to see where it banks; .points is its exact points per turn.>"
        )

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
        self.card.draw(**card_fields(self.strategy, self.say), **said)
        self.show({"card": [self.card]}, title=self.say("card.title"), kind="strategy")
