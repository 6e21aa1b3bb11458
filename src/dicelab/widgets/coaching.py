"""The coach of a game widget: switched on and off, rating by the measure the player chose,
told the human moves, drawn in its panel.

A controller owns one :class:`Coaching`. The player chooses what the coach rates by (its
measure, one of :data:`dicelab.coach.base.RATINGS`): "points", the game's own measure, or
"win", the chance to win the game (where the game has one for the table: see the
controller's ``CHANCES``). The game's coach for that measure (the controller's ``Coach``, a
:class:`dicelab.coach.Coach` class) is prepared the first time it is needed, off the event
loop (see :mod:`dicelab.widgets.background`): a full Yahtzee solve or a win policy takes
seconds to a minute. Meanwhile the panel says the coach is thinking and the game goes on.

The moves a human plays in answer to one intent (or one call of ``controller.play``) make
one decision (:meth:`Coaching.review`). Decisions are kept as played and rated by the
chosen measure, as soon as its coach is ready: choosing another measure rates the whole
game again, so the verdicts and the end report always speak of the measure chosen. Bots'
moves are never noted.
"""

from __future__ import annotations

from functools import partial

from dicelab.coach import TOP, Ledger
from dicelab.coach.base import RATINGS
from dicelab.coach.ledger import Advice
from dicelab.errors import IllegalMoveError
from dicelab.messages import Said, in_language
from dicelab.validation import shown
from dicelab.widgets.background import prepared
from dicelab.widgets.components.coach import CoachPanel
from dicelab.widgets.intents import MalformedIntent
from dicelab.widgets.phrasing import is_you
from dicelab.widgets.switched_panel import SwitchedPanel


def prepared_coach(Coach, rules, rating: str, seats: int = 2):
    """A coach of class ``Coach`` for ``rules`` rating by ``rating`` at a table of
    ``seats``, its heavy work done."""
    coach = Coach(rules, rating=rating, seats=seats)
    coach.prepare()
    return coach


