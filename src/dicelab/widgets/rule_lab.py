"""The rule lab: change any rule of a game and watch its odds and its best play move.

``RuleLab("fivethousand")`` shows a form with one field per setting of the game's
``Rules`` (see :mod:`dicelab.widgets.rule_form`) and a preset picker; beside it the odds
table of the rules, the value of the best play and the first player's chance to win (see
:mod:`dicelab.widgets.rule_figures`). A change is checked by the rules themselves: a refused
value shows the rules' sentence beside its field and changes nothing. The odds come at
once; the slower figures are worked out in a worker process (:mod:`dicelab.widgets.figure_worker`)
while the kernel stays free, with a progress line, and a newer change stops an older one.
A figure with an estimate (the first player's chance to win in Fivethousand and Thousand)
shows it first, from simulated games with its ± 2 standard errors, then the exact figure
once it is solved; its label says which one is shown, and rules too big to solve in the lab
keep the estimate.
"Play these rules" opens the game's widget with the rules below the lab.

The lab is an ``ipywidgets.VBox``: the lab itself (an AnyWidget drawn by the ``rule_form``
and ``rule_results`` components), then the game once it is opened.

>>> from dicelab import thousand
>>> lab = RuleLab(thousand.Rules(dice=3, target=60, casks=((0, 15),)))
>>> lab.change(target=45).rules.target, sorted(lab.values)
(45, ['turns', 'win'])
>>> lab.values["win"] == thousand.win_policy(lab.rules).first_player_wins
True
"""

from __future__ import annotations

import asyncio
import time

import ipywidgets

from dicelab import odds, registry
from dicelab.messages import catalogue
from dicelab.validation import shown
from dicelab.widgets import replacing, rule_figures, rule_form
from dicelab.widgets.components import MalformedIntent
from dicelab.widgets.components.rule_lab import RuleForm, RuleResults
from dicelab.widgets.figure_worker import PROGRESS, Worker
from dicelab.widgets.table import ClosesLayout, OwnedTable, Table

TICK = 1.0  # seconds between two updates of the progress line


class RuleLabTable(OwnedTable):
    """The lab's own AnyWidget: the form beside the results; a malformed request is said."""

    COMPONENTS = ("rule_form", "rule_results")

    def __init__(self, refused, seen):
        super().__init__(refused)
        self._seen = seen

    def seen(self) -> None:
        self._seen()


