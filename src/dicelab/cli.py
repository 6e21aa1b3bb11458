"""The ``dicelab`` command.

``dicelab lab`` copies the tutorial notebooks into a folder (never overwriting a copy a
student has edited) and runs JupyterLab there (as root too, with arguments after ``--``
passed on, stopping it cleanly on Ctrl-C or SIGTERM); ``dicelab demo`` lets bots play a
game in the terminal. Each subcommand is a parser with ``set_defaults(run=function)``.
Every error is one line on stderr and exit status 2, as argparse's own errors are.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NoReturn

import dicelab
from dicelab import registry, validation
from dicelab.editions import tutorial_notebooks, write_edition
from dicelab.errors import InvalidInputError
from dicelab.extras import MissingExtraError, require
from dicelab.files import reason, remove_stale


def describe(game, event, before) -> str:
    """One line of what an event did, for the terminal (``before`` is the state it was
    played in): a lost turn says "farkle" or "burned", a bank its points."""
    name = game.players[event.player].name
    action = event.action
    text = {
        "throw": "throws",
        "roll": "rolls",
        "bank": "banks",
        "set_aside": "sets aside",
        "hold": "holds die",
        "release": "releases die",
        "score": "scores",
    }[action.type]
    detail = {
        "set_aside": lambda: " ".join(map(str, action.dice)),
        "bank": lambda: f"{before.turn_points} points",
        "hold": lambda: str(action.die + 1),
        "release": lambda: str(action.die + 1),
        "score": lambda: action.box.replace("_", " "),
    }.get(action.type, lambda: "")()
    line = f"{name} {text} {detail}".rstrip()
    if event.dice is not None:
        line += f": {' '.join(map(str, event.dice))}"
    lost_turn = registry.game(game).lost_turn
    if lost_turn is None:  # Yahtzee: no turn's points are lost, nor counted up
        return line
    news = game.state.news
    if news[:1] == ("burned",):
        return f"{line}: burned, past {game.rules.target}!"
    if news[:1] == ("bust",):
        kept = game.engine.points_kept_on_bust(before)
        lost = before.turn_points - kept
        line += f": {lost_turn.called}!" + (f" {lost} points lost" if lost else "")
        return line + (f", {kept} kept." if kept else "." if lost else "")
    if game.state.player == event.player and game.state.turn_points != before.turn_points:
        line += f" ({game.state.turn_points} this turn)"
    return line


def demo(game_name: str, seed: int | None, out=None) -> None:
    """Bots play a whole game of ``game_name``, one line an action and the scores after
    each turn."""
    out = out or sys.stdout
    spec = registry.GAMES[game_name]
    game = spec.Game(players=[robot._asdict() for robot in spec.demo], seed=seed)
    print(f"A game of {game_name} between bots (seed {game.seed}).", file=out)
    while not game.is_over:
        before = game.state
        event = game.play_bot()
        if event.action.type not in ("hold", "release"):
            print("  " + describe(game, event, before), file=out)
        if game.is_over or game.state.player != event.player:
            print("  Scores: " + _scores(game), file=out)
    print("Winner: " + " and ".join(p.name for p in game.winners), file=out)


def _scores(game) -> str:
    scores = game.engine.scores(game.state)
    return ", ".join(f"{player.name} {score}" for player, score in zip(game.players, scores))


class CommandError(Exception):
    """What stops a command, as the one line it prints."""


def is_notebook(path: Path) -> bool:
    """Whether ``path`` holds a notebook Jupyter can open (JSON with its cells): a regular
    file (a pipe or a device is never read)."""
    try:
        if not path.is_file():
            return False
        document = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return (
        type(document) is dict
        and type(document.get("cells")) is list
        and type(document.get("nbformat")) is int
    )


def copy_notebooks(folder: Path, out=None, edition: str = "student") -> list[Path]:
    """Write the ``edition`` of each notebook that ``folder`` lacks (see
    :mod:`dicelab.editions`); a notebook already there is kept as it is.

    A copy that Jupyter could not open (a write cut short) is moved aside as
    ``NAME (damaged).ipynb`` and the lesson copied again. Every copy is written atomically,
    and temporary files a killed copy left behind are removed once a day old.
    """
    out = out or sys.stdout
    notebooks = tutorial_notebooks()
    if not notebooks:
        raise CommandError("no tutorial notebooks were found in this installation")
    if folder.exists() and not folder.is_dir():
        raise CommandError(f"{folder} is a file, not a folder: give a folder for the notebooks")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandError(f"cannot make the folder {folder}: {reason(error)}") from None
    remove_stale(folder)
    for notebook in notebooks:
        target = folder / notebook.name
        if target.exists() and is_notebook(target):
            print(f"kept your copy of {target}", file=out)
            continue
        try:
            if target.is_file():  # (a pipe or a device there is refused by the writer)
                aside = _aside(target)
                os.replace(target, aside)
                print(f"{target} could not be opened: moved it to {aside.name}", file=out)
            write_edition(notebook, target, edition)
        except OSError as error:
            raise CommandError(f"cannot write {target}: {reason(error)}") from None
        print(f"copied {target} ({edition} edition)", file=out)
    return [folder / notebook.name for notebook in notebooks]


def _aside(target: Path) -> Path:
    """A free name beside ``target`` for a damaged copy of it."""
    for number in range(1, 1000):
        mark = " (damaged)" if number == 1 else f" (damaged {number})"
        aside = target.with_name(f"{target.stem}{mark}{target.suffix}")
        if not aside.exists() and not aside.is_symlink():
            return aside
    raise CommandError(f"too many damaged copies of {target.name} in {target.parent}")


def lab_command(folder: Path, open_browser: bool, extra=(), out=None) -> list[str]:
    """The command that starts JupyterLab on ``folder``, with ``extra`` arguments for it.

    As root (the usual case in containers and on Colab) it adds ``--allow-root``, which
    JupyterLab needs to start at all, and says so in one line on ``out``.
    """
    out = out or sys.stdout
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        print("dicelab: you are root, so JupyterLab is started with --allow-root", file=out)
        command.append("--allow-root")
    return command + list(extra)


def lab(
    folder: Path, open_browser: bool, dry_run: bool, extra=(), out=None, teacher: bool = False
) -> int:
    """Copy the notebooks (the student edition, or with ``teacher`` the teacher's) into
    ``folder`` and run JupyterLab there until it stops."""
    out = out or sys.stdout
    copy_notebooks(folder, out, "teacher" if teacher else "student")
    command = lab_command(folder, open_browser, extra, out)
    if dry_run:
        print("would run: " + shlex.join(command), file=out)
        return 0
    try:
        require("jupyterlab", "lab", "dicelab lab")
    except MissingExtraError as error:
        raise CommandError(str(error)) from None
    out.flush()
    return serve(command, lab_environment())


LAB_CONFIG = Path(__file__).parent / "lab_config"  # JupyterLab's configuration for dicelab lab


def lab_environment() -> dict[str, str]:
    """This process's environment with :data:`LAB_CONFIG` first on ``JUPYTER_CONFIG_PATH``: no
    build check (see ``lab_config/README.md``), whatever else the user configured."""
    paths = [str(LAB_CONFIG), *filter(None, [os.environ.get("JUPYTER_CONFIG_PATH")])]
    return {**os.environ, "JUPYTER_CONFIG_PATH": os.pathsep.join(paths)}


STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name)
)


def _die_with_parent() -> None:
    """In the server's process (Linux): be sent SIGTERM if dicelab itself is killed."""
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (AttributeError, OSError):
        pass


def serve(command: list[str], env: dict[str, str] | None = None, grace: float = 20.0) -> int:
    """Run the server ``command`` (in ``env``, by default this process's environment) until
    it ends, and return its exit status.

    A stop signal to dicelab (SIGTERM, SIGINT from Ctrl-C, SIGHUP) asks the server to stop
    with SIGTERM (so it shuts down cleanly, without asking for confirmation) and then
    dicelab returns 0; a second signal, or ``grace`` seconds without stopping, kills it.
    The server runs in its own session, so Ctrl-C reaches it only through dicelab.
    """
    server = subprocess.Popen(
        command,
        env=env,
        start_new_session=True,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    stops = []

    def stop(signum, _frame):
        stops.append(time.monotonic())
        if len(stops) == 1:
            print(
                f"\ndicelab: {signal.Signals(signum).name} received, stopping JupyterLab",
                file=sys.stderr,
                flush=True,
            )
        _signal(server, signal.SIGTERM if len(stops) == 1 else signal.SIGKILL)

    previous = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        while True:
            try:
                status = server.wait(timeout=0.5)
                break
            except subprocess.TimeoutExpired:
                if stops and time.monotonic() - stops[0] > grace:
                    _signal(server, signal.SIGKILL)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if server.poll() is None:  # dicelab itself is ending: take the server along
            _signal(server, signal.SIGKILL)
            server.wait()
    return 0 if stops else status


def _signal(process: subprocess.Popen, signum) -> None:
    try:
        process.send_signal(signum)
    except ProcessLookupError:
        pass


def run_lab(args) -> int:
    folder = args.folder or Path(
        "dicelab-teacher-notebooks" if args.teacher else "dicelab-notebooks"
    )
    return lab(folder, not args.no_browser, args.dry_run, args.jupyter_args, teacher=args.teacher)


def run_handout(args) -> int:
    from dicelab.handout import default_name, handout, write_handout
    from dicelab.worksheet import worksheet, write_worksheet

    lesson = int(args.game.removeprefix("lesson")) if args.game.startswith("lesson") else None
    if args.teacher and not lesson:
        raise CommandError(
            "--teacher adds the answer key to a lesson's worksheet: use lesson1 to lesson7"
        )
    if args.output == "-":
        page = worksheet(lesson, args.teacher) if lesson else handout(args.game)
        return _to_stdout(lambda: sys.stdout.write(page))
    name = f"{args.game}-answers.html" if args.teacher else default_name(args.game)
    target = Path(args.output or name)
    try:
        path = (
            write_worksheet(lesson, target, args.teacher)
            if lesson
            else write_handout(args.game, target)
        )
    except OSError as error:
        if not target.parent.is_dir():
            raise CommandError(
                f"cannot write {target}: there is no folder {target.parent}"
            ) from None
        raise CommandError(f"cannot write {target}: {reason(error)}") from None
    print(f"wrote {path}: open it in a browser and print it")
    return 0


def run_class_serve(args) -> int:
    try:
        require("tornado", "class", "dicelab class serve")
        require("segno", "class", "dicelab class serve")
    except MissingExtraError as error:
        raise SystemExit(f"dicelab: {error}") from None
    from dicelab.classroom.activities import ACTIVITIES
    from dicelab.classroom.server import base_path, serve

    if args.activity is not None and args.activity not in ACTIVITIES:
        raise SystemExit(
            f"dicelab: there is no activity {args.activity!r}; there are "
            f"{', '.join(sorted(ACTIVITIES))}"
        )
    try:
        base = base_path(args.base_path)
    except ValueError as error:
        raise SystemExit(f"dicelab: {error}") from None
    try:
        return serve(args.data, args.host, args.port, base, args.activity)
    except ValueError as error:  # the data folder is in use, or its class file damaged
        raise SystemExit(f"dicelab: {error}") from None
    except OSError as error:
        raise SystemExit(
            f"dicelab: the class server can't listen on {args.host}:{args.port}: "
            f"{error.strerror or error}"
        ) from None


def run_demo(args) -> int:
    return _to_stdout(lambda: demo(args.game, args.seed))


def _to_stdout(write) -> int:
    """Run ``write`` (printing to stdout) to its end or to the end of the reader."""
    try:
        write()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``dicelab demo | head``): that is the end, not an error.
        # Point stdout at /dev/null so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


LAB_HELP = """\
Copy the tutorial notebooks into FOLDER (a notebook already there is kept as it
is) and run JupyterLab there until you stop it.

Arguments after -- go to JupyterLab itself:
  dicelab lab -- --port 9000 --IdentityProvider.token=''

As root (containers, Colab, classroom images) dicelab adds --allow-root, which
JupyterLab needs there, and says so. Ctrl-C (SIGINT), SIGTERM and SIGHUP stop
the server cleanly without a question; a second one kills it. No server is left
running when dicelab ends.

To let a whole class take part from their own browsers, without JupyterLab, run
'dicelab class serve' (or Classroom() in a notebook; see the README).
"""


class Parser(argparse.ArgumentParser):
    """argparse, with each error as one line (``dicelab demo: error: ...``), status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def seed_argument(text: str) -> int:
    """A ``--seed`` as the games take it (a whole number from 0 to 2**64 - 1)."""
    try:
        seed = validation.seed(int(text))
    except ValueError as problem:
        shown = validation.shown(text)
        raise argparse.ArgumentTypeError(
            f"{shown} is not a seed: {problem}"
            if isinstance(problem, InvalidInputError)
            else f"{shown} is not a seed (a whole number from 0 to {validation.MAX_SEED})"
        ) from None
    assert seed is not None  # a number is never the None of a fresh random seed
    return seed


def port_argument(text: str) -> int:
    """A ``--port``: a whole number from 1 to 65535, or 0 for any free port."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            f"{validation.shown(text)} is not a port (a whole number from 1 to 65535, "
            "or 0 for any free port)"
        )
    return port


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    passed_on = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    parser = Parser(
        prog="dicelab",
        description=dicelab.__doc__.splitlines()[0],
        epilog="Run 'dicelab COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"dicelab {dicelab.__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )

    lab_parser = commands.add_parser(
        "lab",
        help="open the tutorial notebooks in JupyterLab",
        description=LAB_HELP,
        usage="dicelab lab [FOLDER] [--teacher] [--no-browser] [--dry-run] [-- JUPYTERLAB ARGUMENTS]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lab_parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=None,
        help="where the notebooks go (default: ./dicelab-notebooks, with --teacher "
        "./dicelab-teacher-notebooks)",
    )
    lab_parser.add_argument(
        "--teacher",
        action="store_true",
        help="the teacher edition: worked answers, timing plan, exit questions",
    )
    lab_parser.add_argument("--no-browser", action="store_true", help="don't open a web browser")
    lab_parser.add_argument(
        "--dry-run",
        action="store_true",
        help="copy the notebooks and show the command, but start nothing",
    )
    lab_parser.set_defaults(run=run_lab)

    demo_parser = commands.add_parser(
        "demo",
        help="watch bots play a game in the terminal",
        description="Bots play one whole game, one line per move. The output can be piped "
        "(dicelab demo | head -5).",
    )
    demo_parser.add_argument(
        "game", nargs="?", default="fivethousand", choices=sorted(registry.GAMES)
    )
    demo_parser.add_argument(
        "--seed", type=seed_argument, default=None, help="the same seed plays the same game"
    )
    demo_parser.set_defaults(run=run_demo)

    from dicelab.handout import GAMES
    from dicelab.worksheet import LESSONS

    handout_parser = commands.add_parser(
        "handout",
        help="write a printable class sheet for a game, or a lesson's worksheet",
        description="Write a printable HTML page for a class: for a game the rules, the scoring table, a "
        "blank scorecard or tally sheet and the lesson's exercises; for a lesson (lesson1 to "
        f"lesson{LESSONS[-1]}) a worksheet with prediction boxes, the class experiment's tally "
        "and the exercises. No answers, unless --teacher asks for the lesson's answer key.",
    )
    handout_parser.add_argument("game", choices=GAMES + tuple(f"lesson{n}" for n in LESSONS))
    handout_parser.add_argument(
        "-o",
        "--output",
        default=None,
        metavar="FILE",
        help="the HTML file to write, a folder to write it in, or - for "
        "standard output (default: GAME-handout.html)",
    )
    handout_parser.add_argument(
        "--teacher",
        action="store_true",
        help="a lesson's worksheet with its answer key, computed by running the teacher "
        "edition (a minute or two; needs the lab extra); default file lessonN-answers.html",
    )
    handout_parser.set_defaults(run=run_handout)

    class_parser = commands.add_parser(
        "class",
        help="run a class server that students join from any browser",
        description="A class server: students join from any browser with a code, take part in "
        "activities and games, and their results are pooled live for the teacher.",
    )
    class_commands = class_parser.add_subparsers(
        dest="class_command", required=True, metavar="ACTION"
    )
    serve_parser = class_commands.add_parser(
        "serve",
        help="start the class server",
        description="Start the class server and print the students' address (with the class "
        "code), the projector's read-only board (no secret) and the teacher's address (with a "
        "secret token). Results are kept in "
        "SQLite under --data; a restarted server carries on where it stopped.",
    )
    serve_parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this computer only; "
        "0.0.0.0 opens the class to the local network)",
    )
    serve_parser.add_argument(
        "--port", type=port_argument, default=8765, help="the port (default 8765; 0: any free port)"
    )
    serve_parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="the folder of the class's data (default: the user data folder, "
        "~/.local/share/dicelab/class)",
    )
    serve_parser.add_argument(
        "--activity", default=None, help="the activity to start with, e.g. farkles"
    )
    serve_parser.add_argument(
        "--base-path",
        default="/",
        help="the path prefix the server is reached under, e.g. "
        "/user/NAME/proxy/8765/ through jupyter-server-proxy",
    )
    serve_parser.set_defaults(run=run_class_serve)

    args = parser.parse_args(argv)
    if passed_on and args.command != "lab":
        parser.error(
            f"only 'dicelab lab' passes arguments after -- on, not 'dicelab {args.command}'"
        )
    args.jupyter_args = passed_on
    try:
        return args.run(args)
    except CommandError as error:
        commands.choices[args.command].error(str(error))
