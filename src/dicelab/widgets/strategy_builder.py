"""A strategy builder in a notebook: the thresholds of :func:`dicelab.strategy.threshold`,
set with clicks, and the card of the strategy they make.

``StrategyBuilder(rules)`` shows, for each number of dice left, the turn points from
which the strategy banks (``−`` and ``+`` step by the rules' point unit; past the turn cap
it never banks), and two situations that can be switched on: "when behind by more than
X" and "when the opponent is within Y of the target", each with thresholds of its own
(X and Y step by the table's score bands). Then the set-aside rule and the strategy's
name. Every click makes the strategy again (:attr:`StrategyBuilder.strategy`, a
:class:`dicelab.strategy.Strategy`) and draws its card below the form, with its exact
points per turn (see :mod:`dicelab.widgets.strategy_card`). A value refused (typed out of
range) is said beside the form and changes nothing.

>>> builder = StrategyBuilder({"target": 300})
>>> builder.step("usual/1", +1).settings["bank_at"][1]
100
>>> builder.strategy.banks(0, 0, 100, 1, False).tolist(), builder.strategy.banks(0, 0, 50, 1, False).tolist()
(True, False)
"""

from __future__ import annotations

from dicelab import validation
from dicelab.fivethousand.rules import Rules
from dicelab.messages import catalogue
from dicelab.strategy import SET_ASIDE, Grid, Strategy, threshold
from dicelab.validation import shown
from dicelab.widgets import replacing
from dicelab.widgets.components import MalformedIntent
from dicelab.widgets.components.strategy import BuilderForm, StrategyCardPart
from dicelab.widgets.strategy_card import SET_ASIDE_WORDS, PointsPerTurn, card_fields
from dicelab.widgets.table import Table

SITUATIONS = ("usual", "behind", "near")
# Every word the builder shows, in one place.
WORDS = {
    "heading": "Build a strategy",
    "title": "Strategy builder",
    "name": "Name",
    "usual": "Bank from these turn points, by dice left",
    "behind": "When behind by more than {limit} points",
    "near": "When the opponent is within {limit} points of {target}",
    "behind_limit": "behind by more than",
    "near_limit": "opponent within",
    "switch": "Use this",
    "die": "1 die",
    "dice": "{n} dice",
    "never": "never",
    "earlier": "bank earlier",
    "later": "bank later",
    "less": "less",
    "more": "more",
    "set_aside": "Set aside",
    "points": "points",
    "summary_usual": "Banks from {limits}",
    "summary_behind": "; when behind by more than {limit}, from {limits}",
    "summary_near": "; when the opponent is within {limit} of the target, from {limits}",
    "summary_end": "; sets aside {rule}; in the last turn, banks as soon as it is ahead.",
    "all_dice": "{points} turn points whatever the dice left",
    "never_all": "never (it always throws on)",
    "at_dice": "{points} with {dice}",
    "lowest": "{what} can't go below 0.",
    "typed": "{what}: type a whole number of points from 0 to {cap}, or never, not {typed}.",
    "typed_reach": "{what}: type a whole number of points from 0 to {cap}, not {typed}.",
    "refused": "{why} The strategy is unchanged.",
    "repr": (
        "<StrategyBuilder of {name}. Show it in JupyterLab, Jupyter Notebook or Voilà to "
        "set its thresholds with clicks; .strategy is the strategy they make.>"
    ),
}


class StrategyBuilderTable(Table):
    """The builder's AnyWidget: the form above the card; a malformed request is said."""

    COMPONENTS = ("strategy_builder", "strategy_card")

    def __init__(self, refused):
        super().__init__()
        self._refused = refused

    def handle(self, part, handler, fields: dict) -> None:
        try:
            handler(**fields)
        except MalformedIntent as refusal:
            self._refused(refusal)

    def refused(self, refusal) -> None:
        self._refused(refusal)


