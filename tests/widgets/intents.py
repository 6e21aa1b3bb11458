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


def snapshot(widget, selection):
    """Everything a refused intent must leave alone: the game, the controller's own
    ``selection`` and the whole view document (bar the notice)."""
    game = widget.game
    view = json.loads(json.dumps(widget.view))
    view["parts"]["controls"].pop("notice")
    return (
        game.to_json() if game else None,
        game.state if game else None,
        selection,
        json.dumps(view, sort_keys=True),
    )


def shown(widget) -> tuple:
    """The names of the parts the view document shows, area by area, top to bottom."""
    return tuple(name for area in widget.view["areas"] for name in area["parts"])


def watch(widget, part, field) -> list:
    """Every new value of ``part``'s ``field`` the widget publishes from now on."""
    values = []

    def changed(change):
        new = change.new["parts"].get(part.name, {}).get(field)
        old = change.old.get("parts", {}).get(part.name, {}).get(field)
        if new is not None and new != old:
            values.append(new)

    widget.observe(changed, "view")
    return values


def forge(widget, monkeypatch, part, **fields) -> list:
    """Write ``fields`` of ``part`` into the view as a tampering front end would; returns
    the messages the widget sent back."""
    sent = []
    monkeypatch.setattr(widget.comm, "send", lambda data=None, buffers=None, **_: sent.append(data))
    forged = json.loads(json.dumps(widget.view))
    forged["parts"][part.name].update(fields)
    widget.set_state({"view": forged})  # what ipywidgets does with a front end's update
    return sent
