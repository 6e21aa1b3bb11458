"""One ES module (and one style sheet) per widget, linked from the ES modules in ``static/``.

No build tool and nothing from the network. Each file in ``static/`` is a plain ES module
(``node --test`` imports them as they are): it imports what it uses from the others with
``import { a, b } from "./helpers.js";`` and exports its own names with ``export function``,
``export const`` or ``export class``; ``table.js`` lays the parts out and ends with
``export default { render }``. A component file registers itself with
``component(name, mount)`` when it runs.

anywidget takes one module text, so :func:`compose` links the files into one: each file
runs in a scope of its own (a function, in dependency order), sees only the names it
imports, and hands on the names it exports; the text's one ``export default`` is
``table.js``'s. A missing file, an import of a name a file does not export, or a cycle is
refused with the file named. The style sheet is ``theme.css`` (the frame and the buttons
every display shares, so that each look is written once), ``table.css`` and each
component's CSS.

>>> esm, css = compose(("dice",))
>>> esm.count("export default"), "component(\\"dice\\"" in esm
(1, True)
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"

IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([a-z_]+\.js)";[ \t]*\n', re.M)
EXPORT = re.compile(r"^export (?=(?:async )?(?:function|const|let|class)\b)", re.M)
EXPORTED = re.compile(
    r"^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z_$][\w$]*)", re.M
)
DEFAULT = re.compile(r"^export default ", re.M)


class ModuleError(ValueError):
    """The widget's ES modules do not link: an import names nothing, or files import each
    other in a circle."""


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


def imports_of(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The files a module imports from, each with its ``(name, local name)`` pairs.

    >>> imports_of('import { element, button as press } from "./helpers.js";\\n')
    [('helpers.js', [('element', 'element'), ('button', 'press')])]
    """
    found = []
    for names, source in IMPORT.findall(text):
        pairs = []
        for item in filter(None, (part.strip() for part in names.split(","))):
            name, _, local = item.partition(" as ")
            pairs.append((name.strip(), (local or name).strip()))
        found.append((source, pairs))
    return found


def exports_of(text: str) -> list[str]:
    """The names a module exports (``default`` last, when it has one).

    >>> exports_of("export function a() {}\\nexport const B = 1;\\nexport default { a };\\n")
    ['a', 'B', 'default']
    """
    return EXPORTED.findall(text) + (["default"] if DEFAULT.search(text) else [])


def _scope(name: str) -> str:
    return "module_" + name.removesuffix(".js")


def link(entries: list[str]) -> str:
    """One module text running ``entries`` (file names) in order, each after the files it
    imports; it exports the last entry's default."""
    order: list[str] = []
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        if name in visiting:
            circle = " -> ".join(visiting[visiting.index(name) :] + [name])
            raise ModuleError(f"the widget's modules import each other in a circle: {circle}")
        visiting.append(name)
        for source, _ in imports_of(_read(name)):
            visit(source)
        visiting.pop()
        order.append(name)

    for entry in entries:
        visit(entry)
    pieces = []
    for name in order:
        text = _read(name)
        bindings = []
        for source, pairs in imports_of(text):
            offered = exports_of(_read(source))
            for imported, _ in pairs:
                if imported not in offered:
                    raise ModuleError(
                        f"{name} imports {imported} from {source}, which does not export it"
                    )
            names = ", ".join(n if n == local else f"{n}: {local}" for n, local in pairs)
            bindings.append(f"const {{ {names} }} = {_scope(source)};\n")
        body = DEFAULT.sub("const defaultExport = ", EXPORT.sub("", IMPORT.sub("", text)))
        handed = [n for n in exports_of(text) if n != "default"]
        if DEFAULT.search(text):
            handed.append("default: defaultExport")
        pieces.append(
            f"// --- {name}\nconst {_scope(name)} = (() => {{\n{''.join(bindings)}{body}\n"
            f"return {{ {', '.join(handed)} }};\n}})();\n"
        )
    return "".join(pieces) + f"export default {_scope(entries[-1])}.default;\n"


@cache
def compose(components: tuple[str, ...]) -> tuple[str, str]:
    """The ES module and CSS text of a widget drawing ``components`` (names of static files)."""
    esm = link([*(f"{name}.js" for name in components), "table.js"])
    styles = ["theme.css", "table.css", *(f"{name}.css" for name in components)]
    css = "\n".join(_read(name) for name in styles)
    return esm, css
