"""Build hook: the lessons go into the wheel as ``dicelab/notebooks``, and nothing else from
that folder (no marimo session files or notebook checkpoints a local run left behind)."""

from __future__ import annotations

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LESSONS = ("*.ipynb", "marimo/*.py")


class LessonsHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        folder = Path(self.root) / "notebooks"
        for pattern in LESSONS:
            for path in sorted(folder.glob(pattern)):
                build_data["force_include"][str(path)] = (
                    f"dicelab/notebooks/{path.relative_to(folder).as_posix()}"
                )
