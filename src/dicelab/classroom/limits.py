"""What a class server accepts from the network: message sizes, field ranges, rates and
cleaned names.

>>> clean_name("  <b>Ann</b>\\t\\u202eB ")
'<b>Ann</b> B'
>>> bucket = Bucket(rate=1, burst=2, now=lambda: 0.0)
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
"""

from __future__ import annotations

import time
import unicodedata

from dicelab import validation
from dicelab.errors import IllegalMoveError

MAX_MESSAGE = 4096  # bytes of one WebSocket message; a longer one is refused
MAX_NAME = 24  # characters of a nickname, after cleaning
STUDENT_RATE, STUDENT_BURST = 10.0, 30  # messages a second one student may send, and a burst
JOIN_RATE, JOIN_BURST = 100.0, 400  # joins a second for the whole class, and a burst
MAX_STUDENTS = 1000
MAX_WHOLE = 2**53 - 1  # the largest whole number a page's JavaScript counts exactly
MAX_CODE = 16  # characters of a class code
MAX_SECRET = 64  # characters of a seat's secret
MAX_TYPED_NAME = 200  # characters of a nickname as typed, before cleaning
MAX_ADDRESS = 2000  # characters of an address a teacher's page reports


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


def whole(what: str):
    """The check of a field that is a whole number from 0 to :data:`MAX_WHOLE`.

    >>> whole("the intent's number")(2**70)
    Traceback (most recent call last):
    ...
    dicelab.classroom.limits.Refused: the intent's number must be from 0 to 9007199254740991, not 1180591620717411303424
    """

    def check(value) -> int:
        return validation.whole_number(value, what, 0, MAX_WHOLE, error=Refused)

    return check


def text(what: str, most: int):
    """The check of a field that is text of at most ``most`` characters.

    >>> text("the class code", 4)("ABCDEFG")
    Traceback (most recent call last):
    ...
    dicelab.classroom.limits.Refused: the class code has at most 4 characters
    """

    def check(value) -> str:
        if type(value) is not str:
            raise Refused(f"{what} must be text, not {validation.shown(value)}")
        if len(value) > most:
            raise Refused(f"{what} has at most {most} characters")
        return value

    return check
