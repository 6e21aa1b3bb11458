"""Each lesson's class experiment as an activity: its exact value by an independent count,
each result as the engine says, a seat restored, and every one run against a real server."""

import json
from fractions import Fraction
from functools import cache

import pytest

from dicelab import dice, fivethousand, thousand
from dicelab.classroom.activities import ACTIVITIES, activity, seeder
from tests.classroom.serving import ServerProcess, Student

THROW = {"part": "controls", "type": "press", "button": "throw"}
PLAY = {"part": "controls", "type": "press", "button": "play"}
LESSONS = {  # lesson -> its class experiment's activity
    1: "farkles-three",
    2: "cask",
    3: "yahtzee-in-three",
    4: "sixes",
    5: "hot-dice",
    6: "farkles-no-fives",
    7: "first-player",
}
THROWN = ("farkles-three", "sixes", "hot-dice", "farkles-no-fives")


def _share(rules, n: int, counts) -> Fraction:
    """The chance of the throws of ``n`` dice for which ``counts(best choice, throw)``."""
    table = rules.combinations()
    return sum(
        (p for throw, p in dice.outcomes(n).items() if counts(table.best_choice(throw), throw)),
        Fraction(0),
    )


def test_every_lesson_has_its_own_activity_with_task_pool_and_exact_value():
    assert len(set(LESSONS.values())) == 7
    for lesson, name in LESSONS.items():
        spec = ACTIVITIES[name]
        assert spec.task and spec.pooled and spec.title
        assert spec.has_exact, name
        if lesson != 3:
            assert f"lesson {lesson}" in spec.task


def test_the_exact_values_agree_with_a_count_by_hand():
    three = fivethousand.Rules().replace(dice=3)
    # no 1, no 5 and no triple: (4³ − 4) / 6³
    assert activity("farkles-three").exact == Fraction(4**3 - 4, 6**3) == Fraction(5, 18)
    assert activity("farkles-three").exact == _share(three, 3, lambda best, _: best is None)
    # a single 5 scores nothing: no 1 and no triple, (5³ − 5) / 6³
    assert activity("farkles-no-fives").exact == Fraction(5**3 - 5, 6**3)
    assert activity("sixes").exact == Fraction(1, 6)
    # hot dice by hand: 64 + 640 + 120 + 4 = 828 of the 6⁶ throws
    assert activity("hot-dice").exact == Fraction(64 + 640 + 120 + 4, 6**6)
    assert activity("hot-dice").exact == _share(
        fivethousand.Rules(), 6, lambda best, throw: best is not None and len(best[0]) == 6
    )


def test_the_cask_value_is_the_lessons_tree():
    rules = thousand.Rules()
    table = rules.combinations()

    @cache
    def escape(points, left):  # lesson 2's recursion, walked afresh
        if points > rules.target:
            return Fraction(0)
        if points >= 100:
            return Fraction(1)
        total = Fraction(0)
        for throw, p in dice.outcomes(left).items():
            best = table.best_choice(throw)
            if best is not None:
                kept, gained = best
                total += p * escape(points + gained, left - len(kept) or rules.dice)
        return total

    assert activity("cask").exact == escape(0, rules.dice)
    assert 0.15 < float(activity("cask").exact) < 0.17


def test_the_first_player_value_is_the_solved_short_game():
    from dicelab.classroom.matches import SHORT

    assert activity("first-player").exact == fivethousand.win_policy(SHORT).first_player_wins
    assert 0.5 < activity("first-player").exact < 0.65


@pytest.mark.parametrize("name", THROWN)
def test_each_throw_is_one_result_as_the_engine_counts_it(name):
    spec = activity(name)
    session = spec.session(seeder(4, 1, 1), "Ann", {})
    rules = type(session).RULES
    table = rules.combinations()
    for _ in range(300):
        session.receive(THROW)
    results = session.take_results()
    assert len(results) == 300
    for trials, hit, detail in results:
        faces = tuple(sorted(detail["dice"]))
        assert trials == 1 and len(faces) == rules.dice
        best = table.best_choice(faces)
        expected = {
            "sixes": faces == (6,),
            "hot-dice": best is not None and len(best[0]) == len(faces),
        }.get(name, best is None)
        assert hit == expected
    hits = sum(hit for _, hit, _ in results)
    assert 0 < hits < 300 and f"{hits} " in session.view["parts"]["controls"]["status"]


