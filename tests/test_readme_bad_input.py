"""The README's section on bad input runs as written and prints what it says."""

from tests.test_readme import python_blocks


def test_the_bad_input_examples_run(capsys):
    (block,) = python_blocks("Bad input, saves and caches")
    exec(compile(block, "README bad input", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("players is a list of names, such as ['Ann']")
    assert "casks are (low, high) pairs" in printed[1] and printed[2] == "$.seed"
