"""The class activities: what every student does, what is pooled, and the exact answer.

An :class:`Activity` is a name, a sentence for the student, a sentence for what is pooled
and, where the maths gives one, the exact share the pooled results tend to. Its
:meth:`Activity.session` is one student's place in it: a view document to draw, intents to
check and play (:meth:`Session.receive`), the results each intent brought about
(:meth:`Session.take_results`, each ``(trials, successes, detail)``) and a state to save and
restore. Dice are thrown by the engines on the server, from the class's seed.

>>> sorted(ACTIVITIES)[:4]
['cask', 'duplicate', 'farkles', 'farkles-no-fives']
>>> ACTIVITIES["farkles"].exact
Fraction(5, 162)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from dicelab.classroom.activity import Activity, Session
from dicelab.validation import shown


def seeder(class_seed: int, run: int, student: int) -> Callable[..., int]:
    """The ``seed_of`` of a student's run: a seed for each moment, the same after a restart.

    >>> seeder(7, 1, 2)("throw", 3) == seeder(7, 1, 2)("throw", 3) != seeder(7, 1, 3)("throw", 3)
    True
    >>> seeder(7, 1, 2)("shared", 0) == seeder(7, 1, 3)("shared", 0)
    True
    """

    def seed_of(*parts: object) -> int:
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
            f"there is no activity {shown(name)}; there are {', '.join(sorted(ACTIVITIES))}"
        )
    return ACTIVITIES[name]


__all__ = ["ACTIVITIES", "Activity", "Session", "activity", "register", "seeder"]


def _register_builtins() -> None:
    from dicelab.classroom import games, matches, throws, tournament

    throws.register_all(register)
    games.register_all(register)
    matches.register_all(register)
    tournament.register_all(register)


_register_builtins()
