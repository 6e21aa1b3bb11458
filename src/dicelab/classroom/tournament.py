"""The class tournament: students design a strategy, the class plays a round robin.

Each student builds a strategy of thresholds on their phone (:class:`Entry`: bank once the
points at risk reach a threshold by dice left, another when behind by more than X, another
when the opponent is within Y of the target, and a rule for the dice to set aside) and
enters it, or sends one from a notebook with :func:`dicelab.strategy.submit`. What a
student sends is settings or a decision table, read as strictly as a saved strategy:
nothing a student sends ever runs as code. Entering again replaces the entry.

The :class:`Desk` is the class's side of a tournament's run: the entries, the teacher's
Play (entries close, the round robin is played by the house robots too, in a worker
process, see :mod:`dicelab.classroom.playing`), the leaderboard filling in round by
round, and the robots' places, shown last, when the teacher reveals them. What the desk
knows is in the store: an entry is a result of its student (none played, the settings or
the strategy in its detail), the phase and the rounds played are kept beside the run, and
when the round robin ends each entrant's games and wins are its student's result. A server
killed while the round robin is played plays it again from its seed when it starts.

>>> strategy = build(DEFAULTS, "Ann")
>>> strategy.rules.target, strategy.banks(0, 0, 300, 3, False).tolist()
(1000, True)
"""

from __future__ import annotations

import json
import math

from dicelab import validation
from dicelab.classroom.activity import Activity, Result
from dicelab.classroom.limits import Refused
from dicelab.classroom.matches import SHORT
from dicelab.classroom.throws import Experiment
from dicelab.errors import CorruptGameError, IllegalMoveError
from dicelab.messages import DEFAULT
from dicelab.round_robin import ROBOTS
from dicelab.strategy import SET_ASIDE, Strategy, threshold
from dicelab.widgets.intents import MalformedIntent
from dicelab.widgets.view_part import Part

RULES = SHORT  # the short game of lesson 7 (first to 1000): exact figures take seconds
GAMES = (2000, 200, 20)  # games a pairing, half with each seat first (fewer: a quick look)
POINTS = tuple(range(50, RULES.target + 1, 50))  # the thresholds a phone offers
GAPS = (0, *range(100, RULES.target, 100))  # 0: the clause is off
DICE = tuple(range(1, RULES.dice + 1))
SETTINGS: dict[str, tuple] = {
    **{f"bank_{n}": POINTS for n in DICE},
    "behind": GAPS,
    "behind_bank_at": POINTS,
    "near": GAPS,
    "near_bank_at": POINTS,
    "set_aside": SET_ASIDE,
}
DEFAULTS: dict = {
    **{f"bank_{n}": 300 for n in DICE},
    "behind": 0,
    "behind_bank_at": 500,
    "near": 0,
    "near_bank_at": 150,
    "set_aside": "most_points",
}
MAX_ENTRIES = 200  # entries in one tournament at most (a round robin grows as their square)
STUDENT = "entrant"  # the prefix of a student's entrant name in the round robin


def build(settings: dict, name: str) -> Strategy:
    """The strategy a phone's ``settings`` describe."""
    return threshold(
        RULES,
        bank_at={n: settings[f"bank_{n}"] for n in DICE},
        when_behind_by=settings["behind"] or None,
        behind_bank_at=settings["behind_bank_at"],
        when_opponent_within=settings["near"] or None,
        near_bank_at=settings["near_bank_at"],
        set_aside=settings["set_aside"],
        name=name,
    )


def read_entry(text) -> Strategy:
    """A strategy sent from a notebook: its JSON read as strictly as a saved strategy, for
    the tournament's rules (Refused, with the reason, otherwise)."""
    try:
        strategy = Strategy.from_json(text)
    except (CorruptGameError, ValueError, TypeError) as error:
        raise Refused(f"that is not a strategy dicelab can read: {error}") from None
    if strategy.rules != RULES:
        raise Refused(
            "this tournament plays the short game (first to 1000): make your strategy with "
            "rules=dicelab.classroom.tournament.RULES"
        )
    return strategy


def _value(value):
    """A setting's value as sent: a whole number or a name, of a bounded size (the setting
    then checks it is one of its choices)."""
    if type(value) is str and len(value) <= 20:
        return value
    return validation.whole_number(
        value, "a setting's value", 0, RULES.target, error=MalformedIntent
    )


