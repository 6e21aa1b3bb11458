"""The message catalogue (dicelab.messages): every language has every message with the same
fields and the forms its grammar needs, and the modules that speak to players write no word
of their own (see docs/languages.md for the rule)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from dicelab import messages
from dicelab.messages import LANGUAGES, Said, UnknownLanguageError, catalogue, language, preferred

SRC = Path(messages.__file__).parent.parent
ENGLISH = catalogue("en")
# The modules whose every word comes from the catalogue: the game tables' Python phrasing and
# the components the browser draws them with.
SPEAKING = [
    "widgets/controller.py",
    "widgets/thousand.py",
    "widgets/fivethousand.py",
    "widgets/yahtzee.py",
    "widgets/coaching.py",
    "widgets/win_chances.py",
    "coach/setaside.py",
    "coach/yahtzee.py",
    "coach/ledger.py",
    "widgets/seat_editor.py",
    "widgets/robot_pacer.py",
    "widgets/game_record.py",
    "widgets/proposal.py",
    "widgets/picks.py",
    "widgets/strategy_card.py",
    "widgets/leaderboard.py",
    "widgets/lesson.py",
    "cli.py",
]
COMPONENTS = [
    "table",
    "helpers",
    "controls",
    "cask_scales",
    "dice",
    "coach",
    "win_chances",
    "advice_strip",
    "setup",
    "scoreboard",
    "history",
    "ranking",
    "caption",
    "class_board",
    "strategy_card",
    "strategy_builder",
    "leaderboard",
]
PAGES = ["student", "board", "model"]  # the class pages' own scripts
# The class activities' sessions (what a student's phone reads), spoken in the seat's language;
# their registration (the activity's title, task and pooled share, on the teacher's board) is
# not in the catalogue yet, nor is the optimal robot the class never shows.
SESSIONS = ["classroom/throws.py", "classroom/matches.py", "classroom/games.py"]
NOT_YET = {"register_all", "_register_duplicate", "optimal_score"}
# Errors for a programmer's mistake (a wrong argument, a front end sending a malformed
# intent), in English as Python's own are: no player meets them by playing.
PROGRAMMERS_ERRORS = {
    "TypeError",
    "ValueError",
    "InvalidInputError",
    "WrongTypeError",
    "MalformedIntent",
    "Error",
}
KEY_NAMES = {"Escape", "Tab", "Enter"}  # the browser's names of keys, not words shown


def fields(text) -> set[str]:
    forms = text.values() if isinstance(text, dict) else [text]
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_has_every_message_with_its_fields_and_forms(lang):
    say = catalogue(lang)
    assert set(say.messages) == set(ENGLISH.messages)
    categories = {say.plural(n) for n in range(1000)}
    for key, text in say.messages.items():
        english = ENGLISH.messages[key]
        assert type(text) is type(english), key
        if isinstance(text, dict):
            person = set(english) == {"you", "other"}
            assert set(text) == ({"you", "other"} if person else categories), key
        # no field the caller doesn't give, and none of the numbers or names left out
        assert fields(text) <= fields(english), key
        assert fields(english) - {"who", "n"} <= fields(text), key


def test_russian_counts_take_the_right_form():
    say = catalogue("ru")
    counted = {n: say.count(n, "point") for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert counted == {
        0: "0 очков",
        1: "1 очко",
        2: "2 очка",
        4: "4 очка",
        5: "5 очков",
        11: "11 очков",
        12: "12 очков",
        14: "14 очков",
        21: "21 очко",
        22: "22 очка",
        25: "25 очков",
        101: "101 очко",
        111: "111 очков",
    }
    assert [say.count(n, "die") for n in (1, 3, 5)] == ["1 кубик", "3 кубика", "5 кубиков"]
    assert ENGLISH("thousand.turn_burned", n=1) == "The turn's 1 point is burned"


def test_the_person_form_follows_the_name_in_any_language():
    assert catalogue("ru")("table.turn_of", who="Вы") == "Ваш ход"
    assert catalogue("ru")("table.turn_of", who="Аня") == "Ход: Аня"
    assert ENGLISH("table.turn_of", who="You") == "Your turn"
    assert ENGLISH("table.turn_of", who="Ann") == "Ann's turn"


def test_a_language_is_named_by_its_code_and_a_browser_by_its_preferences():
    assert language("ru-RU") == language("RU") == language("ru_RU") == "ru"
    for bad in ("de", ""):
        with pytest.raises(UnknownLanguageError, match="dicelab speaks en, ru"):
            language(bad)
    for bad in (7, None, b"ru"):
        with pytest.raises(TypeError, match="lang is a language code"):
            language(bad)
    assert preferred("de-DE,ru;q=0.8,en;q=0.5") == "ru"
    assert preferred("en-GB,ru;q=0.9") == "en"
    assert preferred("ru;q=0, de") == "en"  # q=0: not acceptable
    assert preferred("xx;q=bad, ru") == "ru"


def test_a_table_speaks_its_language_from_its_players_to_its_refusals():
    from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame

    table = ThousandGame(lang="ru", seed=3, pace=0)
    assert [p.name for p in table.game.players] == ["Вы", "Робот 1", "Робот 2"]
    assert table.view["title"] == "Игра «Тысяча»" and table.words["keys"] == "Клавиши"
    table.send_intent(table.controls, {"type": "press", "button": "save"})
    assert table.controls.notice["text"] == "Сначала бросьте кубики."
    table.send_intent(table.controls, {"type": "press", "button": "throw"})
    assert table.controls.status.startswith("Вы бросаете: ")
    table.send_intent(table.controls, {"type": "press", "button": "save"})
    assert table.controls.notice["text"] == "Вы в бочке 0–100: наберите 100, чтобы записать."
    named = ThousandGame(players=["Ann", {"name": "Bot 1", "bot": "simple"}], lang="ru", pace=0)
    assert [p.name for p in named.game.players] == ["Ann", "Bot 1"]  # given names stay
    five = FivethousandGame(lang="ru", seed=3, pace=0)
    five.send_intent(five.shaker, {"type": "shake"})
    assert five.controls.status.startswith("Красный бросает: ")
    dice = YahtzeeGame(players=["Вы"], lang="ru", seed=3, pace=0)
    dice.send_intent(dice.controls, {"type": "press", "button": "roll"})
    assert dice.controls.status.startswith("Вы бросаете: ")
    setup = YahtzeeGame(lang="ru", pace=0)
    for _ in range(6):  # the second seat's colour back from Blue to the first's, Red
        setup.send_intent(setup.setup, {"type": "colour", "seat": 1, "step": -1})
    setup.send_intent(setup.controls, {"type": "press", "button": "start"})
    assert setup.controls.notice["text"] == (
        "У двух игроков один цвет (Красный): каждому нужен свой."
    )
    assert ThousandGame(seed=3, pace=0).view["title"] == "Thousand game"
    for bad, error in (("de", UnknownLanguageError), (5, TypeError)):
        with pytest.raises(error):
            ThousandGame(lang=bad)


def test_a_said_field_is_said_in_the_tables_language():
    from dicelab.widgets import ThousandGame

    alone = ThousandGame(players=["Вы"], lang="ru", pace=0)
    assert alone.coaching.why_not("win") == (
        "Оценка по шансу на победу недоступна: вы играете в одиночку, обыгрывать некого."
    )


def test_a_said_refusal_is_english_and_keeps_its_message_for_any_language():
    said = Said("refusal.in_cask", low=300, high=400)
    assert said == "you are in the 300–400 cask: reach 400 to save"
    assert messages.in_language(ValueError(said), catalogue("ru")) == (
        "вы в бочке 300–400: наберите 400, чтобы записать"
    )
    assert messages.in_language("as it is", catalogue("ru")) == "as it is"


def prose(text: str) -> bool:
    """Whether ``text`` holds words for a reader: two words in a row, or one capitalised
    (a command line, "dicelab lab", is typed alike in every language)."""
    if text.startswith("dicelab "):
        return False
    tokens = [token.strip(",.:;!?()…") for token in text.split()]
    plain = [bool(re.fullmatch(r"[A-Za-z']{2,}", token)) for token in tokens]
    if any(a and b for a, b in zip(plain, plain[1:])):
        return True
    return any(re.fullmatch(r"[A-Z][a-z]+", t) and t not in KEY_NAMES for t in tokens)


def python_words(path: Path, outside: frozenset[str] = frozenset()) -> list[str]:
    """The string constants of ``path`` that hold words, outside docstrings, ``__repr__``,
    programmers' errors and the functions named in ``outside``."""
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        exempt = isinstance(node, ast.FunctionDef) and node.name in {"__repr__", *outside}
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
            exempt = name in PROGRAMMERS_ERRORS
        if exempt:
            skip.update(id(inner) for inner in ast.walk(node))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and prose(node.value)
    ]


