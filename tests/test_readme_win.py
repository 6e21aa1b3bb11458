"""The README's playing-to-win example runs."""

from tests.test_readme import python_blocks


def test_the_playing_to_win_example_runs(capsys):
    (block,) = python_blocks("Playing to win")
    exec(compile(block, "README playing to win", "exec"), {})
    out = capsys.readouterr().out
    assert "first player wins" in out and "Bank from this many turn points" in out