def _setting(value) -> str:
    """A setting's name as sent: one of the builder's (``all``: every threshold by dice left)."""
    return validation.one_of(value, ("all", *SETTINGS), "the setting", error=MalformedIntent)


def choices_said(setting: str) -> str:
    """The choices of a setting in words.

    >>> choices_said("bank_2"), choices_said("behind")
    ('50, 100, … 1000', 'off, 100, … 900')
    """
    choices = SETTINGS[setting]
    if type(choices[0]) is str:
        return ", ".join(choices)
    return f"{choices[0] or 'off'}, {choices[1]}, … {choices[-1]}"


def summary(entry: dict) -> list[str]:
    """An entry in a few sentences (a phone's settings; a notebook's strategy in one)."""
    if "settings" not in entry:
        return [f"A decision table sent from a notebook (set aside: {entry['set_aside']})."]
    s = entry["settings"]
    banks = [s[f"bank_{n}"] for n in DICE]
    lines = (
        [f"Bank at {banks[0]} points with any dice left."]
        if len(set(banks)) == 1
        else [
            "Bank at "
            + ", ".join(f"{s[f'bank_{n}']} with {n} {'die' if n == 1 else 'dice'}" for n in DICE)
            + "."
        ]
    )
    if s["behind"]:
        lines.append(f"Behind by more than {s['behind']}: bank at {s['behind_bank_at']}.")
    if s["near"]:
        lines.append(f"Opponent within {s['near']} of {RULES.target}: bank at {s['near_bank_at']}.")
    lines.append(f"Set aside: {s['set_aside'].replace('_', ' ')}.")
    return lines


class ClassEntry(Part):
    """A student's tournament: the builder while entries are open, then their strategy's
    card (its settings, and its results once played)."""

    component = "class_entry"
    title = "strategy builder"
    INTENTS = {
        "set": {"setting": _setting, "value": _value},
        "enter": {},
    }
    FIELDS = {
        "phase": "open",
        "target": RULES.target,
        "settings": {},
        "choices": {},
        "entered": [],  # the entry's sentences, [] before entering
        "entry": {},  # the settings entered from a phone ({} before, or from a notebook)
        "card": None,  # the results, once the round robin is played
    }


class Entry(Experiment):
    """One student's place in the tournament (a :class:`~dicelab.classroom.activity.Session`):
    the controls say where the tournament is and why a setting was refused; the builder and
    the card are its own part."""

    heading = "tournament.heading"

    def __init__(
        self,
        seed_of,
        name: str,
        options: dict,
        state: dict | None,
        desk: Desk,
        lang: str = DEFAULT,
    ):
        super().__init__(seed_of, name, options, lang)
        state = state or {}
        self.desk = desk
        self.settings = {**DEFAULTS, **state.get("settings", {})}
        self.entries = state.get("entries", 0)
        self.part = ClassEntry(name="entry", choices={k: list(v) for k, v in SETTINGS.items()})
        self.listen(self.part, set=self.set, enter=self.enter)
        self.student: int | None = None  # set by the room, which then draws the view
        self.render()

    def state(self) -> dict:
        return {"settings": self.settings, "entries": self.entries}

    def parts(self) -> list:
        return [self.part]

    def _open(self) -> None:
        self.desk.check_open(self.student)

    def set(self, setting: str, value) -> None:
        """Change one setting (``all``: the threshold for every number of dice left)."""
        self._open()
        names = [f"bank_{n}" for n in DICE] if setting == "all" else [setting]
        if type(value) is not type(SETTINGS[names[0]][0]) or value not in SETTINGS[names[0]]:
            raise IllegalMoveError(
                f"{validation.shown(value)} is not one of the choices: {choices_said(names[0])}"
            )
        for name in names:
            self.settings[name] = value

    def enter(self) -> None:
        """Enter the strategy as it is set (replacing an earlier entry)."""
        self._open()
        self.entries += 1
        detail = {"entry": self.entries, "settings": dict(self.settings)}
        self._results.append((0, 0, detail))

    def render(self) -> None:
        entry = self.desk.entry(self.student)
        phase = self.desk.phase
        if phase == "open":
            self._status = (
                "Entered. Change a setting and enter again to replace it, until your teacher "
                "closes the entries."
                if entry
                else "Set your thresholds, then press Enter the tournament."
            )
        elif entry is None:
            self._status = "The entries are closed, and you have none in this tournament."
        elif phase == "playing":
            self._status = f"The tournament is being played: round {self.desk.rounds_done} of {self.desk.rounds or '…'}."
        else:
            self._status = "The tournament is over: here is how your strategy did."
        self.part.draw(
            phase=phase,
            settings=dict(self.settings),
            entered=summary(entry) if entry else [],
            entry=entry.get("settings", {}) if entry else {},
            card=self.desk.card(self.student) if entry and phase == "played" else None,
        )
        super().render()


