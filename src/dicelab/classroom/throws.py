"""Experiments with dice: many short tries, each one a result (a farkle or not, a Yahtzee or not).

Each session is a table without a widget (:class:`~dicelab.widgets.table.Intents`: a class
server holds many, and builds one at each join), whose parts the widgets' own components
draw on the student's page (the controls, the dice tray, the tally).
The dice come from the engines (a one-player game, seeded from the class's seed and the
moment), never from the browser.

>>> from dicelab.classroom.activities import activity, seeder
>>> room = activity("farkles").session(seeder(1, 1, 1), "Ann", {})
>>> room.receive({"part": "controls", "type": "press", "button": "throw"})
>>> room.take_results(), room.state()["throws"]
([(1, 0, {'dice': [1, 5, 1, 1, 4, 1]})], 1)

"""

from __future__ import annotations

from dicelab import dice, fivethousand, odds, thousand, validation, yahtzee
from dicelab.classroom.activity import Result
from dicelab.errors import IllegalMoveError
from dicelab.widgets.buttons import Button
from dicelab.widgets.components import Controls, DiceTray
from dicelab.widgets.phrasing import count
from dicelab.widgets.table import Intents
from dicelab.widgets.view_part import Part

TALLY_MOST = 10_000  # the most throws one student may report at once


class Experiment(Intents):
    """An experiment's table: the controls first, its own parts after; refusals become notices."""

    heading = ""
    help = ""

    def __init__(self, seed_of, name: str, options: dict):
        super().__init__()
        self.seed_of = seed_of
        self.name = name
        self.options = options
        self.controls = Controls(heading=self.heading, help=self.help)
        self.listen(self.controls, press=self._press, key=self._key)
        self._results: list[Result] = []
        self._status = ""
        self._notice: dict = {}
        self._refusals = 0

    def take_results(self) -> list[Result]:
        results, self._results = self._results, []
        return results

    def handle(self, part, handler, fields: dict) -> None:
        try:
            handler(**fields)
        except IllegalMoveError as refusal:
            self.refused(refusal)
            return
        self._notice = {}
        self.render()

    def refused(self, refusal: IllegalMoveError) -> None:
        self._refusals += 1
        self._notice = {"text": str(refusal), "serial": self._refusals}
        self.render()

    def _press(self, button: str) -> None:
        specs = {spec.id: spec for spec in self.buttons()}
        if button not in specs:
            raise IllegalMoveError(f"there is no {button!r} button now")
        if not specs[button].enabled:
            raise IllegalMoveError(specs[button].reason)
        specs[button].action()

    def _key(self, key: str) -> None:
        for spec in self.buttons():
            if spec.key == key and spec.enabled:
                spec.action()

    def render(self) -> None:
        self.controls.draw(
            buttons=[b.to_json() for b in self.buttons()], status=self._status, notice=self._notice
        )
        self.show(
            {"play": [self.controls, *self.parts()]},
            title=self.heading,
            keys=[b.key for b in self.buttons() if b.key],
        )

    def buttons(self) -> list[Button]:
        return []

    def parts(self) -> list[Part]:
        return []


def _dice(faces, **look) -> list[dict]:
    return [
        {
            "face": face,
            "held": False,
            "kept": False,
            "selectable": False,
            "rolled": True,
            "label": f"die {i + 1} showing {face}",
            "key": "",
            **look,
        }
        for i, face in enumerate(faces)
    ]


