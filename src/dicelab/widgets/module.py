"""One ES module (and one style sheet) per widget, composed from the files in ``static/``.

No build tool and nothing from the network: the module text is the shared helpers, then
each component file (each registers itself with ``component(name, mount)``), then the
table that lays the parts out and owns the keyboard (``table.js``, which ends with
``export default { render }``). The style sheet is ``theme.css`` (the frame and the buttons
every display shares, so that each look is written once), ``table.css`` and each component's CSS.

>>> esm, css = compose(("dice",))
>>> esm.count("export default"), "component(\\"dice\\"" in esm
(1, True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def _read(name: str) -> str:
    """The text of the static file ``name``; FileNotFoundError naming it when it is missing
    (a widget without one of its parts would draw nothing and say nothing).

    >>> _read("no_such_part.js")
    Traceback (most recent call last):
    ...
    FileNotFoundError: the widget part no_such_part.js is missing from dicelab/widgets/static
    """
    path = STATIC / name
    if not path.is_file():
        raise FileNotFoundError(f"the widget part {name} is missing from dicelab/widgets/static")
    return path.read_text(encoding="utf-8")


@cache
def compose(components: tuple[str, ...]) -> tuple[str, str]:
    """The ES module and CSS text of a widget drawing ``components`` (names of static files)."""
    scripts = ["helpers.js", *(f"{name}.js" for name in components), "table.js"]
    styles = ["theme.css", "table.css", *(f"{name}.css" for name in components)]
    esm = "\n".join(f"// --- {name}\n{_read(name)}" for name in scripts)
    css = "\n".join(_read(name) for name in styles)
    return esm, css
