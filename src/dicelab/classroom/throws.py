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

from dicelab import dice, fivethousand, messages, odds, thousand, validation, yahtzee
from dicelab.classroom.activity import Result
from dicelab.errors import IllegalMoveError
from dicelab.messages import DEFAULT, Said, catalogue
from dicelab.widgets.buttons import Button
from dicelab.widgets.components import Controls, DiceTray
from dicelab.widgets.table import Intents
from dicelab.widgets.view_part import Part

TALLY_MOST = 10_000  # the most throws one student may report at once


class Experiment(Intents):
    """An experiment's table: the controls first, its own parts after; refusals become notices.
    It speaks the student's language ``lang``: ``heading`` and ``help`` (if any) are catalogue
    keys."""

    heading = ""
    help = ""

    def __init__(self, seed_of, name: str, options: dict, lang: str = DEFAULT):
        super().__init__()
        self.say = catalogue(lang)
        self.seed_of = seed_of
        self.name = name
        self.options = options
        help = self.say(self.help) if self.help else ""  # (a tournament's entry has none)
        self.controls = Controls(heading=self.say(self.heading), help=help)
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
        text = messages.in_language(refusal, self.say)
        self._notice = {"text": text, "serial": self._refusals}
        self.render()

    def _press(self, button: str) -> None:
        specs = {spec.id: spec for spec in self.buttons()}
        if button not in specs:
            raise IllegalMoveError(Said("class.no_button", button=repr(button)))
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
            title=self.say(self.heading),
            keys=[b.key for b in self.buttons() if b.key],
        )

    def buttons(self) -> list[Button]:
        return []

    def parts(self) -> list[Part]:
        return []


def _dice(say, faces, **look) -> list[dict]:
    return [
        {
            "face": face,
            "held": False,
            "kept": False,
            "selectable": False,
            "rolled": True,
            "label": say("class.die_showing", number=i + 1, face=face),
            "key": "",
            **look,
        }
        for i, face in enumerate(faces)
    ]


class Farkles(Experiment):
    """Throw the dice (six, or the rules' number), again and again: is it a farkle?

    Subclasses change the rules thrown under, or what counts (:meth:`hit`); the words
    come from the catalogue keys ``dice_words``, ``hit_word`` (a count), ``said_hit``,
    ``said_miss`` and ``tag``."""

    RULES = fivethousand.Rules()
    heading = "farkles.heading"
    help = "farkles.help"
    dice_words = "class.six_dice"
    hit_word = "farkle"
    said_hit = "farkles.hit"
    said_miss = "farkles.miss"
    tag = "farkles.tag"

    def __init__(self, seed_of, name, options, state=None, lang=DEFAULT):
        super().__init__(seed_of, name, options, lang)
        self.tray = DiceTray(label=self.say("class.your_dice", dice=self.say(self.dice_words)))
        state = state or {"throws": 0, "hits": 0, "dice": []}
        self.throws, self.faces = state["throws"], state["dice"]
        self.hits = state.get("hits", state.get("farkles", 0))
        self.last_hit = state.get("hit", state.get("farkle", False))
        self._status = (
            self._tally()
            if self.throws
            else self.say("class.press_throw", dice=self.say(self.dice_words))
        )
        self.render()

    def state(self) -> dict:
        return {
            "throws": self.throws,
            "hits": self.hits,
            "dice": list(self.faces),
            "hit": self.last_hit,
        }

    def buttons(self) -> list[Button]:
        dice = self.say(self.dice_words)
        aria = self.say("class.throw_aria", dice=dice)
        return [Button("throw", self.say("class.throw"), self.throw, aria, key="t")]

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
        self._status = self.say(self.said_hit if hit else self.said_miss) + self._tally()

    @staticmethod
    def hit(game) -> bool:
        """A farkle: the engine says the throw busts."""
        return "bust" in game.state.news

    def _tally(self) -> str:
        hits = self.say.count(self.hits, self.hit_word)
        return self.say("class.tally", hits=hits, throws=self.say.count(self.throws, "throw"))

    def parts(self) -> list[Part]:
        hit = bool(self.faces) and self.last_hit
        look = {"look": "farkle", "tag": self.say(self.tag)} if hit else {}
        self.tray.draw(dice=_dice(self.say, self.faces, **look), throw=self.throws)
        return [self.tray] if self.faces else []


