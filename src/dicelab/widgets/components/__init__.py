"""The parts every game's view document is made of, one per component module in ``static/``."""

from dicelab.widgets.components.advice_strip import AdviceStrip
from dicelab.widgets.components.caption import Caption
from dicelab.widgets.components.cask_scales import CaskScales
from dicelab.widgets.components.coach import CoachPanel
from dicelab.widgets.components.controls import Controls
from dicelab.widgets.components.dice import DiceTray
from dicelab.widgets.components.history import History
from dicelab.widgets.components.ranking import Ranking
from dicelab.widgets.components.scoreboard import Scoreboard
from dicelab.widgets.components.scorecard import Scorecard
from dicelab.widgets.components.setup import SeatSetup
from dicelab.widgets.components.shaker import Shaker
from dicelab.widgets.components.win_chances import WinChancesPanel
from dicelab.widgets.intents import MalformedIntent

__all__ = [
    "AdviceStrip",
    "Caption",
    "CaskScales",
    "CoachPanel",
    "Controls",
    "DiceTray",
    "History",
    "MalformedIntent",
    "Ranking",
    "Scoreboard",
    "Scorecard",
    "SeatSetup",
    "Shaker",
    "WinChancesPanel",
]
