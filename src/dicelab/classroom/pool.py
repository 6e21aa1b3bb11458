"""The class's pooled result: each student's share, and the class's share with its standard error.

>>> rows = [{"student": 1, "name": "Ann", "trials": 1, "successes": 1},
...         {"student": 2, "name": "Ben", "trials": 3, "successes": 0}]
>>> pooled = pool(rows)
>>> pooled["trials"], pooled["successes"], pooled["share"], round(pooled["se"], 4)
(4, 1, 0.25, 0.2165)
>>> [(s["name"], s["share"]) for s in pooled["students"]]
[('Ann', 1.0), ('Ben', 0.0)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any


def pool(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Sums of trials and successes over ``rows`` (results), per student and for the class.

    ``share`` is successes / trials (None before any trial) and ``se`` its standard error
    sqrt(p (1 - p) / n), so the band share ± 2 se narrows as results arrive; each student
    has their own ``share`` and ``se``."""
    students: dict[int, dict[str, Any]] = {}
    for row in rows:
        student = students.setdefault(
            row["student"],
            {"student": row["student"], "name": row["name"], "trials": 0, "successes": 0},
        )
        student["trials"] += row["trials"]
        student["successes"] += row["successes"]
    trials = sum(s["trials"] for s in students.values())
    successes = sum(s["successes"] for s in students.values())
    for student in students.values():
        student["share"] = student["successes"] / student["trials"] if student["trials"] else None
        student["se"] = _standard_error(student["share"], student["trials"])
    share = successes / trials if trials else None
    se = _standard_error(share, trials)
    return {
        "trials": trials,
        "successes": successes,
        "share": share,
        "se": se,
        "students": list(students.values()),
    }


def _standard_error(share: float | None, trials: int) -> float | None:
    """sqrt(p (1 - p) / n), None before any trial."""
    return math.sqrt(share * (1 - share) / trials) if share is not None else None
