"""The fault harness, in the spirit of SQLite's: every write path with each system call of
the write failing in turn, odd targets, every reader of outside input fuzzed, and random
playouts through every widget saved and resumed at random points (through the game driver:
``tests/test_random_simulation.py``).

Its counts: :data:`WRITERS` x :data:`FAULTS` fault points, :data:`READERS` fuzzed,
``WIDGET_PLAYOUTS`` random games per widget, and ``KILLS`` writers killed at random points by
each kill test (a file's writer, two writers of one handout, a cache entry's, a kernel
autosaving its game).

Two processes at once: two real kernels resuming one game, two writers of one handout, two
processes computing one cache entry (here), and two class servers on one data folder
(``tests/classroom/test_one_server.py``).
"""

from __future__ import annotations

import dataclasses
import errno
import functools
import json
import os
import random
import signal
import stat
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import cache, files, registry, validation
from dicelab.editions import tutorial_notebooks, write_edition
from dicelab.errors import CorruptGameError, InvalidInputError, NotAFileError
from dicelab.handout import write_handout
from dicelab.widgets import saving
from dicelab.worksheet import write_worksheet

# --- the write paths -------------------------------------------------------------------


def _autosave(folder):
    os.environ["DICELAB_DATA_DIR"] = str(folder)  # (the test's monkeypatch puts it back)
    game = registry.GAMES["yahtzee"].Game(players=["Ann"], seed=1)
    problem = saving.save("game.json", "YahtzeeGame", "", game, [], {})
    if problem:
        raise OSError(problem)
    return saving.games_dir() / "game.json"


def _cache(folder):
    with warnings.catch_warnings():  # the old file is not a cache file, and is said so
        warnings.simplefilter("ignore", cache.CacheWarning)
        cache.load_or_compute({"n": 1}, lambda: {"a": np.arange(3)}, "faults", folder=folder)
    return cache.path_for({"n": 1}, "faults", folder)


def _strategy():
    from dicelab.fivethousand import Rules
    from dicelab.strategy import threshold

    return threshold(Rules(target=1000), bank_at=350)


#: The writers whose file is named by the caller, each writing at a path.
NAMED = {
    "handout": lambda path: write_handout("yahtzee", path),
    "worksheet": lambda path: write_worksheet(1, path),
    "lesson copy": lambda path: write_edition(tutorial_notebooks()[0], path, "student"),
    "class server file": lambda path: files.write_atomic(path, "{}", mode=0o600),
    "strategy": lambda path: _strategy().save(path),
}
#: Every kind of file dicelab writes, as a function writing it in a folder (and giving its path).
WRITERS = {
    **{name: lambda folder, write=write: write(folder / "file") for name, write in NAMED.items()},
    "autosave": _autosave,
    "cache": _cache,
}


class FailingFile:
    """The temporary file, with its ``write`` or its ``close`` failing."""

    def __init__(self, file, failing: str):
        self._file, self._failing = file, failing

    def __getattr__(self, name):
        return getattr(self._file, name)

    def write(self, data):
        if self._failing == "write":
            raise OSError(errno.EIO, "Input/output error")
        return self._file.write(data)

    def close(self):
        self._file.close()
        if self._failing == "close":
            raise OSError(errno.EIO, "Input/output error")

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self.close()


def fail(monkeypatch, call: str) -> list:
    """Make the system call ``call`` of writing a temporary file fail; the failures made."""
    failures: list = []

    def failing(*_args, **_kwargs):
        failures.append(call)
        raise OSError(errno.ENOSPC, "No space left on device")

    if call == "open":
        create = os.open

        def open_(path, *args, **kwargs):
            if files.is_temporary(Path(path)):
                failing()
            return create(path, *args, **kwargs)

        monkeypatch.setattr(files.os, "open", open_)
    elif call in ("write", "close"):
        fdopen = os.fdopen

        def fdopen_(*args, **kwargs):
            failures.append(call)
            return FailingFile(fdopen(*args, **kwargs), call)

        monkeypatch.setattr(files.os, "fdopen", fdopen_)
    else:
        monkeypatch.setattr(files.os, {"fsync": "fsync", "rename": "replace"}[call], failing)
    return failures


FAULTS = ("open", "write", "fsync", "rename", "close")


def listing(folder):
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("call", FAULTS)
@pytest.mark.parametrize("writer", WRITERS)
def test_a_failing_system_call_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path, monkeypatch, writer, call
):
    monkeypatch.setenv("DICELAB_DATA_DIR", str(tmp_path))
    write = WRITERS[writer]
    target = write(tmp_path)
    target.write_bytes(b"the old file")
    before = listing(target.parent)
    with monkeypatch.context() as patch:
        failures = fail(patch, call)
        try:
            write(tmp_path)
        except OSError:
            pass  # said as each writer says it (an exit status, a notice, a warning)
    assert failures, "the fault was never reached"
    assert target.read_bytes() == b"the old file" and listing(target.parent) == before
    assert write(tmp_path) == target and target.read_bytes() != b"the old file"
    assert listing(target.parent) == before  # and with the fault gone, it writes


# --- odd targets -----------------------------------------------------------------------


@pytest.mark.parametrize("writer", NAMED)
def test_odd_targets(tmp_path, writer):
    write = NAMED[writer]
    os.mkfifo(pipe := tmp_path / "pipe")
    (device := tmp_path / "device").symlink_to(os.devnull)
    (dangling := tmp_path / "dangling").symlink_to(tmp_path / "elsewhere" / "planted")
    (sub := tmp_path / "sub").mkdir()
    for target in (pipe, device):
        with pytest.raises(NotAFileError):
            write(target)
    assert stat.S_ISFIFO(pipe.lstat().st_mode) and os.readlink(device) == os.devnull
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    write(dangling)  # the link is replaced by the file, nothing is written where it led
    assert not dangling.is_symlink() and not (tmp_path / "elsewhere").exists()
    if writer in ("handout", "worksheet"):  # a folder: write the sheet inside it
        assert write(sub).parent == sub
    else:
        with pytest.raises(NotAFileError, match="is a folder"):
            write(sub)
    read_only = tmp_path / "read-only"
    read_only.write_text("theirs")
    read_only.chmod(0o444)
    write(read_only)  # replaced as any file is, and still read-only for everyone
    assert stat.S_IMODE(read_only.stat().st_mode) == (
        0o600 if writer.startswith("class") else 0o444
    )


ODD_FILES = {
    "a pipe": os.mkfifo,
    "a link to a device": lambda path: path.symlink_to("/dev/zero"),
    "a folder": Path.mkdir,
}


@pytest.mark.parametrize("odd", ODD_FILES)
def test_odd_files_in_a_class_folder_are_neither_read_nor_written_through(tmp_path, odd):
    """A pipe at ``server.json`` hung ``Classroom()``, one at ``server.log`` hung the start of
    its server, and a link to ``/dev/zero`` there was read without end: each is refused
    or passed over, at once."""
    from dicelab.classroom import process

    for name in (process.SERVER_FILE, process.LOCK_FILE, "server.log"):
        ODD_FILES[odd](tmp_path / name)
    assert process.running_server(tmp_path) is None
    assert "(process None)" in process._in_use(tmp_path)
    with pytest.raises(NotAFileError, match=r"server\.log is a (pipe|symbolic link|folder)"):
        process.start_server(tmp_path, port=0)
    assert process.running_server(tmp_path) is None


ODD_CLASS_FILES = {
    **ODD_FILES,
    "a link to a file": lambda path: path.symlink_to(path.with_name("notes.txt")),
}


