"""``make grade``: grade a class's submissions and write what each teaching platform reads.

``coinrow grade --submissions DIR --out DIR [--jobs N] [--unsandboxed]`` grades every
submission in DIR (``coinrow.tools.classroom.submissions``); ``--submission PATH``
grades one (Gradescope's ``run_autograder`` and the GitHub Classroom workflow use it).
Each kata of each submission is graded through the one entry point,
``coinrow.grader.run.grade.grade``, with the progress cache off, JOBS children at once.
It writes ``OUT/class.csv`` and, per submission, ``OUT/<name>/`` with ``results.json``
(exercism), ``gradescope.json``, ``junit.xml`` and ``summary.txt`` (what ``make test``
prints, with what was found in the submission and without the learner's next command),
then prints the class as a table; ``--format classroom`` prints instead the
base64 JSON GitHub Classroom's reporter reads, and nothing else. A ``--submissions``
folder that holds kata files itself (one student's folder, given for a class) is graded
as one submission, and a line says so. It never grades without a sandbox unless told so
(``--unsandboxed``). Exit status: 0 once graded, 2 for bad input or no sandbox, 130 when
interrupted.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import tempfile
from pathlib import Path

from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from coinrow.game.registry import CORE, FORMULATIONS
from coinrow.game.rowarg import UsageError, call_limit, jobs_count
from coinrow.game.settings import CALL_LIMIT, WORKERS
from coinrow.grader import Result, exercism_report, find_jail, grade
from coinrow.tools.classroom.formats import (
    CELLS,
    class_csv,
    classroom_report,
    gradescope_report,
    junit_xml,
    teacher_summary,
    total,
)
from coinrow.tools.classroom.submissions import (
    CLASS_TABLE,
    Submission,
    class_submissions,
    is_submission,
    kata_entries,
    lay_out,
    read_submission,
)
from coinrow.tools.console import output_console

MARKS = {"solved": "✓", "failing": "✗", "in progress": "…", "not attempted": "·", "not graded": "?"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow grade`` (what ``make grade`` passes)."""
    given = parser.add_mutually_exclusive_group()
    given.add_argument("--submissions", default="", help="a folder holding one submission per entry")
    given.add_argument("--submission", default="", help="one submission: a folder, or a <slug>.py file")
    parser.add_argument("--out", default="", help="the folder the results are written to")
    parser.add_argument("--jobs", type=jobs_count, default=WORKERS, help="children at once")
    parser.add_argument("--unsandboxed", action="store_true", help="grade even where no sandbox works")
    parser.add_argument("--limit", type=call_limit, default=CALL_LIMIT, help="CPU seconds per call")
    parser.add_argument("--profile", default="kata", help="the hypothesis profile")
    parser.add_argument(
        "--format",
        choices=("table", "classroom"),
        default="table",
        help="print the class as a table, or one submission's base64 JSON for GitHub Classroom",
    )
    parser.add_argument(
        "--not-graded",
        default="",
        metavar="REASON",
        help="with --format classroom: print the JSON of a submission that could not be graded (0 points)",
    )


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _submissions(args: argparse.Namespace) -> tuple[Path, list[Submission], str]:
    """The folder handed in, its submissions, and a line when a class's folder is graded as one
    submission ("" otherwise); raises ``UsageError`` for what cannot be graded."""
    if not args.submissions and not args.submission:
        raise UsageError("name the class: make grade SUBMISSIONS=<folder> OUT=<folder>")
    if not args.out:
        raise UsageError("name the folder to write to: OUT=<folder> (--out)")
    if args.format == "classroom" and not args.submission:
        raise UsageError("--format classroom grades one submission: give --submission")
    given = Path(args.submissions or args.submission)
    as_one = ""
    if args.submissions and not given.is_dir():
        raise UsageError(f"SUBMISSIONS={given}: no such folder")
    if args.submissions and (katas := kata_entries(given)):
        found = [read_submission(given)]
        as_one = (
            f"SUBMISSIONS={given} holds kata files itself ({', '.join(katas)}), not a submission per "
            f"entry: graded as one submission, {found[0].name}"
        )
    elif args.submissions:
        try:
            found = class_submissions(given)
        except ValueError as error:
            raise UsageError(f"SUBMISSIONS={given}: {error}") from None
    elif not is_submission(given):
        raise UsageError(f"--submission {given}: no such folder or .py file")
    else:
        found = [read_submission(given)]
    if any(s.name.casefold() == CLASS_TABLE for s in found):  # its results' folder would take that name
        raise UsageError(f"{given}: a submission is named {CLASS_TABLE}, as the class table is: rename it")
    out, handed_in = Path(args.out).resolve(), given.resolve()
    clash = _inside(out, handed_in) or any(_inside(handed_in, out / s.name) for s in found)
    if clash:
        raise UsageError(f"OUT={args.out}: the results would be written inside the submissions")
    return given, found, as_one


def _refuse_without_sandbox(unsandboxed: bool) -> tuple[str, str]:
    """The sandbox that grades ("bubblewrap", "the unprivileged user nobody", or "none") and a note on why
    bubblewrap is not used ("" when it is).

    Raises:
        UsageError: no sandbox works here, and grading without one was not allowed.
    """
    jail, why_not = find_jail()
    if jail is None and not unsandboxed:
        raise UsageError(
            f"no sandbox to grade in ({why_not}): install bubblewrap, or grade without one "
            "with --unsandboxed (make grade UNSANDBOXED=1)"
        )
    if jail is None:
        return "none", f"graded without a sandbox: {why_not}"
    return jail.name, (f"graded as {jail.name}: {why_not}" if why_not else "")


