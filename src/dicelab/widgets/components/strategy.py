"""The parts of the strategy widgets: the builder's form, the strategy card and the
leaderboard of a tournament (see :mod:`dicelab.widgets.strategy_builder`,
:mod:`dicelab.widgets.strategy_card` and :mod:`dicelab.widgets.leaderboard`)."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class BuilderForm(Part):
    """The thresholds of a strategy, set with clicks (or typed).

    ``situations``: ``{"id", "label", "on", "switch", "limit"}`` per situation ("usual",
    "behind", "near"), ``on`` whether it is used (the usual one always is), ``switch`` the
    words of its on/off button, pressed while on ("" for none), ``limit`` its ``{"setting", "label", "value"}``
    ("" for none: the usual thresholds have no limit), and ``cells``: ``{"setting",
    "label", "value"}`` per dice left (``value`` the points, or the word for never).
    ``set_aside``: ``{"id", "label", "chosen"}`` per rule; ``name`` the strategy's name;
    ``summary`` the strategy in one sentence; ``notice``: ``{"text", "serial", "setting"}``,
    the last refusal. ``words``: the few words the form shows around these. Intents:
    ``{"type": "step", "setting": s, "by": 1 or -1}``, ``{"type": "set", "setting": s,
    "text": typed}``, ``{"type": "switch", "situation": id, "on": bool}``,
    ``{"type": "set_aside", "rule": id}``, ``{"type": "rename", "text": typed}``.
    """

    component = "strategy_builder"
    title = "strategy builder"
    INTENTS = {
        "step": {"setting": str, "by": int},
        "set": {"setting": str, "text": str},
        "switch": {"situation": str, "on": bool},
        "set_aside": {"rule": str},
        "rename": {"text": str},
    }
    FIELDS = {
        "heading": "",
        "words": {},
        "name": "",
        "situations": [],
        "set_aside": [],
        "summary": "",
        "notice": {},
    }


class StrategyCardPart(Part):
    """A strategy's card: a heat map of where it banks; no intents.

    ``columns``: ``{"points", "label"}`` per column of turn points (``label`` "" where the
    axis shows no number); ``rows``: ``{"dice", "label", "cells"}`` per dice left, most dice
    first, ``cells`` the share of score pairs where it banks (0 to 1) by column. ``points``
    is its exact points per turn in words ("" while worked out, with ``busy`` saying so);
    ``legend``: ``[class, words]`` of each mark.
    """

    component = "strategy_card"
    title = "strategy card"
    FIELDS = {
        "heading": "",
        "caption": "",
        "axis": "",
        "columns": [],
        "rows": [],
        "points": "",
        "busy": "",
        "legend": [],
        "set_aside": "",
    }


class LeaderboardPart(Part):
    """A tournament's leaderboard; no intents.

    ``columns``: the header's words; ``rows``: ``{"place", "name", "robot", "wins",
    "error", "games", "share"}`` best first (``wins``, ``error``, ``games`` in words, ``share`` the share of wins 0 to 1 drawn as a bar, ``robot`` whether a house
    robot). ``pairings``: ``{"caption", "columns", "rows"}`` (text) of the pairings whose
    exact chance was worked out, each beside its simulated share ({} when none was).
    ``progress``: ``{"done", "total", "text"}`` while the tournament plays ({} once it is
    over or before it starts); ``status`` what happened last (an error too); ``basis``
    what the numbers mean.
    """

    component = "leaderboard"
    title = "leaderboard"
    FIELDS = {
        "heading": "",
        "columns": [],
        "rows": [],
        "pairings": {},
        "progress": {},
        "status": "",
        "basis": "",
    }
