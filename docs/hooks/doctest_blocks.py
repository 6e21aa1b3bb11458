"""A griffe extension for the API reference: the docstrings' doctest examples shown as code.

dicelab's docstrings are plain text with doctest examples (``>>>`` lines and their output),
which Markdown would otherwise read as prose, taking ``['Red', 'Robot']`` for a link. Each
run of ``>>>``/``...`` lines and the output after them becomes a fenced ``pycon`` block.
"""

from __future__ import annotations

import re

import griffe

_PROMPT = re.compile(r"^(\s*)(>>>|\.\.\.)( |$)")


def fence_doctests(text: str) -> str:
    """``text`` with every doctest example (prompt lines and their output) in a code fence.

    >>> print(fence_doctests("Say:\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Say:
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and _PROMPT.match(line):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the doctest examples of every docstring griffe reads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