def javascript_strings(source: str) -> list[tuple[str, str]]:
    """Each string literal of ``source`` (a template's text outside its ``${}``), with the
    code just before it; comments left out."""
    found, i, n = [], 0, len(source)
    while i < n:
        char = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif char in "\"'`":
            start, text, i = i, [], i + 1
            while source[i] != char:
                if source[i] == "\\":
                    text.append(source[i : i + 2])
                    i += 2
                elif char == "`" and source.startswith("${", i):
                    depth, i = 1, i + 2
                    while depth:
                        depth += {"{": 1, "}": -1}.get(source[i], 0)
                        i += 1
                    text.append(" ")
                else:
                    text.append(source[i])
                    i += 1
            found.append(("".join(text), source[max(0, start - 12) : start]))
            i += 1
        else:
            i += 1
    return found


@pytest.mark.parametrize("module", SPEAKING)
def test_the_tables_phrasing_writes_no_word_of_its_own(module):
    assert python_words(SRC / module) == []


@pytest.mark.parametrize("module", SESSIONS)
def test_the_class_activities_sessions_write_no_word_of_their_own(module):
    assert python_words(SRC / module, frozenset(NOT_YET)) == []


@pytest.mark.parametrize("component", COMPONENTS)
def test_the_components_write_no_word_of_their_own(component):
    source = (SRC / "widgets" / "static" / f"{component}.js").read_text()
    words = [
        text
        for text, before in javascript_strings(source)
        if prose(text)
        and not re.search(r"Error\(|matches\(|querySelector(All)?\($", before)
        and "<svg" not in text
    ]
    assert words == []