class FarklesThree(Farkles):
    """Lesson 1's class experiment: farkles with three dice."""

    RULES = fivethousand.Rules().replace(dice=3)
    heading = "farkles.heading_three"
    help = "farkles.help_three"
    dice_words = "class.three_dice"


class FarklesNoFives(FarklesThree):
    """Lesson 6's rule change: three dice, and a single 5 scores nothing."""

    RULES = FarklesThree.RULES.replace(single_five=0)
    heading = "farkles.heading_no_fives"
    help = "farkles.help_no_fives"


class HotDice(Farkles):
    """Lesson 5's hot dice: six dice where every die scores, so all six come back."""

    heading = "hot_dice.heading"
    help = "hot_dice.help"
    hit_word = "hot_dice"
    said_hit = "hot_dice.hit"
    said_miss = "hot_dice.miss"
    tag = "hot_dice.tag"

    @staticmethod
    def hit(game) -> bool:
        """Hot dice: the best choice of the throw (as the odds read it) sets every die aside."""
        throw = game.state.throw
        best = game.engine.table.best_choice(tuple(sorted(throw))) if throw else None
        return best is not None and len(best[0]) == len(throw)


class Sixes(Farkles):
    """Lesson 4's count of sixes: one die, again and again."""

    RULES = fivethousand.Rules().replace(dice=1)
    heading = "sixes.heading"
    help = "sixes.help"
    dice_words = "class.one_die"
    hit_word = "six"
    said_hit = "sixes.hit"
    said_miss = "sixes.miss"
    tag = "sixes.tag"

    @staticmethod
    def hit(game) -> bool:
        return tuple(game.history[-1].dice) == (6,)


