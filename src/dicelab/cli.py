"""The ``dicelab`` command: ``dicelab demo`` plays a bot-vs-bot game in the terminal."""

from __future__ import annotations

import argparse
import importlib
import sys

import dicelab

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


def demo(game_name: str, seed: int | None, out=sys.stdout) -> None:
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="dicelab", description=dicelab.__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"dicelab {dicelab.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    demo_parser = commands.add_parser("demo", help="watch bots play a game in the terminal")
    demo_parser.add_argument("game", nargs="?", default="fivethousand", choices=sorted(DEMO_TABLES))
    demo_parser.add_argument("--seed", type=int, default=None, help="the same seed plays the same game")
    args = parser.parse_args(argv)
    if args.command == "demo":
        demo(args.game, args.seed)
    return 0
