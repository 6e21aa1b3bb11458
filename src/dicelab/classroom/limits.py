"""What a class server accepts from the network: message sizes, field ranges, rates and
cleaned names.

>>> clean_name("  <b>Ann</b>\\t\\u202eB ")
'<b>Ann</b> B'
>>> bucket = Bucket(rate=1, burst=2, now=lambda: 0.0)
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
>>> conduct = Conduct(now=lambda: 0.0)
>>> [conduct.refused() for _ in range(RELOAD_AT + 1)][-2:], conduct.slowed
([False, True], True)
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable

from dicelab import messages, validation
from dicelab.errors import IllegalMoveError

MAX_MESSAGE = 4096  # bytes of one WebSocket message; a longer one is refused
MAX_ENTRY = 16_384  # bytes of a strategy sent from a notebook (the tournament's are ~3.5 KB)
MAX_NAME = 24  # characters of a nickname, after cleaning
STUDENT_RATE, STUDENT_BURST = 10.0, 30  # messages a second one student may send, and a burst
SLOWED_RATE = 1.0  # messages a second a seat that keeps sending refused messages may send
FORGIVEN_RATE = 0.5  # refusals a second a seat is forgiven
SLOWED_AT, RELOAD_AT = 20, 60  # refusals not yet forgiven: the seat is slowed; told to reload
JOIN_RATE, JOIN_BURST = 100.0, 400  # joins a second for the whole class, and a burst
# joins a second from one network address, and a burst (a phone joins once; coming back, its
# page signs in to its seat). This machine's own addresses share the class's limit alone:
# behind a proxy (jupyter-server-proxy) every student comes from there.
ADDRESS_JOIN_RATE, ADDRESS_JOIN_BURST = 0.2, 10
MAX_STUDENTS = 1000  # seats present (with a page open) at once
MAX_ADDRESSES = 10_000  # network addresses whose joins are remembered at once
MAX_WHOLE = 2**53 - 1  # the largest whole number a page's JavaScript counts exactly
MAX_CODE = 16  # characters of a class code
MAX_SECRET = 64  # characters of a seat's secret
MAX_TYPED_NAME = 200  # characters of a nickname as typed, before cleaning
MAX_ADDRESS = 2000  # characters of an address a teacher's page reports


class Refused(IllegalMoveError):
    """A message the server does not take: too big, malformed, too fast, not allowed."""


def clean_name(name: object) -> str:
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

    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.now = rate, burst, now
        self.tokens, self.at = float(burst), now()

    @property
    def full(self) -> bool:
        """Has the bucket filled up again (nothing taken for a while)?"""
        return self.tokens + (self.now() - self.at) * self.rate >= self.burst

    def take(self) -> bool:
        now = self.now()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def whole(what: str) -> Callable[[object], int]:
    """The check of a field that is a whole number from 0 to :data:`MAX_WHOLE`.

    >>> whole("the intent's number")(2**70)
    Traceback (most recent call last):
    ...
    dicelab.classroom.limits.Refused: the intent's number must be from 0 to 9007199254740991, not 1180591620717411303424
    """

    def check(value: object) -> int:
        return validation.whole_number(value, what, 0, MAX_WHOLE, error=Refused)

    return check


def text(what: str, most: int) -> Callable[[object], str]:
    """The check of a field that is text of at most ``most`` characters.

    >>> text("the class code", 4)("ABCDEFG")
    Traceback (most recent call last):
    ...
    dicelab.classroom.limits.Refused: the class code has at most 4 characters
    """

    def check(value: object) -> str:
        if type(value) is not str:
            raise Refused(f"{what} must be text, not {validation.shown(value)}")
        if len(value) > most:
            raise Refused(f"{what} has at most {most} characters")
        return value

    return check


def spoken(what: str) -> Callable[[object], str]:
    """The check of a field that names a language dicelab speaks, by its code ("ru").

    >>> spoken("the page's language")("de")
    Traceback (most recent call last):
    ...
    dicelab.classroom.limits.Refused: the page's language: dicelab speaks en, ru, not 'de': see the docs to add a language
    """

    def check(value: object) -> str:
        try:
            return messages.language(value)
        except (TypeError, ValueError) as error:
            raise Refused(f"{what}: {error}") from None

    return check


class Conduct:
    """How much a seat (or a connection not yet seated) may send: :data:`STUDENT_RATE`
    messages a second, until it keeps sending messages the server refuses. Each refusal
    counts, and :data:`FORGIVEN_RATE` a second are forgiven; past :data:`SLOWED_AT` the seat
    may send :data:`SLOWED_RATE` messages a second; past :data:`RELOAD_AT` its page is told to
    reload."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.messages = Bucket(STUDENT_RATE, STUDENT_BURST, now)
        self.slowed_messages = Bucket(SLOWED_RATE, 1, now)
        self.unforgiven, self.at = 0.0, now()

    @property
    def slowed(self) -> bool:
        return self._unforgiven() > SLOWED_AT

    def take(self) -> bool:
        """May one more message be taken now?"""
        return (self.slowed_messages if self.slowed else self.messages).take()

    def refused(self) -> bool:
        """Count one refusal; True when the seat has been refused so often that its page
        must reload."""
        self.unforgiven = self._unforgiven() + 1
        return self.unforgiven > RELOAD_AT

    def _unforgiven(self) -> float:
        now = self.now()
        self.unforgiven = max(0.0, self.unforgiven - (now - self.at) * FORGIVEN_RATE)
        self.at = now
        return self.unforgiven
