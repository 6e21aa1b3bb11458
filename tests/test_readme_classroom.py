"""The README's classroom example runs and shows what it says."""

import re
from pathlib import Path

README = Path(__file__).parents[1] / "README.md"


def test_the_classroom_example_shows_the_same_dice():
    section = README.read_text().split("## In class: the same dice for everyone\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    namespace = {}
    exec(compile(block, "README classroom", "exec"), namespace)
    ann, ben = namespace["ann"], namespace["ben"]
    assert ann.history[0].dice == ben.history[0].dice
    assert ann.state.dice == ben.state.dice and ann.state.held == ben.state.held
