"""The widget every dicelab display is: one AnyWidget, one read-only view document, intents.

A :class:`Table` shows :class:`~dicelab.widgets.view_part.Part` objects in named areas. Its one
synced trait, ``view``, is plain JSON: the title, the layout, the areas (each a list of
part names), the keys the table answers to, and every shown part's fields. The browser
never writes it: a front end that sends state gets the true document back at once (see
:meth:`Table.set_state`). Clicks come back as custom messages ``{"part": name, "type": ...}``,
checked by the part's intents and handed to the handler registered with :meth:`Table.listen`.

Every message gets an answer, the changed view document or else ``{"type": "ack"}``: a
front end whose click gets none within a few seconds knows the kernel is gone and says so. Each view in a browser says when it is
shown and when it goes (``{"part": "table", "type": "view", "shown": bool}``), so that a
table nobody can see any more (its cell run again) can stop its work (see :meth:`Table.seen`).

Later panels slot in as parts: a new component file in ``static/``, its name in
``COMPONENTS``, and the part placed in an area.
"""

from __future__ import annotations

import anywidget
import ipywidgets
import traitlets

from dicelab.errors import IllegalMoveError
from dicelab.messages import catalogue
from dicelab.widgets.intents import MalformedIntent
from dicelab.widgets.module import compose


def view_document(
    areas: dict, *, title: str, layout: str = "stack", keys=(), kind: str = "game"
) -> dict:
    """The view document of ``areas`` (area name -> its parts, top to bottom), as plain JSON."""
    shown = [part for parts in areas.values() for part in parts]
    return {
        "kind": kind,
        "title": title,
        "layout": layout,
        "keys": sorted(keys),
        "areas": [
            {"name": name, "parts": [part.name for part in parts]} for name, parts in areas.items()
        ],
        "parts": {part.name: part.to_json() for part in shown},
    }


class Intents:
    """A table without a browser: parts shown in one view document (:meth:`show`, kept in
    ``view``) and intents routed to their handlers (:meth:`listen`, :meth:`receive`). A class
    server's sessions are these; :class:`Table` is the same as an AnyWidget."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._listeners: dict[str, tuple] = {}  # part name -> (part, {intent type: handler})

    # --- out: the view document -----------------------------------------------------------
    def show(
        self, areas: dict, *, title: str, layout: str = "stack", keys=(), kind: str = "game"
    ) -> None:
        """Publish the document: ``areas`` maps an area name to its parts, top to bottom.

        ``keys`` are the single keys the table answers to while it has the focus; a table
        without keys (a lesson) never listens to the keyboard. ``kind`` ("game" or
        "lesson") names the frame it is drawn in.
        """
        self.view = view_document(areas, title=title, layout=layout, keys=keys, kind=kind)

    # --- in: intents ----------------------------------------------------------------------
    def listen(self, part, **handlers) -> None:
        """Route ``part``'s intents by type to ``handlers``, called with the intent's fields."""
        self._listeners[part.name] = (part, handlers)

    def receive(self, message) -> None:
        """Handle one intent message (``{"part": name, "type": ...}``) as the browser sends it:
        checked by the part's intents, refused with a notice, or handed to its handler."""
        if isinstance(message, dict) and message.get("part") == "table":
            self._view_message(message)
            return
        try:
            part, kind, fields, handler = self._route(message)
        except MalformedIntent as refusal:
            self.refused(refusal)
            return
        self.handle(part, handler, fields)

    def _view_message(self, message) -> None:
        """A browser says whether a view is shown (only a widget has views)."""

    def _route(self, message):
        name = message.get("part") if isinstance(message, dict) else None
        if type(name) is not str or name not in self._listeners:  # (a list is no part's name)
            raise MalformedIntent("The game received a request that is not understood.")
        part, handlers = self._listeners[name]
        kind, fields = part.parse({key: value for key, value in message.items() if key != "part"})
        if kind not in handlers:
            raise MalformedIntent(f"The {part.title} can't do {kind!r} here.")
        return part, kind, fields, handlers[kind]

    def handle(self, part, handler, fields: dict) -> None:
        """Run an intent's handler (a game refuses and re-renders around this)."""
        handler(**fields)

    def refused(self, refusal: IllegalMoveError) -> None:
        """An intent was refused before reaching a handler (a game says why)."""


class ClosesLayout(ipywidgets.DOMWidget):
    """A displayed widget: closing it closes its ``layout`` too, a widget of its
    own that ipywidgets gives every displayed widget and keeps open until it is closed (one
    was kept per table and per lab made)."""

    def close(self) -> None:
        # (none made yet: none is made to be closed)
        layout = self._trait_values.get("layout")
        super().close()
        if layout is not None:
            layout.close()


class Table(ClosesLayout, Intents, anywidget.AnyWidget):
    """An AnyWidget drawing parts; subclasses name the ``COMPONENTS`` they draw."""

    COMPONENTS: tuple[str, ...] = ()
    view = traitlets.Dict({}).tag(sync=True)
    words = traitlets.Dict({}).tag(sync=True)  # the words the front end draws by itself

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "COMPONENTS" in cls.__dict__:  # (not the subclasses traitlets makes to add traits)
            cls._esm, cls._css = compose(tuple(cls.COMPONENTS))

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.words = self.words or catalogue().front_end()  # (a game sets its language's)
        self._views = 0  # the views shown in browsers now
        self._was_seen = False  # whether a browser ever showed one
        self.on_msg(self._receive)

    @property
    def visible(self) -> bool:
        """Whether someone may be looking: a view is shown, or none ever was (a script, a
        test, a front end that does not say)."""
        return self._views > 0 or not self._was_seen

    def seen(self) -> None:
        """Called when a view is shown or goes (see :attr:`visible`); games pause their robots."""

    # --- the browser -------------------------------------------------------------------
    def set_state(self, sync_data) -> None:
        """State written by a front end is refused: the document last shown is sent back."""
        self.send_state([name for name in sync_data if name in self.keys])

    def send_intent(self, part, message) -> None:
        """Deliver ``message`` as if ``part`` had sent it from the browser (for tests)."""
        self._handle_custom_msg(
            {"part": part.name, **message} if isinstance(message, dict) else message, []
        )

    def _receive(self, _widget, message, _buffers) -> None:
        before = self.view
        try:
            self.receive(message)
        finally:
            if self.view == before:  # nothing new was sent: say that the message arrived
                self.send({"type": "ack"})

    def _view_message(self, message) -> None:
        if message.get("type") != "view" or type(message.get("shown")) is not bool:
            return  # nothing to show for it: the front end only says whether it is shown
        self._was_seen = True
        self._views = max(0, self._views + (1 if message["shown"] else -1))
        self.seen()


class OwnedTable(Table):
    """The drawing of a widget made of Python parts (the rule lab, the strategy builder):
    every intent that is malformed or refused goes to the owner's ``refused`` to be said."""

    def __init__(self, refused, **kwargs) -> None:
        super().__init__(**kwargs)
        self._refused = refused

    def handle(self, part, handler, fields: dict) -> None:
        try:
            handler(**fields)
        except MalformedIntent as refusal:
            self._refused(refusal)

    def refused(self, refusal) -> None:
        self._refused(refusal)
