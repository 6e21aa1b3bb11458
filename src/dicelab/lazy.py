"""Names a package imports on first use, so that importing it stays fast.

>>> __getattr__ = lazy_names("dicelab", {"dice": "dice"})
>>> __getattr__("dice").FACES
(1, 2, 3, 4, 5, 6)
"""

from __future__ import annotations

import importlib


def lazy_names(package: str, where: dict):
    """A module ``__getattr__`` for ``package``: ``name`` comes from its submodule
    ``where[name]`` on first use (the submodule itself when it has that name)."""

    def __getattr__(name: str):
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(f"{package}.{where[name]}")
        return module if where[name] == name else getattr(module, name)

    return __getattr__