def grade_class(
    found: list[Submission], args: argparse.Namespace, show_progress: bool
) -> dict[str, dict[str, Result]]:
    """Every kata of every submission: graded, not attempted (no file) or not graded (a refused file).

    Raises:
        KeyboardInterrupt: interrupted; every child is ended first.
    """
    with tempfile.TemporaryDirectory(prefix="coinrow-grade-") as scratch:
        folders = {s.name: Path(scratch) / str(number) for number, s in enumerate(found)}
        for submission in found:
            lay_out(submission, folders[submission.name])
        asked = {folders[s.name]: sorted(s.attempts) for s in found if s.attempts}
        katas = sum(len(slugs) for slugs in asked.values())
        # refreshed by hand: a refresh thread must not be running when the driver forks
        with Progress(auto_refresh=False, transient=True, disable=not show_progress) as progress:
            task = progress.add_task("grading the class", total=katas)

            def advance(folder: Path, result: Result) -> None:
                progress.advance(task)
                progress.refresh()

            graded = grade(
                asked,
                call_limit=args.limit,
                profile=args.profile,
                jobs=args.jobs,
                cache="off",
                on_done=advance,
            )
    every: dict[str, dict[str, Result]] = {}
    for submission in found:
        done = graded.get(folders[submission.name], {})
        every[submission.name] = {
            f.slug: done.get(f.slug)
            or Result(f.slug, [], reason=submission.refused.get(f.slug))  # no records: not attempted
            for f in FORMULATIONS
        }
    return every


def write_results(out: Path, submission: Submission, results: dict[str, Result], note: str) -> None:
    """``out/<name>/``: results.json, gradescope.json, junit.xml and summary.txt.

    The summary and Gradescope's output say what was found besides the katas' own names (a
    renamed file matched, a file ignored) and ``note``; neither names a command of the learner's.
    """
    folder = out / submission.name
    folder.mkdir(parents=True, exist_ok=True)
    notes = [*submission.handed_in_lines(), *([note] if note else [])]
    (folder / "results.json").write_text(json.dumps(exercism_report(results), indent=2), encoding="utf-8")
    report = gradescope_report(results, notes, submission.renamed)
    (folder / "gradescope.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    (folder / "junit.xml").write_bytes(junit_xml(submission.name, results))
    summary = [f"kata summary: {submission.name}", *teacher_summary(results), *notes]
    (folder / "summary.txt").write_text("\n".join(summary) + "\n", encoding="utf-8")


def class_table(every: dict[str, dict[str, Result]], sandbox: str) -> Table:
    """The class at a glance: a row per submission, a mark per kata (numbered as in the README), and
    the sandbox that graded it."""
    table = Table(title="The class", caption=", ".join(f"{m} {cell}" for cell, m in MARKS.items()))
    table.add_column("submission")
    for number, _ in enumerate(FORMULATIONS, start=1):
        table.add_column(str(number), justify="center")
    table.add_column("solved", justify="right")
    table.add_column("bonus", justify="right")
    table.add_column("score", justify="right")
    table.add_column("sandbox")
    for name, results in every.items():
        marks = [MARKS[CELLS[results[f.slug].status]] for f in FORMULATIONS]
        solved = [f for f in FORMULATIONS if results[f.slug].status == "solved"]
        bonus = sum(f.bonus for f in solved)
        score, most = total(results)
        counts = (f"{len(solved) - bonus} of {len(CORE)}", f"{bonus} of {len(FORMULATIONS) - len(CORE)}")
        table.add_row(escape(name), *marks, *counts, f"{score:g} of {most:g}", sandbox)
    return table


def run(args: argparse.Namespace) -> int:
    """``coinrow grade``: grade, write every file, print the table (or the classroom JSON); 0, 2 or 130.

    Raises:
        UsageError: no class named, no such folder, results inside the submissions, or no sandbox.
    """
    if args.not_graded:  # the Classroom workflow's last resort: its points still reach the reporter
        if args.format != "classroom":
            raise UsageError("--not-graded goes with --format classroom")
        print(_classroom_line({f.slug: Result(f.slug, [], reason=args.not_graded) for f in FORMULATIONS}))
        return 0
    given, found, as_one = _submissions(args)
    sandbox, note = _refuse_without_sandbox(args.unsandboxed)
    out = Path(args.out)
    if as_one:
        print(f"make grade: {as_one}", file=sys.stderr)
    try:
        every = grade_class(found, args, show_progress=args.format == "table")
    except KeyboardInterrupt:
        print("make grade: interrupted; every process it started is ended", file=sys.stderr)
        return 130
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / CLASS_TABLE).write_text(class_csv(every, sandbox), encoding="utf-8")
        for submission in found:
            write_results(out, submission, every[submission.name], note)
    except OSError as error:
        raise UsageError(f"OUT={args.out}: {error.strerror}: {error.filename}") from None
    if args.format == "classroom":
        (results,) = every.values()
        print(_classroom_line(results))
        return 0
    console = output_console(highlight=False)
    console.print(class_table(every, sandbox))
    legend = ", ".join(f"{number} {f.slug}" for number, f in enumerate(FORMULATIONS, start=1))
    console.print(f"katas: {legend}", soft_wrap=True)
    submissions = f"{len(every)} submission{'s' if len(every) != 1 else ''}"
    console.print(f"{submissions} from {given}: {out}/class.csv and {out}/<name>/ for each")
    if note:
        console.print(note)
    return 0


def _classroom_line(results: dict[str, Result]) -> str:
    """The classroom JSON of one submission, base64 on one line, as the workflow puts it in its output."""
    compact = json.dumps(classroom_report(results), separators=(",", ":"))
    return base64.b64encode(compact.encode()).decode()