class Farkles(Experiment):
    """Throw the dice (six, or the rules' number), again and again: is it a farkle?

    Subclasses change the rules thrown under, or what counts (:meth:`hit`); the words
    come from ``hit_word`` and ``dice_words``."""

    RULES = fivethousand.Rules()
    heading = "Farkles: throw six dice"
    help = "T throws the six dice. A throw where no die scores is a farkle."
    dice_words = "six dice"
    hit_word = "farkle"
    said_hit = "Farkle! No die scores. "
    said_miss = "Something scores. "

    def __init__(self, seed_of, name, options, state=None):
        super().__init__(seed_of, name, options)
        self.tray = DiceTray(label=f"Your {self.dice_words}")
        state = state or {"throws": 0, "hits": 0, "dice": []}
        self.throws, self.faces = state["throws"], state["dice"]
        self.hits = state.get("hits", state.get("farkles", 0))
        self.last_hit = state.get("hit", state.get("farkle", False))
        self._status = self._tally() if self.throws else f"Press Throw to throw {self.dice_words}."
        self.render()

    def state(self) -> dict:
        return {
            "throws": self.throws,
            "hits": self.hits,
            "dice": list(self.faces),
            "hit": self.last_hit,
        }

    def buttons(self) -> list[Button]:
        return [Button("throw", "Throw", self.throw, f"Throw {self.dice_words}", key="t")]

    def throw(self) -> None:
        """One throw by the Fivethousand engine under :attr:`RULES`; :meth:`hit` says if it counts."""
        game = fivethousand.Game(
            players=[self.name], rules=self.RULES, seed=self.seed_of("throw", self.throws)
        )
        event = game.play(fivethousand.Throw())
        hit = self.hit(game)
        self.throws += 1
        self.hits += hit
        self.faces = list(event.dice or ())
        self.last_hit = hit
        self._results.append((1, int(hit), {"dice": self.faces}))
        self._status = (self.said_hit if hit else self.said_miss) + self._tally()

    @staticmethod
    def hit(game) -> bool:
        """A farkle: the engine says the throw busts."""
        return "bust" in game.state.news

    def _tally(self) -> str:
        return f"You: {count(self.hits, self.hit_word)} in {count(self.throws, 'throw')}."

    def parts(self) -> list[Part]:
        hit = bool(self.faces) and self.last_hit
        look = {"look": "farkle", "tag": self.hit_word.capitalize()} if hit else {}
        self.tray.draw(dice=_dice(self.faces, **look), throw=self.throws)
        return [self.tray] if self.faces else []


class FarklesThree(Farkles):
    """Lesson 1's class experiment: farkles with three dice."""

    RULES = fivethousand.Rules().replace(dice=3)
    heading = "Farkles: throw three dice"
    help = "T throws the three dice. A throw where no die scores is a farkle."
    dice_words = "three dice"


class FarklesNoFives(FarklesThree):
    """Lesson 6's rule change: three dice, and a single 5 scores nothing."""

    RULES = FarklesThree.RULES.replace(single_five=0)
    heading = "Farkles when a 5 scores nothing"
    help = (
        "T throws three dice. Under this rule a single 5 scores nothing: only 1s and three "
        "of a kind score. A throw where no die scores is a farkle."
    )


class HotDice(Farkles):
    """Lesson 5's hot dice: six dice where every die scores, so all six come back."""

    heading = "Hot dice: throw six dice"
    help = "T throws the six dice. When every die scores, that is hot dice: all six come back."
    hit_word = "hot dice"
    said_hit = "Hot dice! Every die scores. "
    said_miss = "Not every die scores. "

    @staticmethod
    def hit(game) -> bool:
        """Hot dice: the best choice of the throw (as the odds read it) sets every die aside."""
        throw = game.state.throw
        best = game.engine.table.best_choice(tuple(sorted(throw))) if throw else None
        return best is not None and len(best[0]) == len(throw)

    def _tally(self) -> str:
        return f"You: hot dice {count(self.hits, 'time')} in {count(self.throws, 'throw')}."


class Sixes(Farkles):
    """Lesson 4's count of sixes: one die, again and again."""

    RULES = fivethousand.Rules().replace(dice=1)
    heading = "Sixes: throw one die"
    help = "T throws the die. Count the sixes: does the share settle near one in six?"
    dice_words = "die"
    hit_word = "six"
    said_hit = "A six! "
    said_miss = "Not a six. "

    @staticmethod
    def hit(game) -> bool:
        return tuple(game.history[-1].dice) == (6,)


