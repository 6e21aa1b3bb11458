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
from functools import partial
from pathlib import Path
from typing import NoReturn

import dicelab
from dicelab import registry, validation
from dicelab.editions import tutorial_notebooks, write_edition
from dicelab.errors import InvalidInputError
from dicelab.extras import MissingExtraError, require
from dicelab.files import reason, remove_stale
from dicelab.messages import LANGUAGES, Catalogue, catalogue, language

ENGLISH = catalogue("en")


def describe(game, event, before, say: Catalogue = ENGLISH) -> str:
    """One line of what an event did, for the terminal (``before`` is the state it was
    played in): a lost turn says "farkle" or "burned" (see RULES.md), a bank its points."""
    name = game.players[event.player].name
    action = event.action
    detail = {
        "set_aside": lambda: " ".join(map(str, action.dice)),
        "bank": lambda: say.count(before.turn_points, "point"),
        "hold": lambda: str(action.die + 1),
        "release": lambda: str(action.die + 1),
        "score": lambda: say(f"box.{action.box}"),
    }.get(action.type, lambda: "")()
    line = say(f"demo.{action.type}", name=name, detail=detail)
    if event.dice is not None:
        line += f": {' '.join(map(str, event.dice))}"
    lost_turn = registry.game(game).lost_turn
    if lost_turn is None:  # Yahtzee: no turn's points are lost, nor counted up
        return line
    news = game.state.news
    if news[:1] == ("burned",):
        return say("demo.past_target", line=line, lost=say("demo.burned"), target=game.rules.target)
    if news[:1] == ("bust",):
        kept = game.engine.points_kept_on_bust(before)
        lost = before.turn_points - kept
        line += f": {say(f'demo.{lost_turn.called}')}!"
        if lost:
            line += " " + say("demo.points_lost", points=say.count(lost, "point"))
        if kept:
            return line + say("demo.points_kept", points=say.count(kept, "point"))
        return line + ("." if lost else "")
    if game.state.player == event.player and game.state.turn_points != before.turn_points:
        line += " " + say("demo.this_turn", points=game.state.turn_points)
    return line


def demo(game_name: str, seed: int | None, out=None, say: Catalogue = ENGLISH) -> None:
    """Bots play a whole game of ``game_name``, one line an action and the scores after
    each turn."""
    out = out or sys.stdout
    spec = registry.GAMES[game_name]
    players = [{"name": say(robot.name), "bot": robot.bot} for robot in spec.demo]
    game = spec.Game(players=players, seed=seed)
    print(say("demo.heading", game=say(f"game.{game_name}"), seed=game.seed), file=out)
    while not game.is_over:
        before = game.state
        event = game.play_bot()
        if event.action.type not in ("hold", "release"):
            print("  " + describe(game, event, before, say), file=out)
        if game.is_over or game.state.player != event.player:
            print("  " + say("demo.scores", scores=_scores(game)), file=out)
    print(say("demo.winner", names=say.names(p.name for p in game.winners)), file=out)


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


