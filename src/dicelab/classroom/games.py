"""Whole games in class: each student plays the game's own widget controller against a robot.

The session wraps the notebook widget (``FivethousandGame`` ...), so every rule, every
refusal and every drawing is the widget's. The class only narrows it: no setup screen, no
coach or chance-to-win panels (they would make the server solve policies), and a
"Play again" button instead of "New game" and "Rematch" (a new game the class records).
The robots play at the pace the student picks with the table's pace button ("instant" at
first) and Skip: the table is driven, so the server plays, stores and sends each paced step
(:meth:`GameSession.next_step_in`, :meth:`GameSession.play_step`). A finished game is one
result: 1 try, 1 success when the student won (or shared the win), with both scores; its end
screen says what was kept. The game speaks the student's language, and its keys help
(``<game>.class_keys`` in the catalogue) names only the keys the class offers. In
``duplicate`` everyone plays Yahtzee alone
on the same dice, and the result carries the optimal robot's score on them: a success is a
score as high as the robot's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from dicelab import registry
from dicelab.classroom.activity import Message, Register, Result, SeedOf
from dicelab.errors import IllegalMoveError
from dicelab.messages import DEFAULT, Catalogue, Said, catalogue
from dicelab.widgets.intents import MalformedIntent

HIDDEN_BUTTONS = ("new", "rematch", "coach", "chances")


def _widget(game: str) -> type[Any]:
    """The widget class of ``game``, as the registry declares it."""
    return registry.load(registry.GAMES[game].widget, type)


def robots(game: str) -> tuple[str, ...]:
    """The robots a class may play against: those that need no strategy worked out first."""
    Game = _widget(game).Game
    default = next((p.bot for p in Game.DEFAULT_PLAYERS if getattr(p, "bot", None)), None)
    levels = sorted(Game.BOTS, key=lambda level: level != default)
    return tuple(
        level
        for level in levels
        if not Game(players=[{"name": "r", "bot": level}], seed=0).bots_to_prepare()
    )


class GameSession:
    """A student's game against ``robot`` (None: alone), restored from ``state`` if given."""

    def __init__(
        self,
        game: str,
        seed_of: SeedOf,
        name: str,
        robot: str | None,
        state: Message | None = None,
        shared: bool = False,
        lang: str = DEFAULT,
    ) -> None:
        self.game_name = game
        self.seed_of = seed_of
        self.shared = shared
        self.say = catalogue(lang)
        robots = [{"name": self.say("name.robot"), "bot": robot}] if robot else []
        self.players = [{"name": name}, *robots]
        pace = state.get("pace", 0) if state is not None else 0  # "instant" until they choose
        self.widget = _widget(game)(players=self.players, pace=pace, seed=self._seed(0), lang=lang)
        self.widget.driven = True  # the server plays, stores and sends each paced robot step
        self.games = 0
        self.recorded = False
        self._results: list[Result] = []
        if state is not None:
            self.games, self.recorded = state["games"], state["recorded"]
            self.widget.resume(self.widget.Game.from_json(state["game"]))
            picks = self.widget.selection()
            if picks is not None and state.get("picks"):
                picks.restore(state["picks"])  # the dice sent back, or picked, before the restart
                self.widget.render()

    def _seed(self, games: int) -> int:
        return self.seed_of("shared", "game", games) if self.shared else self.seed_of("game", games)

    def state(self) -> Message:
        picks = self.widget.selection()
        return {
            "games": self.games,
            "recorded": self.recorded,
            "game": self.widget.game.to_json(),
            "pace": self.widget.pace,
            "picks": None if picks is None else picks.to_json(),
        }

    def next_step_in(self) -> float | None:
        """Seconds until the robots' next step at the pace the student chose (None: none due)."""
        due: float | None = self.widget.next_step_in()
        return due

    def play_step(self) -> None:
        """The robots' next step (the server plays it when :meth:`next_step_in` is due)."""
        self.widget.play_step()
        self._record()

    def take_results(self) -> list[Result]:
        results, self._results = self._results, []
        return results

    @property
    def view(self) -> Message:
        """The widget's view document without what the class leaves out."""
        view = self.widget.view
        controls = dict(view["parts"]["controls"])
        buttons = [b for b in controls["buttons"] if b["id"] not in HIDDEN_BUTTONS]
        if self.widget.phase == "over":
            buttons.append(self._again_button())
            won, detail = self._result()
            controls["status"] = kept(won, detail, self.say)
            if not won:  # no win to celebrate: the student did not reach the robot's score
                controls["moment"] = {}
        controls["buttons"] = buttons
        controls["help"] = self.say(f"{self.game_name}.class_keys")
        keys = sorted(
            set(view["keys"]) - self._hidden_keys()
            | ({"a"} if self.widget.phase == "over" else set())
        )
        return {**view, "keys": keys, "parts": {**view["parts"], "controls": controls}}

    def _again_button(self) -> Message:
        return {
            "id": "again",
            "label": self.say("class_game.again"),
            "aria_label": self.say("class_game.again_aria"),
            "enabled": True,
            "reason": "",
            "key": "a",
        }

    def _hidden_keys(self) -> set[str]:
        return {b.key for b in self.widget.buttons() if b.id in HIDDEN_BUTTONS and b.key}

    def receive(self, message: Any) -> None:
        """Hand the intent to the widget, unless it asks for what the class leaves out (then
        the widget shows the refusal, as it shows its own)."""
        try:
            self._receive(message)
        except IllegalMoveError as refusal:
            self.widget.refused(refusal)

    def _receive(self, message: Any) -> None:
        if not isinstance(message, dict):
            raise MalformedIntent("The game received a request that is not understood.")
        shown = self.widget.view["areas"]
        parts = {name for area in shown for name in area["parts"]}
        if message.get("part") not in parts or message.get("part") in (
            "setup",
            "coach",
            "win_chances",
        ):
            raise MalformedIntent("The game received a request that is not understood.")
        press = message.get("type") == "press" and message.get("button")
        key = message.get("type") == "key" and message.get("key")
        if press == "again" or (key == "a" and self.widget.phase == "over"):
            return self._again()
        if press in HIDDEN_BUTTONS or (key and key in self._hidden_keys()):
            raise IllegalMoveError(Said("class_game.not_here"))
        self.widget.receive(message)
        self._record()

    def _again(self) -> None:
        if self.widget.phase != "over":
            raise IllegalMoveError(Said("class_game.finish_first"))
        self.games += 1
        self.recorded = False
        self.widget.resume(
            self.widget.Game(
                players=self.players, rules=self.widget.rules, seed=self._seed(self.games)
            )
        )

    def _record(self) -> None:
        if self.widget.phase != "over" or self.recorded:
            return
        won, detail = self._result()
        self.recorded = True
        self._results.append((1, int(won), detail))

    def _result(self) -> tuple[bool, Message]:
        """Whether the finished game is a success for the class, and its detail."""
        game = self.widget.game
        scores = self.widget.scores()
        won = game.players[0] in game.winners
        detail = {"game": self.games, "score": scores[0], "seed": game.seed}
        if len(scores) > 1:
            detail |= {"robot": game.players[1].bot, "robot_score": scores[1]}
        if self.shared:
            detail["optimal_score"] = optimal_score(self.game_name, game.seed)
            won = scores[0] >= detail["optimal_score"]
        return won, detail


