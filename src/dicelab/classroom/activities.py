"""The class activities: what every student does, what is pooled, and the exact answer.

An :class:`Activity` is a name, a sentence for the student, a sentence for what is pooled
and, where the maths gives one, the exact share the pooled results tend to. Its
:meth:`Activity.session` is one student's place in it: a view document to draw, intents to
check and play (:meth:`Session.receive`), the results each intent brought about
(:meth:`Session.take_results`, each ``(trials, successes, detail)``) and a state to save and
restore. Dice are thrown by the engines on the server, from the class's seed.

>>> sorted(ACTIVITIES)[:3]
['duplicate', 'farkles', 'fivethousand']
>>> ACTIVITIES["farkles"].exact
Fraction(5, 162)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol


class Session(Protocol):
    """One student's place in an activity (see the module's notes)."""

    view: dict

    def receive(self, message) -> None: ...

    def take_results(self) -> list[tuple[int, int, dict]]: ...

    def state(self) -> dict: ...


@dataclass(frozen=True)
class Activity:
    """An activity of the class.

    ``make(seed_of, name, options, state)`` builds a student's session: ``seed_of(*parts)``
    gives the seed of a moment of this student's run (``seed_of("shared", k)`` one that
    every student shares), ``name`` is the student's nickname and ``state`` what
    :meth:`Session.state` saved (None for a new seat). ``options`` maps an option's name to
    its choices (the first is the default), e.g. the robot a game is played against.
    """

    name: str
    title: str
    task: str
    pooled: str
    make: Callable = field(repr=False)
    exact: Fraction | None = None
    options: dict = field(default_factory=dict)

    def checked_options(self, options: dict) -> dict:
        """``options`` with every default filled in; ValueError for an unknown one."""
        if not isinstance(options, dict):
            raise TypeError("the options are a mapping of option to choice")
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"{self.title} has no option {', '.join(sorted(map(str, unknown)))}")
        chosen = {}
        for option, choices in self.options.items():
            value = options.get(option, choices[0])
            if value not in choices:
                raise ValueError(f"the {option} is one of {', '.join(choices)}, not {value!r}")
            chosen[option] = value
        return chosen

    def session(self, seed_of, name: str, options: dict, state: dict | None = None) -> Session:
        """A student's session (restored from ``state`` when given)."""
        return self.make(seed_of, name, self.checked_options(options), state)


def seeder(class_seed: int, run: int, student: int) -> Callable[..., int]:
    """The ``seed_of`` of a student's run: a seed for each moment, the same after a restart.

    >>> seeder(7, 1, 2)("throw", 3) == seeder(7, 1, 2)("throw", 3) != seeder(7, 1, 3)("throw", 3)
    True
    >>> seeder(7, 1, 2)("shared", 0) == seeder(7, 1, 3)("shared", 0)
    True
    """

    def seed_of(*parts) -> int:
        who = () if parts[:1] == ("shared",) else (student,)
        text = "/".join(map(str, (class_seed, run, *who, *parts)))
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:7], "big")

    return seed_of


ACTIVITIES: dict[str, Activity] = {}


def register(activity: Activity) -> Activity:
    """Add ``activity`` to :data:`ACTIVITIES` (a lesson may add its own)."""
    ACTIVITIES[activity.name] = activity
    return activity


def activity(name: str) -> Activity:
    """The activity called ``name``; ValueError naming those there are."""
    if not isinstance(name, str) or name not in ACTIVITIES:
        raise ValueError(
            f"there is no activity {name!r}; there are {', '.join(sorted(ACTIVITIES))}"
        )
    return ACTIVITIES[name]


def _register_builtins() -> None:
    from dicelab.classroom import games, throws

    throws.register_all(register)
    games.register_all(register)


_register_builtins()
