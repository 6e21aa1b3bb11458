"""A small table of exact odds for notebooks: text, HTML, rows or a pandas DataFrame.

>>> from fractions import Fraction
>>> t = OddsTable(["dice", "bust"], [{"dice": 1, "bust": Fraction(2, 3)}])
>>> print(t)
dice  bust
   1   2/3
>>> t.rows[0]["bust"]
Fraction(2, 3)
"""

from __future__ import annotations

import html
from fractions import Fraction

from dicelab.extras import require


def _text(value) -> str:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, tuple):
        return " ".join(map(str, value)) or "-"
    return str(value)


class OddsTable:
    """Rows (dicts) under named columns. Exact values stay Fractions in :attr:`rows`."""

    def __init__(self, columns, rows, title: str = ""):
        self.columns = tuple(columns)
        self.rows = [dict(row) for row in rows]
        self.title = title

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, index):
        return self.rows[index]

    def _cells(self) -> list[list[str]]:
        return [[_text(row[c]) for c in self.columns] for row in self.rows]

    def __str__(self) -> str:
        cells = [list(self.columns)] + self._cells()
        widths = [max(len(line[i]) for line in cells) for i in range(len(self.columns))]
        lines = [
            "  ".join(cell.rjust(w) for cell, w in zip(line, widths)).rstrip() for line in cells
        ]
        return "\n".join(([self.title] if self.title else []) + lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in line) + "</tr>"
            for line in self._cells()
        )
        caption = f"<caption>{html.escape(self.title)}</caption>" if self.title else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def to_dataframe(self):
        """The table as a pandas DataFrame (Fractions become floats)."""
        pandas = require("pandas", "data", "to_dataframe()")
        return pandas.DataFrame(
            [
                {c: float(v) if isinstance(v, Fraction) else v for c, v in row.items()}
                for row in self.rows
            ],
            columns=list(self.columns),
        )
