"""Optional libraries, each brought by one of dicelab's extras.

The core install plays, solves and shows the games; plots, data frames, JupyterLab and the
RL adapters need more. :func:`require` imports such a library where a feature first needs
it, and when it is missing says in one line which extra installs it:

>>> require("dicelab_no_such_library", "plots", "this lesson")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.extras.MissingExtraError: this lesson needs dicelab_no_such_library: pip install ...
>>> require("fractions", "data", "exact odds").Fraction(1, 2)
Fraction(1, 2)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
from urllib.parse import unquote, urlparse

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


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` where this dicelab came from: the package index's
    name, or the folder of the clone it was installed from (``pip install -e .`` made it)."""
    try:
        origin = json.loads(
            importlib.metadata.distribution("dicelab").read_text("direct_url.json") or "{}"
        )
    except (importlib.metadata.PackageNotFoundError, ValueError):
        origin = {}
    url = urlparse(origin.get("url", ""))
    if "dir_info" in origin and url.scheme == "file":
        editable = "-e " if origin["dir_info"].get("editable") else ""
        return f'pip install {editable}"{unquote(url.path)}[{extra}]"'
    return f'pip install "dicelab[{extra}]"'


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
        raise MissingExtraError(f"{feature} needs {library}: {install_hint(extra)}") from None