class Coaching(SwitchedPanel):
    """The coach of ``controller``'s games: on or off, its measure, the decisions, its panel."""

    def __init__(self, controller, on: bool = False, rating: str = "points"):
        if rating not in RATINGS:
            raise ValueError(
                f"the coach rates by {' or '.join(map(repr, RATINGS))}, not {rating!r}"
            )
        super().__init__(controller, CoachPanel(), on)
        self.chosen = rating  # the measure chosen; see ``rating`` for the one rated by
        self._moves: list[tuple] = []  # (state, action) of the human move being made
        self._made: list[tuple] = []  # (state, actions, player) of every decision of this game
        self._ledgers: dict[str, Ledger] = {}  # rating -> Ledger of the decisions rated so far
        self._rated: dict[str, int] = {}  # rating -> how many of ``_made`` its ledger has looked at
        self._verdict: dict = {}
        self._verdicts = 0
        self.headline = ""  # the best option in one line, as drawn last ("" when none)
        # (coach, state, advice): the last advice, kept while it holds
        self._advice: tuple[object, object, Advice | None] = (None, None, None)

    def toggle(self) -> None:
        """Switch the coach on (preparing it now if needed) or off."""
        self.on = not self.on
        failure = self._failure()
        if failure:
            self.on = False
            raise IllegalMoveError(failure)

    def choose(self, measure: str) -> None:
        """Rate by ``measure`` ("points" or "win"); IllegalMoveError, nothing changed, where
        the game has no chance to win for this table."""
        if measure not in RATINGS:
            raise MalformedIntent(
                f"There is no measure {shown(measure)}: the coach rates by "
                f"{' or '.join(map(repr, RATINGS))}."
            )
        why = self.why_not(measure)
        if why:
            raise IllegalMoveError(why)
        before, self.chosen = self.chosen, measure
        failure = self._failure()
        if failure:
            self.chosen = before
            raise IllegalMoveError(failure)
        if measure != before:
            self._verdict = {}  # the last verdict spoke of the other measure

    @property
    def rating(self) -> str:
        """The measure the coach rates by: the one chosen, or points at a table where the
        chance to win is not offered (see :meth:`why_not`)."""
        return "points" if self.why_not(self.chosen) else self.chosen

    def why_not(self, measure: str) -> str:
        """Why the coach can't rate by ``measure`` at this table ("" when it can)."""
        game = self._controller.game
        if measure != "win" or game is None:
            return ""
        why = self._controller.CHANCES.at(len(game.players)).unavailable(
            game.rules, len(game.players)
        )
        say = self._controller.say
        return say("coaching.win_not_offered", why=in_language(why, say)) if why else ""

    def _failure(self) -> str:
        """Why the coach switched on can't advise on the game's rules by the measure chosen
        ("" when it can, or is still being prepared)."""
        if not self.on or self._controller.game is None:
            return ""
        self.coach()
        job = self._job()
        if job.done() and job.exception() is not None:
            return Said("coaching.cannot", problem=str(job.exception()))
        return ""

    def _job(self):
        game = self._controller.game
        Coach = self._controller.Coach
        seats = len(game.players)
        return prepared(
            ("coach", Coach, game.rules, self.rating, seats),
            partial(prepared_coach, Coach, game.rules, self.rating, seats),
        )

    def coach(self):
        """The game's coach for the rules being played and the measure chosen, or None while
        it is being prepared (the panel says so; the table is drawn again once it is ready)."""
        job = self._job()
        if not job.done() and self._awaited is not job:
            self.panel.draw(busy=self._controller.say("coaching.thinking"))
            self._controller.publish()
        if not self.finished(job) or job.exception() is not None:
            return None
        return job.result()

    def _redraw(self, job) -> None:
        """The coach is ready: the table's proposal may follow it now, then the table is
        drawn again."""
        if self._awaited is job:
            self._controller.advice_changed()
        super()._redraw(job)

    def new_game(self) -> None:
        """Forget the last game's decisions."""
        self._moves, self._made, self._ledgers, self._rated = [], [], {}, {}
        self._verdict = {}

    # --- rating -------------------------------------------------------------------------
    def note(self, action) -> None:
        """``action`` is about to be played: remember it when the coach rates the player."""
        game = self._controller.game
        if self.on and not game.current_player.is_bot:
            self._moves.append((game.state, action))

    def review(self) -> None:
        """Keep the moves noted since the last review as one decision, and rate it when the
        coach is ready."""
        moves, self._moves = self._moves, []
        if not moves or not self.on:
            return
        state = moves[0][0]
        self._made.append(
            (
                state,
                tuple(action for _, action in moves),
                self._controller.game.players[state.player].name,
            )
        )
        self._catch_up()

    @property
    def ledger(self) -> Ledger:
        """The decisions of this game rated by the measure chosen (those made while the coach
        was still thinking are rated once it is ready)."""
        self._catch_up()
        return self._ledgers.setdefault(self.rating, Ledger())

    def _catch_up(self) -> None:
        """Rate the decisions the ledger of the chosen measure has not looked at yet."""
        if self._rated.get(self.rating, 0) == len(self._made) or self._controller.game is None:
            return
        coach = self.coach()
        if coach is None:
            return
        ledger = self._ledgers.setdefault(self.rating, Ledger())
        players = len(self._controller.game.players)
        for state, actions, player in self._made[self._rated.get(self.rating, 0) :]:
            decision = coach.rate(state, actions, player)
            if decision is not None:
                ledger.add(decision)
                self._verdicts += 1
                said = in_language(decision.sentence, self._controller.say)
                if players > 1 and not is_you(player):
                    said = self._controller.say("coaching.verdict_of", name=player, verdict=said)
                self._verdict = {"text": said, "serial": self._verdicts}
        self._rated[self.rating] = len(self._made)

    # --- drawing ------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw the advice for the player to move, or the report once the game is over."""
        self.headline = ""
        if not self.widgets():
            return
        game = self._controller.game
        traits = {
            "busy": "",
            "caption": "",
            "options": [],
            "why": "",
            "odds_caption": "",
            "odds": [],
            "verdict": self._verdict,
            "report": {},
            "help": "",
            "measures": self._measures(),
        }
        coach, say = self.coach(), self._controller.say
        job = self._job()
        if coach is None and job.done():
            problem = str(job.exception())
            traits["caption"] = say.sentence(say("coaching.cannot", problem=problem))
        elif coach is None:
            traits["busy"] = say("coaching.thinking")
            self.headline = say("coaching.thinking_short")
        elif game.is_over:
            self._catch_up()
            traits.update(verdict=self._verdict, report=self._report())
        elif game.current_player.is_bot:
            self._catch_up()
            traits.update(
                verdict=self._verdict,
                caption=say("coaching.bot_turn", name=game.current_player.name),
            )
        else:
            self._catch_up()
            traits.update(self._advise(coach, game), verdict=self._verdict)
        self.panel.draw(**traits)

    def _label(self, measure: str) -> str:
        """A measure as "Rate by" names it: the game's own ("Points", in Thousand "Fewest
        turns") or "Chance to win"."""
        say = self._controller.say
        if measure == "points":
            return in_language(self._controller.Coach.points_label, say)
        return say("coaching.chance_to_win")

    def _measures(self) -> list:
        return [
            {
                "id": measure,
                "label": self._label(measure),
                "chosen": measure == self.rating,
                "reason": self.why_not(measure),
            }
            for measure in RATINGS
        ]

    def _advice_now(self, coach, game) -> Advice:
        """``coach``'s advice for the state of ``game``, kept while that state holds."""
        if self._advice[:2] != (coach, game.state):
            self._advice = (coach, game.state, coach.advise(game.state))
        advice = self._advice[2]
        assert advice is not None  # given just above
        return advice

    def best_move(self) -> tuple | None:
        """The coach's best move for the human to move now, as its coach says moves; None
        while the coach is off or still thinking, at a robot's turn, or with nothing to
        choose."""
        game = self._controller.game
        if not self.on or game is None or game.is_over or game.current_player.is_bot:
            return None
        job = self._job()
        if not job.done() or job.exception() is not None:
            return None
        choices = self._advice_now(job.result(), game).choices
        return choices[0].move if choices else None

    def _advise(self, coach, game) -> dict:
        advice, say = self._advice_now(coach, game), self._controller.say
        name, measure, choices = game.current_player.name, advice.measure, advice.choices

        def said(text) -> str:
            return in_language(text, say)

        situation = said(advice.situation)
        best = choices[0] if choices else None
        if best:
            value = said(measure.say(best.value))
            self.headline = say("coaching.best", label=said(best.label), value=value)
        if len(choices) > 1:
            caption = say("coaching.options", who=name, situation=situation)
        elif best:
            caption = say(
                "coaching.one_option",
                name=name,
                situation=situation,
                label=said(best.label),
                value=value,
            )
        else:
            caption = say("coaching.nothing_yet", name=name, situation=situation)
        shown = choices[:TOP] if len(choices) > 1 else ()
        if self.rating == "win":
            basis = in_language(self._controller.CHANCES.at(len(game.players)).basis, say)
            help_text = say(
                "coaching.values_win", who=name, measure=said(measure.name), basis=basis
            )
        else:
            help_text = say("coaching.values_alone", who=name, measure=said(measure.name))
        return {
            "caption": caption,
            "options": [
                {"label": said(c.label), "value": said(measure.say(c.value)), "best": i == 0}
                for i, c in enumerate(shown)
            ],
            "why": said(coach.why_not_most_points(game.state, list(choices))),
            "odds_caption": said(coach.odds_title) if advice.odds else "",
            "odds": [{"label": said(label), "value": value} for label, value in advice.odds],
            "help": help_text,
        }

    def _report(self) -> dict:
        say = self._controller.say
        heading = say("coaching.report", measure=self._label(self.rating).lower())
        summaries = self.ledger.summaries()
        if not summaries:
            return {"heading": heading, "costliest": [], "lines": [say("coaching.no_decisions")]}
        lines, costliest = [], []
        for summary in summaries:
            measure = summary.measure
            lines.append(
                say(
                    "coaching.summary",
                    name=summary.player,
                    best=summary.best_moves,
                    decisions=say.count(summary.decisions, "decision"),
                    cost=in_language(measure.say_cost(summary.total), say),
                )
            )
            costliest += [
                say(
                    "coaching.costliest",
                    name=d.player,
                    situation=in_language(d.situation, say),
                    taken=in_language(d.taken.label, say),
                    cost=in_language(measure.say_cost(d.cost), say),
                    best=in_language(d.best.label, say),
                )
                for d in summary.costliest
            ]
        return {"heading": heading, "lines": lines, "costliest": costliest}
