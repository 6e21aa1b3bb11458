"""What a browser would send a game widget, and what it draws, for the controller tests."""

import json


def press(widget, button):
    """Click the controls' button ``button``."""
    widget.send_intent(widget.controls, {"type": "press", "button": button})


def key(widget, k):
    """Press the key ``k`` inside the game."""
    widget.send_intent(widget.controls, {"type": "key", "key": k})


def toggle(widget, die, tray=None):
    """Click die number ``die`` of the tray (the widget's main tray unless given)."""
    widget.send_intent(tray or widget.tray, {"type": "toggle", "die": die})


def notice(widget) -> str:
    """The short message the controls show (e.g. why an intent was refused)."""
    return widget.controls.notice.get("text", "")


def button(widget, name) -> dict:
    """The controls' button ``name`` as drawn."""
    return next(b for b in widget.controls.buttons if b["id"] == name)


def snapshot(widget, components, selection):
    """Everything a refused intent must leave alone: the game, the controller's own
    ``selection`` and what ``components`` and the controls draw (bar the notice)."""
    game = widget.game
    traits = {f"{component.title}.{name}": getattr(component, name)
              for component in components for name in component.keys if not name.startswith("_")}
    traits["buttons"] = widget.controls.buttons
    traits["status"] = widget.controls.status
    return (game.to_json() if game else None, game.state if game else None, selection,
            json.dumps(traits, sort_keys=True, default=str))
