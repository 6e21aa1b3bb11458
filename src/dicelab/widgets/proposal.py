"""What a set-aside table proposes to set aside after a throw: one voice of advice.

While the coach is on (and ready), the proposal is the coach's best set-aside, so the table
and the coach never disagree; otherwise it is the set-aside worth the most points now, and
says so. Where those two differ, the coach says why (``Coach.why_not_most_points``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dicelab.messages import Catalogue, catalogue

ENGLISH = catalogue("en")


@dataclass(frozen=True)
class Proposal:
    """The dice proposed, their points, and whether the coach proposed them."""

    dice: tuple
    points: int
    by_coach: bool

    def sentence(self, say: Catalogue = ENGLISH) -> str:
        """E.g. "Proposed (most points now): set aside 1, 5 for 150 points."."""
        source = say("proposal.coach" if self.by_coach else "proposal.most_points")
        faces = ", ".join(map(str, self.dice))
        return say(
            "proposal.sentence", source=source, faces=faces, points=say.count(self.points, "point")
        )


def _said(say: Catalogue) -> re.Pattern:
    """The proposal's sentence in ``say``'s words, whatever it proposes."""
    sources = "|".join(re.escape(say(key)) for key in ("proposal.coach", "proposal.most_points"))
    pattern = re.escape(say.pattern("proposal.sentence"))
    for field, matches in (("source", f"(?:{sources})"), ("faces", "[^.]*"), ("points", "[^.]*")):
        pattern = pattern.replace(re.escape("{" + field + "}"), matches)
    return re.compile(pattern)


def restated(status: str, proposed: Proposal | None, say: Catalogue = ENGLISH) -> str:
    """``status`` with the proposal it states said again as ``proposed``: when the coach's
    best comes after the throw was told (the coach switched, or ready), the words follow the
    dice.

    >>> restated("Red throws 1, 5. Proposed (most points now): set aside 1, 5 for 150 points.",
    ...          Proposal((1,), 100, True))
    "Red throws 1, 5. Proposed (the coach's best): set aside 1 for 100 points."
    """
    if proposed is None:
        return status
    return _said(say).sub(lambda _: proposed.sentence(say), status, count=1)


def proposal(controller) -> Proposal | None:
    """What ``controller``'s table proposes to set aside from the throw on the table (None
    when there is no throw to choose from)."""
    state = controller.game.state
    if state.phase != "choose":
        return None
    table = controller.game.engine.table
    best = controller.coaching.best_move()
    if best is not None and best[0]:
        return Proposal(best[0], table.score(best[0]), True)
    most = table.best_choice(state.throw)
    return Proposal(most[0], most[1], False) if most else None
