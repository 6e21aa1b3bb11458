"""The README's tour runs as written."""

import re
from pathlib import Path

README = Path(__file__).parents[1] / "README.md"


def python_blocks(section: str) -> list[str]:
    text = README.read_text().split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_tour_runs():
    (tour,) = python_blocks("A short tour")
    namespace = {}
    exec(compile(tour, "README tour", "exec"), namespace)
    assert namespace["g"].history and namespace["y"].totals()[0] > 0


def test_the_odds_examples_run_and_say_what_the_comments_say():
    odds_block = python_blocks("Odds and simulations for lessons")[0]
    namespace = {}
    exec(compile(odds_block, "README odds", "exec"), namespace)
    odds = namespace["odds"]
    from fractions import Fraction

    from dicelab import fivethousand

    assert odds.bust_probability("fivethousand", 6) == Fraction(5, 162)
    assert odds.bust_probability(fivethousand.Rules(single_five=0), 1) == Fraction(5, 6)
    assert odds.box_odds("yahtzee", rolls_left=3).chance == Fraction(2783176, 60466176)


def test_the_reinforcement_learning_example_runs():
    (example,) = python_blocks("Reinforcement learning")
    namespace = {}
    exec(compile(example, "README rl", "exec"), namespace)
    env, table = namespace["env"], namespace["table"]
    assert namespace["optimal_total"] == env.episode.state.cards[0].total(env.rules)
    assert 0 < namespace["random_total"] and table.agents == [] and table.episode.state.is_over


def test_the_house_rules_block_runs_and_prints_zilchs_figure(capsys):
    (block,) = python_blocks("House rules and published rule sets")
    exec(compile(block, "README house rules", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "620.855 points per turn"
    assert "can't yet honour a score floor (score_floor=-1000000)" in printed[1]
