"""The command line: ``python -m coinrow compare|trace …``.

Bad input never produces a traceback: it becomes one line on stderr,
``coinrow <command>: error: <what is wrong and what to do>``, and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from coinrow.oracle import ORACLE_MAX_N
from coinrow.registry import FORMULATIONS, IMPLS, by_slug, resolve_impl
from coinrow.rowarg import UsageError, parse_row

EXIT_USAGE = 2


def formulation_slug(slug: str) -> str:
    """``slug`` itself when the registry knows it.

    Raises:
        UsageError: naming the known slugs.
    """
    try:
        return by_slug(slug).slug
    except KeyError:
        known = ", ".join(f.slug for f in FORMULATIONS)
        raise UsageError(f"unknown formulation {slug!r}; known: {known}") from None


def impl_dir(impl: str) -> Path:
    """The folder of the code to run: ``problems``, ``solutions`` or a folder laid out like them.

    Raises:
        UsageError: if there is no such folder.
    """
    path = resolve_impl(impl)
    if path is None:
        raise UsageError(
            f"IMPL={impl}: no such folder (use problems, solutions or a folder laid out like them)"
        )
    return path


class _Parser(argparse.ArgumentParser):
    """argparse with its errors as one line (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _row_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("coins", nargs="*", help="the row, e.g. 5 3 7 10 (use -- before negative coins)")
    parser.add_argument("--row", help='the row as one string, e.g. --row="8 15 3 7" (what make ROW= passes)')
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON instead of tables")


def build_parser() -> argparse.ArgumentParser:
    """The ``coinrow`` parser with its ``compare`` and ``trace`` subcommands."""
    parser = _Parser(prog="coinrow", description="Coins in a row: compare the formulations, trace a row.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    compare = commands.add_parser(
        "compare",
        help="answers, anatomy and growth of every formulation",
        description="Three tables: answers (against the exhaustive oracle), anatomy, growth.",
    )
    _row_arguments(compare)
    compare.add_argument("--impl", default="solutions", help="solutions (default), problems, or a folder")
    compare.add_argument("--plot", help="also draw the growth table as a log-log chart (.png, .svg or .pdf)")
    compare.add_argument("--sizes", help='row lengths to time, e.g. --sizes="64 128" (default 128 … 2048)')
    compare.add_argument("--oracle-sizes", help="row lengths to time the oracle at (default 8 … 20, step 2)")
    compare.add_argument(
        "--spoilers", action="store_true", help="show every formulation's recurrence, solved or not"
    )
    trace = commands.add_parser(
        "trace",
        help="the table and the optimal line of play of one row",
        description="The formulation's table, how the answer is read, and the optimal line of play.",
    )
    _row_arguments(trace)
    trace.add_argument("-f", "--formulation", default="difference_dp", help="a slug (default difference_dp)")
    return parser


def _row_of(args: argparse.Namespace) -> tuple[int, ...]:
    given = bool((args.row or "").strip() or args.coins)  # ROW="[]" is given but empty: an error
    return parse_row(" ".join([args.row or "", *args.coins]), required=given)


def _sizes(option: str, text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    sizes = parse_row(text)
    if not sizes or min(sizes) < 1:
        raise UsageError(f"{option}={text!r}: give one or more positive row lengths")
    if option == "--oracle-sizes" and max(sizes) > ORACLE_MAX_N:
        raise UsageError(f"{option}: the exhaustive oracle stops at n = {ORACLE_MAX_N}")
    return tuple(sorted(set(sizes)))


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status (0, or 2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        row = _row_of(args)
        if args.command == "compare":
            from coinrow.compare import run_compare
            from coinrow.progress import Progress

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
        from coinrow.trace import run_trace

        return run_trace(row, formulation_slug(args.formulation), as_json=args.json)
    except UsageError as error:
        print(f"coinrow {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error worth a traceback
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open so the interpreter's final flush succeeds
        return 0
