"""The history of a game: each throw, choice, bank, farkle or burn, and score, newest first."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class History(Part):
    """A compact, scrollable log; no intents.

    ``game`` numbers the games shown (a new number clears the log). ``entries`` lists
    ``{"serial", "player", "colour", "text", "dice", "mark"}`` oldest first, as they
    happened (the component draws the newest on top): ``serial`` counts the entries of the
    game (only the latest are listed), ``dice`` are the faces drawn small beside the text,
    and ``mark`` is "" or what makes the entry stand out ("farkle", "burn", "bank",
    "score", "win"). New entries are read out politely.
    """

    component = "history"
    title = "history"

    FIELDS = {
        "caption": "",
        "game": 0,
        "entries": [],
    }
