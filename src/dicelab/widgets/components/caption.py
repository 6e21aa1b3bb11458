"""A line of text beside other parts, such as the sentence next to a lesson's dice."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class Caption(Part):
    """``text`` drawn in bold; no intents."""

    component = "caption"
    title = "caption"

    FIELDS = {"text": ""}
