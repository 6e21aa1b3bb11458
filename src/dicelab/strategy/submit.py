"""Enter a strategy in a class tournament from a notebook: :func:`submit`.

Only the strategy's JSON travels (its decision table, as :meth:`Strategy.to_json` writes
it); the class server reads it as strictly as a saved strategy, and never runs anything a
student sends.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

from dicelab import validation
from dicelab.errors import InvalidInputError
from dicelab.strategy.table import Strategy

JOIN = re.compile(r"https?://[^/?#]+(/[^?#]*)?/join/[A-Za-z0-9]{1,16}")


class SubmitRefused(InvalidInputError):
    """The class server did not take the strategy; the message says why."""


def submit(strategy: Strategy, url: str, *, name: str | None = None, timeout: float = 30) -> dict:
    """Enter ``strategy`` in the tournament running on the class server whose students'
    address (the one on the board, ``…/join/CODE``) is ``url``, as a new student called
    ``name`` (else the strategy's name; "Ann (2)" when another has it). Returns
    ``{"student", "name", "taken"}``; :class:`SubmitRefused` with the server's reason
    (no tournament running, entries closed, other rules…)."""
    if not isinstance(strategy, Strategy):
        raise TypeError(
            f"submit takes a strategy (dicelab.strategy), not {validation.shown(strategy)}"
        )
    if type(url) is not str or not JOIN.fullmatch(url.rstrip("/")):
        raise InvalidInputError(
            f"url is the students' address of the class, such as http://192.168.1.20:8765/join/K7Q2XM, not {validation.shown(url)}"
        )
    import urllib.error
    import urllib.request  # (not at import: it brings the network's modules)

    address = url.rstrip("/") + "/strategy"
    if name is not None:
        address += "?" + urlencode({"name": validation.text(name, "name")})
    request = urllib.request.Request(
        address,
        data=strategy.to_json().encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            reason = json.loads(error.read())["refused"]
        except (ValueError, KeyError, TypeError):
            reason = f"the class server answered {error.code} {error.reason}"
        raise SubmitRefused(reason) from None
    except urllib.error.URLError as error:
        raise ConnectionError(f"no class server answered at {url}: {error.reason}") from None