def copy_notebooks(
    folder: Path, out=None, edition: str = "student", say: Catalogue = ENGLISH
) -> list[Path]:
    """Write the ``edition`` of each notebook that ``folder`` lacks (see
    :mod:`dicelab.editions`); a notebook already there is kept as it is.

    A copy that Jupyter could not open (a write cut short) is moved aside as
    ``NAME (damaged).ipynb`` and the lesson copied again. Every copy is written atomically,
    and temporary files a killed copy left behind are removed once a day old.
    """
    out = out or sys.stdout
    notebooks = tutorial_notebooks()
    if not notebooks:
        raise CommandError(say("cli.no_notebooks"))
    if folder.exists() and not folder.is_dir():
        raise CommandError(say("cli.folder_is_file", folder=folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandError(say("cli.cannot_make", folder=folder, reason=reason(error))) from None
    remove_stale(folder)
    for notebook in notebooks:
        target = folder / notebook.name
        if target.exists() and is_notebook(target):
            print(say("cli.kept", target=target), file=out)
            continue
        try:
            if target.is_file():  # (a pipe or a device there is refused by the writer)
                aside = _aside(target, say)
                os.replace(target, aside)
                print(say("cli.moved_aside", target=target, aside=aside.name), file=out)
            write_edition(notebook, target, edition)
        except OSError as error:
            raise CommandError(
                say("cli.cannot_write", target=target, reason=reason(error))
            ) from None
        print(say(f"cli.copied_{edition}", target=target), file=out)
    return [folder / notebook.name for notebook in notebooks]


def _aside(target: Path, say: Catalogue = ENGLISH) -> Path:
    """A free name beside ``target`` for a damaged copy of it."""
    for number in range(1, 1000):
        mark = " (damaged)" if number == 1 else f" (damaged {number})"
        aside = target.with_name(f"{target.stem}{mark}{target.suffix}")
        if not aside.exists() and not aside.is_symlink():
            return aside
    raise CommandError(say("cli.too_many_damaged", name=target.name, folder=target.parent))


def lab_command(
    folder: Path, open_browser: bool, extra=(), out=None, say: Catalogue = ENGLISH
) -> list[str]:
    """The command that starts JupyterLab on ``folder``, with ``extra`` arguments for it.

    As root (the usual case in containers and on Colab) it adds ``--allow-root``, which
    JupyterLab needs to start at all, and says so in one line on ``out``.
    """
    out = out or sys.stdout
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        print(say("cli.root"), file=out)
        command.append("--allow-root")
    return command + list(extra)


def lab(
    folder: Path,
    open_browser: bool,
    dry_run: bool,
    extra=(),
    out=None,
    teacher: bool = False,
    say: Catalogue = ENGLISH,
) -> int:
    """Copy the notebooks (the student edition, or with ``teacher`` the teacher's) into
    ``folder`` and run JupyterLab there until it stops."""
    out = out or sys.stdout
    copy_notebooks(folder, out, "teacher" if teacher else "student", say)
    command = lab_command(folder, open_browser, extra, out, say)
    if dry_run:
        print(say("cli.would_run", command=shlex.join(command)), file=out)
        return 0
    try:
        require("jupyterlab", "lab", "dicelab lab")
    except MissingExtraError as error:
        raise CommandError(str(error)) from None
    out.flush()
    return serve(command, lab_environment(), say=say)


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


def serve(
    command: list[str],
    env: dict[str, str] | None = None,
    grace: float = 20.0,
    say: Catalogue = ENGLISH,
) -> int:
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
            stopping = say("cli.stopping", signal=signal.Signals(signum).name)
            print(f"\n{stopping}", file=sys.stderr, flush=True)
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
    return lab(
        folder,
        not args.no_browser,
        args.dry_run,
        args.jupyter_args,
        teacher=args.teacher,
        say=args.say,
    )


def run_handout(args) -> int:
    from dicelab.handout import default_name, handout, write_handout
    from dicelab.worksheet import worksheet, write_worksheet

    say = args.say
    lesson = int(args.game.removeprefix("lesson")) if args.game.startswith("lesson") else None
    if args.teacher and not lesson:
        raise CommandError(say("cli.teacher_lessons_only"))
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
            no_folder = say("cli.no_folder", folder=target.parent)
            raise CommandError(say("cli.cannot_write", target=target, reason=no_folder)) from None
        raise CommandError(say("cli.cannot_write", target=target, reason=reason(error))) from None
    print(say("cli.wrote", path=path))
    return 0


def run_class_serve(args) -> int:
    say = args.say
    try:
        require("tornado", "class", "dicelab class serve")
        require("segno", "class", "dicelab class serve")
    except MissingExtraError as error:
        raise SystemExit(say("cli.failed", problem=error)) from None
    from dicelab.classroom.activities import ACTIVITIES
    from dicelab.classroom.server import base_path, serve

    if args.activity is not None and args.activity not in ACTIVITIES:
        there = ", ".join(sorted(ACTIVITIES))
        raise SystemExit(say("cli.no_activity", activity=repr(args.activity), there=there))
    try:
        base = base_path(args.base_path)
    except ValueError as error:
        raise SystemExit(say("cli.failed", problem=error)) from None
    try:
        return serve(args.data, args.host, args.port, base, args.activity)
    except ValueError as error:  # the data folder is in use, or its class file damaged
        raise SystemExit(say("cli.failed", problem=error)) from None
    except OSError as error:
        where, problem = f"{args.host}:{args.port}", error.strerror or error
        raise SystemExit(say("cli.cannot_listen", where=where, problem=problem)) from None


def run_demo(args) -> int:
    return _to_stdout(lambda: demo(args.game, args.seed, say=args.say))


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


class Parser(argparse.ArgumentParser):
    """argparse in the language of ``say``: its headings and its own options' help, and each
    error as one line (``dicelab demo: error: ...``), status 2."""

    def __init__(self, *, say: Catalogue = ENGLISH, add_help: bool = True, **kwargs):
        super().__init__(add_help=False, **kwargs)
        self.say = say
        self._positionals.title = say("cli.arguments")
        self._optionals.title = say("cli.options")
        if add_help:
            self.add_argument("-h", "--help", action="help", help=say("cli.help"))

    def format_usage(self) -> str:
        return self._in_language(super().format_usage())

    def format_help(self) -> str:
        return self._in_language(super().format_help())

    def _in_language(self, text: str) -> str:
        english = "usage: "
        return (
            self.say("cli.usage", usage=text[len(english) :]) if text.startswith(english) else text
        )

    def error(self, message: str) -> NoReturn:
        self.exit(2, self.say("cli.error", prog=self.prog, problem=message) + "\n")


def seed_argument(text: str, say: Catalogue = ENGLISH) -> int:
    """A ``--seed`` as the games take it (a whole number from 0 to 2**64 - 1)."""
    try:
        seed = validation.seed(int(text))
    except ValueError as problem:
        shown = validation.shown(text)
        raise argparse.ArgumentTypeError(
            say("cli.not_a_seed_because", shown=shown, problem=problem)
            if isinstance(problem, InvalidInputError)
            else say("cli.not_a_seed", shown=shown, most=validation.MAX_SEED)
        ) from None
    assert seed is not None  # a number is never the None of a fresh random seed
    return seed


def port_argument(text: str, say: Catalogue = ENGLISH) -> int:
    """A ``--port``: a whole number from 1 to 65535, or 0 for any free port."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(say("cli.not_a_port", shown=validation.shown(text)))
    return port


def spoken(argv: list[str]) -> tuple[Catalogue, list[str]]:
    """The catalogue of the language ``--lang`` names anywhere in ``argv`` (English without
    one) and the other arguments, or the one-line error of a language dicelab doesn't speak."""
    early = Parser(prog="dicelab", add_help=False)
    early.add_argument("--lang", default="en")
    known, rest = early.parse_known_args(argv)
    try:
        return catalogue(language(known.lang)), rest
    except ValueError as problem:
        early.error(str(problem))


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    passed_on = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    say, argv = spoken(argv)
    parser = Parser(
        prog="dicelab", description=say("cli.description"), epilog=say("cli.epilog"), say=say
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"dicelab {dicelab.__version__}",
        help=say("cli.version"),
    )
    parser.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help=say("cli.lang_help", there=", ".join(LANGUAGES)),
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )

    lab_parser = commands.add_parser(
        "lab",
        say=say,
        help=say("cli.lab_help"),
        description=say("cli.lab_description"),
        usage="dicelab lab [FOLDER] [--teacher] [--no-browser] [--dry-run] [-- JUPYTERLAB ARGUMENTS]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lab_parser.add_argument(
        "folder", nargs="?", type=Path, default=None, help=say("cli.lab_folder")
    )
    lab_parser.add_argument("--teacher", action="store_true", help=say("cli.lab_teacher"))
    lab_parser.add_argument("--no-browser", action="store_true", help=say("cli.lab_no_browser"))
    lab_parser.add_argument("--dry-run", action="store_true", help=say("cli.lab_dry_run"))
    lab_parser.set_defaults(run=run_lab)

    demo_parser = commands.add_parser(
        "demo", say=say, help=say("cli.demo_help"), description=say("cli.demo_description")
    )
    demo_parser.add_argument(
        "game", nargs="?", default="fivethousand", choices=sorted(registry.GAMES)
    )
    demo_parser.add_argument(
        "--seed", type=partial(seed_argument, say=say), default=None, help=say("cli.demo_seed")
    )
    demo_parser.set_defaults(run=run_demo)

    from dicelab.handout import GAMES
    from dicelab.worksheet import LESSONS

    handout_parser = commands.add_parser(
        "handout",
        say=say,
        help=say("cli.handout_help"),
        description=say("cli.handout_description", last=LESSONS[-1]),
    )
    handout_parser.add_argument("game", choices=GAMES + tuple(f"lesson{n}" for n in LESSONS))
    handout_parser.add_argument(
        "-o", "--output", default=None, metavar="FILE", help=say("cli.handout_output")
    )
    handout_parser.add_argument("--teacher", action="store_true", help=say("cli.handout_teacher"))
    handout_parser.set_defaults(run=run_handout)

    class_parser = commands.add_parser(
        "class", say=say, help=say("cli.class_help"), description=say("cli.class_description")
    )
    class_commands = class_parser.add_subparsers(
        dest="class_command", required=True, metavar="ACTION"
    )
    serve_parser = class_commands.add_parser(
        "serve", say=say, help=say("cli.serve_help"), description=say("cli.serve_description")
    )
    serve_parser.add_argument("--host", default="127.0.0.1", help=say("cli.serve_host"))
    serve_parser.add_argument(
        "--port", type=partial(port_argument, say=say), default=8765, help=say("cli.serve_port")
    )
    serve_parser.add_argument("--data", type=Path, default=None, help=say("cli.serve_data"))
    serve_parser.add_argument("--activity", default=None, help=say("cli.serve_activity"))
    serve_parser.add_argument("--base-path", default="/", help=say("cli.serve_base_path"))
    serve_parser.set_defaults(run=run_class_serve)

    args = parser.parse_args(argv)
    args.say = say
    if passed_on and args.command != "lab":
        parser.error(say("cli.only_lab_passes_on", command=args.command))
    args.jupyter_args = passed_on
    try:
        return args.run(args)
    except CommandError as error:
        commands.choices[args.command].error(str(error))
