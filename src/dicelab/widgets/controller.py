"""The controller every game widget is built on: Python decides, the browser draws and asks.

A controller is one AnyWidget (a :class:`~dicelab.widgets.table.Table`). It owns a
:class:`dicelab.game.Game` and the parts its view document is made of, and routes each
part's intents to a handler. A handler checks the intent with the engine and plays it, or
raises :class:`~dicelab.IllegalMoveError`, whose sentence the controls show while nothing
changes. After every intent the controller draws every part again from the engine state
and publishes the one view document; the front end only draws it and sends intents.

The table's other jobs have rooms of their own, mixed in: the setup screen
(:mod:`~dicelab.widgets.seat_editor`), the robots' pace (:mod:`~dicelab.widgets.robot_pacer`),
the history, moments and ranking (:mod:`~dicelab.widgets.game_record`) and the game kept
in the autosave folder (:mod:`~dicelab.widgets.autosave`); this module routes the intents,
keeps the game's life cycle and draws the view.

A game subclasses :class:`GameController`, sets ``Game``, ``heading``, ``COLOURS``,
``HELP`` and ``COMPONENTS`` (and ``Coach``, a :class:`dicelab.coach.Coach` class, for the
coach that any player can switch on, and ``CHANCES``, the source of each seat's chance to
win, see :mod:`dicelab.widgets.win_chances`), and fills in the extension points: :meth:`build`,
:meth:`areas`, :meth:`render_board`, :meth:`play_buttons`, :meth:`describe`,
:meth:`scores`, and if it needs them :meth:`shortcuts`, :meth:`after` and :meth:`bot_step`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

from dicelab.errors import IllegalMoveError
from dicelab.game import Game as GameDriver
from dicelab.messages import Said, catalogue, in_language
from dicelab.players import Player
from dicelab.validation import shown
from dicelab.widgets import replacing, saving
from dicelab.widgets.autosave import Autosave
from dicelab.widgets.buttons import Button
from dicelab.widgets.coaching import Coaching
from dicelab.widgets.colours import SEAT_COLOURS, css_colour, in_seat_order, ink
from dicelab.widgets.components import (
    AdviceStrip,
    Controls,
    History,
    MalformedIntent,
    Ranking,
    SeatSetup,
)
from dicelab.widgets.game_record import HISTORY_SHOWN, GameRecord
from dicelab.widgets.phrasing import default_names, unnamed_robot
from dicelab.widgets.robot_pacer import RobotPacer
from dicelab.widgets.seat_editor import HUMAN, SeatEditor
from dicelab.widgets.table import Table
from dicelab.widgets.win_chances import WinChances


class GameController(SeatEditor, RobotPacer, GameRecord, Autosave, Table):
    """A game at a table of widgets: setup screen, play, bots at a readable pace, game over.

    ``players`` skips the setup screen (names, dicts or Players, as ``Game`` takes them);
    ``seed`` makes the dice repeatable (the n-th game of this widget uses ``seed + n``);
    ``pace`` is the pause in seconds between two bot steps (0 plays them at once);
    ``coach`` switches the coach on from the start (the Coach button or K toggles it) and
    ``rating`` is what it rates by, "points" or "win" (the chance to win; its panel chooses);
    ``chances`` shows each seat's chance to win from the start (the Chance to win button or W
    toggles it); ``lang`` is the language the table speaks ("en" or "ru", see
    :mod:`dicelab.messages`), which also names the default players ("You", "Вы").

    Every game is saved after each action (see :mod:`dicelab.widgets.saving`). The same
    cell run again (after a kernel restart too) continues the game it left unfinished;
    ``resume=True`` continues the latest unfinished game of this widget from anywhere, and
    ``resume=`` one of :func:`~dicelab.widgets.saved_games` that game. With nothing to
    continue, a new game starts as usual.
    """

    Game: type[GameDriver]  # the game driver, e.g. dicelab.yahtzee.Game
    Coach: type  # the game's coach, e.g. dicelab.coach.YahtzeeCoach
    CHANCES: object  # the source of the seats' chances to win (see dicelab.widgets.win_chances)
    NAME = ""  # the game's name in the catalogue, "game.<NAME>" (the heading)
    COLOURS: tuple = SEAT_COLOURS  # the colour names seats cycle through
    HELP = ""  # the catalogue's key of the keyboard help shown under the controls
    SETUP_PLAYERS: tuple = ()  # the seats the setup screen offers first (None: a seat with no name
    # yet, "Player n" as its placeholder); () = the game's default table
    STARTS_AT_ONCE = (
        False  # True: ``Game()`` plays at once at the default table, not the setup screen
    )
    COMPONENTS: tuple[str, ...] = (
        "controls",
        "setup",
        "ranking",
        "win_chances",
        "coach",
        "advice_strip",
        "history",
    )  # games add theirs

    def __init__(
        self,
        players=None,
        rules=None,
        seed: int | None = None,
        pace: float = 0.6,
        coach: bool = False,
        rating: str = "points",
        chances: bool = False,
        resume=False,
        lang: str = "en",
    ):
        if type(resume) is not bool and not isinstance(resume, saving.SavedGame):
            raise TypeError(f"resume is True, False or one of saved_games(), not {shown(resume)}")
        self.say = catalogue(lang)
        super().__init__()
        self.words = self.say.front_end()
        self.rules = self.Game.Rules.coerce(rules)
        self.seed = seed
        self.pace = pace
        self._game = None
        self._games_started = 0
        self._status = ""
        self._notice: dict = {}
        self._moment: dict = {}  # the last action's moment (a farkle, hot dice, a win…), until the next
        self._moments = 0
        self.sound = False  # the moments' short sounds, made in the browser (the Sound button, M)
        self._refusals = 0
        self._bot_timer = None
        self._closed = False
        self._waiting = False  # a human's farkle, burn or big score stays until they go on
        self._seats = []
        self._entries = []  # the history entries of this game
        self._save_name: str | None = None  # the file this game is saved in
        self._save_lock: int | None = None  # held while this table is the file's one writer
        self._unsaved = False  # whether an action was played since the last save
        self._save_problem: str | None = None  # why the game could not be saved, said once
        self._save_notice: dict = {}  # the notice saying so, while it is shown
        self._saved_panels: dict = {}  # the panels as last saved (see ``panels``)
        cell = saving.cell()
        self._made = json.dumps(
            {"players": repr(players), "rules": repr(rules), "seed": seed, "cell": cell}
        )
        for player in self.SETUP_PLAYERS or self.default_players():
            self._add_seat(None if player is None else Player.coerce(player))
        keys = ("table.keys_sound", "table.keys_pace")
        self.controls = Controls(
            help=" ".join(self.say(key) for key in (self.HELP, *keys)) if self.HELP else ""
        )
        self.setup = SeatSetup()
        self.ranking = Ranking()
        self.history = History()
        self.advice_strip = AdviceStrip()
        self.coaching = Coaching(self, coach, rating)
        self.winning = WinChances(self, self.CHANCES, chances)
        self.listen(self.coaching.panel, measure=self._rate_by)
        self.listen(self.controls, press=self._press, key=self._key)
        self.listen(
            self.setup,
            seats=self._change_seats,
            colour=self._cycle_colour,
            name=self._rename,
            kind=self._change_kind,
            rules=self._choose_rules,
        )
        self.build()
        if self._resume(
            resume
            if resume is not False
            else (saving.latest(type(self).__name__, self._made) if cell else None)
        ):
            pass
        elif players is None and not self.STARTS_AT_ONCE:
            self._status = self.say("table.choose_players")
            self.render()
        else:
            self.start(self.default_players() if players is None else players)
        replacing.made(self)

    def default_players(self) -> tuple:
        """The game's default table, named in the table's language ("You", "Bot 1": "Вы",
        "Робот 1")."""
        return default_names(self.Game.DEFAULT_PLAYERS, self.say)

    @property
    def heading(self) -> str:
        """The game's name, as the table shows it."""
        return self.say(f"game.{self.NAME}") if self.NAME else ""

    # --- what the notebook sees ---------------------------------------------------------
    @property
    def game(self):
        """The game being played (a ``dicelab.<game>.Game``), or None on the setup screen.

        After changing it from a cell (``widget.game.undo()``), call :meth:`render`.
        """
        return self._game

    @property
    def coach(self) -> bool:
        """Whether the coach is on (its ratings are in ``coaching.ledger``)."""
        return self.coaching.on

    def toggle_coach(self) -> None:
        """Switch the coach on or off (building it the first time: a few seconds for Yahtzee)."""
        self.coaching.toggle()
        self.advice_changed()

    def _rate_by(self, measure: str) -> None:
        self.coaching.choose(measure)
        self.advice_changed()

    def advice_changed(self) -> None:
        """The coach was switched, rates by another measure or is ready: the table's
        proposal follows it, unless the player has clicked a die since the throw."""
        picks = self.selection()
        if self.phase == "play" and picks is not None and picks.refusal():
            self.propose()

    @property
    def chances(self) -> bool:
        """Whether each seat's chance to win is shown (its panel is ``winning.panel``)."""
        return self.winning.on

    def toggle_chances(self) -> None:
        """Show or hide each seat's chance to win (worked out in the background the first time)."""
        self.winning.toggle()

    @property
    def phase(self) -> str:
        """ "setup", "play" or "over"."""
        if self._game is None:
            return "setup"
        return "over" if self._game.is_over else "play"

    def __repr__(self) -> str:
        if self._game is None:
            where = "choosing the players"
        else:
            where = repr(self._game).strip("<>")
        return (
            f"<{type(self).__name__} ({where}). Show it in JupyterLab, Jupyter Notebook, "
            f"Voilà or marimo (any front end that runs anywidget) to play; .game is the "
            f"game itself.>"
        )

    # --- living and dying ---------------------------------------------------------------
    def close(self) -> None:
        """Stop the robots (no timer or pending move is left) and close the widget."""
        self._closed = True
        self._cancel_bots()
        self._release_save_file()
        super().close()

    def seen(self) -> None:
        """The robots play only while someone can see the table (or no browser ever said)."""
        if self.visible:
            self._schedule_bots()
        else:
            self._stop_timer()

    # --- starting -----------------------------------------------------------------------
    def start(self, players) -> None:
        """Start a new game with these players (ValueError, nothing changed, if they can't play).

        Robots that need their strategy worked out first get it before the game begins; an
        interrupt meanwhile leaves the table as it was, with a sentence saying so.
        """
        seed = None if self.seed is None else self.seed + self._games_started
        game = self.Game(players=self._coloured(players), rules=self.rules, seed=seed)
        self.resume(game)

    def resume(self, game) -> None:
        """Play on with ``game`` (a new one, or one restored with ``Game.from_json``).

        Robots that need their strategy worked out first get it before play goes on; an
        interrupt meanwhile leaves the table as it was, with a sentence saying so."""
        if game.bots_to_prepare():
            before, self._status = self._status, self.say("table.preparing")
            self.render()
            try:
                game.prepare_bots()
            except BaseException:
                self._status = before if self._game is not None else self.say("table.interrupted")
                self.render()
                raise
        self.rules = game.rules
        self._cancel_bots()
        self._game = game
        self._games_started += 1
        self._seats = [
            {"name": p.name, "colour": p.colour or "", "kind": p.bot or HUMAN} for p in game.players
        ]
        self._entries = []
        self._claim_save_file()
        self._status = self.say("table.new_game", who=self._game.current_player.name)
        self.coaching.new_game()
        self.after(None)
        self.render()
        self._schedule_bots()
        self._autosave()

    def _coloured(self, players) -> list | int:
        """``players`` (as ``Game`` takes them), each without a colour given the next free one."""
        if isinstance(players, int) and not isinstance(players, bool):
            return players
        players = [Player.coerce(player) for player in players]
        free = [c for c in in_seat_order(self.COLOURS) if c not in {p.colour for p in players}]
        return [p if p.colour or not free else Player(p.name, p.bot, free.pop(0)) for p in players]

    def rematch(self) -> None:
        """A new game at once with the players of the last one (the next seed, if seeded)."""
        self.start(list(self._game.players))

    def new_game(self) -> None:
        """Back to the setup screen, with the players of the last game."""
        self._cancel_bots()
        self._game = None
        self._status = self.say("table.choose_players")

    def _start_from_setup(self) -> None:
        players = [
            Player(
                seat["name"] or self.say("name.player", number=i + 1),
                None if seat["kind"] == HUMAN else seat["kind"],
                seat["colour"] or None,
            )
            for i, seat in enumerate(self._seats)
        ]
        try:
            self.start(players)
        except ValueError as problem:
            raise IllegalMoveError(in_language(problem, self.say)) from None

    # --- intents ------------------------------------------------------------------------
    def handle(self, part, handler, fields: dict) -> None:
        """Run an intent's handler; a refusal is shown and changes nothing. Then redraw.

        While a human's farkle, burn or big score waits for them, any click or key of theirs
        only says "go on"."""
        if self._waiting:
            self.go_on()
            return
        try:
            handler(**fields)
        except IllegalMoveError as refusal:
            self._notice_refusal(refusal)
        else:
            self._notice = {}
        self.coaching.review()
        self.render()
        self._schedule_bots()
        self._autosave()

    def refused(self, refusal: IllegalMoveError) -> None:
        """A malformed intent: say so, as for any refusal."""
        self._notice_refusal(refusal)
        self.render()

    def _notice_refusal(self, refusal: IllegalMoveError) -> None:
        self._refusals += 1
        self._notice = {"text": self.say.sentence(self.said(refusal)), "serial": self._refusals}

    def said(self, refusal: IllegalMoveError) -> str:
        """A refusal in the table's language (see :class:`dicelab.messages.Said`)."""
        return in_language(refusal, self.say)

    def _press(self, button: str) -> None:
        specs = {spec.id: spec for spec in self.buttons()}
        if button not in specs:
            raise MalformedIntent(f"There is no {shown(button)} button now.")
        if not specs[button].enabled:
            raise IllegalMoveError(specs[button].reason)
        specs[button].action()

    def _key(self, key: str) -> None:
        action = self.shortcuts().get(key)
        if action is not None:
            action()

    # --- playing ------------------------------------------------------------------------
    def human_turn(self) -> None:
        """Refuse (IllegalMoveError) unless a human is to move in a game being played."""
        if self.phase == "setup":
            raise IllegalMoveError(Said("refusal.no_game_yet"))
        if self.phase == "over":
            raise IllegalMoveError(Said("refusal.game_over_new"))
        player = self._game.current_player
        if player.is_bot:
            raise IllegalMoveError(Said("refusal.wait_for", who=player.name))

    def refusal(self, action=None) -> str | None:
        """Why the human to move may not play ``action`` (or anything) now; None when they may."""
        try:
            self.human_turn()
            if action is not None:
                self._game.engine.apply(self._game.state, action)
        except IllegalMoveError as reason:
            return self.said(reason)
        return None

    def play(self, action) -> None:
        """Play ``action`` for the human to move; IllegalMoveError (nothing changed) if refused."""
        self.human_turn()
        self._play(action)
        self.coaching.review()
        self._autosave()

    def _play(self, action) -> None:
        self.coaching.note(action)
        before = self._game.state
        event = self._game.play(action)
        self._unsaved = True
        self._status = self.describe(event, before)
        if self._game.is_over:
            self._status += " " + self._result()
        self._note(event, before)
        self.after(event)

    # --- drawing ------------------------------------------------------------------------
    def render(self) -> None:
        """Draw every part from the game's state (or the seats, before a game) and publish
        (nothing once the widget is closed)."""
        if self._closed:
            return
        phase = self.phase
        turn = {}
        if phase == "play":
            player = self._game.current_player
            turn = {
                "text": self.say(
                    "table.turn_of_robot" if unnamed_robot(player) else "table.turn_of",
                    who=player.name,
                ),
                "colour": css_colour(player.colour),
                "ink": ink(player.colour),
            }
        self.controls.draw(
            heading="" if phase == "setup" else self.heading,
            turn=turn,
            buttons=[b.to_json() for b in self.buttons()],
            status=self._status,
            notice=self._notice,
            moment=self._moment if phase != "setup" else {},
            sound=self.sound,
        )
        if phase == "setup":
            self._render_setup()
        else:
            self.render_board()
            self.history.draw(
                caption=self.say("history.caption"),
                game=self._games_started,
                entries=self._entries[-HISTORY_SHOWN:],
            )
            if phase == "over":
                self._render_ranking()
            self.winning.draw()
            self.coaching.draw()
            self.advice_strip.draw(
                best=self.coaching.headline,
                chances=[
                    {key: seat[key] for key in ("name", "colour", "value")}
                    for seat in (self.winning.panel.seats if self.chances else [])
                ],
            )
        self.publish()

    def publish(self) -> None:
        """Send the view document of the parts as they are drawn now."""
        if self.phase == "setup":
            areas, layout = {"play": [self.setup, self.controls]}, "stack"
        else:
            areas, layout = self.areas()
            advice = self.winning.widgets() + self.coaching.widgets()
            areas = {**areas, "advice": advice, "foot": areas.get("foot", []) + [self.history]}
        self.show(
            areas,
            title=self.say("table.title", game=self.heading),
            layout=layout,
            keys=self.shortcuts(),
        )

    def buttons(self) -> list[Button]:
        """The buttons to show now: Start, or the game's own (:meth:`play_buttons`) or New game
        with the coach's toggle."""
        if self.phase == "setup":
            start = Button(
                "start",
                self.say("button.start"),
                self._start_from_setup,
                self.say("button.start_aria"),
                key="s",
                tone="confirm",
            )
            return [start]  # green, as in the seed
        if self.phase == "over":
            return [
                Button(
                    "rematch",
                    self.say("button.rematch"),
                    self.rematch,
                    self.say("button.rematch_aria"),
                    key="r",
                    tone="confirm",
                ),
                self._new_game_button("n"),
                self._coach_button(),
                self._chances_button(),
                self._sound_button(),
            ]
        if self._waiting:
            return [
                Button(
                    "go_on",
                    self.say("button.go_on"),
                    self.go_on,
                    self.say("button.go_on_aria"),
                    key="g",
                )
            ]
        buttons = self.play_buttons() + [
            self._coach_button(),
            self._chances_button(),
            self._new_game_button(),
        ]
        buttons.append(self._sound_button())
        if any(player.is_bot for player in self._game.players):
            buttons.append(self._pace_button())
            if self._bot_to_move() and not all(player.is_bot for player in self._game.players):
                buttons.append(
                    Button(
                        "skip",
                        self.say("button.skip"),
                        self.skip_to_human,
                        self.say("button.skip_aria"),
                        key="j",
                    )
                )
        return buttons

    def _new_game_button(self, key: str = "") -> Button:
        label, aria = self.say("button.new_game"), self.say("button.new_game_aria")
        return Button("new", label, self.new_game, aria, key=key)

    def _switch_button(self, id: str, on: bool, action: Callable[[], None], key: str) -> Button:
        """The button switching ``id`` (the sound, the coach, the chance to win) on or off."""
        state = self.say("button.on" if on else "button.off")
        label = self.say(f"button.{id}", state=state)
        aria = self.say("button.switch_off" if on else "button.switch_on", label=label)
        return Button(id, label, action, aria, key=key)

    def _sound_button(self) -> Button:
        return self._switch_button("sound", self.sound, self.toggle_sound, "m")

    def toggle_sound(self) -> None:
        """Switch the moments' sounds on or off (off at first; the browser makes them)."""
        self.sound = not self.sound

    def _coach_button(self) -> Button:
        return self._switch_button("coach", self.coach, self.toggle_coach, "k")

    def _chances_button(self) -> Button:
        return self._switch_button("chances", self.chances, self.toggle_chances, "w")

    # --- extension points for each game -------------------------------------------------
    def build(self) -> None:
        """Create the game's own components and :meth:`listen` to them (called once)."""

    def areas(self) -> tuple[dict, str]:
        """The parts to show in each area, top to bottom, while playing and at the end, and
        the layout ("stack" or "columns"): by default the controls in the "play" area, then
        the ranking once the game is over, or while playing the advice at a glance (when the
        coach or the chance to win is on). Games add their parts; the chance to win and the
        coach follow in the "advice" area (beside the table where it is wide enough, else
        below it), the history in the "foot" area."""
        if self.phase == "over":
            return {"play": [self.controls, self.ranking]}, "stack"
        glance = [self.advice_strip] if self.coach or self.chances else []
        return {"play": [self.controls, *glance]}, "stack"

    def render_board(self) -> None:
        """Draw the game's own components from ``self.game``."""

    def play_buttons(self) -> list[Button]:
        """The buttons while a game is being played (use :meth:`refusal` for their reasons)."""
        return []

    def shortcuts(self) -> dict:
        """Keys and what they do; each button's ``key`` presses it. Extend to add keys."""
        return {spec.key: partial(self._press, spec.id) for spec in self.buttons() if spec.key}

    def describe(self, event, before) -> str:
        """The sentence announced after ``event`` (``before`` is the state it was played in)."""
        name = self._game.players[event.player].name
        return self.say("table.played", who=name, action=event.action.type)

    def after(self, event) -> None:
        """Called after each action (``None`` when a game starts), e.g. to clear a selection."""

    def propose(self) -> None:
        """Pick again what the table proposes after a throw (games with picks, see
        :meth:`selection`)."""

    def selection(self):
        """The dice picked since the last throw and not yet played (a
        :class:`~dicelab.widgets.picks.Picks`), or None where a game has no such picks: what a
        class server keeps beside the game so that a restart loses no click."""
        return None

    def _take_back_button(self, take_back: Callable[[], None]) -> Button:
        """The Take back button of a game with picks (:meth:`selection`): it presses
        ``take_back``, refused while no die was clicked since the throw."""
        back = self.refusal() or in_language(self.selection().refusal(), self.say)
        label, aria = self.say("button.take_back"), self.say("button.take_back_aria")
        return Button("take_back", label, take_back, aria, not back, back, "u")

    def log_entry(self, event, before) -> tuple[tuple, str]:
        """The dice drawn beside ``event`` in the history, and its mark: "" or "farkle",
        "burn", "bank", "score", or "big" for a score a player remembers."""
        return (event.dice or ()), ""

    def bot_step(self) -> None:
        """One visible step of the bot to move; by default it plays its next action."""
        self._play(self._game.bot_action())

    def scores(self) -> list:
        """Each player's result, for the ranking at the end: what the game's engine says."""
        return self._game.engine.scores(self._game.state)
