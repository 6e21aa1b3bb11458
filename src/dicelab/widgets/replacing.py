"""A notebook cell run again replaces the widgets its last run made: they are closed (their
robots, timers and figure workers stop), whatever arguments the cell has now. Widgets made
by one run of a cell are all kept."""

from __future__ import annotations

import weakref

from dicelab.widgets import saving

_MADE: dict[str, tuple[str, weakref.WeakSet]] = {}  # cell -> (its last run, what it made)


def made(widget) -> None:
    """Say that the cell running now made ``widget``: close what its earlier runs made."""
    cell = saving.cell()
    if not cell:
        return
    run = saving.run()
    last, widgets = _MADE.get(cell, (run, weakref.WeakSet()))
    if last != run:
        for earlier in list(widgets):
            earlier.close()
        widgets = weakref.WeakSet()
    widgets.add(widget)
    _MADE[cell] = (run, widgets)