@pytest.mark.parametrize("odd", ODD_CLASS_FILES)
def test_an_odd_class_file_is_refused_in_one_sentence_and_left_as_it_is(tmp_path, odd):
    """A pipe at ``class.sqlite3`` stopped ``dicelab class serve`` with a traceback, and a
    link was followed: the file it led to was made owner-only."""
    pytest.importorskip("tornado")
    from dicelab.classroom.store import DamagedStoreError, Store

    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    notes.chmod(0o644)
    ODD_CLASS_FILES[odd](path := tmp_path / Store.FILE)
    with pytest.raises(DamagedStoreError, match=r"class\.sqlite3 is a .*, not a class file"):
        Store(tmp_path)
    assert stat.S_IMODE(notes.stat().st_mode) == 0o644 and notes.read_text() == "mine"
    assert path.is_symlink() or odd in ("a pipe", "a folder")


def test_an_odd_file_at_a_cache_path_is_left_alone(tmp_path):
    key = {"n": 2}
    os.mkfifo(cache.path_for(key, "faults", tmp_path))
    with pytest.warns(cache.CacheWarning, match="not a regular file"):
        arrays = cache.load_or_compute(key, lambda: {"a": np.arange(2)}, "faults", folder=tmp_path)
    assert arrays["a"].tolist() == [0, 1]
    assert stat.S_ISFIFO(cache.path_for(key, "faults", tmp_path).lstat().st_mode)


# --- every reader fuzzed -----------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def read_fuzzed(tmp_path, content: bytes, read, longest: int = 400) -> None:
    """``read`` the file of ``content``: read, or refused in a sentence of at most
    ``longest`` characters, whatever was sent."""
    path = tmp_path / "fuzz.json"
    path.write_bytes(content)
    try:
        read(path)
    except CorruptGameError as refusal:
        assert len(str(refusal)) < longest


@FUZZ
@given(content=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_fuzz_the_saved_games_reader(tmp_path, content):
    read_fuzzed(tmp_path, content, saving.read)


def _save_document():
    game = registry.GAMES["thousand"].Game(players=["Ann", "Ben"], seed=2)
    return json.loads(
        json.dumps(
            {
                "format": 1,
                "widget": "ThousandGame",
                "made": "",
                "saved": 1.0,
                "over": False,
                "players": ["Ann", "Ben"],
                "game": game.to_json(),
                "entries": [],
            }
        )
    )


@FUZZ
@given(field=st.sampled_from(sorted(_save_document())), value=JSON)
def test_fuzz_each_field_of_a_save(tmp_path, field, value):
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps({**_save_document(), field: value}))
    try:
        entry = saving.read(path)
    except CorruptGameError as refusal:
        assert len(str(refusal)) < 400
    else:
        assert type(entry.saved) is float and entry.saved < float("inf")


@FUZZ
@given(game=st.sampled_from(sorted(registry.GAMES)), document=JSON)
def test_fuzz_the_rules_readers(game, document):
    try:
        registry.GAMES[game].Rules.from_dict(document)
    except (InvalidInputError, TypeError, ValueError) as refusal:
        assert len(str(refusal)) < 2_000


@FUZZ
@given(message=JSON)
def test_fuzz_the_intent_checker(message):
    fields = {"toggle": {"die": validation.die_index}, "press": {"button": str}}
    try:
        validation.intent(message, fields)
    except ValueError as refusal:
        assert len(str(refusal)) < 400


@FUZZ
@given(content=st.binary(max_size=400))
def test_fuzz_the_cache_reader(tmp_path, content):
    path = tmp_path / "fuzz.npz"
    path.write_bytes(content)
    arrays, problem = cache._read(path, "identity", None)
    assert arrays is None and problem


@functools.cache
def _strategy_document():
    return json.loads(_strategy().to_json())


@FUZZ
@given(
    content=st.binary(max_size=300)
    | JSON.map(lambda v: json.dumps(v).encode())
    | st.tuples(st.sampled_from(sorted(_strategy_document())), JSON).map(
        lambda change: json.dumps({**_strategy_document(), change[0]: change[1]}).encode()
    )
)
def test_fuzz_the_strategy_reader(tmp_path, content):
    from dicelab.strategy import Strategy

    read_fuzzed(tmp_path, content, Strategy.load, 1_000)  # (naming the 24 rule settings)


