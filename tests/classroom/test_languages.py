"""Each student's seat speaks the language of their page: the join carries it, the class keeps
it with the seat, and the activity's sentences, its refusals and a class game's narration
are said in it, while the student beside them reads English."""

from __future__ import annotations

import re
import sqlite3

import pytest

from dicelab.classroom.activities import activity, seeder
from dicelab.classroom.room import Room
from dicelab.classroom.store import Store
from tests.classroom.serving import THROW, ServerThread, Student

PLAY = {"part": "controls", "type": "press", "button": "play"}


def controls(view: dict) -> dict:
    return view["parts"]["controls"]


def test_two_students_of_one_activity_read_it_each_in_their_language(tmp_path):
    room = Room(Store(tmp_path))
    ann = room.join(room.store.code, "Ann", "ru")
    ben = room.join(room.store.code, "Ben")
    waiting = room.student_view(ann["student"])["view"]
    assert controls(waiting)["heading"] == "Ждём учителя"
    assert controls(room.student_view(ben["student"])["view"])["heading"] == (
        "Waiting for your teacher"
    )
    room.start("farkles", {})
    answer = room.intent(ann["student"], room.run["id"], 1, THROW)
    assert answer["view"]["title"] == "Фарклы: бросаем шесть кубиков"
    assert controls(answer["view"])["status"].endswith("У вас: 0 фарклов на 1 бросок.")
    assert controls(answer["view"])["buttons"][0]["label"] == "Бросить"
    english = room.intent(ben["student"], room.run["id"], 1, THROW)["view"]
    assert controls(english)["status"].endswith("You: 0 farkles in 1 throw.")
    again = Room(room.store)  # the class read again from its file: the seat keeps its language
    assert again.student_view(ann["student"])["view"]["title"] == "Фарклы: бросаем шесть кубиков"
    room.store.close()


@pytest.mark.parametrize(
    "name, intent, said",
    [
        ("farkles-three", THROW, "Нажмите «Бросить», чтобы бросить три кубика."),
        ("sixes", THROW, "Нажмите «Бросить», чтобы бросить кубик."),
        ("hot-dice", THROW, "Нажмите «Бросить», чтобы бросить шесть кубиков."),
        ("cask", THROW, "Нажмите «Бросить», чтобы начать ход с 0: наберите 100, чтобы выйти."),
        ("yahtzee-in-three", None, "Бросайте до трёх раз."),
        ("tally", None, "Бросьте шесть настоящих кубиков несколько раз и посчитайте фарклы."),
        ("first-player", PLAY, "Нажмите «Сыграть партию»."),
    ],
    ids=lambda value: value if isinstance(value, str) and value.isascii() else "",
)
def test_every_experiment_speaks_russian_from_its_first_sentence_to_its_tally(name, intent, said):
    session = activity(name).session(seeder(1, 1, 1), "Аня", {}, lang="ru")
    assert controls(session.view)["status"].startswith(said)
    assert not any(c.isascii() and c.isalpha() for c in session.view["title"])
    if intent is not None:
        for _ in range(3):
            session.receive(intent)
        status = controls(session.view)["status"]
        assert status and not re.search(r"[A-Za-z]{2,}", status), status


def test_a_refusal_and_a_tally_sent_are_said_in_the_students_language():
    tally = activity("tally").session(seeder(1, 1, 1), "Аня", {}, lang="ru")
    tally.receive({"part": "tally", "type": "send", "tries": 5, "hits": 6})
    assert controls(tally.view)["notice"]["text"] == (
        "число фарклов — от 0 до числа бросков (5), а не 6"
    )
    tally.receive({"part": "tally", "type": "send", "tries": 5, "hits": 1})
    assert controls(tally.view)["status"] == "Отправлено: 1 фаркл на 5 бросков. Спасибо!"
    match = activity("first-player").session(seeder(1, 1, 1), "Аня", {}, lang="ru")
    for _ in range(2):
        match.receive(PLAY)
    assert "всего 2 партии." in controls(match.view)["status"]


def test_a_class_game_is_narrated_in_the_students_language():
    game = activity("thousand").session(seeder(1, 1, 1), "Аня", {"robot": "simple"}, lang="ru")
    assert [p.name for p in game.widget.game.players] == ["Аня", "Робот"]
    assert controls(game.view)["help"].endswith("Когда игра окончена, A начинает новую.")
    game.receive(THROW)
    assert controls(game.view)["status"].startswith("Аня бросает: ")
    game.receive({"part": "controls", "type": "press", "button": "again"})
    assert controls(game.view)["notice"]["text"] == "Сначала доиграйте эту партию."


def test_a_page_in_russian_joins_a_russian_seat_and_an_unknown_language_is_refused(tmp_path):
    running = ServerThread(tmp_path, "farkles")
    try:
        anna = Student(running, "Аня", lang="ru-RU")
        ben = Student(running, "Ben", lang="en")
        assert anna.view["title"] == "Фарклы: бросаем шесть кубиков"
        assert ben.view["title"] == "Farkles: throw six dice"
        assert controls(anna.intent(THROW)["view"])["buttons"][0]["label"] == "Бросить"
        with pytest.raises(AssertionError, match="dicelab speaks en, ru, not 'de'"):
            Student(running, "Cy", lang="de")
        assert sorted(running.server.room.names.values()) == ["Ben", "Аня"]  # no seat for Cy
    finally:
        running.stop()


def test_a_class_kept_before_seats_had_a_language_opens_with_english_seats(tmp_path):
    store = Store(tmp_path)
    Room(store).join(store.code, "Ann")
    store.close()
    with sqlite3.connect(tmp_path / Store.FILE) as old:
        old.execute("ALTER TABLE students DROP COLUMN lang")
    old.close()
    room = Room(Store(tmp_path))
    assert list(room.langs.values()) == ["en"]
    ben = room.join(room.store.code, "Ben", "ru")
    assert room.langs[ben["student"]] == "ru"
    room.store.close()