class CaskEscape(Experiment):
    """Lesson 2's class experiment: a Thousand turn from 0, the scoring dice going aside by
    themselves, until it stands at the top of the first cask (an escape) or a throw scores
    nothing."""

    RULES = thousand.Rules()
    heading = "Escape the first cask"
    help = (
        "T throws the dice left; the dice that score go aside by themselves. A turn escapes "
        "when it reaches the top of the cask, and fails when a throw scores nothing."
    )

    def __init__(self, seed_of, name, options, state=None):
        super().__init__(seed_of, name, options)
        self.top = self.RULES.casks[0][1]
        self.tray = DiceTray(label="Your dice")
        self.kept_tray = DiceTray("kept", label="Dice set aside this turn")
        state = state or {"turns": 0, "escapes": 0, "throws": 0, "done": True}
        self.turns, self.escapes, self.done = state["turns"], state["escapes"], state["done"]
        self._new_turn(self.turns - 1 if self.done and self.turns else self.turns)
        for _ in range(state["throws"]):
            self.game.play(thousand.Throw())
        self._status = (
            self._tally()
            if self.turns
            else f"Press Throw to start a turn at 0: reach {self.top} to escape."
        )
        self.render()

    def _new_turn(self, turn: int) -> None:
        self.game = thousand.Game(
            players=[self.name], rules=self.RULES, seed=self.seed_of("turn", turn)
        )

    def state(self) -> dict:
        throws = sum(1 for event in self.game.history if isinstance(event.action, thousand.Throw))
        return {"turns": self.turns, "escapes": self.escapes, "throws": throws, "done": self.done}

    def buttons(self) -> list[Button]:
        label = "Throw (a new turn)" if self.done else "Throw again"
        return [Button("throw", label, self.throw, "Throw the dice left", key="t")]

    def throw(self) -> None:
        """One throw of the dice left (a new turn first when the last one ended)."""
        if self.done:
            self._new_turn(self.turns)
            self.done = False
        self.game.play(thousand.Throw())
        state = self.game.state
        points = state.turn_points
        if "bust" in state.news:
            self._end(False, "Nothing scores: this turn fails. ")
        elif points >= self.top:
            self._end(True, f"{points} points: out of the cask! ")
        else:
            self._status = (
                f"{points} points, {count(state.dice_left, 'die')} left: throw to reach "
                f"{self.top}." + (f" {self._tally()}" if self.turns else "")
            )

    def _end(self, escaped: bool, said: str) -> None:
        self.turns += 1
        self.escapes += escaped
        self.done = True
        self._results.append(
            (1, int(escaped), {"points": self.game.state.turn_points, "throws": self._throws()})
        )
        self._status = said + self._tally()

    def _throws(self) -> int:
        return self.state()["throws"]

    def _tally(self) -> str:
        return f"You: {count(self.escapes, 'escape')} in {count(self.turns, 'turn')}."

    def parts(self) -> list[Part]:
        state = self.game.state
        if not self.game.history:
            return []
        last = self.game.history[-1].dice
        scored = set() if "bust" in state.news else set(state.aside)
        self.tray.draw(
            dice=[
                {**die, "look": "kept", "tag": "Scores"} if i in scored else die
                for i, die in enumerate(_dice(last))
            ],
            throw=len(self.game.history),
        )
        self.kept_tray.draw(dice=_dice(state.kept, look="kept"), throw=len(self.game.history))
        return [self.tray, self.kept_tray] if state.kept else [self.tray]


