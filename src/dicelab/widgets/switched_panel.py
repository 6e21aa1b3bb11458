"""A panel of a game's table that the player switches on and off (the coach, the chances to
win), drawn from work prepared off the event loop (see :mod:`dicelab.widgets.background`)."""

from __future__ import annotations

from concurrent.futures import Future
from functools import partial

from dicelab.widgets.background import ready


class SwitchedPanel:
    """``controller``'s ``panel``, shown while ``on`` and a game is being played or over."""

    def __init__(self, controller, panel, on: bool = False):
        self.on = on
        self.panel = panel
        self._controller = controller
        self._awaited: Future | None = (
            None  # the job whose end is awaited, so that it is awaited once
        )

    def widgets(self) -> list:
        """The panel (a part), when it is on and a game is being played or over."""
        return [self.panel] if self.on and self._controller.game is not None else []

    def finished(self, job: Future) -> bool:
        """Whether ``job`` is done; when it is not, the table is drawn again once it is."""
        if job.done():
            return True
        if self._awaited is job:
            return False
        if ready(job, partial(self._redraw, job)):
            return True
        self._awaited = job
        return False

    def _redraw(self, job: Future) -> None:
        if self._awaited is job:
            self._awaited = None
            self._controller.render()
