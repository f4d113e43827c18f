"""The documents' measured figures, written from runs, never by hand: ``coinrow dev measured``.

A measured region lies between ``<!-- measured: <name> -->`` and ``<!-- end measured -->``; its text comes
from a run made on this machine as the command runs, with the load average it ran under. Timings differ
from run to run, so ``coinrow dev docs --check`` does not compare them; ``--check`` here says whether
every measured region in the documents has a name this command (or ``make growth-errors``) writes.

- ``compare-growth`` (docs/compare-and-trace.md): ``make compare``'s growth tables, the references timed.
- ``grading-times`` (docs/benchmark.md): wall and CPU seconds of ``make test F=difference_dp`` with the
  reference and with the catalogue's greedy answer in place (graded afresh), and of ``make solutions``,
  each the median of ``RUNS`` runs of the command as a learner starts it, on a scratch copy.
- ``watch-save`` (README.md) and ``watch-save-measured`` (docs/benchmark.md, with the saves and the
  load): the median wall seconds from a save of the reference ``difference_dp`` to its values' verdict
  under ``make watch`` (``coinrow.tools.bench.watch_latency``, which ``make bench`` prints too).

Usage: ``coinrow dev measured [--check]``. A measurement that fails says so on one line; exit 1.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from coinrow.dev.docs import closed, documents, framed, region_pattern
from coinrow.game.registry import IMPLS, REPO_ROOT, source_file
from coinrow.tools.bench.watch_latency import WatchTimingFailed, measure_watch

OPEN, END = "<!-- measured: ", "<!-- end measured -->"
REGION = region_pattern(OPEN, END)
#: measured regions another command writes (``coinrow dev growth-errors``)
ELSEWHERE = ("growth-errors", "too-slow-errors")
RUNS = 5  # runs of each command timed for grading-times, the median given
GREEDY = REPO_ROOT / "tests" / "catalogue" / "wrong" / "difference_dp" / "greedy.py"


class MeasurementFailed(Exception):
    """A run that a measured region is made from did not finish as it should."""


def load() -> str:
    """The machine's load average over the last minute, as the regions say it."""
    return f"{os.getloadavg()[0]:.1f}"


def compare_growth() -> dict[str, str]:
    """``make compare``'s growth tables, fenced, under the command and the load they were measured at."""
    run = subprocess.run(
        [sys.executable, "-m", "coinrow", "compare"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = run.stdout.rstrip().splitlines()
    start = next((k for k, line in enumerate(lines) if line.startswith("Growth:")), None)
    if run.returncode != 0 or start is None:
        raise MeasurementFailed(f"make compare exited {run.returncode} without its growth table")
    said = f"$ make compare    # its growth part: timings vary (make measured, 2 cores, load {load()})"
    return {"compare-growth": "\n".join(["```", said, "...", *lines[start:], "```"])}


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, of every process it started and waited for) of one
    run of ``command`` from the repository's root; its output is not kept."""
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, cwd=REPO_ROOT, capture_output=True, check=False)
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def grading_times() -> dict[str, str]:
    """The table of how fast grading answers: the median wall and CPU seconds of ``RUNS`` runs of each
    command, and the load average after them."""
    coinrow = [sys.executable, "-m", "coinrow", "test"]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for folder_name, label, answer in (
            ("reference", "the reference in place", None),
            ("greedy", "a wrong answer (`greedy`) in place", GREEDY),
        ):
            folder = Path(scratch) / folder_name
            attempt = source_file(folder, "difference_dp")
            attempt.parent.mkdir(parents=True)
            shutil.copyfile(answer or source_file(IMPLS["solutions"], "difference_dp"), attempt)
            command = [*coinrow, f"--impl={folder}", "--formulation=difference_dp", "--fresh"]
            rows.append((f"`make test F=difference_dp`, {label}", command))
        rows.append(
            ("`make solutions`, every reference, no cache", [*coinrow, "--impl=solutions", "--no-cache"])
        )
        lines = ["| command | wall | CPU |", "| --- | --- | --- |"]
        for label, command in rows:
            runs = [timed(command) for _ in range(RUNS)]
            wall, cpu = (statistics.median(run[k] for run in runs) for k in (0, 1))
            lines.append(f"| {label} | {wall:.2f} s | {cpu:.2f} s |")
    lines.append(f"\nThe median of {RUNS} runs each, at load average {load()} after them.")
    return {"grading-times": "\n".join(lines)}


def watch_save() -> dict[str, str]:
    """The median wall seconds from a save to the values' verdict under ``make watch``; and with the number
    of saves and the load."""
    try:
        latency = measure_watch()
    except WatchTimingFailed as failure:
        raise MeasurementFailed(f"make watch: {failure}") from None
    median = statistics.median(latency.values)
    return {
        "watch-save": f"{median:.1f} s",
        "watch-save-measured": f"{median:.2f} s, the median of {len(latency.values)} saves at load average "
        f"{latency.load:.1f}",
    }


MEASUREMENTS: dict[tuple[str, ...], Callable[[], dict[str, str]]] = {
    ("compare-growth",): compare_growth,
    ("grading-times",): grading_times,
    ("watch-save", "watch-save-measured"): watch_save,
}
NAMES = {name for names in MEASUREMENTS for name in names}


def write_region(text: str, name: str, body: str) -> str:
    """``text`` with the body of every measured region ``name`` replaced by ``body`` (on lines of its own
    when it has several lines)."""
    return REGION.sub(
        lambda region: framed(OPEN, name, body, END) if region["name"] == name else region[0], text
    )


def unknown_regions(root: Path = REPO_ROOT) -> list[str]:
    """One line for each measured region in the documents that no command writes, or that is not closed."""
    found = []
    for path in documents(root):
        text = path.read_text(encoding="utf-8")
        shown = path.relative_to(root).as_posix()
        if not closed(text, OPEN, END):
            found.append(f"{shown}: a measured region is not closed by {END!r}, or holds another one")
        found += [
            f"{shown}: no command writes the measured region {match['name']!r}"
            for match in REGION.finditer(text)
            if match["name"] not in NAMES and match["name"] not in ELSEWHERE
        ]
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check", action="store_true", help="measure nothing; exit 1 naming each region no command writes"
    )


def run(args: argparse.Namespace) -> int:
    """Measure every region and write it into every document that holds it; with ``--check``, only say
    which regions no command writes. 1 on any failure, one line each."""
    problems = unknown_regions()
    if args.check or problems:
        for line in problems:
            print(line)
        return 1 if problems else 0
    bodies: dict[str, str] = {}
    for names, measurement in MEASUREMENTS.items():
        print(f"measuring {', '.join(names)}", file=sys.stderr)
        try:
            bodies |= measurement()
        except MeasurementFailed as failure:
            print(f"{', '.join(names)}: not measured: {failure}")
            return 1
    for path in documents():
        text = path.read_text(encoding="utf-8")
        fresh = text
        for name, body in bodies.items():
            fresh = write_region(fresh, name, body)
        if fresh != text:
            path.write_text(fresh, encoding="utf-8")
            print(f"wrote {path.relative_to(REPO_ROOT).as_posix()}")
    return 0
