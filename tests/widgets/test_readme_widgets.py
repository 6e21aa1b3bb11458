"""The README's widget snippets run as written, and the marimo lesson it names runs."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text()
LESSON = ROOT / "notebooks" / "marimo" / "start_here.py"


def python_blocks(section: str) -> list[str]:
    text = README.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return [
        re.sub(r"^  ", "", block, flags=re.M)
        for block in re.findall(r"```python\n(.*?)```", text, re.S)
    ]


def test_the_play_in_a_notebook_snippets_run():
    shown, chances, marimo = python_blocks("Play in a notebook")
    namespace = {}
    exec(compile(shown, "README widgets", "exec"), namespace)
    assert namespace["w"].game.players[1].name == "Ben"
    exec(compile(chances, "README chances", "exec"), namespace)
    said = re.search(
        r"\[seat\[\"value\"\] for seat in duel.winning.panel.seats\]\s+# (.*)", chances
    ).group(1)
    duel = namespace["duel"]
    assert str([seat["value"] for seat in duel.winning.panel.seats]) == said
    assert duel.chances and duel.coach and duel.coaching.rating == "win"
    exec(compile(marimo, "README marimo", "exec"), namespace)
    assert namespace["widget"].widget is namespace["game"] and namespace["game"].game is not None


def test_the_marimo_lesson_the_readme_names_runs_and_shows_the_three_games():
    assert "marimo edit notebooks/marimo/start_here.py" in README
    spec = importlib.util.spec_from_file_location("start_here", LESSON)
    lesson = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lesson)
    _, names = lesson.app.run()
    games = [names[f"{game}_game"].widget for game in ("fivethousand", "thousand", "yahtzee")]
    assert [type(game).__name__ for game in games] == [
        "FivethousandGame",
        "ThousandGame",
        "YahtzeeGame",
    ]
    assert all(game.phase == "play" for game in games)
