"""The generic widget components every game's controller composes."""

from dicelab.widgets.components.base import Component, MalformedIntent
from dicelab.widgets.components.controls import Controls
from dicelab.widgets.components.dice_tray import DiceTray
from dicelab.widgets.components.ranking import Ranking
from dicelab.widgets.components.scorecard import Scorecard
from dicelab.widgets.components.setup import SeatSetup

__all__ = ["Component", "Controls", "DiceTray", "MalformedIntent", "Ranking", "Scorecard", "SeatSetup"]
