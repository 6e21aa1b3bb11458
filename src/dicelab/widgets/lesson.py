"""Small displays for lessons: dice on a tray beside a sentence, and answers behind a click.

A lesson display is a small :class:`~dicelab.widgets.table.Table`, drawn by the same
component modules as the games.

>>> row = dice_row([1, 5, 5], "scores 200 points")
>>> [die["face"] for die in row.tray.dice], row.view["parts"]["caption"]["text"]
([1, 5, 5], 'scores 200 points')
"""

from __future__ import annotations

from dicelab.widgets.components import Caption, DiceTray
from dicelab.widgets.table import Table


class DiceRow(Table):
    """Dice drawn as in the games, with a caption beside them; nothing to click."""

    COMPONENTS = ("dice", "caption")

    def __init__(self, dice, caption: str = ""):
        super().__init__()
        faces = [
            {
                "face": face,
                "held": False,
                "kept": False,
                "selectable": False,
                "rolled": False,
                "label": f"a die showing {face}",
                "key": "",
            }
            for face in dice
        ]
        self.tray = DiceTray(dice=faces, label=f"The dice {', '.join(map(str, dice))}")
        self.caption = Caption(text=caption)
        self.show(
            {"row": [self.tray, self.caption]}, title=self.tray.label, layout="row", kind="lesson"
        )

    def __repr__(self) -> str:
        return f"<DiceRow {self.tray.label}: {self.caption.text}>"


def dice_row(dice, caption: str = "") -> DiceRow:
    """A row of dice drawn as in the games, with ``caption`` beside them."""
    return DiceRow(dice, caption)


def reveal(answer) -> None:
    """Display ``answer`` (text or HTML) hidden until a student clicks "Answer"."""
    from IPython.display import HTML, display

    display(
        HTML(f"<details><summary><b>Answer</b> (click to show)</summary><p>{answer}</p></details>")
    )