class StrategyBuilder(StrategyBuilderTable):
    """Thresholds set with clicks for Fivethousand under ``rules`` (a preset name, a dict
    or a Rules), making :attr:`strategy` (named ``name``).

    ``settings`` are the builder's keyword arguments of
    :func:`dicelab.strategy.threshold`: ``threshold(builder.rules, **builder.settings)``
    makes the same strategy again.
    """

    def __init__(self, rules=None, *, name: str = "my strategy"):
        self.rules = Rules.coerce(rules)
        self.grid = Grid.of(self.rules)
        self._name = validation.clean_name(validation.text(name, "a strategy's name"))
        unit, band, target = self.grid.unit, self.grid.band, self.rules.target
        start = max(unit, round(target * 6 / 100 / unit) * unit)  # 300 of 5000 points
        self._limits: dict[str, dict[int, int | None]] = {
            situation: {dice: min(points, self.grid.turn_cap) for dice in self._dice()}
            for situation, points in zip(SITUATIONS, (start, 2 * start, 3 * start))
        }
        self._on = {"behind": False, "near": False}
        self._reach = {  # how far behind, how near the target
            "behind": min(target, max(band, round(target / 5 / band) * band)),
            "near": min(target, max(band, round(target / 10 / band) * band)),
        }
        self._set_aside = SET_ASIDE[0]
        self._notice: dict = {}
        self._refusals = 0
        super().__init__(self._say_refused)
        self.form = BuilderForm()
        self.card = StrategyCardPart()
        self._points = PointsPerTurn(self.render)
        self.listen(
            self.form,
            step=self.step,
            set=self._typed,
            switch=self.switch,
            set_aside=self.choose_set_aside,
            rename=self._rename,
        )
        self._rebuild()
        replacing.made(self)

    def __repr__(self) -> str:
        return WORDS["repr"].format(name=self.strategy.name)

    def _dice(self) -> range:
        return range(1, self.rules.dice + 1)

    # --- the settings ---------------------------------------------------------------------
    @property
    def settings(self) -> dict:
        """The keyword arguments of :func:`~dicelab.strategy.threshold` the builder sets."""
        chosen: dict = {
            "bank_at": dict(self._limits["usual"]),
            "set_aside": self._set_aside,
            "name": self._name,
        }
        if self._on["behind"]:
            chosen["when_behind_by"] = self._reach["behind"]
            chosen["behind_bank_at"] = dict(self._limits["behind"])
        if self._on["near"]:
            chosen["when_opponent_within"] = self._reach["near"]
            chosen["near_bank_at"] = dict(self._limits["near"])
        return chosen

    def step(self, setting: str, by: int) -> StrategyBuilder:
        """Step ``setting`` up (``by`` 1) or down (-1): a threshold ("usual/3": with 3 dice
        left) by the rules' point unit, past the turn cap to never; a situation's reach
        ("behind", "near") by the table's score bands. Returns the builder."""
        if type(by) is not int or by not in (-1, 1):
            raise MalformedIntent(f"The strategy builder steps by 1 or -1, not {shown(by)}.")
        situation, dice = self._setting(setting)
        if dice is None:
            reach = self._reach[situation] + by * self.grid.band
            if reach < 0:
                return self._refuse(WORDS["lowest"].format(what=self._label(setting)), setting)
            self._reach[situation] = min(reach, self.rules.target)
        else:
            cap, unit = self.grid.turn_cap, self.grid.unit
            now = self._limits[situation][dice]
            value: int | None
            if now is None:
                value = None if by > 0 else cap
            elif now + by * unit > cap:
                value = None
            elif now + by * unit < 0:
                return self._refuse(WORDS["lowest"].format(what=self._label(setting)), setting)
            else:
                value = (
                    (now + by * unit) // unit * unit if by > 0 else -(-(now - unit) // unit) * unit
                )
            self._limits[situation][dice] = value
        self._notice = {}
        self._rebuild()
        return self

    def _typed(self, setting: str, text: str) -> None:
        situation, dice = self._setting(setting)
        typed = text.strip().lower()
        cap = self.rules.target if dice is None else self.grid.turn_cap
        value: int | None
        if dice is not None and typed in ("", WORDS["never"]):
            value = None
        elif typed.isdigit() and typed.isascii() and int(typed) <= cap:
            value = int(typed)
        else:
            words = WORDS["typed_reach" if dice is None else "typed"]
            what = self._label(setting)
            what = what[:1].upper() + what[1:]
            self._refuse(words.format(what=what, cap=cap, typed=shown(text[:20])), setting)
            return
        if dice is None:
            assert value is not None
            self._reach[situation] = value
        else:
            self._limits[situation][dice] = value
        self._notice = {}
        self._rebuild()

    def switch(self, situation: str, on: bool) -> StrategyBuilder:
        """Use the situation "behind" or "near" (``on``) or not; returns the builder."""
        if situation not in self._on or type(on) is not bool:
            raise MalformedIntent(
                f"The strategy builder has no situation {shown(situation)} to switch."
            )
        self._on[situation] = on
        self._notice = {}
        self._rebuild()
        return self

    def choose_set_aside(self, rule: str) -> StrategyBuilder:
        """Set aside by ``rule`` (one of :data:`dicelab.strategy.SET_ASIDE`); returns the
        builder."""
        if rule not in SET_ASIDE:
            raise MalformedIntent(f"The strategy builder offers no set-aside rule {shown(rule)}.")
        self._set_aside = rule
        self._notice = {}
        self._rebuild()
        return self

    def rename(self, name: str) -> StrategyBuilder:
        """Name the strategy ``name`` (ValueError, nothing changed, for a name that is
        empty, too long or holds control characters); returns the builder."""
        self._name = validation.clean_name(validation.text(name, "a strategy's name"))
        self._notice = {}
        self._rebuild()
        return self

    def _rename(self, text: str) -> None:
        try:
            self.rename(text)
        except ValueError as refusal:
            self._refuse(catalogue().sentence(str(refusal)), "name")

    def _setting(self, setting: str) -> tuple[str, int | None]:
        """(situation, dice left) of a threshold's setting, (situation, None) of a reach."""
        situation, _, dice = setting.partition("/")
        if setting in self._reach:
            return setting, None
        named = {str(n): n for n in self._dice()}  # "3", never "03"
        if situation in SITUATIONS and dice in named:
            return situation, named[dice]
        raise MalformedIntent(f"The strategy builder has no setting {shown(setting)}.")

    def _label(self, setting: str) -> str:
        situation, dice = self._setting(setting)
        if dice is None:
            return WORDS[f"{situation}_limit"]
        return self._dice_words(dice)

    @staticmethod
    def _dice_words(dice: int) -> str:
        return WORDS["die"] if dice == 1 else WORDS["dice"].format(n=dice)

    # --- refusals -------------------------------------------------------------------------
    def _refuse(self, why: str, setting: str = "") -> StrategyBuilder:
        self._refusals += 1
        self._notice = {
            "text": WORDS["refused"].format(why=why),
            "serial": self._refusals,
            "setting": setting,
        }
        self.render()
        return self

    def _say_refused(self, refusal) -> None:
        self._refuse(str(refusal))

    # --- the strategy and its drawing -----------------------------------------------------
    def _rebuild(self) -> None:
        self.strategy: Strategy = threshold(self.rules, **self.settings)
        self.render()

    def _limits_words(self, limits: dict) -> str:
        values = set(limits.values())
        if len(values) == 1:
            (value,) = values
            return WORDS["never_all"] if value is None else WORDS["all_dice"].format(points=value)
        return ", ".join(
            WORDS["at_dice"].format(
                points=WORDS["never"] if value is None else value, dice=self._dice_words(dice)
            )
            for dice, value in limits.items()
        )

    def summary(self) -> str:
        """The strategy in one sentence."""
        said = WORDS["summary_usual"].format(limits=self._limits_words(self._limits["usual"]))
        for situation in ("behind", "near"):
            if self._on[situation]:
                said += WORDS[f"summary_{situation}"].format(
                    limit=self._reach[situation],
                    limits=self._limits_words(self._limits[situation]),
                )
        return said + WORDS["summary_end"].format(rule=SET_ASIDE_WORDS[self._set_aside])

    def _situation(self, situation: str) -> dict:
        on = situation == "usual" or self._on[situation]
        limit = (
            {}
            if situation == "usual"
            else {
                "setting": situation,
                "label": WORDS[f"{situation}_limit"],
                "value": str(self._reach[situation]),
            }
        )
        return {
            "id": situation,
            "label": WORDS[situation].format(
                limit=self._reach.get(situation, ""), target=self.rules.target
            ),
            "on": on,
            "switch": "" if situation == "usual" else WORDS["switch"],
            "limit": limit,
            "cells": [
                {
                    "setting": f"{situation}/{dice}",
                    "label": self._dice_words(dice),
                    "value": WORDS["never"] if value is None else str(value),
                }
                for dice, value in self._limits[situation].items()
            ],
        }

    def render(self) -> None:
        """Draw the form and the strategy's card."""
        self.form.draw(
            heading=WORDS["heading"],
            words={
                key: WORDS[key]
                for key in ("name", "earlier", "later", "less", "more", "set_aside", "points")
            },
            name=self._name,
            situations=[self._situation(situation) for situation in SITUATIONS],
            set_aside=[
                {"id": rule, "label": SET_ASIDE_WORDS[rule], "chosen": rule == self._set_aside}
                for rule in SET_ASIDE
            ],
            summary=self.summary(),
            notice=self._notice,
        )
        _, said = self._points.of(self.strategy)
        self.card.draw(**card_fields(self.strategy), **said)
        self.show({"form": [self.form], "card": [self.card]}, title=WORDS["title"], kind="strategy")
