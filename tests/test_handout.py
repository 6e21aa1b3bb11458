"""The printable class sheets: what each holds, read from the rules and the lessons."""

from html.parser import HTMLParser

import pytest

from dicelab import cli, fivethousand, thousand, yahtzee
from dicelab.handout import GAMES, handout, lesson_exercises
from dicelab.yahtzee import BOX_TITLES

VOID = {"meta", "br", "img", "hr", "link", "input"}


class Structure(HTMLParser):
    """Checks that every element is closed in order, and collects the text."""

    def __init__(self):
        super().__init__()
        self.open, self.text, self.cells = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.open.append(tag)
        self.cells += tag == "td"

    def handle_endtag(self, tag):
        assert self.open and self.open.pop() == tag, f"</{tag}> closes nothing open"

    def handle_data(self, data):
        self.text.append(data)


def parsed(page: str) -> Structure:
    structure = Structure()
    structure.feed(page)
    assert structure.open == [], f"unclosed: {structure.open}"
    return structure


@pytest.mark.parametrize("game", GAMES)
def test_each_sheet_is_well_formed_and_holds_the_lessons_exercises_without_answers(game):
    page = handout(game)
    text = " ".join(parsed(page).text)
    exercises = lesson_exercises(game)
    assert len(exercises) >= 3
    for title, question in exercises:
        assert title in text and question.split()[0] in text
    assert "Answer" not in text and "reveal" not in page
    assert "@page" in page and "Name:" in text


def test_the_yahtzee_sheet_has_every_box_and_a_blank_scorecard():
    rules = yahtzee.Rules()
    structure = parsed(handout("yahtzee"))
    text = " ".join(structure.text)
    for box in rules.boxes:
        assert text.count(BOX_TITLES[box]) >= 2  # in the scoring table and on the scorecard
    assert "4 4 4 4 4 → 25" in text  # five of a kind is a Full House under the default rules
    assert (
        f"{rules.upper_bonus} when the upper boxes total at least {rules.upper_bonus_threshold}"
        in text
    )


def test_a_preset_or_custom_rules_print_their_own_numbers():
    hasbro = " ".join(parsed(handout("yahtzee", "hasbro")).text)
    assert (
        "4 4 4 4 4 → 0" in hasbro
        and "hasbro" in hasbro
        and "must go in the matching upper box" in hasbro
    )
    assert "Joker" not in " ".join(parsed(handout("yahtzee")).text)
    custom = " ".join(parsed(handout("fivethousand", fivethousand.Rules(target=3000))).text)
    assert "custom" in custom and "3000 or more" in custom and "5000" not in custom
    casks = " ".join(parsed(handout("thousand", thousand.Rules(casks=((0, 50),)))).text)
    assert "0–50" in casks and "300–400" not in casks


def test_the_scoring_table_lists_every_combination_of_the_rules():
    text = " ".join(parsed(handout("thousand")).text)
    for faces, points in (("2 3 4 5 6", 250), ("1 1 1", 100), ("6 6 6 6 6", 600)):
        assert f"{faces} {points}" in " ".join(text.split())


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="no game called 'chess'"):
        handout("chess")


def test_the_command_writes_the_sheet(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["handout", "yahtzee"]) == 0
    assert (tmp_path / "yahtzee-handout.html").read_text(encoding="utf-8") == handout("yahtzee")
    assert "yahtzee-handout.html" in capsys.readouterr().out
    assert cli.main(["handout", "thousand", "-o", str(tmp_path / "sheet.html")]) == 0
    assert "Casks" in (tmp_path / "sheet.html").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        cli.main(["handout", "chess"])


def test_the_tally_has_room_for_the_turns_perfect_play_needs_and_a_possible_example():
    from dicelab.handout import TALLY_MARGIN, tally_example, tally_rows

    rules = thousand.Rules()
    needed = thousand.solitaire_policy(rules).expected_turns(0)  # 37.4 turns, exactly computed
    rows = tally_rows(rules)
    assert rows >= TALLY_MARGIN * needed > needed > 30 and rows % 5 == 0
    text = " ".join(parsed(handout("thousand")).text)
    assert (
        f"{rows} " in text
        and f"{rows + 1} " not in text.split("Tally sheet")[1].split("Exercise")[0]
    )
    for rules in (thousand.Rules(), fivethousand.Rules(), fivethousand.Rules(target=1000)):
        gain, after = tally_example(rules)
        assert after < rules.target  # a banked score a game can show next to its target
        before = after - gain
        assert not any(low <= before < high for low, high in getattr(rules, "casks", ()))
    assert (
        thousand.score([1, 2, 3, 4, 5]) == fivethousand.score([1, 5]) == 150
    )  # a turn of 150 happens
    assert "650 after a turn of +150 from 500" in _words(handout("thousand"))


def test_a_long_tally_stands_in_blocks_side_by_side_each_with_its_header_row():
    from dicelab.handout import TALLY_BLOCK, tally_rows

    page = handout("thousand")
    rows = tally_rows(thousand.Rules())
    blocks = page.count("<table class='tally'>")
    assert rows > 2 * TALLY_BLOCK and blocks == -(-rows // TALLY_BLOCK) == 3
    assert page.count("<thead><tr><th>turn</th>") == blocks  # repeated where a block goes on
    assert "thead { display: table-header-group; }" in page


def _words(page: str) -> str:
    return " ".join(" ".join(parsed(page).text).split())


def test_the_yahtzee_sheet_says_which_boxes_score_all_five_dice_and_what_a_full_house_is():
    text = _words(handout("yahtzee"))
    for box, hand in (
        ("three_of_a_kind", [4, 4, 4, 2, 6]),
        ("four_of_a_kind", [5, 5, 5, 5, 1]),
        ("chance", [1, 3, 4, 6, 6]),
    ):
        assert yahtzee.score(box, hand) == sum(hand)  # the sum of all five dice
    assert text.count("the sum of all five dice") == 3
    assert "three of one face and two of another, or five of a kind: 25" in text
    assert yahtzee.score("full_house", [4, 4, 4, 4, 4]) == 25 and "4 4 4 4 4 → 25" in text
    hasbro = _words(handout("yahtzee", "hasbro"))
    assert "or five of a kind" not in hasbro and "4 4 4 4 4 → 0" in hasbro
    yatzy = _words(handout("yahtzee", "yatzy"))
    assert (
        "the sum of all five dice" in yatzy
        and "at least three dice of one face: the sum of those dice only" in yatzy
    )
    assert "1 2 3 4 5: 15" in yatzy


def test_each_tally_sheet_names_its_own_game_s_lost_turn():
    assert "a farkle: the same score again" in _words(
        handout("fivethousand")
    ) and "burn" not in handout("fivethousand")
    assert "a burn: the same score again" in _words(handout("thousand")) and "farkle" not in _words(
        handout("thousand")
    )
