"""A strategy is data: made by the builder or from a function, saved as strict JSON, and
every kind of bad strategy refused with a sentence that says where."""

import json

import numpy
import pytest

from dicelab import CorruptGameError
from dicelab.errors import InvalidInputError
from dicelab.fivethousand import Rules
from dicelab.strategy import Grid, Strategy, StrategyRefused, from_function, threshold
from dicelab.strategy.table import MAX_CHARS

RULES = Rules(target=1000)


def test_json_round_trip_keeps_every_decision():
    strategy = threshold(
        RULES,
        bank_at={1: 200, 2: 250},
        otherwise=400,
        when_behind_by=300,
        behind_bank_at=600,
        set_aside="keep_most_dice",
        name="Ann's",
    )
    text = strategy.to_json()
    again = Strategy.from_json(text)
    assert again == strategy and again.to_json() == text
    assert again.set_aside == "keep_most_dice" and again.name == "Ann's"


def test_the_builder_decides_as_its_settings_say():
    strategy = threshold(
        RULES,
        bank_at=300,
        when_behind_by=200,
        behind_bank_at=500,
        when_opponent_within=100,
        near_bank_at=None,
    )
    assert strategy.banks(0, 0, 300, 3, False)
    assert not strategy.banks(0, 400, 300, 3, False)  # behind by 400: from 500
    assert strategy.banks(0, 400, 500, 3, False)
    assert not strategy.banks(0, 900, 5000, 3, False)  # the opponent near the target: never
    assert not strategy.banks(0, 1000, 300, 3, True)  # the last turn: only once ahead
    assert strategy.banks(800, 1000, 250, 3, True)


def test_from_function_asks_every_state_once():
    seen = []
    grid = Grid.of(RULES)

    def count(state):
        seen.append(state)
        return state.dice_left <= 2

    strategy = from_function(count, RULES)
    assert len(seen) == grid.size == len(set(seen))
    assert strategy.play[..., :2].all() and not strategy.play[..., 2:].any()


def test_a_function_that_raises_is_refused_naming_the_state():
    def fragile(state):
        if state.turn_points == 450 and state.dice_left == 2 and not state.last_turn:
            raise ZeroDivisionError("oops")
        return False

    with pytest.raises(StrategyRefused, match="raised ZeroDivisionError") as refused:
        from_function(fragile, RULES)
    assert refused.value.state.turn_points == 450 and refused.value.state.dice_left == 2
    assert "450 turn points, 2 dice to throw" in str(refused.value)


def test_a_function_that_loops_is_stopped_and_refused():
    def stuck(state):
        while state.dice_left == 4:
            pass
        return True

    with pytest.raises(StrategyRefused, match="took longer than 0.2 s") as refused:
        from_function(stuck, RULES, time_limit=0.2)
    assert refused.value.state.dice_left == 4


def test_a_quick_function_is_not_refused_when_the_machine_is_busy(monkeypatch):
    """The clock may run seconds per state on a loaded machine; the limit counts thinking."""
    import dicelab.strategy.build as build

    clock = iter(range(0, 10**9, 2))  # two seconds pass between any two looks at the clock
    monkeypatch.setattr(build.time, "monotonic", lambda: next(clock))
    strategy = from_function(lambda state: state.dice_left <= 2, RULES)
    assert strategy.play[..., :2].all()


def test_a_function_that_waits_is_stopped_by_the_clock(monkeypatch):
    import dicelab.strategy.build as build

    clock = iter(range(0, 10**9, 7))
    monkeypatch.setattr(build.time, "monotonic", lambda: next(clock))

    def waits(state):
        while state.dice_left == 3:
            pass
        return True

    with pytest.raises(StrategyRefused, match="took longer") as refused:
        from_function(waits, RULES, time_limit=30)
    assert refused.value.state.dice_left == 3


@pytest.mark.parametrize("answer", [None, 1, 0.5, "yes", [True], numpy.True_])
def test_a_function_that_answers_nonsense_is_refused(answer):
    with pytest.raises(StrategyRefused, match="answer True"):
        from_function(lambda state: answer, RULES)


