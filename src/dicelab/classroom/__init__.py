"""A class in one room: students join a class server from any browser, and results pool live.

``dicelab class serve`` (or ``Classroom()`` in a notebook) runs one server per class. The
activities (:data:`ACTIVITIES`, e.g. ``farkles`` or ``fivethousand``) say what every student
does and what is pooled; :func:`read_results` and :func:`pool` read a class's results from
Python, as lessons do.

>>> from dicelab.classroom import ACTIVITIES
>>> ACTIVITIES["yahtzee-in-three"].exact
Fraction(347897, 7558272)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from dicelab.classroom.activities import ACTIVITIES, Activity, activity, register
from dicelab.classroom.pool import pool

if TYPE_CHECKING:
    from dicelab.classroom.widget import Classroom

__all__ = [
    "ACTIVITIES",
    "Activity",
    "Classroom",
    "activity",
    "live",
    "pool",
    "read_results",
    "register",
]


def read_results(
    activity: str | None = None, data: str | os.PathLike[str] | None = None
) -> list[dict[str, Any]]:
    """The results stored in the class folder ``data`` (the user data folder by default),
    of ``activity`` or of all, oldest first: dicts of run, activity, student, name, seq,
    trials, successes, detail, at. ``pool(read_results("farkles"))`` pools them."""
    from dicelab.classroom.store import Store

    store = Store(data)
    try:
        return store.results(activity)
    finally:
        store.close()


CLASS_URL = "DICELAB_CLASS_URL"  # the teacher's address of a class server elsewhere


def live(
    activity: str, url: str | None = None, *, data: str | os.PathLike[str] | None = None
) -> Classroom | None:
    """The class server's board running ``activity`` (started there if another one runs),
    for a lesson cell to show: each student's dot, the class's ±2 SE band, and the exact
    value behind Reveal. ``url`` is the teacher's address (else ``$DICELAB_CLASS_URL``, else
    the server running on the data folder ``data``). None when no class server runs: the
    cell then pools pasted counts or a CSV.
    """
    url = url or os.environ.get(CLASS_URL) or None
    if url is None:
        try:
            from dicelab.classroom.process import running_server
        except ImportError:  # without the class extra no server can run here
            return None
        found = running_server(data)
        if found is None:
            return None
        url = found["teacher_url"]
    from dicelab.classroom.widget import Classroom

    return Classroom(url).use(activity)


def __getattr__(name: str) -> Any:
    if name == "Classroom":
        from dicelab.classroom.widget import Classroom

        return Classroom
    raise AttributeError(f"module 'dicelab.classroom' has no attribute {name!r}")
