"""Experiments with dice: many short tries, each one a result (a farkle or not, a Yahtzee or not).

Each session is a small :class:`~dicelab.widgets.table.Table` drawn by the widgets' own
components (the controls and the dice tray), so a lesson can also show it in a notebook.
The dice come from the engines (a one-player game, seeded from the class's seed and the
moment), never from the browser.

>>> from dicelab.classroom.activities import activity, seeder
>>> room = activity("farkles").session(seeder(1, 1, 1), "Ann", {})
>>> room.receive({"part": "controls", "type": "press", "button": "throw"})
>>> room.take_results(), room.state()["throws"]
([(1, 0, {'dice': [1, 5, 1, 1, 4, 1]})], 1)

"""

from __future__ import annotations

from fractions import Fraction

from dicelab import fivethousand, odds, validation, yahtzee
from dicelab.errors import IllegalMoveError
from dicelab.widgets.components import Controls, DiceTray
from dicelab.widgets.controller import Button
from dicelab.widgets.phrasing import count
from dicelab.widgets.table import Table
from dicelab.widgets.view_part import Part

TALLY_MOST = 10_000  # the most throws one student may report at once


class Experiment(Table):
    """An experiment's table: the controls first, its own parts after; refusals become notices."""

    COMPONENTS = ("controls", "dice", "tally")
    heading = ""
    help = ""

    def __init__(self, seed_of, name: str, options: dict):
        super().__init__()
        self.seed_of = seed_of
        self.name = name
        self.options = options
        self.controls = Controls(heading=self.heading, help=self.help)
        self.listen(self.controls, press=self._press, key=self._key)
        self._results = []
        self._status = ""
        self._notice = {}
        self._refusals = 0

    def take_results(self) -> list:
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
    """Throw six dice, again and again: is it a farkle (no die scores)?"""

    heading = "Farkles: throw six dice"
    help = "T throws the six dice. A throw where no die scores is a farkle."

    def __init__(self, seed_of, name, options, state=None):
        super().__init__(seed_of, name, options)
        self.tray = DiceTray(label="Your six dice")
        state = state or {"throws": 0, "farkles": 0, "dice": []}
        self.throws, self.farkles, self.faces = state["throws"], state["farkles"], state["dice"]
        self.last_farkle = state.get("farkle", False)
        self._status = self._tally() if self.throws else "Press Throw to throw six dice."
        self.render()

    def state(self) -> dict:
        return {
            "throws": self.throws,
            "farkles": self.farkles,
            "dice": list(self.faces),
            "farkle": self.last_farkle,
        }

    def buttons(self) -> list[Button]:
        return [Button("throw", "Throw", self.throw, "Throw six dice", key="t")]

    def throw(self) -> None:
        """One throw of six dice by the Fivethousand engine: a farkle when no die scores."""
        game = fivethousand.Game(players=[self.name], seed=self.seed_of("throw", self.throws))
        event = game.play(fivethousand.Throw())
        farkle = "bust" in game.state.news
        self.throws += 1
        self.farkles += farkle
        self.faces = list(event.dice)
        self.last_farkle = farkle
        self._results.append((1, int(farkle), {"dice": self.faces}))
        self._status = (
            "Farkle! No die scores. " if farkle else "Something scores. "
        ) + self._tally()

    def _tally(self) -> str:
        return f"You: {count(self.farkles, 'farkle')} in {count(self.throws, 'throw')}."

    def parts(self) -> list[Part]:
        farkle = bool(self.faces) and self.last_farkle
        look = {"look": "farkle", "tag": "Farkle"} if farkle else {}
        self.tray.draw(dice=_dice(self.faces, **look), throw=self.throws)
        return [self.tray] if self.faces else []


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
            odds.bust_probability("fivethousand", 6),
        )
    )
    register(
        Activity(
            "yahtzee-in-three",
            "Yahtzee in three rolls",
            "Roll five dice up to three times, holding dice, to get five of a kind.",
            "the share of tries that end in five of a kind",
            lambda *a: YahtzeeInThree(*a),
            odds.box_odds("yahtzee", rolls_left=3).chance,
        )
    )
    register(
        Activity(
            "tally",
            "Tally of real dice",
            "Throw six real dice and type in how many throws were farkles.",
            "the share of real throws that are farkles",
            lambda *a: Tally(*a),
            Fraction(odds.bust_probability("fivethousand", 6)),
        )
    )
