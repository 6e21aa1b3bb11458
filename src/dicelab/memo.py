"""Results kept in memory by key, each built once even when several threads ask at once.

The win policies and the Yahtzee solutions take up to a minute of CPU to build, and a
game's robot (in the kernel's thread) may ask for the one the table's chance panel or
coach is building on the background thread. :class:`OncePerKey` makes the second caller
wait for the first build and get the same object, where ``functools.lru_cache`` would
build it twice. A build that raises hands its exception to every caller waiting for it,
and nothing is kept: the next call builds again.

>>> built = OncePerKey(maxsize=2)
>>> first = built.get("a", lambda: ["made once"])
>>> built.get("a", lambda: ["made again"]) is first
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from functools import lru_cache, update_wrapper, wraps
from typing import Any, TypeVar, cast

_ABANDONED = object()  # what waiters are told when the building caller was interrupted
KEPT = 3  # the prepared strategies (solutions, policies, coaches) of each kind kept in memory


class OncePerKey:
    """A memo of ``key -> build()`` that builds each key once at a time and keeps the
    ``maxsize`` most recently used results (all of them when ``maxsize`` is None)."""

    def __init__(self, maxsize: int | None = None) -> None:
        self.maxsize = maxsize
        self._lock = threading.Lock()
        self._kept: OrderedDict = OrderedDict()
        self._building: dict = {}  # key -> the Future of the build under way

    def get(self, key, build):
        """The result kept for ``key``, else the one being built (waited for), else
        ``build()``'s, which is kept."""
        while True:
            with self._lock:
                if key in self._kept:
                    self._kept.move_to_end(key)
                    return self._kept[key]
                future = self._building.get(key)
                if future is None:
                    future = self._building[key] = Future()
                    break
            result = future.result()  # re-raises the build's exception
            if result is not _ABANDONED:
                return result
            # The caller building it was interrupted (KeyboardInterrupt): build it here.
        try:
            result = build()
        except Exception as error:
            self._finish(key, future, error=error)
            raise
        except BaseException:
            self._finish(key, future, result=_ABANDONED)
            raise
        self._finish(key, future, result=result)
        return result

    def _finish(self, key, future: Future, *, result=None, error=None) -> None:
        with self._lock:
            del self._building[key]
            if error is None and result is not _ABANDONED:
                self._kept[key] = result
                if self.maxsize is not None and len(self._kept) > self.maxsize:
                    self._kept.popitem(last=False)
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)

    def pop(self, key, default=None):
        """Forget the result kept for ``key`` (a build under way is not stopped)."""
        with self._lock:
            return self._kept.pop(key, default)

    def clear(self) -> None:
        """Forget every result kept."""
        with self._lock:
            self._kept.clear()


def once_per_key(maxsize: int | None = None):
    """Decorate a function of hashable arguments to keep its results in a
    :class:`OncePerKey` (like ``functools.lru_cache``, with ``cache_clear()``)."""

    def decorate(function):
        memo = OncePerKey(maxsize)

        @wraps(function)
        def memoised(*args):
            return memo.get(args, lambda: function(*args))

        memoised.cache_clear = memo.clear  # type: ignore[attr-defined]
        return memoised

    return decorate


Method = TypeVar("Method", bound=Callable[..., Any])


def cached_method(maxsize: int | None = 128) -> Callable[[Method], Method]:
    """Decorate a method of hashable arguments to keep its ``maxsize`` most recently used
    results on each instance, which they go with (``functools.lru_cache`` on a method keeps
    them, and every instance they came from, in one cache for the life of the program).

    >>> class Squares:
    ...     @cached_method(maxsize=2)
    ...     def of(self, n):
    ...         print("working out", n)
    ...         return n * n
    >>> squares = Squares()
    >>> squares.of(3), squares.of(3)
    working out 3
    (9, 9)
    >>> Squares().of(3)
    working out 3
    9
    """

    def decorate(method: Method) -> Method:
        return cast(Method, _CachedMethod(method, maxsize))

    return decorate


class _CachedMethod:
    """A method whose first look-up from an instance puts a ``functools.lru_cache`` of it,
    bound to that instance, in the instance's ``__dict__`` under the method's name."""

    def __init__(self, method, maxsize: int | None) -> None:
        update_wrapper(self, method)
        self.method, self.maxsize, self.name = method, maxsize, method.__name__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        cached = lru_cache(maxsize=self.maxsize)(self.method.__get__(instance, owner))
        return instance.__dict__.setdefault(self.name, cached)

    def __call__(self, instance, *args, **kwargs):
        """The method called on the class, with the instance first."""
        return self.__get__(instance, type(instance))(*args, **kwargs)
