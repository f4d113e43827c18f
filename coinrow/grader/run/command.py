"""``make test`` / ``make solutions``: the command line of the grading entry point, and its one summary.

``coinrow test [--impl problems] [--formulation "a,b"] [--limit 4] [--jobs N] [--fresh]
[--report results.json]`` (``python -m coinrow test`` is the same); ``coinrow next`` names the next
unsolved kata. Formulations whose attempt and grader are unchanged since they were last
graded are shown from the progress cache, marked "cached"; those named with ``--formulation`` are
always graded. Exit status: 0 when nothing failed, 1 when something failed, 2 for a usage error.
This module reads the options and prints; ``coinrow.grader.run.grade.grade`` grades.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

from coinrow.game.hints import hints_left, readme_of, shown_counts, state_file
from coinrow.game.registry import FORMULATIONS
from coinrow.game.rowarg import (
    UsageError,
    add_impl_option,
    call_limit,
    formulation_slugs,
    impl_dir,
    jobs_count,
)
from coinrow.game.settings import CALL_LIMIT, WORKERS
from coinrow.grader.executor.as_user import USER
from coinrow.grader.executor.sandbox import find_jail
from coinrow.grader.messages import steps, stops
from coinrow.grader.records.exercism import exercism_report
from coinrow.grader.records.progress import Progress
from coinrow.grader.records.results import Result, failed, next_line, summary_lines, values_lines
from coinrow.grader.run.grade import grade

# The references' summary (make solutions, and make check's grading of the references) says whose it is.
REFERENCES_HEAD = "kata summary: solutions, the references (the repository's own check, not your attempts)"


def add_next_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow next``."""
    add_impl_option(parser, "problems")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow test`` (what ``make test`` and ``make solutions`` pass)."""
    add_next_arguments(parser)
    parser.add_argument("--formulation", default="", help="slugs to grade, separated by commas or spaces")
    parser.add_argument("--limit", type=call_limit, default=CALL_LIMIT, help="CPU seconds per call")
    parser.add_argument("--jobs", type=jobs_count, default=WORKERS, help="children at once")
    parser.add_argument("--fresh", action="store_true", help="grade everything, ignoring the cache")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the progress cache")
    parser.add_argument("--report", default="", help="write an exercism-style results.json here")
    parser.add_argument("--profile", default="kata", help="the hypothesis profile")
    parser.add_argument("--exit-first", action="store_true", help="stop each kata at its first failure")
    parser.add_argument("--next", action="store_true", help="name the next unsolved kata; grade nothing")


def run_next(args: argparse.Namespace) -> int:
    """``coinrow next``: the next kata not solved as the progress cache has it (solved while unchanged)."""
    solved = Progress(impl_dir(args.impl)).solved()
    folder = None if args.impl == "problems" else args.impl
    print(next_line(next((f for f in FORMULATIONS if f.slug not in solved), None), folder))
    return 0


def next_steps(results: dict[str, Result], shown: Mapping[str, int]) -> dict[str, str]:
    """The next-step line of each kata of ``results`` that failed or was stopped, by slug: the next hint
    and how many are left, ``shown`` being how many hints each kata has shown (``build/hints.json``), or
    the page to read once every hint was shown. A kata whose task README cannot be read has none."""
    lines = {}
    for slug, result in results.items():
        if result.status in ("failing", "stopped"):
            try:
                readme = readme_of(slug)
            except OSError:
                continue
            lines[slug] = steps.next_step(slug, *hints_left(readme, slug, shown))
    return lines


def summary(impl: str, results: dict[str, Result], only: Sequence[str] = ()) -> list[str]:
    """What ``make test`` prints for ``results`` of the folder ``impl``: the kata summary (of the katas
    ``only`` names, if it names any), and a line that says the attempts ran unsealed when any was graded
    without bubblewrap. In the learner's folder (``problems``) a failing kata's part ends with its next
    step (``next_steps``, with the hints shown as ``make hint`` keeps them). The references' summary
    (``solutions``) is headed and counted as theirs, never as a learner's own result."""
    learner = next_steps(results, shown_counts(state_file())) if impl == "problems" else None
    jail, why = find_jail()
    graded_any = any(not result.cached for result in results.values())
    sealed = [stops.not_sandboxed(why)] if jail is None else []
    if jail is not None and jail.user is not None:
        sealed = [stops.sandboxed_as_user(USER, why)]
    sealed = sealed if graded_any else []
    if impl == "solutions":
        lines = summary_lines(results, only, references=True)
        return [REFERENCES_HEAD, *lines, *sealed]
    folder = None if impl == "problems" else impl
    return [f"kata summary: {impl}", *summary_lines(results, only, learner, folder=folder), *sealed]


class GradingLine:
    """One line on a terminal, rewritten in place while grading runs: the katas being graded, then each
    kata's values' verdict as soon as its value checks end (its growth check can take a minute more),
    cleared before the summary. Nothing is written where ``stream`` is not a terminal (a pipe, CI)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = stream.isatty()

    def say(self, text: str) -> None:
        """Show ``text`` in place of the line, cut to the terminal's width."""
        if self.shown:
            try:  # the width of the terminal this stream writes to, whatever standard output is
                columns = os.get_terminal_size(self.stream.fileno()).columns
            except (OSError, ValueError, io.UnsupportedOperation):
                columns = 0
            columns = columns or 80  # a terminal that gives no size (0) is taken as 80 columns
            width = max(columns - 1, 20)
            self.stream.write("\r\033[K" + text[:width])
            self.stream.flush()

    def on_values(self, folder: Path, result: Result) -> None:
        """``grade``'s ``on_values``: the kata's values' verdict line."""
        lines = values_lines(result)
        if lines:
            self.say(lines[0])

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """``coinrow test``: grade, print the summary; 0 when nothing failed (of the katas asked for, if any
    were), 1 otherwise, 2 for bad input.

    Raises:
        UsageError: no such folder, an unknown slug, or a report in a folder that does not exist.
    """
    folder = impl_dir(args.impl)
    if args.next:
        return run_next(args)
    try:
        chosen = formulation_slugs(args.formulation)
    except UsageError as error:
        raise UsageError(str(error), "--formulation", args.formulation) from None
    report = Path(args.report) if args.report else None
    if report is not None and not report.resolve().parent.is_dir():
        raise UsageError(f"no such folder {report.resolve().parent}", "--report", args.report)
    line = GradingLine(sys.stderr)
    line.say(f"grading {', '.join(chosen) or 'the katas'}: the values first, then the growth")
    try:
        (results,) = grade(
            {folder: chosen},
            call_limit=args.limit,
            profile=args.profile,
            exit_first=args.exit_first,
            jobs=args.jobs,
            cache="off" if args.no_cache else "refresh" if args.fresh else "use",
            on_values=line.on_values if line.shown else None,
        ).values()
    except KeyboardInterrupt:
        line.clear()
        print("make test: interrupted; every process it started is ended", file=sys.stderr)
        return 130
    line.clear()
    try:
        print("\n".join(summary(args.impl, results, chosen)), flush=True)
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if report is not None:
        try:
            report.write_text(json.dumps(exercism_report(results), indent=2), encoding="utf-8")
        except OSError as error:
            print(f"make test: REPORT={args.report}: {error.strerror}", file=sys.stderr)
            return 2
    return 1 if failed(results[slug] for slug in chosen or results) else 0
