"""A button of a table's controls: what it shows, what it does, and why it can't now."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Button:
    """A button of the controls: what it shows, what it does, and why it can't now."""

    id: str
    label: str
    action: Callable[[], None]
    aria_label: str = ""
    enabled: bool = True
    reason: str = ""
    key: str = ""
    tone: str = ""  # a colour of its own ("roll", "confirm"), drawn by theme.css

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "label": self.label,
            "aria_label": self.aria_label or self.label,
            "enabled": self.enabled,
            "reason": self.reason,
            "key": self.key,
            "tone": self.tone,
        }
