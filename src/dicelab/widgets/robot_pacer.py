"""The robots' pace at a table: one step per ``pace`` seconds on the kernel's event loop, a
pause after a human's farkle, burn or big score, faster at a key, or at once up to the
human's turn (a mixin of :class:`~dicelab.widgets.controller.GameController`)."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicelab.widgets.buttons import Button
from dicelab.widgets.pace import PACES, next_pace, pace_name

STAY_SECONDS = 4.0  # with a pace, the robots go on by themselves after this long at the least


class RobotPacer:
    """When the robots play: scheduled on the event loop, stopped when the table closes or is
    not seen, paused while a human's moment waits for them."""

    _bot_timer: Any = None  # the robots' next step on the event loop (also before __init__ has run)
    _waiting = False
    # True: the robots' timed steps are played by a driver of the table's own (the class
    # server stores and sends each one), through next_step_in and play_step
    driven = False
    _closed: bool
    _game: Any
    pace: float
    visible: bool
    coaching: Any
    say: Any  # the table's catalogue (dicelab.messages)
    if TYPE_CHECKING:

        @property
        def phase(self) -> str: ...  # the controller's: "setup", "play" or "over"

    # the table's own, used here: draw and publish, a robot's step, save the game
    render: Callable[[], None]
    bot_step: Callable[[], None]
    _autosave: Callable[[], None]

    @property
    def waiting(self) -> bool:
        """Whether the table holds a human's farkle, burn or big score until they go on."""
        return self._waiting

    def shows_ended_turn(self, player: int) -> bool:
        """Whether the dice of ``player``'s turn, which has just ended, stay on the table: a
        human's do until the next throw (the players at one device see it), a robot's until
        a robot to move throws, but never at a human's turn."""
        return not self._game.players[player].is_bot or self._waiting or self._bot_to_move()

    def go_on(self) -> None:
        """Let the robots play after a moment that waited for the human (a click or key does it)."""
        self._cancel_bots()
        self.render()
        self._schedule_bots()

    def _bot_to_move(self) -> bool:
        return self.phase == "play" and self._game.current_player.is_bot

    def _schedule_bots(self) -> None:
        """Let bots play one step per ``pace`` seconds on the kernel's event loop.

        With ``pace`` 0 ("instant") they play at once and the table is drawn once, at the
        end: no step of theirs is published or animated. Outside a running event loop (a
        script) they play at once too, each step drawn. A :attr:`driven` table leaves its
        paced steps to its driver.
        """
        if (
            self._bot_timer is not None
            or self._closed
            or not self.visible
            or not self._bot_to_move()
            or (self.driven and self.pace > 0)
        ):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if self.pace <= 0 or loop is None:
            self._waiting = False
            if self.pace <= 0 and self._bot_to_move():
                self.skip_to_human()
                self.render()
            while self._bot_to_move():
                self.bot_step()
                self.render()
            self._autosave()
            return
        wait = max(STAY_SECONDS, self.pace) if self._waiting else self.pace
        self._bot_timer = loop.call_later(
            wait, _tick, weakref.ref(self)
        )  # (a timer keeps no table alive)

    def next_step_in(self) -> float | None:
        """Seconds until the robots' next paced step (or the end of a human's moment), for a
        :attr:`driven` table's driver; None when nothing is to be played on a timer."""
        if self._closed or self.pace <= 0 or not (self._waiting or self._bot_to_move()):
            return None
        return max(STAY_SECONDS, self.pace) if self._waiting else self.pace

    def play_step(self) -> None:
        """The robots' next step, or the end of a human's moment: what the timer plays."""
        self._bot_timer = None
        if self._waiting:
            self._waiting = False
            self.render()
        elif self._bot_to_move():
            self.bot_step()
            self.render()
        self._schedule_bots()
        self._autosave()

    def _cancel_bots(self) -> None:
        self._waiting = False
        self._stop_timer()

    def _stop_timer(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None

    def _pace_button(self) -> Button:
        now, then = self._pace_said(self.pace), self._pace_said(next_pace(self.pace))
        label = self.say("button.pace", pace=now)
        aria = self.say("button.pace_aria", pace=now, then=then)
        return Button("pace", label, self.faster, aria, key="v")

    def _pace_said(self, seconds: float) -> str:
        """A pace in the table's words: "fast", "0.45 s"."""
        name = pace_name(seconds)
        return (
            self.say(f"pace.{name}") if name in PACES else self.say("pace.seconds", seconds=seconds)
        )

    def faster(self) -> None:
        """The robots' next pace: slow, normal, fast, instant, then slow again (V does it)."""
        self.pace = next_pace(self.pace)
        if self._bot_timer is not None:  # the step waiting now comes at the new pace
            self._cancel_bots()

    def skip_to_human(self) -> None:
        """Let the robots play at once until a human is to move (or the game is over)."""
        self._cancel_bots()
        while self._bot_to_move():
            self.bot_step()
        self.coaching.review()


def _tick(table: weakref.ref) -> None:
    """A robot's step of ``table``, if it is still there and open."""
    controller = table()
    if controller is not None and not controller._closed:
        controller.play_step()