class CaskEscape(Experiment):
    """Lesson 2's class experiment: a Thousand turn from 0, the scoring dice going aside by
    themselves, until it stands at the top of the first cask (an escape) or a throw scores
    nothing."""

    RULES = thousand.Rules()
    heading = "cask_escape.heading"
    help = "cask_escape.help"

    def __init__(self, seed_of, name, options, state=None, lang=DEFAULT):
        super().__init__(seed_of, name, options, lang)
        self.top = self.RULES.casks[0][1]
        self.tray = DiceTray(label=self.say("cask_escape.your_dice"))
        self.kept_tray = DiceTray("kept", label=self.say("cask_escape.aside"))
        state = state or {"turns": 0, "escapes": 0, "throws": 0, "done": True}
        self.turns, self.escapes, self.done = state["turns"], state["escapes"], state["done"]
        self._new_turn(self.turns - 1 if self.done and self.turns else self.turns)
        for _ in range(state["throws"]):
            self.game.play(thousand.Throw())
        self._status = self._tally() if self.turns else self.say("cask_escape.start", top=self.top)
        self.render()

    def _new_turn(self, turn: int) -> None:
        self.game = thousand.Game(
            players=[self.name], rules=self.RULES, seed=self.seed_of("turn", turn)
        )

    def state(self) -> dict:
        throws = sum(1 for event in self.game.history if isinstance(event.action, thousand.Throw))
        return {"turns": self.turns, "escapes": self.escapes, "throws": throws, "done": self.done}

    def buttons(self) -> list[Button]:
        label = self.say("cask_escape.new_turn" if self.done else "cask_escape.again")
        aria = self.say("cask_escape.throw_aria")
        return [Button("throw", label, self.throw, aria, key="t")]

    def throw(self) -> None:
        """One throw of the dice left (a new turn first when the last one ended)."""
        if self.done:
            self._new_turn(self.turns)
            self.done = False
        self.game.play(thousand.Throw())
        state = self.game.state
        points = state.turn_points
        said = self.say.count(points, "point")
        if "bust" in state.news:
            self._end(False, self.say("cask_escape.fails"))
        elif points >= self.top:
            self._end(True, self.say("cask_escape.out", points=said))
        else:
            dice = self.say.count(state.dice_left, "die")
            self._status = self.say("cask_escape.on", points=said, dice=dice, top=self.top) + (
                f" {self._tally()}" if self.turns else ""
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
        escapes, turns = self.say.count(self.escapes, "escape"), self.say.count(self.turns, "turn")
        return self.say("cask_escape.tally", escapes=escapes, turns=turns)

    def parts(self) -> list[Part]:
        state = self.game.state
        if not self.game.history:
            return []
        last = self.game.history[-1].dice
        scored = set() if "bust" in state.news else set(state.aside)
        self.tray.draw(
            dice=[
                {**die, "look": "kept", "tag": self.say("cask_escape.scores")}
                if i in scored
                else die
                for i, die in enumerate(_dice(self.say, last))
            ],
            throw=len(self.game.history),
        )
        kept = _dice(self.say, state.kept, look="kept")
        self.kept_tray.draw(dice=kept, throw=len(self.game.history))
        return [self.tray, self.kept_tray] if state.kept else [self.tray]


class YahtzeeInThree(Experiment):
    """Up to three rolls of five dice, holding any, chasing five of a kind."""

    heading = "in_three.heading"
    help = "in_three.help"

    def __init__(self, seed_of, name, options, state=None, lang=DEFAULT):
        super().__init__(seed_of, name, options, lang)
        self.tray = DiceTray(label=self.say("in_three.your_dice"))
        self.listen(self.tray, toggle=self.toggle)
        state = state or {"tries": 0, "yahtzees": 0, "actions": [], "done": False}
        self.tries, self.yahtzees, self.done = state["tries"], state["yahtzees"], state["done"]
        self._new_game()
        for action in state["actions"]:
            self.game.play(self._action(action))
        self._status = self.say("in_three.start")
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
            label, aria = self.say("in_three.new_try"), self.say("in_three.new_try_aria")
            return [Button("next", label, self.next_try, aria, key="n")]
        refusal = None if self.rolls < 3 else self.say("in_three.used")
        return [
            Button(
                "roll",
                self.say("in_three.roll", left=3 - self.rolls),
                self.roll,
                self.say("in_three.roll_aria"),
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
            self._status = self.say("in_three.rolled", number=self.rolls)

    def _finish(self, yahtzee_rolled: bool) -> None:
        self.done = True
        self.tries += 1
        self.yahtzees += yahtzee_rolled
        self._results.append(
            (1, int(yahtzee_rolled), {"dice": list(self.game.state.dice), "rolls": self.rolls})
        )
        said = (
            self.say("in_three.five", rolls=self.say.count(self.rolls, "roll"))
            if yahtzee_rolled
            else self.say("in_three.none")
        )
        yahtzees = self.say.count(self.yahtzees, "yahtzee")
        tries = self.say.count(self.tries, "try")
        self._status = self.say("in_three.tally", said=said, yahtzees=yahtzees, tries=tries)

    def next_try(self) -> None:
        self.done = False
        self._new_game()
        self._status = self.say("in_three.again")

    def toggle(self, die: int) -> None:
        validation.die_index(die, 5)
        if self.done or self.rolls == 0:
            raise IllegalMoveError(Said("in_three.roll_first"))
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
                    "label": self.say(
                        "class.die_held" if held else "class.die_showing", number=i + 1, face=face
                    ),
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

    heading = "tally.heading"
    help = "tally.help"

    def __init__(self, seed_of, name, options, state=None, lang=DEFAULT):
        super().__init__(seed_of, name, options, lang)
        self.form = TallyForm(
            tries_label=self.say("tally.throws"), hits_label=self.say("tally.farkles")
        )
        self.listen(self.form, send=self.send)
        self.sent = (state or {}).get("sent", [])
        self._status = self.say("tally.start")
        self.render()

    def state(self) -> dict:
        return {"sent": self.sent}

    def send(self, tries: int, hits: int) -> None:
        if not 1 <= tries <= TALLY_MOST:  # the form's fields are whole numbers already
            raise IllegalMoveError(Said("tally.bad_throws", most=TALLY_MOST, given=tries))
        if not 0 <= hits <= tries:
            raise IllegalMoveError(Said("tally.bad_farkles", throws=tries, given=hits))
        self.sent.append([tries, hits])
        self._results.append((tries, hits, {}))
        farkles, throws = self.say.count(hits, "farkle"), self.say.count(tries, "throw")
        self._status = self.say("tally.sent", farkles=farkles, throws=throws)

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
            lambda *a, **k: Farkles(*a, **k),
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
            lambda *a, **k: FarklesThree(*a, **k),
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
            lambda *a, **k: CaskEscape(*a, **k),
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
            lambda *a, **k: Sixes(*a, **k),
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
            lambda *a, **k: HotDice(*a, **k),
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
            lambda *a, **k: FarklesNoFives(*a, **k),
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
            lambda *a, **k: YahtzeeInThree(*a, **k),
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
            lambda *a, **k: Tally(*a, **k),
            lambda: odds.bust_probability("fivethousand", 6),
        )
    )
