"""Refresh the README's screenshots from the real-browser tests.

Runs the browser tests that photograph each game (they need Debian's Chromium), then copies
the pictures they saved in ``test-artifacts/`` to ``docs/images/``.
Run from the repository root: ``python scripts/update_screenshots.py``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS = {  # the README's picture -> the browser test's screenshot
    "yahtzee.png": "yahtzee-dark.png",
    "fivethousand.png": "fivethousand-light.png",
    "thousand.png": "thousand-light.png",
    "thousand-ru-1024x768.png": "thousand-ru-1024x768.png",
    "history.png": "history-log.png",
    "rule_lab.png": "rule-lab-light.png",
    "rule_lab_table_rules.png": "rule-lab-table-rules.png",
    "lesson_live_pool.png": "classroom/lesson-live-pool.png",
    "class_phone_farkles_three.png": "classroom/phone-farkles-three.png",
    "class_phone_cask.png": "classroom/phone-cask.png",
    "class_phone_sixes.png": "classroom/phone-sixes.png",
    "class_phone_hot_dice.png": "classroom/phone-hot-dice.png",
    "class_phone_farkles_no_fives.png": "classroom/phone-farkles-no-fives.png",
    "class_phone_first_player.png": "classroom/phone-first-player.png",
    "class_projector.png": "classroom/projector.png",
    "class_teacher_page.png": "classroom/teacher.png",
    "class_phone_student.png": "classroom/phone-student.png",
    "class_tournament_projector.png": "classroom/tournament-projector.png",
    "class_tournament_builder.png": "classroom/tournament-phone-builder.png",
    "class_tournament_card.png": "classroom/tournament-phone-card.png",
}
TESTS = [
    "tests/browser/test_yahtzee_browser.py::test_dark_theme_is_readable_and_saved_as_a_screenshot",
    "tests/browser/test_fivethousand_browser.py::test_the_widget_in_light_and_dark_themes",
    "tests/browser/test_thousand_browser.py::test_the_game_looks_right_in_both_themes",
    "tests/browser/test_thousand_browser.py::test_a_russian_table_speaks_russian_at_1024x768",
    "tests/browser/test_table_browser.py::test_a_human_farkle_stays_while_the_robot_waits_and_the_log_shows_it",
    "tests/browser/test_rule_lab_browser.py::test_the_lab_is_accessible_in_light_and_dark_themes[light]",
    "tests/browser/test_rule_lab_table_rules_browser.py",
    "tests/browser/test_lesson_class_browser.py",
    "tests/browser/test_lesson_activities_browser.py",
    "tests/browser/test_class_pages_browser.py::test_the_projector_teacher_and_phone_pages_photographed",
    "tests/browser/test_tournament_browser.py::test_six_students_enter_the_teacher_plays_the_projector_fills_in_and_the_csv_holds_it",
]


def main() -> int:
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", *TESTS], cwd=ROOT)
    if result.returncode:
        return result.returncode
    for picture, shot in SHOTS.items():
        shutil.copyfile(ROOT / "test-artifacts" / shot, ROOT / "docs" / "images" / picture)
        print(f"docs/images/{picture} <- test-artifacts/{shot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
