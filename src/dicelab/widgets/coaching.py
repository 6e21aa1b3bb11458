"""The coach of a game widget: switched on and off, told the human moves, drawn in its panel.

A controller owns one :class:`Coaching`. The game's coach (the controller's ``Coach``, a
:class:`dicelab.coach.Coach` class) is built the first time it is needed, which may take a
few seconds (a full Yahtzee solve): meanwhile the panel says the coach is thinking. The
moves a human plays in answer to one intent (or one call of ``controller.play``) make one
decision, rated when it is done (:meth:`Coaching.review`); bots' moves are never noted.
"""

from __future__ import annotations

from dicelab.coach import TOP, Ledger
from dicelab.errors import IllegalMoveError
from dicelab.widgets.components.coach import CoachPanel
from dicelab.widgets.words import whom

THINKING = ("Coach is thinking… working out the best play for these rules. The first time "
            "takes a few seconds, and the notebook waits meanwhile.")


class Coaching:
    """The coach of ``controller``'s games: on or off, its ledger, its panel."""

    def __init__(self, controller, on: bool = False):
        self.on = on
        self.ledger = Ledger()
        self.panel = CoachPanel()
        self._controller = controller
        self._coach = None
        self._moves = []  # (state, action) of the human move being made
        self._verdict = {}
        self._advice = (None, None)  # (state, advice): the last advice, kept while it holds

    def toggle(self) -> None:
        """Switch the coach on (building it now if needed) or off."""
        self.on = not self.on
        if self.on and self._controller.game is not None:
            try:
                self.coach()
            except ValueError as problem:
                self.on = False
                raise IllegalMoveError(f"the coach can't advise on these rules: {problem}") from None

    def coach(self):
        """The game's coach for the rules being played, built (and shown busy) on first use."""
        rules = self._controller.game.rules
        if self._coach is None or self._coach.rules != rules:
            self.panel.draw(busy=THINKING)
            self._controller.publish()
            coach = self._controller.Coach(rules)
            coach.prepare()
            self._coach = coach
            self.panel.draw(busy="")
        return self._coach

    def new_game(self) -> None:
        """Forget the last game's decisions."""
        self.ledger = Ledger()
        self._moves, self._verdict = [], {}

    # --- rating -------------------------------------------------------------------------
    def note(self, action) -> None:
        """``action`` is about to be played: remember it when the coach rates the player."""
        game = self._controller.game
        if self.on and not game.current_player.is_bot:
            self._moves.append((game.state, action))

    def review(self) -> None:
        """Rate the moves noted since the last review as one decision."""
        moves, self._moves = self._moves, []
        if not moves or not self.on:
            return
        state = moves[0][0]
        game = self._controller.game
        player = game.players[state.player].name
        decision = self.coach().rate(state, [action for _, action in moves], player)
        if decision is not None:
            self.ledger.add(decision)
            who = f"{player}: " if len(game.players) > 1 else ""
            self._verdict = {"text": who + decision.sentence, "serial": len(self.ledger.decisions)}

    # --- drawing ------------------------------------------------------------------------
    def widgets(self) -> list:
        """The panel (a part), when the coach is on and a game is being played or over."""
        return [self.panel] if self.on and self._controller.game is not None else []

    def draw(self) -> None:
        """Draw the advice for the player to move, or the report once the game is over."""
        if not self.widgets():
            return
        game = self._controller.game
        coach = self.coach()
        traits = {"busy": "", "caption": "", "options": [], "odds_caption": "", "odds": [],
                  "verdict": self._verdict, "report": {}, "help": ""}
        if game.is_over:
            traits["report"] = self._report()
        elif game.current_player.is_bot:
            traits["caption"] = (f"{game.current_player.name} is a bot: the coach advises and "
                                 f"rates human players only.")
        else:
            traits.update(self._advise(coach, game))
        self.panel.draw(**traits)

    def _advise(self, coach, game) -> dict:
        if self._advice[0] != game.state:
            self._advice = (game.state, coach.advise(game.state))
        advice = self._advice[1]
        name, measure, choices = game.current_player.name, advice.measure, advice.choices
        if len(choices) > 1:
            caption = f"Best options for {whom(name)}, {advice.situation}:"
        elif choices:
            caption = f"{name}, {advice.situation}: {choices[0].label} ({measure.say(choices[0].value)})."
        else:
            caption = f"{name}, {advice.situation}: nothing to choose yet."
        shown = choices[:TOP] if len(choices) > 1 else ()
        return {"caption": caption,
                "options": [{"label": c.label, "value": measure.say(c.value), "best": i == 0}
                            for i, c in enumerate(shown)],
                "odds_caption": coach.odds_title if advice.odds else "",
                "odds": [{"label": label, "value": value} for label, value in advice.odds],
                "help": (f"Values: {measure.name} for {whom(name)}, with the best play from here as "
                         f"if alone at the table (the other players are left out).")}

    def _report(self) -> dict:
        summaries = self.ledger.summaries()
        if not summaries:
            return {"heading": "Coach's report", "costliest": [],
                    "lines": ["No decision was rated: the coach rates human moves while it is on."]}
        lines, costliest = [], []
        for summary in summaries:
            measure = summary.measure
            lines.append(f"{summary.player}: {summary.best_moves} best of {summary.decisions} "
                         f"decisions; total expected loss {measure.say_cost(summary.total)}.")
            costliest += [f"{d.player}, {d.situation}: {d.taken.label} cost "
                          f"{measure.say_cost(d.cost)}; best was {d.best.label}."
                          for d in summary.costliest]
        return {"heading": "Coach's report", "lines": lines, "costliest": costliest}
