"""A class experiment's results pooled: each student's count of successes out of their
trials, typed in, pasted from a CSV file, or live from the class server (:func:`dicelab.classroom.live`). A
count may end in a half (a shared win counts half a win).

Each student's share has its own band (±2 standard errors of *their* number of trials);
the pooled share has the band of all the trials together. A band is pointwise: it holds
one share about 19 times in 20, not every student's at once.

>>> shares = ClassShares.from_text("Ann 3/20\\nBen 5/20\\nCat 2/20")
>>> shares.trials, sum(shares.successes), round(shares.pooled, 4)
(60, 10, 0.1667)
>>> round(shares.standard_error(1 / 6), 4)
0.0481
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from math import sqrt
from pathlib import Path

from dicelab.files import read_regular

MAX_CSV_BYTES = 1_000_000  # the longest CSV file of results read (a class's are a few kilobytes)
LINE = re.compile(
    r"^\s*(?:(?P<name>.*?\S)\s+)?(?P<successes>\d+(?:\.5)?)\s*(?:/|\s|\sof\s)\s*(?P<trials>\d+)\s*$"
)


def _bars(shares, widths) -> list[list[float]]:
    """Error bars below and above each share, cut off at 0 and 1 (a share lies between)."""
    return [
        [min(w, s) for s, w in zip(shares, widths)],
        [min(w, 1 - s) for s, w in zip(shares, widths)],
    ]


def _count(value):
    """A count as an int, or a float ending in a half (numpy numbers too; a bool is no count)."""
    if type(value) is bool:
        return value
    if hasattr(value, "__index__"):
        return int(value)
    if isinstance(value, float) or hasattr(value, "is_integer"):
        value = float(value)
        return int(value) if value.is_integer() else value
    return value


@dataclass(frozen=True)
class ClassShares:
    """``successes[i]`` out of ``trials[i]`` for each student ``names[i]``."""

    names: tuple
    successes: tuple
    trials_each: tuple

    def __post_init__(self):
        if not self.names:
            raise ValueError("there are no results to pool: give at least one student's count")
        if not len(self.names) == len(self.successes) == len(self.trials_each):
            raise ValueError(
                "each student needs a name, a count of successes and a number of trials"
            )
        for name, hits, tries in zip(self.names, self.successes, self.trials_each):
            if type(tries) is not int or not (
                type(hits) is int or type(hits) is float and (2 * hits).is_integer()
            ):
                raise TypeError(
                    f"{name}: counts are whole numbers (successes may end in a half), "
                    f"not {hits!r} and {tries!r}"
                )
            if tries < 1 or not 0 <= hits <= tries:
                raise ValueError(
                    f"{name}: {hits} successes out of {tries} trials is not a count "
                    "(trials at least 1, successes from 0 to the trials)"
                )

    @classmethod
    def of(cls, successes, trials, names=None) -> ClassShares:
        """From lists of counts (``trials`` a list, or one number for every student)."""
        successes = [_count(s) for s in successes]
        if isinstance(trials, int) and not isinstance(trials, bool):
            trials = [trials] * len(successes)
        trials = [int(t) if hasattr(t, "__index__") and type(t) is not bool else t for t in trials]

        names = (
            [f"student {i + 1}" for i in range(len(successes))] if names is None else list(names)
        )
        return cls(tuple(names), tuple(successes), tuple(trials))

    @classmethod
    def from_text(cls, text: str) -> ClassShares:
        """From pasted lines, one student a line: ``Ann 3/20``, ``3/20``, ``3 of 20`` or
        ``Ann,3,20`` (blank lines and lines starting with # are skipped)."""
        names: list[str] = []
        successes: list[float] = []  # halves count: a shared win
        trials: list[int] = []
        for number, line in enumerate(str(text).splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            match = LINE.match(line.replace(",", " "))
            if match is None:
                raise ValueError(
                    f"line {number} ({line.strip()!r}) is not a count: write it like 'Ann 3/20'"
                )
            names.append(match["name"] or f"student {len(names) + 1}")
            successes.append(
                float(match["successes"]) if "." in match["successes"] else int(match["successes"])
            )
            trials.append(int(match["trials"]))
        return cls.of(successes, trials, names)

    @classmethod
    def from_csv(cls, source) -> ClassShares:
        """From a CSV file (a path: a regular file of at most :data:`MAX_CSV_BYTES`) or its
        text, with columns ``successes`` and ``trials`` and optionally ``name``."""
        if isinstance(source, Path) or (
            isinstance(source, str) and "\n" not in source and Path(source).is_file()
        ):
            content = read_regular(source, MAX_CSV_BYTES)
            if len(content) > MAX_CSV_BYTES:
                raise ValueError(
                    f"{source} is longer than {MAX_CSV_BYTES:,} bytes: no class's results are"
                )
            text = content.decode("utf-8")
        else:
            text = str(source)
        rows = list(csv.DictReader(io.StringIO(text)))
        if not rows or not {"successes", "trials"} <= set(rows[0]):
            raise ValueError(
                "the CSV needs a header with the columns successes and trials (and optionally name)"
            )
        counts = []
        for number, row in enumerate(rows, 2):
            try:
                hits = row["successes"].strip()
                counts.append(
                    (float(hits) if hits.endswith(".5") else int(hits), int(row["trials"]))
                )
            except (TypeError, ValueError):
                raise ValueError(
                    f"CSV line {number}: successes and trials are counts, "
                    f"not {row['successes']!r} and {row['trials']!r}"
                ) from None
        names = [row.get("name") or f"student {i + 1}" for i, row in enumerate(rows)]
        return cls.of([s for s, _ in counts], [t for _, t in counts], names)

    @property
    def trials(self) -> int:
        """All the trials pooled."""
        return sum(self.trials_each)

    @property
    def pooled(self) -> float:
        """The class's share: all successes over all trials."""
        return sum(self.successes) / self.trials

    @property
    def shares(self) -> list[float]:
        """Each student's own share."""
        return [hits / tries for hits, tries in zip(self.successes, self.trials_each)]

    def standard_error(self, p: float | None = None, trials: int | None = None) -> float:
        """√(p(1 − p)/n) for the pooled trials (or ``trials``), at the chance ``p`` (the
        pooled share when it is not known)."""
        p = self.pooled if p is None else float(p)
        return sqrt(p * (1 - p) / (self.trials if trials is None else trials))

    def inside(self, exact: float) -> bool:
        """Whether the pooled share lies within 2 standard errors of ``exact``."""
        return abs(self.pooled - exact) <= 2 * self.standard_error(exact)

    def confidence_interval(self) -> tuple[float, float]:
        """The class's share ± 2 standard errors worked out from that share alone,
        √(p̂(1 − p̂)/n): it holds the exact chance about 19 times in 20 (lesson 4)."""
        reach = 2 * self.standard_error()
        return self.pooled - reach, self.pooled + reach

    def summary(self, exact: float | None = None) -> str:
        """One sentence: the pooled share with its confidence interval, how many results it
        pools, and, given ``exact``, the band around the exact chance (lesson 4 sets the two
        side by side)."""
        low, high = self.confidence_interval()
        text = (
            f"The class pooled {self.trials:,} results from {len(self.names)} students: "
            f"{sum(self.successes):,} successes, a share of {self.pooled:.2%}, confidence "
            f"interval {low:.2%} to {high:.2%} (± 2 standard errors around the class's share)"
        )
        if exact is None:
            return text + "."
        band = 2 * self.standard_error(exact)
        where = "inside" if self.inside(exact) else "outside"
        return text + (
            f"; the exact chance is {exact:.2%}, and the band around it for {self.trials:,} "
            f"results is ± {band:.2%}: the class's share is {where} it."
        )

    def plot(self, exact: float | None = None, ax=None, label: str = "share"):
        """Each student's share with their own ±2 SE bar, and the pooled share with the bar of
        all the trials, beside the exact chance; the title says how many results are pooled."""
        from dicelab.plots import _axes

        ax = _axes(ax)
        p = self.pooled if exact is None else float(exact)
        students = range(1, len(self.names) + 1)
        ax.errorbar(
            students,
            self.shares,
            yerr=_bars(self.shares, [2 * self.standard_error(p, n) for n in self.trials_each]),
            fmt="o",
            markersize=4,
            capsize=2,
            color="tab:blue",
            alpha=0.7,
            label="one student's share ± 2 SE of their own trials",
        )
        class_x = len(self.names) + 2
        ax.errorbar(
            [class_x],
            [self.pooled],
            yerr=_bars([self.pooled], [2 * self.standard_error(p)]),
            fmt="s",
            markersize=7,
            capsize=4,
            color="tab:red",
            label=f"the class, pooled ± 2 SE of all {self.trials:,}",
        )
        if exact is not None:
            ax.axhline(exact, color="tab:green", label="exact chance")
        ax.set_xticks(
            list(students)[:: max(1, len(self.names) // 10)] + [class_x],
            [str(s) for s in list(students)[:: max(1, len(self.names) // 10)]] + ["class"],
        )
        ax.set_xlabel("student")
        ax.set_ylabel(label)
        ax.set_title(
            f"{len(self.names)} students, {self.trials:,} results pooled", fontsize="medium"
        )
        ax.legend(
            fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3, frameon=False
        )
        return ax


__all__ = ["ClassShares"]