def test_a_cask_turn_ends_at_the_top_or_when_nothing_scores():
    session = activity("cask").session(seeder(2, 1, 1), "Ann", {})
    turns = 0
    for _ in range(400):
        session.receive(THROW)
        for trials, escaped, detail in session.take_results():
            turns += 1
            assert trials == 1
            assert (detail["points"] >= 100) == bool(escaped)
            assert escaped or detail["points"] == 0
    assert turns > 50 and 0 < session.escapes < turns == session.turns


@pytest.mark.parametrize("name", ["cask", *THROWN, "first-player"])
def test_a_restored_seat_goes_on_with_the_same_dice(name):
    spec = activity(name)
    intent = PLAY if name == "first-player" else THROW
    first = spec.session(seeder(6, 1, 1), "Ann", {})
    for _ in range(4):
        first.receive(intent)
    first.take_results()
    again = spec.session(seeder(6, 1, 1), "Ann", {}, json.loads(json.dumps(first.state())))
    assert again.state() == first.state()
    first.receive(intent)
    again.receive(intent)
    assert again.take_results() == first.take_results()
    assert {k: v for k, v in again.view["parts"].items() if k != "controls"} == {
        k: v for k, v in first.view["parts"].items() if k != "controls"
    }


def test_first_player_games_count_a_shared_win_half():
    from dicelab.classroom.matches import first_player_share

    class Played:
        players = ("A", "B")

        def __init__(self, winners):
            self.winners = winners

    assert [first_player_share(Played(w)) for w in (["A"], ["B"], ["A", "B"])] == [1.0, 0.0, 0.5]
    session = activity("first-player").session(seeder(1, 1, 1), "Ann", {})
    for _ in range(3):
        session.receive(PLAY)
    results = session.take_results()
    assert [detail["game"] for _, _, detail in results] == [1, 2, 3]
    for _, share, detail in results:  # whoever has more points won
        assert share == (
            0.5 if detail["first"] == detail["second"] else detail["first"] > detail["second"]
        )


@pytest.mark.slow
def test_every_lesson_activity_runs_on_a_real_server_and_pools_what_was_sent(tmp_path):
    server = ServerProcess(tmp_path / "class")
    teacher = server.teacher_socket(timeout=120)
    try:
        json.loads(teacher.recv())
        students = [Student(server, name) for name in ("Ann", "Ben")]
        for name in [n for n in LESSONS.values() if n != "yahtzee-in-three"]:
            teacher.send(
                json.dumps(
                    {
                        "type": "intent",
                        "intent": {"part": "board", "type": "start", "activity": name, "robot": ""},
                    }
                )
            )
            for student in students:
                student.last = student.expect("view")
                student.seq = 0
                session = activity(name).session(seeder(1, 1, 1), "x", {})
                assert student.view["title"] == session.view["title"]
            intent = PLAY if name == "first-player" else THROW
            sent = {student.name: 0 for student in students}
            for _ in range(5):
                for student in students:
                    student.intent(intent)
                    sent[student.name] += 1
            rows = [row for row in server.csv_rows() if row[1] == name]
            assert (
                sorted(row[3] for row in rows if row[4])
                == sorted(n for n, k in sent.items() for _ in range(k))
                or name == "cask"
            )  # a cask turn is a result only when it ends
            for student in students:
                mine = [row for row in rows if row[3] == student.name]
                assert len({row[4] for row in mine}) == len(mine)  # each intent counted once
        teacher.send(json.dumps({"type": "intent", "intent": {"part": "board", "type": "reveal"}}))
        while not (board := json.loads(teacher.recv())["view"]["parts"]["board"])["revealed"]:
            pass
        exact = activity("first-player").exact
        assert board["exact"] == {"text": f"{exact:.4f}", "value": exact}
        assert board["pool"]["trials"] == 10
    finally:
        teacher.close()
        server.stop()
