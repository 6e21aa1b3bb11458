"""The README's strategy tour runs as written and prints what it says."""

from tests.test_readme import python_blocks


def test_the_strategy_tour_runs(capsys):
    (block,) = python_blocks("Design a robot: strategies and a tournament")
    namespace = {}
    exec(compile(block, "README strategies", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "throwing first" in printed and "Where keep pace loses the most" in printed
    assert "Leaderboard" in printed and "win (robot)" in printed
    assert namespace["racer"].name == "keep pace"
