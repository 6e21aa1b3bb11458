"""The README's rule lab snippet runs as written and says what its comments say."""

import re
from pathlib import Path

README = Path(__file__).parents[1] / "README.md"


def test_the_rule_lab_snippet_runs():
    text = README.read_text().split("## The rule lab\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.*?)```", text, re.S)
    namespace = {}
    exec(compile(block, "README rule lab", "exec"), namespace)
    lab, game = namespace["lab"], namespace["game"]
    from dicelab import fivethousand

    rules = fivethousand.Rules(dice=3, target=400, single_five=100)
    assert lab.rules == rules and game.game.rules == rules
    assert lab.values["turn"] == fivethousand.turn_policy(rules).expected_score
    assert lab.values["win"] == fivethousand.win_policy(rules).first_player_wins
    assert lab.children == (lab.lab, game)
