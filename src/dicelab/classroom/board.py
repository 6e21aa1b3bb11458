"""The class board: join address, code and QR code, roster, activity controls and the pool.

One part, drawn by ``static/class_board.js`` on the teacher's page, on the projector's page
(without the controls) and in the notebook's :class:`~dicelab.classroom.widget.Classroom`
alike. Its intents are the teacher's actions; only a connection holding the teacher's token
reaches them.
"""

from __future__ import annotations

from functools import lru_cache

from dicelab.widgets.view_part import Part


class ClassBoard(Part):
    """The teacher's view of the class (fields filled by :meth:`dicelab.classroom.room.Room.board`)."""

    component = "class_board"
    title = "class board"
    INTENTS = {
        "start": {"activity": str, "robot": str},
        "stop": {},
        "reveal": {},
        "end": {},
        "rename": {"student": int, "name": str},
        "remove": {"student": int},
        "merge": {"student": int, "into": str},
    }
    FIELDS = {
        "join_url": "",
        "projector_url": "",
        "controls": True,
        "code": "",
        "qr": [],
        "activities": [],
        "current": None,
        "roster": [],
        "pool": None,
        "exact": None,
        "revealed": False,
        "games": [],
        "notice": "",
        "trouble": "",
    }


@lru_cache(maxsize=16)
def _qr(text: str) -> tuple[str, ...]:
    import segno

    return tuple(
        "".join("1" if cell else "0" for cell in row)
        for row in segno.make(text, error="m", micro=False).matrix
    )


def qr_rows(text: str) -> list[str]:
    """The QR code of ``text`` as rows of "1" (dark) and "0", drawn as squares (offline: segno).

    >>> rows = qr_rows("http://127.0.0.1:8765/join/K7Q2XM")
    >>> len(rows) == len(rows[0]) >= 21
    True
    """
    return list(_qr(text))  # made once per address: the board is redrawn often