def kept(won: bool, detail: Message, say: Catalogue) -> str:
    """What the class kept of a finished game, as its end screen says it."""
    points = say.count(detail["score"], "point")
    if "optimal_score" in detail:
        key = "class_game.kept_optimal_high" if won else "class_game.kept_optimal_low"
        return say(key, points=points, optimal=f"{detail['optimal_score']:g}")
    if "robot_score" not in detail:
        return say("class_game.kept", points=points)
    shared = won and detail["score"] == detail["robot_score"]
    outcome = "class_game.shared_win" if shared else "class_game.win" if won else "class_game.loss"
    return say(
        "class_game.kept_against",
        outcome=say(outcome),
        points=points,
        robot=detail["robot_score"],
    )


@lru_cache(maxsize=64)
def optimal_score(game: str, seed: int) -> float:
    """The score of ``game``'s optimal solitaire robot on the dice of ``seed``."""
    robot = registry.GAMES[game].Game(players=[{"name": "Optimal", "bot": "optimal"}], seed=seed)
    robot.play_bots()
    return float(robot.engine.scores(robot.state)[0])


def register_all(register: Register) -> None:
    from dicelab.classroom.activity import Activity

    for spec in registry.GAMES.values():
        if "against_robot" in spec.activities:

            def make(
                seed_of: SeedOf,
                name: str,
                options: dict[str, Any],
                state: Message | None,
                lang: str,
                game: str = spec.name,
            ) -> GameSession:
                return GameSession(game, seed_of, name, options["robot"], state, lang=lang)

            register(
                Activity(
                    spec.name,
                    f"{spec.title} against a robot",
                    f"Play a whole game of {spec.title} against the robot.",
                    "the share of games the students win, and their scores",
                    make,
                    options={"robot": robots(spec.name)},
                )
            )
        if "duplicate" in spec.activities:
            _register_duplicate(register, spec)


def _register_duplicate(register: Register, spec: registry.GameSpec) -> None:
    from dicelab.classroom.activity import Activity

    def prepare_optimal() -> None:
        """The optimal solitaire robot's strategy (solved once, then read from the cache)."""
        spec.Game(players=[{"name": "r", "bot": "optimal"}], seed=0).prepare_bots()

    def duplicate(
        seed_of: SeedOf, name: str, options: dict[str, Any], state: Message | None, lang: str
    ) -> GameSession:
        return GameSession(spec.name, seed_of, name, None, state, shared=True, lang=lang)

    register(
        Activity(
            "duplicate",
            f"Duplicate {spec.title}",
            f"Everyone plays {spec.title} alone on the same dice.",
            "the share of students who score as much as the optimal robot on the "
            "same dice, and each score beside the robot's",
            duplicate,
            prepare=prepare_optimal,
        )
    )
