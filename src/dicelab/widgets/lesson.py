"""Small displays for lessons: dice on a tray beside a sentence, and answers behind a click.

A lesson display is a small :class:`~dicelab.widgets.table.Table`, drawn by the same
component modules as the games, in the language ``lang`` (see :mod:`dicelab.messages`).

>>> row = dice_row([1, 5, 5], "scores 200 points")
>>> [die["face"] for die in row.tray.dice], row.view["parts"]["caption"]["text"]
([1, 5, 5], 'scores 200 points')
"""

from __future__ import annotations

from dicelab.messages import DEFAULT, catalogue
from dicelab.widgets.components import Caption, DiceTray
from dicelab.widgets.table import Table


class DiceRow(Table):
    """Dice drawn as in the games, with a caption beside them; nothing to click."""

    COMPONENTS = ("dice", "caption")

    def __init__(self, dice, caption: str = "", *, lang: str = DEFAULT):
        say = catalogue(lang)
        super().__init__(words=say.front_end())
        faces = [
            {
                "face": face,
                "held": False,
                "kept": False,
                "selectable": False,
                "rolled": False,
                "label": say("lesson.die_showing", face=face),
                "key": "",
            }
            for face in dice
        ]
        self.tray = DiceTray(dice=faces, label=say("lesson.dice", faces=", ".join(map(str, dice))))
        self.caption = Caption(text=caption)
        self.show(
            {"row": [self.tray, self.caption]}, title=self.tray.label, layout="row", kind="lesson"
        )

    def __repr__(self) -> str:
        return f"<DiceRow {self.tray.label}: {self.caption.text}>"


def dice_row(dice, caption: str = "", *, lang: str = DEFAULT) -> DiceRow:
    """A row of dice drawn as in the games, with ``caption`` beside them."""
    return DiceRow(dice, caption, lang=lang)


def reveal(answer, *, lang: str = DEFAULT) -> None:
    """Display ``answer`` (text or HTML) hidden until a student clicks "Answer" (in the
    language ``lang``)."""
    from IPython.display import HTML, display

    say = catalogue(lang)
    summary = f"<b>{say('lesson.answer')}</b> {say('lesson.click_to_show')}"
    display(HTML(f"<details><summary>{summary}</summary><p>{answer}</p></details>"))
