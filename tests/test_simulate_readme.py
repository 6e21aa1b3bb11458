"""The README's simulation examples run and say what their comments say."""

import numpy
import pytest

from dicelab import simulate
from tests.test_readme import python_blocks

SECTION = "Odds and simulations for lessons"


@pytest.fixture(scope="module")
def blocks():
    odds, games, pool, dask = python_blocks(SECTION)
    return {"odds": odds, "games": games, "pool": pool, "dask": dask}


def test_the_simulation_example_runs_as_written(blocks, capsys):
    pytest.importorskip("matplotlib").use("Agg")
    namespace = {}
    exec(compile(blocks["odds"] + blocks["games"], "README simulations", "exec"), namespace)
    printed = capsys.readouterr().out
    comment = blocks["games"].split("# ", 1)[1].split(",", 1)[0]
    assert printed.startswith(comment.split(" (")[0]), (printed, comment)
    assert len(namespace["results"]) == 100_000 and len(namespace["turns"]) == 100_000


def smaller(block: str) -> str:
    """The block with 2 000 games instead of 100 000 (the test checks the path, not the scale)."""
    assert "n=100_000" in block
    return block.replace("n=100_000", "n=2_000")


def test_the_process_pool_example_gives_the_serial_results(blocks):
    namespace = {"simulate": simulate}
    exec(compile(smaller(blocks["pool"]), "README pool", "exec"), namespace)
    serial = simulate.games("thousand", ["simple", "cask_aware"], n=2_000, progress=False)
    assert numpy.array_equal(namespace["results"].scores, serial.scores)


def test_the_dask_example_gives_the_serial_results(blocks):
    pytest.importorskip("distributed")
    namespace = {"simulate": simulate}
    exec(
        compile(
            smaller(blocks["dask"]).replace(
                "processes=True)", "processes=True, dashboard_address=None)"
            ),
            "README dask",
            "exec",
        ),
        namespace,
    )
    serial = simulate.games("thousand", ["simple", "cask_aware"], n=2_000, progress=False)
    assert numpy.array_equal(namespace["results"].scores, serial.scores)
