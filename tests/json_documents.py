"""Walking and changing JSON documents (saved games) in tests."""

import json


def paths(document, path=()):
    """The path (a tuple of keys and indices) of every value in ``document``, itself first."""
    yield path
    children = (
        document.items()
        if isinstance(document, dict)
        else enumerate(document)
        if isinstance(document, list)
        else ()
    )
    for key, child in children:
        yield from paths(child, path + (key,))


def replaced(document, path, value):
    """A copy of ``document`` with ``value`` at ``path``."""
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy
