"""A printable class sheet for each game: rules summary, scoring table, a blank scorecard or
tally sheet, and the exercises of the game's lesson without their answers.

Everything on the sheet is read from the game's ``Rules`` (so a custom rule set prints its
own numbers) and from the lesson notebook shipped with dicelab.

>>> page = handout("yahtzee")
>>> "Full House" in page and "Exercise 1" in page and "Answer" not in page
True
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from dicelab import dice as _dice
from dicelab import registry
from dicelab.files import write_atomic

GAMES = tuple(registry.GAMES)
TALLY_MARGIN = 2  # a tally sheet has this many times the turns perfect play needs on average (people need more)
SEATS = 6  # columns of a scorecard or tally sheet
TALLY_BLOCK = 25  # turns in one block of a tally sheet; the blocks stand side by side

CSS = """
@page { margin: 14mm; }
body { font-family: system-ui, sans-serif; color: #111; background: #fff; max-width: 180mm;
       margin: 0 auto; font-size: 11pt; line-height: 1.35; }
h1 { font-size: 20pt; margin: 0 0 2mm; }
h2 { font-size: 13pt; border-bottom: 1.5pt solid #111; margin: 4mm 0 2mm; padding-bottom: 1mm; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.75pt solid #444; padding: 0.7mm 1.5mm; text-align: left; vertical-align: top; }
th { background: #eee; }
th.blank { background: #fff; height: 7mm; width: 13%; }
td.blank { height: 4.5mm; }
.tallies { display: grid; gap: 0 3mm; }
table.tally th, table.tally td { padding: 0.4mm 1mm; font-size: 8pt; }
table.tally td { height: 4.4mm; }
table.tally th.blank { height: 6mm; width: auto; }
table.tally { table-layout: fixed; }
table.tally tr > :first-child { width: 6.5mm; padding: 0.4mm 0.5mm; }
tr, .exercise, .box { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
.columns { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0 5mm; align-items: start; }
.exercise { break-inside: avoid; margin-bottom: 4mm; }
.working { border: 0.75pt dashed #666; height: 13mm; margin-top: 1.5mm; }
.exercise h3 { font-size: 11pt; margin: 2mm 0 1mm; }
.exercise p { margin: 0 0 1mm; }
.name { float: right; font-size: 11pt; }
section { break-inside: avoid-page; }
section.flows { break-inside: auto; }  /* a long part goes on on the next page */
h2, h3 { break-after: avoid; }
@media screen { body { padding: 8mm; } }
"""

JOKERS = {  # Rules.joker -> how a further Yahtzee is scored
    "forced": [
        "Joker: a further Yahtzee must go in the matching upper box if it is open; else in any open "
        "lower box, where Full House and the straights score their full value; else a 0 in an open "
        "upper box."
    ],
    "free": [
        "Joker: a further Yahtzee may go in any open box; Full House and the straights score their "
        "full value only when the Yahtzee box and the matching upper box are both filled."
    ],
}
YAHTZEE_BOXES = {  # box -> what it asks for (what it scores is read from the rules, see _box_text)
    "ones": "the 1s",
    "twos": "the 2s",
    "threes": "the 3s",
    "fours": "the 4s",
    "fives": "the 5s",
    "sixes": "the 6s",
    "one_pair": "two dice of one face",
    "two_pairs": "two pairs of different faces",
    "three_of_a_kind": "at least three dice of one face",
    "four_of_a_kind": "at least four dice of one face",
    "full_house": "three of one face and two of another",
    "small_straight": "four faces in a row",
    "large_straight": "five faces in a row",
    "yahtzee": "five dice of one face",
    "chance": "any dice",
}
YAHTZEE_EXAMPLES = {  # box -> hands shown with their points
    "ones": [(1, 1, 3, 4, 6)],
    "twos": [(2, 2, 2, 5, 6)],
    "threes": [(3, 3, 1, 4, 5)],
    "fours": [(4, 4, 4, 4, 2)],
    "fives": [(5, 5, 1, 2, 3)],
    "sixes": [(6, 6, 6, 1, 2)],
    "one_pair": [(6, 6, 2, 3, 4)],
    "two_pairs": [(3, 3, 5, 5, 1)],
    "three_of_a_kind": [(4, 4, 4, 2, 6)],
    "four_of_a_kind": [(5, 5, 5, 5, 1)],
    "full_house": [(2, 2, 5, 5, 5), (4, 4, 4, 4, 4)],
    "small_straight": [(1, 2, 3, 4, 6)],
    "large_straight": [(2, 3, 4, 5, 6), (1, 2, 3, 4, 5)],
    "yahtzee": [(4, 4, 4, 4, 4)],
    "chance": [(1, 3, 4, 6, 6)],
}


def handout(game: str, rules=None) -> str:
    """The printable HTML page for ``game`` ("fivethousand", "thousand" or "yahtzee")."""
    if game not in GAMES:
        raise ValueError(f"there is no game called {game!r}: choose one of {', '.join(GAMES)}")
    spec = registry.GAMES[game]
    rules = spec.Rules.coerce(rules)
    preset = rules.preset_name or "custom"
    summary, scoring, sheet_title, sheet = registry.load(spec.handout, Handout)
    exercises = lesson_exercises(game)
    parts = [
        f"<h1>{spec.title} <span class='name'>Name: ____________________</span></h1>",
        f"<p>Rules: <b>{html.escape(preset)}</b>. Class seed: ________</p>",
        "<section><h2>The rules</h2><ul>"
        + "".join(f"<li>{line}</li>" for line in summary(rules))
        + "</ul></section>",
        f"<section><h2>Scoring</h2>{scoring(rules)}</section>",
        f"<section class='flows'><h2>{sheet_title}</h2>{sheet(rules)}</section>",
    ]
    if exercises:
        parts.append(
            "<section class='flows'><h2>Exercises</h2>"
            + "".join(
                f"<div class='exercise'><h3>{html.escape(title)}</h3>{_markdown(text)}<div class='working'></div></div>"
                for title, text in exercises
            )
            + "</section>"
        )
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{spec.title}: class handout</title><style>{CSS}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )


def write_handout(game: str, path, rules=None) -> Path:
    """Write the handout of ``game`` to ``path`` (atomically: a failed write leaves the old
    file as it was) and return the path. A folder gets the file ``GAME-handout.html`` inside."""
    path = Path(path)
    if path.is_dir():
        path = path / default_name(game)
    return write_atomic(path, handout(game, rules))


def default_name(game: str) -> str:
    """The file name of a handout written without a name."""
    return f"{game}-handout.html"


def lesson_exercises(game: str) -> list[tuple[str, str]]:
    """(title, question) of each exercise in the game's lesson notebook, without answers:
    the markdown under each "### Exercise" heading, up to the next heading."""
    from dicelab.editions import tutorial_notebooks

    lesson = next((path for path in tutorial_notebooks() if path.stem.endswith(f"_{game}")), None)
    if lesson is None:
        return []
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    exercises = []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        for match in re.finditer(r"^### (Exercise \d+)\n(.*?)(?=^#|\Z)", source, re.M | re.S):
            exercises.append((match.group(1), match.group(2).strip()))
    return exercises


# --- rules summaries --------------------------------------------------------------------
def _fivethousand_rules(rules) -> list[str]:
    bust = (
        "a farkle in a bonus round loses only that round's points; the completed rounds are banked"
        if rules.bust_keeps_completed_rounds
        else "a farkle in a bonus round loses the whole turn"
    )
    return [
        f"{rules.dice} dice. A turn starts by throwing all of them.",
        "After every throw set aside at least one scoring die; every die set aside must score. "
        "Points count inside one throw only.",
        "Then throw the dice left, or pass to bank the turn's points.",
        "A throw with no scoring die is a <b>farkle</b>: the turn ends and its points are lost.",
        f"All {rules.dice} dice set aside: <b>hot dice</b>, a bonus round with all of them (or pass); {bust}.",
        f"When a player ends a turn with {rules.target} or more, every other player has one last turn; "
        "then the highest score wins (an equal highest score is a shared win).",
    ]


def _thousand_rules(rules) -> list[str]:
    keep = (
        "you choose which scoring dice to set aside"
        if rules.choose_keep
        else "every scoring die is set aside by itself"
    )
    casks = ", ".join(f"{low}–{high}" for low, high in rules.casks)
    return [
        f"{rules.dice} dice. After each throw {keep}; then throw the rest again or save.",
        f"All {rules.dice} dice scored: throw all of them again.",
        "A throw with no combination burns the turn's points and ends the turn.",
        f"Saved score plus turn over {rules.target}: the turn is burned at once. "
        f"Exactly {rules.target}: you win at once.",
        f"<b>Casks</b> {casks}: while your saved score is in one, you may save only once you reach its top. "
        "Saving into a cask from below is allowed.",
    ]


def _yahtzee_rules(rules) -> list[str]:
    lines = [
        f"Five dice, up to {rules.rolls} rolls a turn: the first rolls all five; before each later roll "
        "hold any dice.",
        "After any roll you may score; after the last you must. Each box is used once; 0 is allowed.",
        f"The game ends when every player has filled all {len(rules.boxes)} boxes; the highest total wins.",
    ]
    if rules.upper_bonus:
        lines.append(
            f"Upper bonus: {rules.upper_bonus} when the upper boxes total at least "
            f"{rules.upper_bonus_threshold}."
        )
    if rules.yahtzee_bonus:
        lines.append(
            f"Yahtzee bonus: {rules.yahtzee_bonus} for each further Yahtzee while the Yahtzee box "
            f"holds {rules.yahtzee}."
        )
    lines += JOKERS.get(rules.joker, [])
    return lines


# --- scoring tables ---------------------------------------------------------------------
def _combination_table(rules) -> str:
    rows = sorted(
        ((_dice.from_counts(tally), points) for tally, points in rules.combinations().combinations),
        key=lambda row: (len(row[0]), row[0]),
    )
    third = -(-len(rows) // 3)
    tables = "".join(
        "<table><tr><th>dice</th><th>points</th></tr>"
        + "".join(
            f"<tr><td>{' '.join(map(str, faces))}</td><td>{points}</td></tr>"
            for faces, points in part
        )
        + "</table>"
        for part in (rows[:third], rows[third : 2 * third], rows[2 * third :])
        if part
    )
    return (
        "<p>Combinations score inside one throw; a set of dice scores the best split into them "
        f"that uses every die.</p><div class='columns'>{tables}</div>"
    )


def _box_text(box: str, rules) -> str:
    """What ``box`` asks for and what it scores under ``rules``."""
    asks = YAHTZEE_BOXES[box]
    if rules.style == "yatzy" and box in ("small_straight", "large_straight"):
        asks = "1 2 3 4 5" if box == "small_straight" else "2 3 4 5 6"
    if box in ("ones", "twos", "threes", "fours", "fives", "sixes"):
        return f"the sum of {asks}"
    if box in ("small_straight", "large_straight", "yahtzee"):
        return f"{asks}: {getattr(rules, box)}"
    if box == "full_house" and rules.style == "yahtzee":
        either = ", or five of a kind" if rules.five_of_a_kind_is_full_house else ""
        return f"{asks}{either}: {rules.full_house}"
    if box == "chance" or (
        rules.style == "yahtzee" and box in ("three_of_a_kind", "four_of_a_kind")
    ):
        return f"{asks}: the sum of <b>all five</b> dice"
    if box == "full_house":  # yatzy
        return f"{asks}: the sum of the dice"
    return f"{asks}: the sum of those dice only"


def _yahtzee_table(rules) -> str:
    from dicelab.yahtzee import BOX_TITLES, score

    rows = []
    for box in rules.boxes:
        examples = ", ".join(
            f"{' '.join(map(str, hand))} → {score(box, hand, rules)}"
            for hand in YAHTZEE_EXAMPLES[box]
        )
        rows.append(
            f"<tr><td>{BOX_TITLES[box]}</td><td>{_box_text(box, rules)}</td><td>{examples}</td></tr>"
        )
    return (
        "<table><tr><th>box</th><th>for: points</th><th>examples</th></tr>"
        + "".join(rows)
        + "</table>"
    )


# --- sheets -----------------------------------------------------------------------------
def _player_columns() -> str:
    """A header cell per seat, left blank for the player's name."""
    return "<th class='blank'></th>" * SEATS


def _yahtzee_scorecard(rules) -> str:
    from dicelab.yahtzee import BOX_TITLES

    blank = "<td class='blank'></td>" * SEATS
    upper = [box for box in rules.boxes if box in rules.upper_boxes]
    lower = [box for box in rules.boxes if box not in rules.upper_boxes]
    rows = [f"<tr><td>{BOX_TITLES[box]}</td>{blank}</tr>" for box in upper]
    rows.append(f"<tr><th>upper total</th>{blank}</tr>")
    if rules.upper_bonus:
        rows.append(
            f"<tr><th>bonus ({rules.upper_bonus} at {rules.upper_bonus_threshold})</th>{blank}</tr>"
        )
    rows += [f"<tr><td>{BOX_TITLES[box]}</td>{blank}</tr>" for box in lower]
    if rules.yahtzee_bonus:
        rows.append(f"<tr><th>Yahtzee bonus ({rules.yahtzee_bonus} each)</th>{blank}</tr>")
    rows.append(f"<tr><th>total</th>{blank}</tr>")
    return f"<table><tr><th>player →</th>{_player_columns()}</tr>{''.join(rows)}</table>"


def tally_rows(rules) -> int:
    """Rows of a set-aside game's tally sheet: ``TALLY_MARGIN`` times the turns a player alone
    needs on average to reach the target with perfect play, rounded up to a multiple of 5
    (Thousand: exact; Fivethousand: 2000 seeded games of the optimal robot)."""
    spec = registry.game(rules)
    if "fewest_turns" in spec.policies:
        turns = spec.module.solitaire_policy(rules).expected_turns(0)
    else:
        from dicelab import simulate

        turns = float(
            simulate.games(
                spec.Rules.coerce(rules), ["optimal"], n=2000, seed=0, progress=False
            ).turns.mean()
        )
    return 5 * math.ceil(TALLY_MARGIN * turns / 5)


def tally_example(rules) -> tuple[int, int]:
    """(points, new banked score) of the example line: a turn of 150 (a 1 and a 5 in
    Fivethousand, the low straight in Thousand) from the highest banked score at most half
    the target where a player may save it, ending below the target."""
    casks = rules.casks if registry.game(rules).casks else ()
    gain = 150
    for before in range(rules.target // 2 // 50 * 50, -1, -50):
        if before + gain < rules.target and not any(low <= before < high for low, high in casks):
            return gain, before + gain
    raise ValueError(f"a target of {rules.target} leaves no room for an example turn of {gain}")


def _tally_sheet(rules) -> str:
    """Blocks of ``TALLY_BLOCK`` turns at most, side by side, each with the seats' columns
    and its own header row: a player writes the banked score after each turn."""
    lost = registry.game(rules).lost_turn
    assert lost is not None, "a tally sheet is for a game whose turn can be lost"
    blank = "<td></td>" * SEATS
    turns = tally_rows(rules)
    blocks = -(-turns // TALLY_BLOCK)
    per_block = -(-turns // blocks)
    head = f"<thead><tr><th>turn</th>{_player_columns()}</tr></thead>"
    tables = "".join(
        f"<table class='tally'>{head}<tbody>"
        + "".join(
            f"<tr><td>{turn}</td>{blank}</tr>"
            for turn in range(start, min(start + per_block, turns + 1))
        )
        + "</tbody></table>"
        for start in range(1, turns + 1, per_block)
    )
    gain, after = tally_example(rules)
    return (
        f"<p>Target: {rules.target}. Names in the top row of each block, in the same order; after each turn write the banked score "
        f"(e.g. <i>{after}</i> after a turn of +{gain} from {after - gain}; "
        f"{lost.name}: the same score again).</p>"
        f"<div class='tallies' style='grid-template-columns: repeat({blocks}, 1fr)'>{tables}</div>"
    )


class Handout(NamedTuple):
    """A game's sheet: its rules summary, its scoring table and its blank sheet (with its title)."""

    summary: Callable[..., list[str]]
    scoring: Callable[..., str]
    sheet_title: str
    sheet: Callable[..., str]


# The handout of each game (its ``registry.GameSpec.handout``).
FIVETHOUSAND = Handout(_fivethousand_rules, _combination_table, "Tally sheet", _tally_sheet)
THOUSAND = Handout(_thousand_rules, _combination_table, "Tally sheet", _tally_sheet)
YAHTZEE = Handout(_yahtzee_rules, _yahtzee_table, "Scorecard", _yahtzee_scorecard)


def _markdown(text: str) -> str:
    """The little markdown of an exercise (paragraphs, bold, italics, code) as HTML."""
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        escaped = html.escape(" ".join(paragraph.split()))
        escaped = re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)
        escaped = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", escaped)
        escaped = re.sub(r"\*(.+?)\*", r"<i>\1</i>", escaped)
        paragraphs.append(f"<p>{escaped}</p>")
    return "".join(paragraphs)