@pytest.mark.parametrize("page", PAGES)
def test_the_class_pages_write_no_word_of_their_own(page):
    source = (SRC / "classroom" / "static" / f"{page}.js").read_text()
    assert [text for text, _ in javascript_strings(source) if prose(text)] == []
    html = SRC / "classroom" / "static" / f"{page}.html"
    if html.exists():  # its words are the catalogue's {{keys}}, filled in by the server
        text = re.sub(r"<[^>]*>|\{\{[a-z_.]+\}\}", " ", html.read_text())
        assert re.findall(r"[A-Za-z]{2,}", text) == []
        keys = re.findall(r"\{\{([a-z_.]+)\}\}", html.read_text())
        assert keys and set(keys) <= set(ENGLISH.messages)


def test_the_words_scan_finds_words():
    assert python_words(SRC / "widgets" / "rule_lab.py")  # not yet spoken through the catalogue
    assert javascript_strings('a("Keys") // "not this"\nb(`Name of ${who}`)') == [
        ("Keys", "a("),
        ("Name of  ", 'Keys") // "not this"\nb('[-12:]),
    ]
    assert prose("Keys") and prose("keys on") and not prose("dicelab-scale-row is-cask")


def test_every_key_the_code_asks_for_is_in_the_catalogue():
    asked = set()
    for path in SRC.rglob("*.py"):
        asked |= set(re.findall(r"\b(?:say|Said)\(\s*\"([a-z_]+\.[a-z_.]+)\"", path.read_text()))
    for path in [
        *(SRC / "widgets" / "static").glob("*.js"),
        *(SRC / "classroom" / "static").glob("*.js"),
    ]:
        said = re.findall(r"\b(?:say|text)\(\"([a-z_]+)\"", path.read_text())
        asked |= {f"js.{key}" for key in said}
    assert asked and asked - set(ENGLISH.messages) == set()


def test_a_lessons_dice_row_speaks_its_language():
    from dicelab.widgets.lesson import dice_row

    row = dice_row([1, 5], "200", lang="ru")
    assert row.tray.label == "Кубики 1, 5" and row.tray.dice[0]["label"] == "кубик: 1"
    assert dice_row([6]).tray.label == "The dice 6"
