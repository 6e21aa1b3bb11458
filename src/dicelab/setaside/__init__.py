"""What Fivethousand and Thousand share: combination scoring and the set-aside turn."""

from dicelab.setaside.combinations import CombinationTable
from dicelab.setaside.engine import ACTIONS, Bank, SetAsideEngine, SetAside, State, Throw

__all__ = ["ACTIONS", "Bank", "CombinationTable", "SetAside", "SetAsideEngine", "State", "Throw"]
