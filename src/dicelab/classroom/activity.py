"""One class activity and one student's session in it (the registry of activities is
:mod:`dicelab.classroom.activities`, which the activities themselves do not import)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Protocol, runtime_checkable

from dicelab.messages import DEFAULT, language
from dicelab.validation import shown

#: A message to or from a student's phone, or a saved state: JSON's object.
Message = dict[str, Any]

#: One result a session reports: (trials, successes, detail); a shared win counts half a success.
Result = tuple[int, float, Message]

#: ``seed_of(*parts)``: the seed of a moment of a student's run (see :class:`Activity`).
SeedOf = Callable[..., int]


class Session(Protocol):
    """One student's place in an activity (see the module's notes)."""

    @property
    def view(self) -> Message: ...

    def receive(self, message: Any) -> None: ...

    def take_results(self) -> list[Result]: ...

    def state(self) -> Message: ...


@runtime_checkable
class Paced(Protocol):
    """A session whose robots play on a timer at the student's pace: the server plays each
    step when it is due, stores it as the session's state and sends it to the student."""

    def next_step_in(self) -> float | None: ...

    def play_step(self) -> None: ...


@dataclass(frozen=True)
class Activity:
    """An activity of the class.

    ``make(seed_of, name, options, state)`` builds a student's session: ``seed_of(*parts)``
    gives the seed of a moment of this student's run (``seed_of("shared", k)`` one that
    every student shares), ``name`` is the student's nickname and ``state`` what
    :meth:`Session.state` saved (None for a new seat). ``options`` maps an option's name to
    its choices (the first is the default), e.g. the robot a game is played against.

    ``exact_of`` gives the share the pooled results tend to: a function computing it (so that
    importing the activities computes nothing), a Fraction, or a float where it comes from a
    solved strategy; :attr:`exact` is its value, worked out once. ``prepare`` works out what
    the activity needs before its first intent (a robot's strategy); the server runs it in a
    thread, so the class goes on meanwhile.

    ``limit``: the results (trials) one student may add in a run, so that no one floods the
    pool (None: no limit); ``unit`` names them, plural ("throws"), for the student's count
    ("12 of 30 throws").

    ``desk(store, run)``, where given, is the class's own side of a run, shared by its
    students (a tournament's entries and round robin, :mod:`dicelab.classroom.tournament`):
    the room makes it when the run starts and hands it to each session, ``make(seed_of,
    name, options, state, desk)``.

    ``make`` also takes ``lang=``, the student's language (see :mod:`dicelab.messages`): a
    session speaks it, so that each phone reads the activity in its own language.
    """

    name: str
    title: str
    task: str
    pooled: str
    make: Callable[..., Session] = field(repr=False)
    exact_of: Fraction | float | Callable[[], Fraction | float] | None = field(
        default=None, repr=False
    )
    options: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    prepare: Callable[[], object] | None = field(default=None, repr=False)
    limit: int | None = None
    unit: str = "results"
    desk: Callable[..., Any] | None = field(default=None, repr=False)

    @property
    def has_exact(self) -> bool:
        """Whether the pooled share has an exact value (without working it out)."""
        return self.exact_of is not None

    @cached_property
    def exact(self) -> Fraction | float | None:
        """The exact share (after ``prepare``, where it needs it), computed once."""
        if not callable(self.exact_of):
            return self.exact_of
        if self.prepare is not None:
            self.prepare()
        return self.exact_of()

    def checked_options(self, options: object) -> dict[str, Any]:
        """``options`` with every default filled in; ValueError for an unknown one."""
        if not isinstance(options, dict):
            raise TypeError("the options are a mapping of option to choice")
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"{self.title} has no option {', '.join(sorted(map(shown, unknown)))}")
        chosen = {}
        for option, choices in self.options.items():
            value = options.get(option, choices[0])
            if value not in choices:
                raise ValueError(
                    f"the {option} is one of {', '.join(map(str, choices))}, not {shown(value)}"
                )
            chosen[option] = value
        return chosen

    def session(
        self,
        seed_of: SeedOf,
        name: str,
        options: object,
        state: Message | None = None,
        desk: Any = None,
        lang: str = DEFAULT,
    ) -> Session:
        """A student's session in the language ``lang`` (restored from ``state`` when given;
        with the run's ``desk`` when the activity has one)."""
        extra = () if self.desk is None else (desk,)
        options = self.checked_options(options)
        return self.make(seed_of, name, options, state, *extra, lang=language(lang))


#: ``register(activity)``: adds an activity to the class's (see :mod:`dicelab.classroom.activities`).
Register = Callable[[Activity], Activity]
