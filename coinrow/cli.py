"""The command line: ``coinrow <command> …`` (or ``python -m coinrow …``), every tool behind one parser.

``coinrow --help`` lists the commands and ``coinrow <command> --help`` the options of
one; the Makefile's targets call these commands. Bad input never produces a traceback:
it becomes one line on stderr and exit status 2. The line begins with the command,
``coinrow <command>: error: <what is wrong and what to do>``; the commands a learner
runs through make begin with make's words instead (``make test:``, ``make hint:``,
``reset:``), as their messages speak of ``F=`` and ``LIMIT=``.

Each command's module has ``add_arguments(parser)`` and ``run(args) -> int`` (the exit
status), which raises ``UsageError`` for bad input; only the module of the command asked
for is imported. ``python -m coinrow.<tool> …`` is kept as an alias: the module calls
``alias("<command>")``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from coinrow.oracle import ORACLE_MAX_N
from coinrow.registry import IMPLS
from coinrow.rowarg import UsageError, formulation_slug, parse_row, parse_sizes

EXIT_USAGE = 2


@dataclass(frozen=True)
class Command:
    """One subcommand: where its code lives, its one-line help, how its error lines begin."""

    name: str
    module: str  # the module with its ``setup`` and ``run`` functions
    help: str
    label: str = ""  # the start of its error lines; "" is "coinrow <name>: error"
    bare: bool = False  # drop argparse's "argument --x: ": the messages name make's setting instead
    setup: str = "add_arguments"
    run: str = "run"


COMMANDS = (
    Command("test", "coinrow.grade", "grade the katas, each in its own process", "make test", bare=True),
    Command(
        "next",
        "coinrow.grade",
        "name the next unsolved kata (as last graded)",
        "make test",
        bare=True,
        setup="add_next_arguments",
        run="run_next",
    ),
    Command(
        "compare",
        "coinrow.cli",
        "answers, anatomy and growth of every formulation",
        setup="add_compare",
        run="run_compare_command",
    ),
    Command(
        "trace",
        "coinrow.cli",
        "the table and the optimal line of play of one row",
        setup="add_trace",
        run="run_trace_command",
    ),
    Command("animate", "coinrow.animate", "write the table filling as an animated HTML page"),
    Command("play", "coinrow.play", "play first against the optimal opponent"),
    Command("bench", "coinrow.bench", "CPU time and peak memory of every formulation, against NumPy and C"),
    Command(
        "reset", "coinrow.reset", "restore a kata's stub from git, after backing up the attempt", "reset"
    ),
    Command("hint", "coinrow.hint", "the next hint tier of a kata, one more each call", "make hint"),
    Command("catalogue", "coinrow.catalogue", "grade every catalogued wrong answer and correct alternative"),
    Command("mutate", "coinrow.mutate", "mutation score of the references: mutants graded like attempts"),
    Command("shipped", "coinrow.shipped", "refresh build/shipped, the stubs as committed"),
)
BY_NAME = {command.name: command for command in COMMANDS}


class CommandParser(argparse.ArgumentParser):
    """argparse whose errors are one line on stderr, ``<label>: <message>``, and exit status 2."""

    def __init__(self, *args: Any, label: str = "", bare: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.label = label or f"{self.prog}: error"
        self.bare = bare

    def report(self, message: str) -> None:
        """Print the one error line."""
        if self.bare:
            message = re.sub(r"^argument --[a-z-]+: ", "", message)
        print(f"{self.label}: {message}", file=sys.stderr)

    def error(self, message: str) -> NoReturn:
        """The one error line, then exit status 2 (argparse calls this for bad arguments)."""
        self.report(message)
        raise SystemExit(EXIT_USAGE)


def build_parser(chosen: str | None = None) -> tuple[CommandParser, dict[str, CommandParser]]:
    """The ``coinrow`` parser and its subcommands' parsers; only ``chosen`` gets its options."""
    parser = CommandParser(prog="coinrow", description="Coins in a row: the kata's tools, one command each.")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="command", parser_class=CommandParser
    )
    parsers: dict[str, CommandParser] = {}
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name, help=command.help, description=command.help, label=command.label, bare=command.bare
        )
        if command.name == chosen:
            getattr(importlib.import_module(command.module), command.setup)(sub)
        parsers[command.name] = sub
    return parser, parsers


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (2 for bad input, after one line on stderr).

    ``argv`` defaults to ``sys.argv[1:]``: ``main(["hint", "difference_dp"])`` is
    ``coinrow hint difference_dp``.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = argv[0] if argv and argv[0] in BY_NAME else None
    parser, parsers = build_parser(chosen)
    args, extras = parser.parse_known_args(argv)
    if extras:  # said by the command's own parser, so the line begins with its label
        parsers[args.command].error(f"unrecognized arguments: {' '.join(extras)}")
    args.argv = argv[1:]  # the command's own arguments, for a tool that re-executes itself
    command = BY_NAME[args.command]
    try:
        return int(getattr(importlib.import_module(command.module), command.run)(args))
    except UsageError as error:
        parsers[command.name].report(str(error))
        return EXIT_USAGE
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error worth a traceback
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open so the interpreter's final flush succeeds
        return 0


