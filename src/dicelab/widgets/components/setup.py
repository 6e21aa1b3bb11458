"""The setup screen: how many players, their names, colours, and who is a bot."""

from __future__ import annotations

from dicelab.validation import MAX_NAME_LENGTH
from dicelab.widgets.view_part import Part


class SeatSetup(Part):
    """A heading and the seats to edit before a game; the Start button lives in the controls.

    ``seats``: ``{"name", "placeholder", "colour", "swatch", "kind"}`` per seat (the name
    field shows ``placeholder`` while ``name`` is empty) (``colour`` is the colour's
    name, "" in a game without colours; ``swatch`` its CSS colour; ``kind`` an id of
    ``kinds``, ``{"id", "label"}`` such as human or a bot level). ``presets`` and ``preset``
    choose the rules. Intents: ``{"type": "seats", "delta": ±1}``,
    ``{"type": "colour", "seat": i, "step": ±1}``, ``{"type": "name", "seat": i, "name": s}``,
    ``{"type": "kind", "seat": i, "kind": id}`` and ``{"type": "rules", "preset": id}``.
    """

    component = "setup"
    INTENTS = {
        "seats": {"delta": int},
        "colour": {"seat": int, "step": int},
        "name": {"seat": int, "name": str},
        "kind": {"seat": int, "kind": str},
        "rules": {"preset": str},
    }
    title = "setup screen"

    FIELDS = {
        "heading": "",
        "seats": [],
        "kinds": [],
        "presets": [],
        "preset": "",
        "max_name": MAX_NAME_LENGTH,  # the longest name the name fields take
    }