class YahtzeeInThree(Experiment):
    """Up to three rolls of five dice, holding any, chasing five of a kind."""

    heading = "Yahtzee in three rolls"
    help = "R rolls the dice that are not held; 1 to 5 hold or release a die. N starts a new try."

    def __init__(self, seed_of, name, options, state=None):
        super().__init__(seed_of, name, options)
        self.tray = DiceTray(label="Your five dice")
        self.listen(self.tray, toggle=self.toggle)
        state = state or {"tries": 0, "yahtzees": 0, "actions": [], "done": False}
        self.tries, self.yahtzees, self.done = state["tries"], state["yahtzees"], state["done"]
        self._new_game()
        for action in state["actions"]:
            self.game.play(self._action(action))
        self._status = "Roll up to three times. Hold the dice you keep between rolls."
        self.render()

    def _new_game(self) -> None:
        self.game = yahtzee.Game(players=[self.name], seed=self.seed_of("try", self.tries))

    @staticmethod
    def _action(document):
        kind, die = document
        return {
            "roll": lambda: yahtzee.Roll(),
            "hold": lambda: yahtzee.Hold(die),
            "release": lambda: yahtzee.Release(die),
        }[kind]()

    def state(self) -> dict:
        actions = [
            (event.action.type, getattr(event.action, "die", None)) for event in self.game.history
        ]
        return {
            "tries": self.tries,
            "yahtzees": self.yahtzees,
            "actions": actions,
            "done": self.done,
        }

    @property
    def rolls(self) -> int:
        return self.game.state.rolls_used

    def buttons(self) -> list[Button]:
        if self.done:
            return [Button("next", "New try", self.next_try, "Start a new try", key="n")]
        refusal = None if self.rolls < 3 else "three rolls are used"
        return [
            Button(
                "roll",
                f"Roll ({3 - self.rolls} left)",
                self.roll,
                "Roll the dice not held",
                refusal is None,
                refusal or "",
                "r",
            )
        ]

    def roll(self) -> None:
        self.game.play(yahtzee.Roll())
        dice = self.game.state.dice
        if len(set(dice)) == 1 or self.rolls == 3:
            self._finish(len(set(dice)) == 1)
        else:
            self._status = f"Roll {self.rolls}: hold what you keep, then roll again."

    def _finish(self, yahtzee_rolled: bool) -> None:
        self.done = True
        self.tries += 1
        self.yahtzees += yahtzee_rolled
        self._results.append(
            (1, int(yahtzee_rolled), {"dice": list(self.game.state.dice), "rolls": self.rolls})
        )
        said = (
            f"Five of a kind in {count(self.rolls, 'roll')}!"
            if yahtzee_rolled
            else "No five of a kind."
        )
        self._status = (
            f"{said} You: {count(self.yahtzees, 'Yahtzee')} in {count(self.tries, 'try')}."
        )

    def next_try(self) -> None:
        self.done = False
        self._new_game()
        self._status = "A new try: roll up to three times."

    def toggle(self, die: int) -> None:
        validation.die_index(die, 5)
        if self.done or self.rolls == 0:
            raise IllegalMoveError("roll first, then hold dice")
        held = self.game.state.held[die]
        self.game.play(yahtzee.Release(die) if held else yahtzee.Hold(die))

    def _key(self, key: str) -> None:
        if key in "12345" and len(key) == 1:
            self.toggle(int(key) - 1)
        else:
            super()._key(key)

    def parts(self) -> list[Part]:
        state = self.game.state
        if not state.rolls_used:
            return []
        selectable = not self.done
        self.tray.draw(
            throw=self.tries * 3 + state.rolls_used,
            dice=[
                {
                    "face": face,
                    "held": held,
                    "kept": False,
                    "selectable": selectable,
                    "rolled": not held,
                    "key": str(i + 1),
                    "label": f"die {i + 1} showing {face}{', held' if held else ''}",
                }
                for i, (face, held) in enumerate(zip(state.dice, state.held))
            ],
        )
        return [self.tray]


class TallyForm(Part):
    """Two counts a student types in: ``what`` tried and how many were ``hits``."""

    component = "tally"
    title = "tally"
    INTENTS = {"send": {"tries": int, "hits": int}}
    FIELDS = {"tries_label": "", "hits_label": "", "sent": []}


