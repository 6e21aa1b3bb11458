"""The class's SQLite store: WAL, secrets kept as hashes, each intent stored once."""

import sqlite3

import pytest

from dicelab.classroom.store import Store, data_dir


def test_a_class_keeps_its_code_token_and_seed_across_openings(tmp_path):
    first = Store(tmp_path)
    code, token, seed = first.code, first.token, first.seed
    first.close()
    again = Store(tmp_path)
    assert (again.code, again.token, again.seed) == (code, token, seed)
    assert len(code) == 6 and not set(code) & set("0O1I")
    assert again._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again.close()
    assert (tmp_path / Store.FILE).stat().st_mode & 0o077 == 0


def test_a_secret_is_stored_only_as_its_hash(tmp_path):
    store = Store(tmp_path)
    student, secret = store.join("Ann")
    assert store.student(student, secret) == {"id": student, "name": "Ann"}
    assert store.student(student, secret + "x") is None
    assert store.student(student + 1, secret) is None
    dump = "\n".join(store._db.iterdump())
    assert secret not in dump
    store.close()


def test_an_intent_is_stored_once_with_its_state_and_results(tmp_path):
    store = Store(tmp_path)
    ann, _ = store.join("Ann")
    run = store.start_run("tally", {})
    assert store.record(ann, run, 1, {"n": 1}, [(10, 2, {}), (5, 1, {})])
    assert not store.record(ann, run, 1, {"n": 99}, [(10, 2, {})])  # sent again
    assert not store.record(ann, run, 0, {"n": 99}, [(10, 2, {})])  # an older number
    assert store.seat(ann, run) == (1, {"n": 1})
    assert [(r["trials"], r["successes"]) for r in store.results("tally")] == [(10, 2), (5, 1)]
    store.close()


def test_a_failed_write_changes_nothing(tmp_path):
    store = Store(tmp_path)
    ann, _ = store.join("Ann")
    run = store.start_run("farkles", {})
    with pytest.raises(TypeError):
        store.record(ann, run, 1, {"n": 1}, [(1, 0, {"not json": object()})])
    assert store.seat(ann, run) == (0, None) and store.results() == []
    store.close()


def test_runs_and_ending_the_class(tmp_path):
    store = Store(tmp_path)
    ann, secret = store.join("Ann")
    first = store.start_run("farkles", {})
    store.record(ann, first, 1, {}, [(1, 1, {})])
    second = store.start_run("tally", {})
    assert store.current_run() == {"id": second, "activity": "tally", "options": {}}
    store.stop_run()
    assert store.current_run() is None
    token, code, seed = store.token, store.code, store.seed
    store.end_session()  # archived: nothing is deleted
    assert store.students() == [] and store.student(ann, secret) is None
    assert store.token == token and store.current_run() is None
    ben, _ = store.join("Ben")
    third = store.start_run("farkles", {"robot": "x"})
    store.record(ben, third, 1, {}, [(1, 0, {})])
    rows = store.results()
    assert [(r["session"], r["name"], r["options"]) for r in rows] == [
        (1, "Ann", {}),
        (2, "Ben", {"robot": "x"}),
    ]
    assert rows[0]["seed"] == seed and rows[1]["seed"] == store.seed
    assert [r["name"] for r in store.results(session=2)] == ["Ben"]
    assert [s["code"] for s in store.sessions()] == [code, store.code]
    assert store.sessions()[0]["ended"] is not None and store.sessions()[1]["ended"] is None
    store.close()
    reopened = Store(tmp_path)
    assert [r["name"] for r in reopened.results(session=1)] == ["Ann"]  # kept on disk
    reopened.close()


def test_the_default_folder_is_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("DICELAB_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "dicelab" / "class"
    monkeypatch.setenv("DICELAB_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"


def test_the_store_is_a_plain_sqlite_file(tmp_path):
    store = Store(tmp_path)
    store.join("Ann")
    store.close()
    with sqlite3.connect(tmp_path / Store.FILE) as db:
        assert db.execute("SELECT name FROM students").fetchall() == [("Ann",)]


def test_a_batch_commits_once_and_a_failed_write_in_it_is_undone_alone(tmp_path):
    store = Store(tmp_path)
    ann, _ = store.join("Ann")
    run = store.start_run("farkles", {})
    with store.batch():
        assert store.record(ann, run, 1, {"n": 1}, [(1, 0, {})])
        with pytest.raises(TypeError):
            store.record(ann, run, 2, {"n": 2}, [(1, 0, {"bad": object()})])
        assert store.record(ann, run, 3, {"n": 3}, [(1, 1, {})])
        other = sqlite3.connect(tmp_path / Store.FILE)
        assert other.execute("SELECT COUNT(*) FROM results").fetchone() == (0,)  # not yet
    assert other.execute("SELECT seq FROM results ORDER BY seq").fetchall() == [(1,), (3,)]
    other.close()
    assert store.seat(ann, run) == (3, {"n": 3})
    with pytest.raises(RuntimeError), store.batch():
        store.record(ann, run, 4, {"n": 4}, [(1, 0, {})])
        raise RuntimeError("the disk is full")
    assert store.seat(ann, run) == (3, {"n": 3}) and len(store.results()) == 2
    store.close()