def test_a_function_that_is_not_a_function_is_refused():
    with pytest.raises(TypeError, match="function of a decision state"):
        from_function("bank at 300", RULES)
    with pytest.raises(InvalidInputError, match="time_limit"):
        from_function(lambda state: True, RULES, time_limit=0)


def test_tables_of_the_wrong_size_or_type_are_refused():
    grid = Grid.of(RULES)
    last = numpy.zeros(grid.last_shape, dtype=bool)
    with pytest.raises(InvalidInputError, match="shape"):
        Strategy(grid, numpy.zeros((2, 2, 2, 6), dtype=bool), last)
    with pytest.raises(TypeError, match="True/False"):
        Strategy(grid, numpy.zeros(grid.play_shape, dtype=int), last)
    with pytest.raises(ValueError, match="set-aside rule"):
        Strategy(grid, numpy.zeros(grid.play_shape, dtype=bool), last, set_aside="luck")
    with pytest.raises(InvalidInputError, match="multiple of 50"):
        Grid.of(RULES, band=333)
    with pytest.raises(TypeError):
        Grid.of(RULES, band=500.0)


def document(**changes):
    saved = json.loads(threshold(RULES).to_json())
    saved.update(changes)
    return json.dumps(saved)


@pytest.mark.parametrize(
    "text, where",
    [
        (document(play="AAAA"), r"\$\.play: must be \d+ characters"),  # a table of the wrong size
        (document(band="500"), r"\$\.band: must be a whole number"),
        (document(band=True), r"\$\.band: must be a whole number"),
        (document(set_aside=3), r"\$\.set_aside"),
        (document(set_aside="luck"), "set-aside rule"),
        (document(version=2), r"\$\.version: must be 1"),
        (document(extra=1), r"\$\.extra: unknown field"),
        (document(band=333), "multiple of 50"),
        (document(rules={"target": "lots"}), r"\$\.rules"),
        (document(play="!" * 10), r"\$\.play"),
        ('{"format": "dicelab-strategy", "format": "x"}', "appears twice"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),  # a JSON bomb: deep
        ('"' + "x" * (MAX_CHARS + 1) + '"', "characters long"),  # and long
        (b"\xff\xfe", "UTF-8"),
        (12, "JSON text"),
    ],
)
def test_bad_strategy_json_is_refused_naming_the_place(text, where):
    with pytest.raises(CorruptGameError, match=where):
        Strategy.from_json(text)


def test_bits_past_the_end_of_a_table_are_refused():
    saved = json.loads(threshold(RULES).to_json())
    grid = Grid.of(RULES)
    size = int(numpy.prod(grid.last_shape))
    if size % 8:
        import base64

        packed = bytearray(base64.b64decode(saved["last"]))
        packed[-1] |= 1
        saved["last"] = base64.b64encode(bytes(packed)).decode()
        with pytest.raises(CorruptGameError, match="past the end"):
            Strategy.from_json(json.dumps(saved))


def test_a_strategy_for_other_rules_is_refused_by_its_robot():
    from dicelab import simulate
    from dicelab.strategy import StrategyBot

    robot = StrategyBot(threshold("traditional"))
    with pytest.raises(InvalidInputError, match="other rules"):
        simulate.games(rules="zillions", players=[robot, "simple"], n=10, progress=False)


def test_a_strategy_saved_to_a_file_loads_back_and_only_from_a_regular_file(tmp_path):
    import os

    strategy = threshold(RULES, bank_at=350, name="Ben")
    path = strategy.save(tmp_path / "ben.json")
    assert Strategy.load(path) == strategy
    with pytest.raises(CorruptGameError, match="not a regular file"):
        Strategy.load(tmp_path)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(CorruptGameError, match="not a regular file"):
        Strategy.load(tmp_path / "pipe")
    (tmp_path / "big.json").write_text(" " * (MAX_CHARS + 1))
    with pytest.raises(CorruptGameError, match="longer than"):
        Strategy.load(tmp_path / "big.json")
