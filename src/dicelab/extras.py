"""Optional libraries, each brought by one of dicelab's extras.

The core install plays, solves and shows the games; plots, data frames, JupyterLab and the
RL adapters need more. :func:`require` imports such a library where a feature first needs
it, and when it is missing says in one line which extra installs it:

>>> require("dicelab_no_such_library", "plots", "this lesson")
Traceback (most recent call last):
...
dicelab.extras.MissingExtraError: this lesson needs dicelab_no_such_library: pip install "dicelab[plots]"
>>> require("fractions", "data", "exact odds").Fraction(1, 2)
Fraction(1, 2)
"""

from __future__ import annotations

import importlib

EXTRAS = {
    "lab": "JupyterLab and Notebook 7, for `dicelab lab` and the tutorial notebooks",
    "plots": "matplotlib, for dicelab.plots",
    "data": "pandas, for .to_dataframe()",
    "rl": "gymnasium and pettingzoo, for dicelab.rl",
    "class": "tornado and segno, for the class server (dicelab class serve, dicelab.classroom)",
    "all": "every extra above",
}


class MissingExtraError(ImportError):
    """An optional library is not installed; the message names the extra that installs it."""


def require(module: str, extra: str, feature: str):
    """Import and return ``module`` for ``feature``; MissingExtraError naming ``extra`` when
    it is not installed. A library that is there but fails to import raises its own error."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; dicelab's extras are {sorted(EXTRAS)}")
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if not (module == missing or module.startswith(missing + ".")):
            raise
        library = module.split(".")[0]
        raise MissingExtraError(f'{feature} needs {library}: pip install "dicelab[{extra}]"') from None