class ClassLeaderboard(Part):
    """The tournament on the board: the entries, the rounds played, the leaderboard (the
    students ranked among themselves until the robots are revealed), and the teacher's Play
    and Reveal."""

    component = "class_leaderboard"
    title = "leaderboard"
    INTENTS = {"play": {}, "reveal": {}}
    FIELDS = {
        "controls": True,
        "phase": "open",
        "entries": 0,
        "rounds_done": 0,
        "rounds": 0,
        "games": 0,
        "rows": [],
        "robots": [],
        "revealed": False,
        "trouble": "",
    }


class Desk:
    """The class's side of one tournament run (see the module's notes)."""

    def __init__(self, store, run: dict):
        self.store, self.run = store, run["id"]
        self.games = run["options"]["games"]
        kept = json.loads(store.meta(self._key) or "{}")
        self.phase = kept.get("phase", "open")
        self.revealed = kept.get("revealed", False)
        self.trouble = kept.get("trouble", "")
        self.entrants: list = kept.get("entrants", [])  # student ids (robots by name after)
        self.rounds = kept.get("rounds", 0)
        self.rounds_done = kept.get("rounds_done", 0)
        self.played: dict = {tuple(k): v for k, v in kept.get("played", [])}
        self.judged: dict = kept.get("judged", {})
        self.entries: dict[int, dict] = {}
        self.names: dict[int, str] = {}
        for row in store.results(run=self.run):
            self.note(row["student"], row["name"], [(0, 0, row["detail"])])

    @property
    def _key(self) -> str:
        return f"tournament.{self.run}"

    def _keep(self) -> None:
        self.store.set_meta(
            self._key,
            json.dumps(
                {
                    "phase": self.phase,
                    "revealed": self.revealed,
                    "trouble": self.trouble,
                    "entrants": self.entrants,
                    "rounds": self.rounds,
                    "rounds_done": self.rounds_done,
                    "played": [[list(k), v] for k, v in self.played.items()],
                    "judged": self.judged,
                }
            ),
        )

    # --- entries ------------------------------------------------------------------------
    def note(self, student: int, name: str, results) -> None:
        """Take the entries among a student's stored ``results``."""
        for _, _, detail in results:
            if "entry" in detail:
                self.entries[student] = detail
                self.names[student] = name

    def check_open(self, student: int | None) -> None:
        """Refused unless ``student`` (None: a newcomer) may enter or change an entry now."""
        if self.phase != "open":
            raise Refused("entries are closed: the tournament is being played")
        if student not in self.entries and len(self.entries) >= MAX_ENTRIES:
            raise Refused(f"the tournament is full: it takes {MAX_ENTRIES} entries at most")

    def entry(self, student: int | None) -> dict | None:
        return self.entries.get(student) if student is not None else None

    # --- the teacher --------------------------------------------------------------------
    def close(self) -> None:
        """Close the entries: the round robin is to be played (by the server's worker)."""
        if self.phase != "open":
            raise Refused("the tournament is already being played")
        if not self.entries:
            raise Refused("no one has entered a strategy yet")
        self.phase, self.entrants, self.trouble = "playing", sorted(self.entries), ""
        self.played, self.rounds, self.rounds_done = {}, 0, 0
        self._keep()

    def reveal(self) -> None:
        if self.phase != "played":
            raise Refused("reveal the robots once the tournament is played")
        self.revealed = True
        self._keep()

    # --- the worker ---------------------------------------------------------------------
    def job(self, seed: int) -> dict:
        """What the worker plays: the rules, the entrants (each one's name in the round
        robin, and their settings or strategy JSON), the robots, the games and the seed."""
        entrants = []
        for student in self.entrants:
            entry = self.entries[student]
            kind = "settings" if "settings" in entry else "strategy"
            entrants.append({"name": f"{STUDENT} {student}", kind: entry[kind]})
        return {
            "rules": RULES.to_dict(),
            "entrants": entrants,
            "robots": list(ROBOTS),
            "games": self.games,
            "seed": seed,
        }

    def add_round(self, done: int, rounds: int, pairs) -> None:
        """A round's pairings played: ``(i, j, share, se)`` each, ``i``'s share of the games."""
        self.rounds, self.rounds_done = rounds, done
        for i, j, share, se in pairs:
            self.played[(i, j)] = [share, se]
        self._keep()

    def finish(self, judged: dict) -> list[tuple[int, Result]]:
        """The round robin is over: the played phase, and each entrant's result."""
        self.judged, self.phase = judged, "played"
        self._keep()
        standings = {row["index"]: row for row in self.standings()}
        results = []
        for index, student in enumerate(self.entrants):
            row = standings[index]
            games = row["games"]
            detail = {
                "tournament": True,
                "place": row["place"],
                "place_all": row["place_all"],
                "share": row["share"],
                "se": row["se"],
                **judged.get(str(index), {}),
            }
            results.append((student, (games, round(row["share"] * games, 2), detail)))
        return results

    def failed(self, reason: str) -> None:
        """The worker could not play: entries open again, and the teacher is told why."""
        self.phase, self.trouble = "open", reason
        self.played, self.rounds, self.rounds_done = {}, 0, 0
        self._keep()

    # --- what is shown ------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [self.names.get(s, f"student {s}") for s in self.entrants] + list(ROBOTS)

    def standings(self) -> list[dict]:
        """Each entrant with a pairing played: its mean share of wins with its standard
        error, games, its place among all and, for students, among the students."""
        names = self._names()
        rows = []
        for index, name in enumerate(names):
            shares = []
            for (i, j), (share, se) in self.played.items():
                if index in (i, j):
                    shares.append((share if index == i else 1 - share, se))
            if not shares:
                continue
            mean = sum(s for s, _ in shares) / len(shares)
            error = math.sqrt(sum(se * se for _, se in shares)) / len(shares)
            robot = index >= len(self.entrants)
            rows.append(
                {
                    "index": index,
                    "name": name,
                    "robot": robot,
                    "share": mean,
                    "se": error,
                    "games": len(shares) * self.games,
                }
            )
        rows.sort(key=lambda row: (-row["share"], row["name"]))
        students = 0
        for place, row in enumerate(rows, 1):
            row["place_all"] = place
            if not row["robot"]:
                students += 1
            row["place"] = None if row["robot"] else students
        return rows

    def leaderboard(self, controls: bool) -> ClassLeaderboard:
        """The board's part: robots among the rows only once revealed."""
        rows = [
            {k: row[k] for k in ("name", "robot", "share", "se", "games", "place", "place_all")}
            for row in self.standings()
            if self.revealed or not row["robot"]
        ]
        return ClassLeaderboard(
            name="leaderboard",
            controls=controls,
            phase=self.phase,
            entries=len(self.entries),
            rounds_done=self.rounds_done,
            rounds=self.rounds,
            games=self.games,
            rows=rows,
            robots=list(ROBOTS),
            revealed=self.revealed,
            trouble=self.trouble,
        )

    def card(self, student: int | None) -> dict | None:
        """A student's results once played: place, share, games, and the exact figures."""
        if student not in self.entrants:
            return None
        index = self.entrants.index(student)
        row = next(r for r in self.standings() if r["index"] == index)
        card = {
            "place": row["place"],
            "of": len(self.entrants),
            "share": row["share"],
            "se": row["se"],
            "games": row["games"],
            **self.judged.get(str(index), {}),
        }
        if self.revealed:
            card["place_all"] = row["place_all"]
            card["of_all"] = len(self.entrants) + len(ROBOTS)
        return card


def register_all(register) -> None:
    register(
        Activity(
            "tournament",
            "Design a robot: the class tournament",
            "Design a strategy on your phone and enter it; the class plays every pair, "
            "both seat orders, and the house robots play too.",
            "each student's share of wins in the round robin (a shared win counts half)",
            Entry,
            options={"games": GAMES},
            desk=Desk,
        )
    )