class RuleLab(ClosesLayout, ipywidgets.VBox):
    """A form for every rule of ``game`` (a game name, or a ``Rules`` object) beside what the
    rules lead to, and a button to play them.

    ``rules`` (a preset name, a dict or a Rules) are the rules the form starts from;
    ``seed`` and ``pace`` are the dice seed and the robots' pace of the games that "Play
    these rules" opens (as the game widgets take them). ``.rules`` are the
    rules in the form, ``.values`` the figures worked out for them so far (key -> value),
    ``.estimates`` the estimates of figures that have one (key ->
    :class:`~dicelab.simulate.Estimate`), ``.game_widget`` the game opened last (or None).
    """

    def __init__(
        self, game="fivethousand", rules=None, *, seed: int | None = None, pace: float = 0.6
    ):
        chosen = odds.resolve(game, rules)  # first: refused arguments build nothing
        self._worker = Worker(self._arrived)
        self._timer: asyncio.TimerHandle | None = None
        self.game_widget: Table | None = None
        self.name = chosen.name
        self.rules = chosen.rules
        self.seed = seed
        self.pace = pace
        self.title = registry.GAMES[self.name].title
        self.values: dict[str, object] = {}
        self.estimates: dict[str, object] = {}  # figure key -> its simulated Estimate
        self._errors: dict[str, tuple[str, str]] = {}  # setting -> (the refused text, why)
        self._failed: dict[str, str] = {}  # figure key -> why it could not be worked out
        self._notice: dict = {}
        self._progress = ""  # the solver's last progress line (from the worker)
        self._refusals = 0
        self._request = 0
        self._started = 0.0
        self.form = RuleForm()
        self.results = RuleResults()
        self.lab = RuleLabTable(self._say_refused, self._seen)
        self.lab.listen(self.form, set=self._set, flag=self._flag, preset=self._preset)
        self.lab.listen(self.results, play=self.play, retry=self.retry)
        super().__init__(children=[self.lab])
        self._recompute()
        replacing.made(self)

    def __repr__(self) -> str:
        where = self.rules.preset_name or "custom rules"
        return (
            f"<RuleLab of {self.title} ({where}). Show it in JupyterLab, Jupyter Notebook or "
            f"Voilà to change the rules; .rules are the rules in the form.>"
        )

    def close(self) -> None:
        """Stop the figures being worked out and close the lab and its game."""
        if hasattr(self, "lab"):  # not so when its arguments were refused (ipywidgets
            self._worker.stop()  # closes every widget object it collects)
            self._cancel_timer()
            for widget in (self.lab, self.game_widget):
                if widget is not None:
                    widget.close()
        super().close()

    # --- changing the rules ---------------------------------------------------------------
    def change(self, **settings) -> RuleLab:
        """Change settings from Python, as the form does (ValueError, nothing changed, if the
        rules refuse them); returns the lab."""
        self.set_rules(self.rules.replace(**settings))
        return self

    def set_rules(self, rules) -> None:
        """Show ``rules`` (a Rules of this game, a preset name or a dict) and recompute
        (the same rules again: the figures that could not be worked out are tried again)."""
        rules = type(self.rules).coerce(rules)
        self._errors = {}
        if rules != self.rules:
            self.rules = rules
            self._recompute()
        elif self._failed:
            self.retry()
        else:
            self.render()

    def retry(self) -> None:
        """Work out again the figures that could not be worked out (the Try again button)."""
        self._failed = {}
        self._resume()

    def _seen(self) -> None:
        """A lab nobody can see any more (its cell run again) stops its worker; shown again,
        it goes on with the figures still missing."""
        if self.lab.visible:
            if not self._worker.busy:
                self._resume()
        else:
            self._worker.stop()
            self._cancel_timer()

    def _resume(self) -> None:
        self._started = time.monotonic()
        self._cancel_timer()
        self.render()
        self._worker.start(self._request, self.name, self.rules, self.working)
        self._schedule_tick()

    def _set(self, setting: str, text: str) -> None:
        self._edit(setting, text)

    def _flag(self, setting: str, on: bool) -> None:
        self._edit(setting, on)

    def _edit(self, setting: str, typed) -> None:
        names = [field["name"] for field in rule_form.fields(self.rules)]
        if setting not in names:
            raise MalformedIntent(
                f"The rule form sent a setting it does not have: {shown(setting)}."
            )
        try:
            rules = rule_form.edit(self.rules, setting, typed)
        except ValueError as refusal:
            text = typed[: rule_form.MAX_TYPED] if type(typed) is str else rule_form.text(typed)
            self._errors = {setting: (text, catalogue().sentence(str(refusal)))}
            self._say(
                f"{rule_form.label(setting)}: {catalogue().sentence(str(refusal))} The rules are unchanged.",
                setting,
            )
            self.render()
            return
        self._notice = {}
        self.set_rules(rules)

    def _preset(self, name: str) -> None:
        if name not in type(self.rules).PRESETS:
            raise MalformedIntent(f"The rule form sent a preset it does not offer: {shown(name)}.")
        self._notice = {}
        self.set_rules(name)

    def _say_refused(self, refusal) -> None:
        self._say(str(refusal))
        self.render()

    def _say(self, text: str, setting: str = "") -> None:
        self._refusals += 1
        self._notice = {"text": text, "serial": self._refusals, "setting": setting}

    # --- working the figures out ----------------------------------------------------------
    def _recompute(self) -> None:
        self._request += 1
        self.values, self.estimates, self._failed = {}, {}, {}
        self._progress = ""
        self._odds = rule_figures.odds_table(self.name, self.rules)
        self._started = time.monotonic()
        self._cancel_timer()
        self.render()
        self._worker.start(self._request, self.name, self.rules, self.working)
        self._schedule_tick()

    def _figures(self):
        return rule_figures.game_figures(self.name)

    def _arrived(self, request: int, key: str, value, error: str) -> None:
        """A figure from the worker (on the kernel's thread); a stale one is dropped."""
        if request != self._request:
            return
        if key == PROGRESS:
            self._progress = value
            self.render()
            return
        self._progress = ""
        if error:
            self._failed[key] = error
        elif key.startswith(rule_figures.ESTIMATED):
            self.estimates[key.removeprefix(rule_figures.ESTIMATED)] = value
        else:
            self.values[key] = value
        self.render()

    @property
    def working(self) -> list[str]:
        """The worker's keys of what is still being worked out: the estimates first (they
        come in seconds), then the figures themselves."""
        estimates = [
            rule_figures.estimate_key(figure.key)
            for figure in self._figures()
            if figure.estimate is not None
            and figure.key not in self.values
            and figure.key not in self.estimates
            and rule_figures.estimate_key(figure.key) not in self._failed
        ]
        exact = [
            figure.key
            for figure in self._figures()
            if figure.limit(self.rules) is None
            and figure.key not in self.values
            and figure.key not in self._failed
        ]
        return estimates + exact

    def _schedule_tick(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.working:
            self._timer = loop.call_later(TICK, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.render()
        self._schedule_tick()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # --- playing ----------------------------------------------------------------------------
    def play(self):
        """Open the game with the rules in the form below the lab (replacing the game opened
        before); returns its widget."""
        if self.game_widget is not None:
            self.game_widget.close()
        self.game_widget = registry.load(registry.GAMES[self.name].widget, type)(
            rules=self.rules, seed=self.seed, pace=self.pace
        )
        self.children = [self.lab, self.game_widget]
        self.render()
        return self.game_widget

    # --- drawing ----------------------------------------------------------------------------
    def render(self) -> None:
        """Draw the form and the results, and publish the lab's view document."""
        fields = rule_form.fields(self.rules)
        for field in fields:
            if field["name"] in self._errors:
                field["text"], field["error"] = self._errors[field["name"]]
        presets = [{"id": name, "label": name} for name in type(self.rules).PRESETS]
        if self.rules.preset_name is None:
            presets.append({"id": "", "label": "custom"})
        self.form.draw(
            heading=f"{self.title} rules",
            presets=presets,
            preset=self.rules.preset_name or "",
            fields=fields,
            notice=self._notice,
        )
        playing = self.game_widget is not None
        busy, elapsed = self._busy()
        self.results.draw(
            heading=f"What these rules lead to ({self.rules.preset_name or 'custom rules'})",
            odds=self._odds,
            figures=[self._figure(f) for f in self._figures()],
            busy=busy,
            elapsed=elapsed,
            play="Play these rules again" if playing else "Play these rules",
        )
        self.lab.show(
            {"form": [self.form], "results": [self.results]},
            title=f"Rule lab: {self.title}",
            layout="columns",
            kind="lab",
        )

    def _figure(self, figure) -> dict:
        shown = {"key": figure.key, "label": figure.label}
        reason = figure.limit(self.rules)
        if figure.key not in self.values and figure.key in self.estimates:
            return self._estimated(figure, reason)
        if reason:
            return {**shown, "value": reason, "state": "skipped"}
        if figure.key in self._failed:
            return {
                **shown,
                "value": f"could not be worked out: {self._failed[figure.key]}",
                "state": "error",
            }
        if figure.key in self.values:
            return {**shown, "value": figure.say(self.values[figure.key]), "state": "ready"}
        return {**shown, "value": "working it out…", "state": "working"}

    def _estimated(self, figure, reason: str | None) -> dict:
        """A figure shown by its estimate, and why the exact one is not (yet) shown."""
        estimate = figure.say_estimate(self.estimates[figure.key])
        shown = {"key": figure.key, "label": figure.estimate_label}
        if figure.key in self._failed:
            why = f"the exact figure could not be worked out: {self._failed[figure.key]}"
            return {**shown, "value": f"{estimate}; {why}", "state": "error"}
        if reason:
            return {
                **shown,
                "value": f"{estimate}; the exact figure is {reason}",
                "state": "estimate",
            }
        why = "the exact figure is being worked out"
        return {**shown, "value": f"{estimate}; {why}", "state": "estimate", "pending": True}

    def _busy(self) -> tuple[str, str]:
        """What is being worked out (said once), and for how long (redrawn every second)."""
        working = {key.removeprefix(rule_figures.ESTIMATED) for key in self.working}
        if not working:
            return "", ""
        seconds = int(time.monotonic() - self._started)
        return (
            f"Working out {len(working)} figure{'s' if len(working) > 1 else ''} for these rules. "
            "New rules can take up to a few minutes the first time; the notebook stays free, "
            "and a new change stops this one.",
            f"{seconds} s so far" + (f"; {self._progress}" if self._progress else ""),
        )