@FUZZ
@given(content=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_fuzz_the_class_servers_file_reader(tmp_path, content):
    from dicelab.classroom import process

    (tmp_path / process.SERVER_FILE).write_bytes(content)
    found = process._server_file(tmp_path)
    assert found is None or type(found) is dict


#: The fuzz tests above: saves, their fields, rules, intents, cache archives, strategies,
#: the class server's file (class messages: ``tests/classroom/test_fuzz.py``).
READERS = 7


# --- random rules (the random playouts here and in tests/test_random_simulation.py) -----


def random_rules(spec, rng: random.Random):
    """Rules of ``spec``'s game: a preset with some whole-number, yes/no and word settings
    changed at random (tried again while the change is refused), and a short target."""
    for _ in range(50):
        rules = rng.choice(list(spec.Rules.PRESETS.values()))
        changes = {}
        for field in dataclasses.fields(rules):
            value = getattr(rules, field.name)
            if rng.random() > 0.3:
                continue
            if type(value) is bool:
                changes[field.name] = not value
            elif type(value) is int and field.name != "dice":
                changes[field.name] = rng.choice([0, value // 2, value, value * 2]) // 50 * 50
            elif field.name in spec.Rules.WORDS:
                changes[field.name] = rng.choice(spec.Rules.WORDS[field.name])
        if hasattr(rules, "target"):
            changes["target"] = rng.choice([300, 500, 1000])
        try:
            return rules.replace(**changes)
        except InvalidInputError:
            continue
    return rules


# --- writers killed at random points -----------------------------------------------------

KILLS = 4
WRITING = """
import sys, time
from dicelab import files

def slowly(digit):
    def write(file):
        for _ in range(100):  # a sheet of 2 MB, written in pieces
            file.write(digit * 20_000)
            time.sleep(0.002)
    return write

print("ready", flush=True)
for n in range(10**6):
    files.write_atomic(sys.argv[1], slowly(str(n % 10).encode()))
"""


def test_a_writer_killed_at_random_points_leaves_a_whole_file_and_its_temporary_goes(
    tmp_path, monkeypatch
):
    target = tmp_path / "sheet.html"
    target.write_text("0" * 2_000_000)
    rng = random.Random(43)
    for _ in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITING, str(target)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.05, 0.6))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        text = target.read_text()
        assert len(text) == 2_000_000 and text == text[0] * len(text)  # one whole version
    left = [name for name in listing(tmp_path) if files.is_temporary(tmp_path / name)]
    assert left  # (a writer is killed in a write nearly always: most of its time is in one)
    monkeypatch.setattr(files, "_SWEPT", set())
    files.write_atomic(target, "the next start")
    assert listing(tmp_path) == ["sheet.html"]  # the killed writers' temporary files went


AUTOSAVING = """
from dicelab.widgets import FivethousandGame

table = FivethousandGame(players=["Ann", "Ben"], seed=4, pace=0)
print("ready", flush=True)
while True:  # a move, and its save, after another
    if table.game.is_over:
        table.rematch()
    table.play(table.game.legal_actions()[-1])
"""


def test_a_kernel_killed_while_it_autosaves_leaves_a_save_that_resumes(tmp_path, monkeypatch):
    from dicelab.widgets import FivethousandGame, saved_games

    rng = random.Random(433)
    for kill in range(KILLS):
        monkeypatch.setenv("DICELAB_DATA_DIR", str(tmp_path / str(kill)))
        kernel = subprocess.Popen(
            [sys.executable, "-c", AUTOSAVING], stdout=subprocess.PIPE, text=True
        )
        assert kernel.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.1, 1.0))
        _kill(kernel)
        with warnings.catch_warnings():
            warnings.simplefilter("error", saving.SavedGameWarning)
            (saved,) = saved_games()  # one whole save, never a part of one
        again = FivethousandGame(resume=saved, pace=0)
        assert again.game.to_json() == saved.game_json
        again.play(again.game.legal_actions()[-1])  # the next start writes, and sweeps
        again.close()
        games = saving.games_dir()
        assert not [p for p in games.iterdir() if files.is_temporary(p)]
        monkeypatch.setattr(files, "_SWEPT", set())  # (the next kernel is a new process)