def alias(command: str) -> NoReturn:
    """``python -m coinrow.<tool> …``: run ``coinrow <command> …`` and exit with its status."""
    raise SystemExit(main([command, *sys.argv[1:]]))


def add_impl_option(parser: argparse.ArgumentParser, default: str) -> None:
    """``--impl``: the code to run, read by ``rowarg.impl_dir`` once parsed."""
    parser.add_argument(
        "--impl",
        default=default,
        help=f"problems, solutions or a folder laid out like them (default {default})",
    )


# --- compare and trace ------------------------------------------------------------------------------


def _row_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("coins", nargs="*", help="the row, e.g. 5 3 7 10 (use -- before negative coins)")
    parser.add_argument("--row", help='the row as one string, e.g. --row="8 15 3 7" (what make ROW= passes)')
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON instead of tables")


def add_compare(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow compare``."""
    parser.description = "Three tables: answers (against the exhaustive oracle), anatomy, growth."
    _row_arguments(parser)
    add_impl_option(parser, "solutions")
    parser.add_argument("--plot", help="also draw the growth table as a log-log chart (.png, .svg or .pdf)")
    parser.add_argument("--sizes", help='row lengths to time, e.g. --sizes="64 128" (default 128 … 2048)')
    parser.add_argument("--oracle-sizes", help="row lengths to time the oracle at (default 8 … 20, step 2)")
    parser.add_argument(
        "--spoilers", action="store_true", help="show every formulation's recurrence, solved or not"
    )


def add_trace(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow trace``."""
    parser.description = "The formulation's table, how the answer is read, and the optimal line of play."
    _row_arguments(parser)
    parser.add_argument("-f", "--formulation", default="difference_dp", help="a slug (default difference_dp)")


def _row_of(args: argparse.Namespace) -> tuple[int, ...]:
    given = bool((args.row or "").strip() or args.coins)  # ROW="[]" is given but empty: an error
    return parse_row(" ".join([args.row or "", *args.coins]), required=given)


def _sizes(option: str, text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    sizes = parse_sizes(option, text)
    if option == "--oracle-sizes" and max(sizes) > ORACLE_MAX_N:
        raise UsageError(f"{option}: the exhaustive oracle stops at n = {ORACLE_MAX_N}")
    return sizes


def run_compare_command(args: argparse.Namespace) -> int:
    """``coinrow compare``: the three tables, or ``--json``."""
    from coinrow.compare import run_compare
    from coinrow.progress import Progress

    row = _row_of(args)
    solved = Progress(IMPLS["problems"]).solved()  # a recurrence is shown once you have solved it
    return run_compare(
        row,
        impl=args.impl,
        as_json=args.json,
        plot=args.plot,
        sizes=_sizes("--sizes", args.sizes),
        oracle_sizes=_sizes("--oracle-sizes", args.oracle_sizes),
        revealed=(lambda slug: True) if args.spoilers else solved.__contains__,
    )


def run_trace_command(args: argparse.Namespace) -> int:
    """``coinrow trace``: the table and the optimal line of play, or ``--json``."""
    from coinrow.trace import run_trace

    return run_trace(_row_of(args), formulation_slug(args.formulation), as_json=args.json)
