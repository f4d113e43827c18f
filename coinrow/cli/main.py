"""The command line: ``coinrow <command> …`` (or ``python -m coinrow …``), every tool behind one parser.

``coinrow --help`` lists the commands and ``coinrow <command> --help`` the options of
one; the Makefile's targets call these commands. Bad input never produces a traceback:
it becomes one line on stderr and exit status 2. The line begins with the command,
``coinrow <command>: error: <what is wrong and what to do>``; the commands a learner
runs through make begin with make's words instead (``make test:``, ``make hint:``,
``reset:``), as their messages speak of ``F=`` and ``LIMIT=``.

Each command's module has ``add_arguments(parser)`` and ``run(args) -> int`` (the exit
status), which raises ``UsageError`` for bad input; only the module of the command asked
for is imported. A learner's commands stand at the top; the maintainers' commands are
``coinrow dev <command>`` (``coinrow dev --help`` lists them).
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

from coinrow.game.rowarg import UsageError

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
    Command(
        "test",
        "coinrow.grader.run.command",
        "grade the katas, each in its own process",
        "make test",
        bare=True,
    ),
    Command(
        "next",
        "coinrow.grader.run.command",
        "name the next unsolved kata (as last graded)",
        "make test",
        bare=True,
        setup="add_next_arguments",
        run="run_next",
    ),
    Command(
        "watch",
        "coinrow.tools.watch.watcher",
        "grade each attempt again as it is saved, in about a second",
        "make watch",
        bare=True,
    ),
    Command("compare", "coinrow.tools.compare.command", "answers, anatomy and growth of every formulation"),
    Command("trace", "coinrow.tools.trace.command", "the table and the optimal line of play of one row"),
    Command("animate", "coinrow.tools.animate.animate", "write the table filling as an animated HTML page"),
    Command("play", "coinrow.tools.play", "play first against the optimal opponent"),
    Command(
        "bench",
        "coinrow.tools.bench.bench",
        "CPU time and peak memory of every formulation, against NumPy and C",
    ),
    Command(
        "reset",
        "coinrow.tools.reset",
        "restore a kata's stub from git, after backing up the attempt",
        "reset",
    ),
    Command("hint", "coinrow.tools.hint", "the next hint tier of a kata, one more each call", "make hint"),
    Command(
        "interview",
        "coinrow.tools.interview.command",
        "a mock interview against the clock: start it, submit, take a hint, end it with a report card",
        "make interview",
        bare=True,
    ),
    Command(
        "grade",
        "coinrow.tools.classroom.command",
        "grade a class's submissions; write what Gradescope, GitHub Classroom and JUnit read",
    ),
    Command(
        "autograder",
        "coinrow.tools.classroom.autograder",
        "build the Gradescope autograder: a zip with setup.sh and run_autograder",
    ),
)
DEV_COMMANDS = (
    Command(
        "catalogue", "coinrow.dev.catalogue", "grade every catalogued wrong answer and correct alternative"
    ),
    Command(
        "records",
        "coinrow.dev.records",
        "renew the catalogue's record: grade the entries it does not hold as they are now (--check: say so)",
    ),
    Command("mutate", "coinrow.dev.mutate", "mutation score of the references: mutants graded like attempts"),
    Command("shipped", "coinrow.dev.shipped", "refresh build/shipped, the stubs as committed"),
    Command("docs", "coinrow.dev.docs", "rewrite the documents' tables and counts from the registry"),
)
BY_NAME = {command.name: command for command in COMMANDS} | {
    f"dev {command.name}": command for command in DEV_COMMANDS
}


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


def _subparsers(parent: CommandParser, dest: str) -> Any:
    return parent.add_subparsers(dest=dest, required=True, metavar="command", parser_class=CommandParser)


def _add_commands(
    subparsers: Any, commands: Sequence[Command], prefix: str, chosen: str | None
) -> dict[str, CommandParser]:
    """One parser per command, keyed ``prefix + name``; only the ``chosen`` one gets its options."""
    parsers: dict[str, CommandParser] = {}
    for command in commands:
        sub = subparsers.add_parser(
            command.name, help=command.help, description=command.help, label=command.label, bare=command.bare
        )
        if prefix + command.name == chosen:
            getattr(importlib.import_module(command.module), command.setup)(sub)
        parsers[prefix + command.name] = sub
    return parsers


def build_parser(chosen: str | None = None) -> tuple[CommandParser, dict[str, CommandParser]]:
    """The ``coinrow`` parser and its commands' parsers (``dev <name>`` for a maintainer's); only
    ``chosen`` gets its options."""
    parser = CommandParser(prog="coinrow", description="Coins in a row: the kata's tools, one command each.")
    commands = _subparsers(parser, "command")
    parsers = _add_commands(commands, COMMANDS, "", chosen)
    dev = commands.add_parser(
        "dev",
        help="the maintainers' commands: " + ", ".join(c.name for c in DEV_COMMANDS),
        description="The maintainers' commands: the grader's own checks and the files they keep.",
    )
    parsers["dev"] = dev
    parsers.update(_add_commands(_subparsers(dev, "dev_command"), DEV_COMMANDS, "dev ", chosen))
    return parser, parsers


def _chosen(argv: list[str]) -> tuple[str | None, int]:
    """The command ``argv`` names (``"dev mutate"`` for a maintainer's) and how many words name it."""
    if argv[:1] == ["dev"] and len(argv) > 1 and f"dev {argv[1]}" in BY_NAME:
        return f"dev {argv[1]}", 2
    if argv and argv[0] in BY_NAME:
        return argv[0], 1
    return None, 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (2 for bad input, after one line on stderr).

    ``argv`` defaults to ``sys.argv[1:]``: ``main(["hint", "difference_dp"])`` is
    ``coinrow hint difference_dp``.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen, words = _chosen(argv)
    parser, parsers = build_parser(chosen)
    args, extras = parser.parse_known_args(argv)
    name = f"dev {args.dev_command}" if args.command == "dev" else args.command
    if extras:  # said by the command's own parser, so the line begins with its label
        parsers[name].error(f"unrecognized arguments: {' '.join(extras)}")
    args.argv = argv[words:]  # the command's own arguments, for a tool that re-executes itself
    command = BY_NAME[name]
    try:
        return int(getattr(importlib.import_module(command.module), command.run)(args))
    except UsageError as error:
        parsers[name].report(str(error))
        return EXIT_USAGE
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error worth a traceback
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open so the interpreter's final flush succeeds
        return 0
