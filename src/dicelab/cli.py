"""The ``dicelab`` command.

``dicelab lab`` copies the tutorial notebooks into a folder (never overwriting a copy a
student has edited) and opens JupyterLab there; ``dicelab demo`` lets bots play a game
in the terminal.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import dicelab
from dicelab.extras import MissingExtraError, require

DEMO_TABLES = {
    "fivethousand": [{"name": "Robot A", "bot": "intelligent"}, {"name": "Robot B", "bot": "simple"}],
    "thousand": [{"name": "Cask-aware", "bot": "cask_aware"}, {"name": "Simple", "bot": "simple"}],
    "yahtzee": [{"name": "Greedy", "bot": "greedy"}, {"name": "Random", "bot": "random"}],
}


def describe(game, event) -> str:
    """One line of what an event did, for the terminal."""
    name = game.players[event.player].name
    action = event.action
    text = {"throw": "throws", "roll": "rolls", "bank": "banks", "set_aside": "sets aside",
            "hold": "holds die", "release": "releases die", "score": "scores"}[action.type]
    detail = {"set_aside": lambda: " ".join(map(str, action.dice)),
              "hold": lambda: str(action.die + 1), "release": lambda: str(action.die + 1),
              "score": lambda: action.box.replace("_", " ")}.get(action.type, lambda: "")()
    line = f"{name} {text} {detail}".rstrip()
    if event.dice is not None:
        line += f": {' '.join(map(str, event.dice))}"
    return line


def demo(game_name: str, seed: int | None, out=None) -> None:
    out = out or sys.stdout
    module = importlib.import_module(f"dicelab.{game_name}")
    game = module.Game(players=DEMO_TABLES[game_name], seed=seed)
    print(f"A game of {game_name} between bots (seed {game.seed}).", file=out)
    for event in game.play_bots():
        if event.action.type not in ("hold", "release"):
            print("  " + describe(game, event), file=out)
    scores = game.totals() if game_name == "yahtzee" else list(game.scores)
    for player, score in zip(game.players, scores):
        print(f"{player.name}: {score}", file=out)
    print("Winner: " + " and ".join(p.name for p in game.winners), file=out)


def tutorial_notebooks() -> list[Path]:
    """The tutorial notebooks shipped with dicelab (in a wheel, or in a source checkout)."""
    shipped = Path(__file__).parent / "notebooks"
    checkout = Path(__file__).parents[2] / "notebooks"
    folder = shipped if shipped.is_dir() else checkout
    return sorted(folder.glob("*.ipynb"))


def copy_notebooks(folder: Path, out=None) -> list[Path]:
    """Copy the notebooks that ``folder`` lacks; a notebook already there is kept as it is."""
    out = out or sys.stdout
    notebooks = tutorial_notebooks()
    if not notebooks:
        raise SystemExit("dicelab: no tutorial notebooks were found in this installation")
    folder.mkdir(parents=True, exist_ok=True)
    for notebook in notebooks:
        target = folder / notebook.name
        if target.exists():
            print(f"kept your copy of {target}", file=out)
        else:
            shutil.copyfile(notebook, target)
            print(f"copied {target}", file=out)
    return [folder / notebook.name for notebook in notebooks]


def lab(folder: Path, open_browser: bool, dry_run: bool, out=None) -> int:
    """Copy the notebooks into ``folder`` and start JupyterLab there."""
    out = out or sys.stdout
    copy_notebooks(folder, out)
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if not open_browser:
        command.append("--no-browser")
    if dry_run:
        print("would run: " + " ".join(command), file=out)
        return 0
    try:
        require("jupyterlab", "lab", "dicelab lab")
    except MissingExtraError as error:
        raise SystemExit(f"dicelab: {error}") from None
    return subprocess.call(command)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="dicelab", description=dicelab.__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"dicelab {dicelab.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    lab_parser = commands.add_parser("lab", help="open the tutorial notebooks in JupyterLab")
    lab_parser.add_argument("folder", nargs="?", type=Path, default=Path("dicelab-notebooks"),
                            help="where the notebooks go (default: ./dicelab-notebooks)")
    lab_parser.add_argument("--no-browser", action="store_true", help="don't open a web browser")
    lab_parser.add_argument("--dry-run", action="store_true",
                            help="copy the notebooks and show the command, but start nothing")
    demo_parser = commands.add_parser("demo", help="watch bots play a game in the terminal")
    demo_parser.add_argument("game", nargs="?", default="fivethousand", choices=sorted(DEMO_TABLES))
    demo_parser.add_argument("--seed", type=int, default=None, help="the same seed plays the same game")
    from dicelab.handout import GAMES, write_handout  # dicelab handout GAME

    handout_parser = commands.add_parser("handout", help="write a printable class sheet for a game")
    handout_parser.add_argument("game", choices=GAMES)
    handout_parser.add_argument("-o", "--output", type=Path, default=None,
                                help="the HTML file to write (default: GAME-handout.html)")
    args = parser.parse_args(argv)
    if args.command == "handout":
        path = write_handout(args.game, args.output or Path(f"{args.game}-handout.html"))
        print(f"wrote {path}: open it in a browser and print it")
        return 0
    if args.command == "lab":
        return lab(args.folder, not args.no_browser, args.dry_run)
    demo(args.game, args.seed)
    return 0
