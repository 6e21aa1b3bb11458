"""What a class server accepts from the network: message sizes, rates and cleaned names.

>>> clean_name("  <b>Ann</b>\\t\\u202eB ")
'<b>Ann</b> B'
>>> bucket = Bucket(rate=1, burst=2, now=lambda: 0.0)
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
"""

from __future__ import annotations

import time
import unicodedata

from dicelab.errors import IllegalMoveError

MAX_MESSAGE = 4096  # bytes of one WebSocket message; a longer one is refused
MAX_NAME = 24  # characters of a nickname, after cleaning
STUDENT_RATE, STUDENT_BURST = 10.0, 30  # messages a second one student may send, and a burst
JOIN_RATE, JOIN_BURST = 100.0, 400  # joins a second for the whole class, and a burst
MAX_STUDENTS = 1000


class Refused(IllegalMoveError):
    """A message the server does not take: too big, malformed, too fast, not allowed."""


def clean_name(name) -> str:
    """A nickname as shown: no control or format characters, spaces collapsed, at most
    :data:`MAX_NAME` characters; Refused when nothing is left. It is drawn as text only."""
    if type(name) is not str:
        raise Refused("a nickname is text")
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", name)
        if ch.isspace() or not unicodedata.category(ch).startswith("C")
    )
    kept = " ".join(kept.split())[:MAX_NAME].strip()
    if not kept:
        raise Refused("type a nickname to join")
    return kept


class Bucket:
    """A token bucket: :meth:`take` is True while fewer than ``burst`` messages came at once
    and, over time, no more than ``rate`` a second."""

    def __init__(self, rate: float, burst: int, now=time.monotonic):
        self.rate, self.burst, self.now = rate, burst, now
        self.tokens, self.at = float(burst), now()

    def take(self) -> bool:
        now = self.now()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