WIDGET_PLAYOUTS = 2  # random games per widget, saved after every move and resumed at random
WIDGET_MOVES = 30  # a widget playout stops here


@pytest.mark.parametrize("name", sorted(registry.GAMES))
def test_random_widget_playouts_resumed_from_their_saves_equal_the_original(name):
    from dicelab import widgets

    spec = registry.GAMES[name]
    Widget = getattr(widgets, f"{spec.title}Game")
    for playout in range(WIDGET_PLAYOUTS):
        rng = random.Random(f"widget/{name}/{playout}")
        rules = random_rules(spec, rng)
        table = Widget(players=["Ann", "Ben"], rules=rules, seed=playout, pace=0)
        original = spec.Game.from_json(table.game.to_json())  # (its seats' colours too)
        for _ in range(WIDGET_MOVES):
            if original.is_over:
                break
            action = rng.choice(original.legal_actions())
            original.play(action)
            table.play(action)
            if rng.random() < 0.1:  # the kernel restarts: the table comes back from its save
                table.close()
                table = Widget(resume=widgets.saved_games(Widget.__name__)[0], pace=0)
            assert table.game.to_json() == original.to_json()
        table.close()


# --- two processes at once ---------------------------------------------------------------

KERNEL_PLAYS = """
import json
from dicelab.widgets import YahtzeeGame, saved_games

def play(table, moves):
    for _ in range(moves):
        table.play(table.game.legal_actions()[-1])
    print(json.dumps({"game": table.game.to_json(), "file": table._save_name,
                      "status": table.controls.status}))
"""


def test_two_kernels_resuming_one_game_play_apart_and_lose_no_move(tmp_path):
    """Two real Jupyter kernels: the second one's ``resume=True`` goes on as a copy in a
    file of its own and says so, while the first one's every move stays in its file."""
    from dicelab.messages import catalogue

    RESUMED_AS_COPY = catalogue("en")("table.resumed_as_copy")
    from tests.kernels import run, start

    def cell(client, code):
        return json.loads(run(client, code))

    kernels = [start(tmp_path), start(tmp_path)]
    try:
        (_, first), (_, second) = kernels
        for _, client in kernels:
            run(client, KERNEL_PLAYS)
        before = cell(first, "table = YahtzeeGame(players=['Ann'], seed=9, pace=0); play(table, 3)")
        copy = cell(second, "copy = YahtzeeGame(resume=True, pace=0); play(copy, 0)")
        assert copy["status"] == RESUMED_AS_COPY and copy["game"] == before["game"]
        assert copy["file"] != before["file"]  # a new id, a file of its own
        mine = [cell(first, "play(table, 1)"), cell(second, "play(copy, 2)")]
        mine += [cell(first, "play(table, 2)"), cell(second, "play(copy, 1)")]
    finally:
        for manager, client in kernels:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    folder = tmp_path / "data" / "games"
    first_file = saving.read(folder / before["file"])
    second_file = saving.read(folder / copy["file"])
    assert first_file.game_json == mine[2]["game"]  # every move of the first kernel is kept
    assert second_file.game_json == mine[3]["game"]  # and the copy's, apart
    events = [json.loads(game)["events"] for game in (before["game"], mine[2]["game"])]
    assert len(events[1]) == len(events[0]) + 3 and events[1][: len(events[0])] == events[0]
    assert json.loads(second_file.game_json)["events"][: len(events[0])] == events[0]
    assert len(list(folder.glob("*.json"))) == 2


HANDOUT_WRITER = """
import sys
from dicelab.handout import write_handout

print("ready", flush=True)
while True:
    write_handout(sys.argv[1], sys.argv[2])
"""


def _writers(script: str, *runs: list) -> list:
    """Processes running ``script``, one for each list of arguments, each ready."""
    started = [
        subprocess.Popen(
            [sys.executable, "-c", script, *arguments], stdout=subprocess.PIPE, text=True
        )
        for arguments in runs
    ]
    for process in started:
        assert process.stdout.readline() == "ready\n"
    return started


