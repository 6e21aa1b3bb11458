"""The cache's own warnings among those `pytest.warns` recorded.

`pytest.warns` records every warning raised while its block runs, and the garbage collector
may run there too: a file some earlier test left unclosed then adds a `ResourceWarning`. A
test that counts the cache's warnings counts these only.
"""

from __future__ import annotations

import warnings

from dicelab.cache import CacheWarning


def cache_warnings(recorded: list[warnings.WarningMessage]) -> list[warnings.WarningMessage]:
    """The `CacheWarning`s among `recorded`, in order."""
    return [w for w in recorded if issubclass(w.category, CacheWarning)]
