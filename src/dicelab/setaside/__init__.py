"""What Fivethousand and Thousand share: combination scoring and the set-aside turn."""

from dicelab.setaside.combinations import CombinationTable
from dicelab.setaside.engine import ACTIONS, Bank, SetAside, SetAsideEngine, State, Throw

__all__ = ["ACTIONS", "Bank", "CombinationTable", "SetAside", "SetAsideEngine", "State", "Throw"]
