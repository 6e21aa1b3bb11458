"""What the shared set-aside machinery needs of a game's ``Rules`` (Fivethousand's and
Thousand's both meet it): the dice, the target, the combinations and the shared house rules.

>>> from dicelab import fivethousand, thousand
>>> isinstance(fivethousand.Rules(), SetAsideRules), isinstance(thousand.Rules(), SetAsideRules)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, Protocol, runtime_checkable

if TYPE_CHECKING:
    from dicelab.setaside.combinations import CombinationTable


@runtime_checkable
class SetAsideRules(Protocol):
    """The settings of a set-aside game that the engine, house rules and scoring read."""

    @property
    def dice(self) -> int: ...

    @property
    def target(self) -> int: ...

    @property
    def penalty(self) -> int: ...

    @property
    def penalty_after(self) -> int: ...

    @property
    def score_floor(self) -> int: ...

    @property
    def first_player(self) -> str: ...

    def combinations(self) -> CombinationTable: ...

    def refuse(self, setting: str, message: str) -> NoReturn: ...
