"""The README's example of the Yahtzee spread and the chance to win runs as written."""

import re
from pathlib import Path

import pytest

README = Path(__file__).parents[1] / "README.md"


def test_the_spread_and_chance_to_win_example_runs():
    (block,) = [
        b
        for b in re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
        if "yahtzee.chance_to_win" in b
    ]
    namespace = {}
    exec(compile(block, "README chance to win", "exec"), namespace)
    solution, game = namespace["solution"], namespace["g"]
    assert (round(solution.expected_score, 2), round(solution.std_score, 2)) == (245.87, 39.82)
    assert game.state.player == 0 and len(game.state.cards[1].filled) == 1
    assert sum(namespace["yahtzee"].chance_to_win(game)) == pytest.approx(1)
