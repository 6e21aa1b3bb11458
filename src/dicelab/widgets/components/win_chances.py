"""The chance-to-win panel: each seat's chance to win the game, live, or why none is shown."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class WinChancesPanel(Part):
    """Each seat's chance to win, drawn as words and a bar; no intents.

    ``seats`` is a list of ``{"name", "colour", "value", "share"}``: ``value`` is
    the chance in words ("52%", "computing…"), ``share`` the bar's length from 0 to 1 (None
    while there is no number). ``busy`` says that the chances are being worked out;
    ``note`` says why none is shown (then ``seats`` is empty); ``basis`` says what the
    numbers are (exact, or an estimate, and for which play).
    """

    component = "win_chances"
    title = "chance-to-win panel"

    FIELDS = {
        "busy": "",
        "note": "",
        "basis": "",
        "seats": [],
    }
