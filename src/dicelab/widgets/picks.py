"""The dice a player has picked before the next throw, with every click remembered so that a
misclick can be taken back (Fivethousand's dice sent back, Thousand's dice to set aside).

>>> picks = Picks()
>>> picks.propose({0, 3}); picks.flip(1); sorted(picks.now)
[0, 1, 3]
>>> picks.take_back(); sorted(picks.now), picks.refusal()
([0, 3], 'no die was clicked since the throw')
"""

from __future__ import annotations

from dicelab.errors import IllegalMoveError
from dicelab.messages import Said

NOTHING_TO_TAKE_BACK = Said("refusal.nothing_to_take_back")


class Picks:
    """Positions of dice: ``now``, what the table proposed after the throw changed by clicks."""

    def __init__(self) -> None:
        self.now: frozenset[int] = frozenset()
        self._before: list[frozenset[int]] = []  # ``now`` before each click since the proposal

    def propose(self, positions) -> None:
        """Start again from ``positions`` (after a throw), forgetting the clicks."""
        self.now = frozenset(positions)
        self._before = []

    def flip(self, position: int) -> None:
        """One click on the die at ``position``: picked if it was not, else no longer."""
        self._before.append(self.now)
        self.now = self.now ^ {position}

    def to_json(self) -> dict:
        """What was picked and each click's before, for :meth:`restore`.

        >>> picks = Picks(); picks.propose({2}); picks.flip(0)
        >>> again = Picks(); again.restore(picks.to_json()); sorted(again.now), again.refusal()
        ([0, 2], '')
        """
        return {"now": sorted(self.now), "before": [sorted(b) for b in self._before]}

    def restore(self, document: dict) -> None:
        """Pick again what :meth:`to_json` saved."""
        self.now = frozenset(document["now"])
        self._before = [frozenset(before) for before in document["before"]]

    def refusal(self) -> str:
        """Why there is nothing to take back ("" when there is)."""
        return "" if self._before else NOTHING_TO_TAKE_BACK

    def take_back(self) -> None:
        """Undo the last click (IllegalMoveError when there was none since the proposal)."""
        if not self._before:
            raise IllegalMoveError(NOTHING_TO_TAKE_BACK)
        self.now = self._before.pop()
