"""Small displays for lessons: dice on a tray beside a sentence, and answers behind a click.

>>> row = dice_row([1, 5, 5], "scores 200 points")
>>> [die["face"] for die in row.children[0].dice]
[1, 5, 5]
"""

from __future__ import annotations

import html

import ipywidgets

from dicelab.widgets.components import DiceTray


def dice_row(dice, caption: str = "") -> ipywidgets.HBox:
    """A row of dice drawn as in the games, with ``caption`` beside them."""
    faces = [{"face": face, "held": False, "kept": False, "selectable": False, "rolled": False,
              "label": f"a die showing {face}", "key": ""} for face in dice]
    tray = DiceTray(dice=faces, label=f"The dice {', '.join(map(str, dice))}")
    text = ipywidgets.HTML(f"<b>{html.escape(caption)}</b>")
    return ipywidgets.HBox([tray, text], layout=ipywidgets.Layout(align_items="center"))


def reveal(answer) -> None:
    """Display ``answer`` (text or HTML) hidden until a student clicks "Answer"."""
    from IPython.display import HTML, display

    display(HTML("<details><summary><b>Answer</b> (click to show)</summary>"
                 f"<p>{answer}</p></details>"))
