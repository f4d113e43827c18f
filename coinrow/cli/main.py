"""The command line: ``coinrow <command> …`` (or ``python -m coinrow …``), every tool behind one parser.

``coinrow --help`` lists the commands and ``coinrow <command> --help`` the options of
one; the Makefile's targets call these commands. Exit status: 0 when the command did what
was asked, 1 when a kata it graded fails, 2 for a usage error (130 when interrupted).
Bad input never produces a traceback: it becomes one line on stderr and exit status 2.
The line begins with the command, ``coinrow <command>: error: <what is wrong and what to do>``
(a few learner's commands begin with make's words, ``make test:``, as their messages speak
of ``F=``). Run by a make target, which sets ``COINROW_MAKE`` to its own name, the line
begins with that target instead (``make hint:``, whichever command the target ran), and
a message about one setting names it as the learner typed it: ``SEED=abc: …`` for
``make play SEED=abc`` (``MAKE_SETTINGS``), ``--seed=abc: …`` for ``coinrow play --seed=abc``.

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
MAKE_TARGET = "COINROW_MAKE"  # the make target that runs the command, set by the Makefile
# Each option (or argument) the Makefile fills from a make variable, and that variable
MAKE_SETTINGS = {
    "--formulation": "F",
    "slug": "F",
    "--row": "ROW",
    "coins": "ROW",
    "--seed": "SEED",
    "--limit": "LIMIT",
    "--jobs": "JOBS",
    "--report": "REPORT",
    "--impl": "IMPL",
    "--plot": "PLOT",
    "--minutes": "MINUTES",
    "--out": "OUT",
    "--submissions": "SUBMISSIONS",
}
_ARGUMENT = re.compile(r"^argument (?P<setting>--[a-z-]+|[a-z_]+)(?:/--?[a-z-]+)*: ")


def make_target() -> str:
    """The make target that runs this command (``COINROW_MAKE``), or "" outside make."""
    return os.environ.get(MAKE_TARGET, "")


def setting_named(setting: str, value: str | None) -> str:
    """How a message names a setting: as its make variable under make (``SEED=abc``), else as typed
    (``--seed=abc``); "" for an argument outside make (``slug``: the message quotes its value).

    >>> setting_named("--seed", "abc")
    '--seed=abc'
    """
    name = MAKE_SETTINGS.get(setting, setting) if make_target() else setting
    if not (name.isupper() or name.startswith("--")):
        return ""
    return name if value is None else f"{name}={value}"


def given_value(setting: str, argv: Sequence[str]) -> str | None:
    """The text ``argv`` gives the option ``setting`` (``--seed=abc`` or ``--seed abc``), the last one
    given; None when it gives none.

    >>> given_value("--seed", ["play", "--seed", "abc"])
    'abc'
    """
    found = None
    for k, word in enumerate(argv):
        if word.startswith(setting + "="):
            found = word.partition("=")[2]
        elif word == setting and k + 1 < len(argv):
            found = argv[k + 1]
    return found


@dataclass(frozen=True)
class Command:
    """One subcommand: where its code lives, its one-line help, how its error lines begin."""

    name: str
    module: str  # the module with its ``setup`` and ``run`` functions
    help: str
    label: str = ""  # the start of its error lines outside make; "" is "coinrow <name>: error"
    setup: str = "add_arguments"
    run: str = "run"


COMMANDS = (
    Command(
        "test",
        "coinrow.grader.run.command",
        "grade the katas, each in its own process",
        "make test",
    ),
    Command(
        "next",
        "coinrow.grader.run.command",
        "name the next unsolved kata (as last graded)",
        "make test",
        setup="add_next_arguments",
        run="run_next",
    ),
    Command(
        "watch",
        "coinrow.tools.watch.watcher",
        "grade each attempt again as it is saved, in about 2 seconds",
        "make watch",
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
    Command(
        "growth-errors",
        "coinrow.dev.growth_errors",
        "the growth decision's error rates on made-up answers under recorded noise (--write: into the docs)",
    ),
    Command(
        "growth-noise", "coinrow.dev.growth_noise", "record the timings the growth noise models are fitted to"
    ),
    Command("mutate", "coinrow.dev.mutate", "mutation score of the references: mutants graded like attempts"),
    Command("shipped", "coinrow.dev.shipped", "refresh build/shipped, the stubs as committed"),
    Command("docs", "coinrow.dev.docs", "rewrite the documents' tables and counts from the registry"),
    Command("measured", "coinrow.dev.measured", "measure and write the documents' timing figures"),
)
BY_NAME = {command.name: command for command in COMMANDS} | {
    f"dev {command.name}": command for command in DEV_COMMANDS
}


class CommandParser(argparse.ArgumentParser):
    """argparse whose errors are one line on stderr, ``<label>: <message>``, and exit status 2; under
    make the label is ``make <target>`` (``make_target``)."""

    def __init__(self, *args: Any, label: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.label = label or f"{self.prog}: error"
        self.argv: Sequence[str] = ()  # the command line, to find the value a message is about

    def report(self, message: str) -> None:
        """Print the one error line; argparse's ``argument --seed: …`` names the setting as typed."""
        about = _ARGUMENT.match(message)
        if about is not None:
            setting = about["setting"]
            named = setting_named(setting, given_value(setting, self.argv))
            message = f"{named}: {message[about.end() :]}" if named else message[about.end() :]
        label = f"make {make_target()}" if make_target() else self.label
        print(f"{label}: {message}", file=sys.stderr)

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
            command.name, help=command.help, description=command.help, label=command.label
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
    for each in (parser, *parsers.values()):
        each.argv = argv
    args, extras = parser.parse_known_args(argv)
    name = f"dev {args.dev_command}" if args.command == "dev" else args.command
    if extras:  # said by the command's own parser, so the line begins with its label
        parsers[name].error(f"unrecognized arguments: {' '.join(extras)}")
    args.argv = argv[words:]  # the command's own arguments, for a tool that re-executes itself
    command = BY_NAME[name]
    try:
        return int(getattr(importlib.import_module(command.module), command.run)(args))
    except UsageError as error:
        named = setting_named(error.setting, error.value) if error.setting else ""
        parsers[name].report(f"{named}: {error}" if named else str(error))
        return EXIT_USAGE
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error worth a traceback
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open so the interpreter's final flush succeeds
        return 0