def _kill(process) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()
    process.stdout.close()


def test_two_writers_of_one_handout_leave_one_whole_sheet_through_kills(tmp_path):
    """Two processes write different sheets to one file over and over: whenever it is read,
    and after each is killed at a random point, it is one sheet whole, never a mix; the
    next start removes what the killed writers left."""
    from dicelab.handout import handout

    target = tmp_path / "sheet.html"
    target.write_text(handout("fivethousand"))
    sheets = {handout("fivethousand"), handout("yahtzee"), handout("thousand")}
    rng = random.Random(431)
    for _ in range(KILLS):
        writers = _writers(HANDOUT_WRITER, ["yahtzee", str(target)], ["thousand", str(target)])
        seen = set()
        for _ in range(50):
            seen.add(target.read_text())
            time.sleep(rng.uniform(0, 0.01))
        assert seen <= sheets
        for writer in rng.sample(writers, 2):
            time.sleep(rng.uniform(0, 0.05))
            _kill(writer)
            assert target.read_text() in sheets
    subprocess.run(
        [sys.executable, "-m", "dicelab", "handout", "yahtzee", "-o", str(target)], check=True
    )
    assert listing(tmp_path) == ["sheet.html"] and target.read_text() == handout("yahtzee")


CACHE_WRITER = """
import sys, time
import numpy as np
from dicelab import cache

def compute():
    print("computing", flush=True)
    with open(sys.argv[2], "a") as marks:
        marks.write("computed\\n")
    time.sleep(0.3)
    return {"a": np.arange(3_000_000)}  # 24 MB: its write takes a while

print("ready", flush=True)
sys.stdin.readline()  # go
arrays = cache.load_or_compute({"n": 1}, compute, "faults", folder=sys.argv[1])
print(int(arrays["a"].sum()), flush=True)
"""
WHOLE = 3_000_000 * (3_000_000 - 1) // 2  # the sum of the arrays computed


def _cache_writer(folder, marks):
    return subprocess.Popen(
        [sys.executable, "-c", CACHE_WRITER, str(folder), str(marks)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def test_two_processes_wanting_one_cache_entry_compute_it_once(tmp_path):
    marks = tmp_path / "marks"
    both = [_cache_writer(tmp_path, marks) for _ in range(2)]
    for process in both:
        assert process.stdout.readline() == "ready\n"
    for process in both:  # both ask at once: one computes, the other waits and reads it
        process.stdin.write("go\n")
        process.stdin.flush()
    answers = [process.communicate(timeout=120)[0].split() for process in both]
    assert sorted(answers) == [[str(WHOLE)], ["computing", str(WHOLE)]]
    assert marks.read_text() == "computed\n"
    assert cache.load_or_compute({"n": 1}, None, "faults", folder=tmp_path)["a"].sum() == WHOLE
    assert [p for p in listing(tmp_path) if p.startswith(".")] == []  # no temporary, no lock


def test_a_cache_writer_killed_at_random_points_leaves_the_entry_whole_or_absent(tmp_path):
    rng = random.Random(432)
    for kill in range(KILLS):
        folder = tmp_path / str(kill)
        folder.mkdir()
        writer = _cache_writer(folder, tmp_path / "marks")
        assert writer.stdout.readline() == "ready\n"
        writer.stdin.write("go\n")
        writer.stdin.flush()
        assert writer.stdout.readline() == "computing\n"
        time.sleep(rng.uniform(0, 1.0))  # computing, writing, or done
        writer.stdin.close()
        _kill(writer)
        next_start = _cache_writer(folder, tmp_path / "marks")
        assert next_start.stdout.readline() == "ready\n"
        answer = next_start.communicate("go\n", timeout=120)[0].split()
        assert answer[-1] == str(WHOLE)
        assert [p for p in listing(folder) if files.is_temporary(folder / p)] == []
