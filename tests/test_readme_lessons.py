"""The README's classroom and simulation examples run and show what they say."""

from dicelab import odds
from tests.test_readme import python_blocks


def test_the_classroom_example_shows_the_same_dice():
    (block,) = python_blocks("In class: the same dice for everyone")
    namespace = {}
    exec(compile(block, "README classroom", "exec"), namespace)
    ann, ben = namespace["ann"], namespace["ben"]
    assert ann.history[0].dice == ben.history[0].dice
    assert ann.state.dice == ben.state.dice and ann.state.held == ben.state.held


def test_the_simulation_example_compares_one_throw_with_one_throw(monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    imports, block = python_blocks("Odds and simulations for lessons")[:2]
    block = block.replace("n=100_000", "n=3_000").replace(
        "n=10_000", "n=40"
    )  # the same code, smaller runs
    namespace = {}
    exec(compile(imports, "README odds", "exec"), namespace)
    exec(compile(block, "README simulations", "exec"), namespace)
    first, exact = namespace["first"], float(odds.bust_probability("fivethousand", 6))
    share_of_zero = float((first.points == 0).mean())
    assert abs(share_of_zero - exact) < 4 * (exact * (1 - exact) / len(first)) ** 0.5
    assert set(first.frequencies()) <= set(odds.throw_odds("fivethousand", 6).points)


def test_the_pooling_example_says_what_it_shows():
    blocks = [b for b in python_blocks("Notebooks") if "ClassShares" in b]
    assert len(blocks) == 1
    namespace = {}
    exec(compile(blocks[0], "README pooling", "exec"), namespace)
    counts = namespace["counts"]
    assert (counts.trials, round(counts.pooled, 3), counts.inside(5 / 18)) == (60, 0.267, True)
    assert "# (60, 0.267, True)" in blocks[0]