class Tally(Experiment):
    """Students throw real dice and type in how many throws and how many farkles."""

    heading = "Tally: real dice"
    help = "Throw six real dice, again and again; type how many throws and how many farkles, then Send."

    def __init__(self, seed_of, name, options, state=None):
        super().__init__(seed_of, name, options)
        self.form = TallyForm(tries_label="Throws of six dice", hits_label="of which farkles")
        self.listen(self.form, send=self.send)
        self.sent = (state or {}).get("sent", [])
        self._status = "Throw six real dice several times and count the farkles."
        self.render()

    def state(self) -> dict:
        return {"sent": self.sent}

    def send(self, tries: int, hits: int) -> None:
        tries = validation.whole_number(
            tries, "the number of throws", 1, TALLY_MOST, error=IllegalMoveError
        )
        hits = validation.whole_number(
            hits, "the number of farkles", 0, tries, error=IllegalMoveError
        )
        self.sent.append([tries, hits])
        self._results.append((tries, hits, {}))
        self._status = f"Sent: {count(hits, 'farkle')} in {count(tries, 'throw')}. Thank you!"

    def parts(self) -> list[Part]:
        self.form.draw(sent=self.sent)
        return [self.form]


def register_all(register) -> None:
    from dicelab.classroom.activity import Activity

    register(
        Activity(
            "farkles",
            "Farkles",
            "Throw six dice, again and again.",
            "the share of throws that are farkles",
            lambda *a: Farkles(*a),
            lambda: odds.bust_probability("fivethousand", 6),
            limit=30,
            unit="throws",
        )
    )
    register(
        Activity(
            "farkles-three",
            "Farkles with three dice",
            "Throw three dice, again and again (lesson 1).",
            "the share of throws of three dice that are farkles",
            lambda *a: FarklesThree(*a),
            lambda: odds.bust_probability(FarklesThree.RULES, 3),
            limit=30,
            unit="throws",
        )
    )
    register(
        Activity(
            "cask",
            "Escape the first cask",
            "Play Thousand turns from 0 until each reaches the top of the first cask or "
            "scores nothing (lesson 2).",
            "the share of turns that escape the first cask",
            lambda *a: CaskEscape(*a),
            lambda: odds.reach_chance(CaskEscape.RULES, CaskEscape.RULES.casks[0][1]),
            limit=20,
            unit="turns",
        )
    )
    register(
        Activity(
            "sixes",
            "Sixes",
            "Throw one die, again and again, and count the sixes (lesson 4).",
            "the share of throws that are sixes",
            lambda *a: Sixes(*a),
            lambda: dice.outcomes(1)[(6,)],
            limit=60,
            unit="throws",
        )
    )
    register(
        Activity(
            "hot-dice",
            "Hot dice",
            "Throw six dice, again and again: does every die score? (lesson 5)",
            "the share of throws of six dice that are hot dice",
            lambda *a: HotDice(*a),
            lambda: odds.throw_odds(HotDice.RULES, 6).hot_dice,
            limit=30,
            unit="throws",
        )
    )
    register(
        Activity(
            "farkles-no-fives",
            "Farkles when a 5 scores nothing",
            "Throw three dice under the rule that a single 5 scores nothing (lesson 6).",
            "the share of throws of three dice that are farkles under this rule",
            lambda *a: FarklesNoFives(*a),
            lambda: odds.bust_probability(FarklesNoFives.RULES, 3),
            limit=30,
            unit="throws",
        )
    )
    register(
        Activity(
            "yahtzee-in-three",
            "Yahtzee in three rolls",
            "Roll five dice up to three times, holding dice, to get five of a kind.",
            "the share of tries that end in five of a kind",
            lambda *a: YahtzeeInThree(*a),
            lambda: odds.box_odds("yahtzee", rolls_left=3).chance,
            limit=20,
            unit="tries",
        )
    )
    register(
        Activity(
            "tally",
            "Tally of real dice",
            "Throw six real dice and type in how many throws were farkles.",
            "the share of real throws that are farkles",
            lambda *a: Tally(*a),
            lambda: odds.bust_probability("fivethousand", 6),
        )
    )
