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
from dicelab.messages import DEFAULT, catalogue, in_language
from dicelab.strategy import SET_ASIDE, Grid, Strategy, threshold
from dicelab.validation import shown
from dicelab.widgets import replacing
from dicelab.widgets.components import MalformedIntent
from dicelab.widgets.components.strategy import BuilderForm, StrategyCardPart
from dicelab.widgets.strategy_card import PointsPerTurn, card_fields
from dicelab.widgets.table import OwnedTable

SITUATIONS = ("usual", "behind", "near")
FORM_WORDS = ("name", "earlier", "later", "less", "more", "set_aside", "points")


class StrategyBuilderTable(OwnedTable):
    """The builder's AnyWidget: the form above the card; a malformed request is said."""

    COMPONENTS = ("strategy_builder", "strategy_card")

    def __init__(self, refused, words: dict):
        super().__init__(refused, words=words)


class StrategyBuilder(StrategyBuilderTable):
    """Thresholds set with clicks for Fivethousand under ``rules`` (a preset name, a dict
    or a Rules), making :attr:`strategy` (named ``name``, by default "my strategy" in the
    language ``lang``), in the language ``lang``.

    ``settings`` are the builder's keyword arguments of
    :func:`dicelab.strategy.threshold`: ``threshold(builder.rules, **builder.settings)``
    makes the same strategy again.
    """

    def __init__(self, rules=None, *, name: str | None = None, lang: str = DEFAULT):
        self.say = catalogue(lang)
        name = self.say("builder.default_name") if name is None else name
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
        super().__init__(self._say_refused, self.say.front_end())
        self.form = BuilderForm()
        self.card = StrategyCardPart()
        self._points = PointsPerTurn(self.render, self.say)
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
        return (
            f"<StrategyBuilder of {self.strategy.name}. Show it in JupyterLab, Jupyter "
            "Notebook or Voilà to set its thresholds with clicks; .strategy is the strategy "
            "they make.>"
        )

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
                return self._refuse(self.say("builder.lowest", what=self._label(setting)), setting)
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
                return self._refuse(self.say("builder.lowest", what=self._label(setting)), setting)
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
        if dice is not None and typed in ("", self.say("builder.never"), "never"):
            value = None
        elif typed.isdigit() and typed.isascii() and int(typed) <= cap:
            value = int(typed)
        else:
            words = "builder.typed_reach" if dice is None else "builder.typed"
            what = self._label(setting)
            what = what[:1].upper() + what[1:]
            self._refuse(self.say(words, what=what, cap=cap, typed=shown(text[:20])), setting)
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
            self._refuse(self.say.sentence(str(refusal)), "name")

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
            return self.say(f"builder.{situation}_limit")
        return self.say.count(dice, "die")

    # --- refusals -------------------------------------------------------------------------
    def _refuse(self, why: str, setting: str = "") -> StrategyBuilder:
        self._refusals += 1
        self._notice = {
            "text": self.say("builder.refused", why=why),
            "serial": self._refusals,
            "setting": setting,
        }
        self.render()
        return self

    def _say_refused(self, refusal) -> None:
        self._refuse(in_language(refusal, self.say))

    # --- the strategy and its drawing -----------------------------------------------------
    def _rebuild(self) -> None:
        self.strategy: Strategy = threshold(self.rules, **self.settings)
        self.render()

    def _limits_words(self, limits: dict) -> str:
        values = set(limits.values())
        if len(values) == 1:
            (value,) = values
            if value is None:
                return self.say("builder.never_all")
            return self.say("builder.all_dice", points=value)
        return ", ".join(
            self.say(
                "builder.at_dice",
                points=self.say("builder.never") if value is None else value,
                dice=self.say.count(dice, "die"),
            )
            for dice, value in limits.items()
        )

    def summary(self) -> str:
        """The strategy in one sentence."""
        said = self.say("builder.summary_usual", limits=self._limits_words(self._limits["usual"]))
        for situation in ("behind", "near"):
            if self._on[situation]:
                said += self.say(
                    f"builder.summary_{situation}",
                    limit=self._reach[situation],
                    limits=self._limits_words(self._limits[situation]),
                )
        rule = self.say(f"set_aside.{self._set_aside}")
        return said + self.say("builder.summary_end", rule=rule)

    def _situation(self, situation: str) -> dict:
        on = situation == "usual" or self._on[situation]
        limit = (
            {}
            if situation == "usual"
            else {
                "setting": situation,
                "label": self.say(f"builder.{situation}_limit"),
                "value": str(self._reach[situation]),
            }
        )
        return {
            "id": situation,
            "label": self.say(
                f"builder.{situation}",
                limit=self._reach.get(situation, ""),
                target=self.rules.target,
            ),
            "on": on,
            "switch": "" if situation == "usual" else self.say("builder.switch"),
            "limit": limit,
            "cells": [
                {
                    "setting": f"{situation}/{dice}",
                    "label": self.say.count(dice, "die"),
                    "value": self.say("builder.never") if value is None else str(value),
                }
                for dice, value in self._limits[situation].items()
            ],
        }

    def render(self) -> None:
        """Draw the form and the strategy's card."""
        self.form.draw(
            heading=self.say("builder.heading"),
            words={key: self.say(f"builder.{key}") for key in FORM_WORDS},
            name=self._name,
            situations=[self._situation(situation) for situation in SITUATIONS],
            set_aside=[
                {
                    "id": rule,
                    "label": self.say(f"set_aside.{rule}"),
                    "chosen": rule == self._set_aside,
                }
                for rule in SET_ASIDE
            ],
            summary=self.summary(),
            notice=self._notice,
        )
        _, said = self._points.of(self.strategy)
        self.card.draw(**card_fields(self.strategy, self.say), **said)
        title = self.say("builder.title")
        self.show({"form": [self.form], "card": [self.card]}, title=title, kind="strategy")
