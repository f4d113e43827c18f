"""``make bench``: CPU time and peak memory of every formulation, against NumPy and against C.

Each formulation's graded function runs on fresh random rows (a thousand coin values from a lowest one
drawn for each row, ``rows.fresh_row``), one for each call,
at n = 500, 1000, 2000, 4000, plus 10**4 for ``vectorised_dp`` and 10**4, 10**5,
10**6 for ``linear_reduction``. Time is the fastest CPU time per call of ``--runs``
timings and peak memory what ``tracemalloc`` traces in one more call, both taken
by ``coinrow.tools.timing``, as the growth table of ``compare`` is (the growth check's batching rule).
Both are also given as a ratio to the reference ``vectorised_dp`` (the compiled
baseline) measured at the same n in the same run, where the same way.

Where the code runs: the project's own references (``--impl=solutions``) in this process
(``InProcess``); any other folder's attempts, and the baseline beside them, in an executor
each, capped and sandboxed as ``make test`` and ``make compare`` run them (``Grader.subject``),
the executor's round trip of a call taken out of its time (timed in the references' executor:
pings to an attempt's would tell it it is timed). The table's title says which. For the
references at the default sizes, ``vectorised_dp`` and ``linear_reduction`` are then set against
compiled C (``coinrow.tools.bench.cbaseline``), or one line says why not (no gcc, or an
attempt's time, which also counts the executor's passing of the row to it).

The references' run at the default sizes also times how long a learner waits after a save under
``make watch`` (``coinrow.tools.bench.watch_latency``): the median of 10 saves, in wall seconds, with
the load average.

A measurement whose estimated cost is too high is skipped and says why: rows
longer than a kata's ``max_n`` (brute force), timed runs estimated over
``TIME_BUDGET`` seconds and traced runs over ``MEMORY_BUDGET`` seconds (the
estimate extrapolates from the smaller rows already measured).

Usage: ``coinrow bench [--impl solutions|problems|DIR] [--runs N]
[--sizes N,N,...] [--out FILE]`` (or ``coinrow bench …``). Bad arguments: one line on
stderr, exit 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from coinrow.game.registry import FORMULATIONS, IMPLS, REPO_ROOT, by_slug, load_module
from coinrow.game.rowarg import UsageError, add_impl_option, impl_dir, parse_sizes
from coinrow.game.rows import FreshRows, seeded_row
from coinrow.game.settings import SEED
from coinrow.grader import CallTimeout, Grader, NotAttempted, WrongAnswer, time_limit
from coinrow.grader import Progress as GradedProgress
from coinrow.tools.bench.cbaseline import VersusC, versus_c
from coinrow.tools.bench.watch_latency import WatchLatency, WatchTimingFailed, measure_watch
from coinrow.tools.timing import InProcess, Subject, predicted_seconds, time_calls

SIZES = (500, 1000, 2000, 4000)
EXTRA_SIZES = {"vectorised_dp": (10**4,), "linear_reduction": (10**4, 10**5, 10**6)}
BASELINE = "vectorised_dp"
RUNS = 5
TIME_BUDGET = 40.0  # seconds for all timed runs of one formulation at one n
MEMORY_BUDGET = 10.0  # seconds for the one traced run
TRACE_SLOWDOWN = 30  # a traced pure-Python run takes up to ~30x its untraced time
BENCH_CALL_LIMIT = 60.0  # no single call may take longer, whatever the estimate said
DEFAULT_OUT = REPO_ROOT / "build" / "bench.json"

Function = Callable[[Sequence[int]], Any]
Timed = Callable[[int], Subject]  # a formulation's code on fresh rows of n coins, where it runs
IN_PROCESS = "timed in this process"
IN_EXECUTOR = "timed in a sandboxed executor, round trip out"


@dataclass
class Cell:
    """One formulation at one n: seconds and bytes (None when not measured, with the reason)."""

    slug: str
    n: int
    seconds: float | None = None
    time_ratio: float | None = None  # seconds / the baseline's seconds at this n
    peak_bytes: int | None = None
    memory_ratio: float | None = None
    note: str = ""


def sizes_for(slug: str, sizes: Sequence[int], extras: bool) -> list[int]:
    """The sizes one formulation is measured at."""
    return sorted({*sizes, *(EXTRA_SIZES.get(slug, ()) if extras else ())})


def attempted(function: Function) -> str | None:
    """None when the function runs on a two-coin row, else why it cannot be benchmarked."""
    try:
        with time_limit(5.0):
            function([1, 2])
    except NotImplementedError:
        return "not attempted"
    except CallTimeout:
        return "too slow on two coins"
    except Exception as error:  # noqa: BLE001 - any learner error just excludes the kata
        return f"raises {type(error).__name__} on [1, 2]"
    return None


def measure(
    slug: str, subject_of: Timed, sizes: Sequence[int], runs: int, advance: Callable[[], None]
) -> list[Cell]:
    """Time and trace one formulation at every size, skipping what would take too long."""
    formulation = by_slug(slug)
    cells: list[Cell] = []
    history: dict[int, float] = {}  # n -> seconds, the sizes measured so far
    blocked = ""
    for n in sizes:
        cell = Cell(slug, n)
        cells.append(cell)
        guess = predicted_seconds(history, n)
        if blocked:
            cell.note = blocked
        elif formulation.max_n is not None and n > formulation.max_n:
            cell.note = f"skipped: exponential, n > {formulation.max_n}"
        elif history and guess * runs > TIME_BUDGET:
            cell.note = f"skipped (~{guess * runs:.0f} s for {runs} runs)"
        if cell.note:
            advance()
            advance()
            continue
        subject = subject_of(n)
        try:
            cell.seconds = time_calls(subject, limit=BENCH_CALL_LIMIT, repeats=runs).fastest
        except CallTimeout:
            cell.note = f"a call took over {BENCH_CALL_LIMIT:g} s"
            blocked = f"skipped: over {BENCH_CALL_LIMIT:g} s at n = {n}"
        except RecursionError:
            cell.note = "RecursionError"
            blocked = f"skipped: RecursionError at n = {n}"
        except WrongAnswer as failure:  # in an executor: a call that raised, ended it or ran out of time
            cell.note = failed_call(failure)
            blocked = f"skipped: failed at n = {n}"
        advance()
        if cell.seconds is None:
            advance()
            continue
        history[n] = cell.seconds
        if cell.seconds * TRACE_SLOWDOWN > MEMORY_BUDGET:
            cell.note = f"memory skipped (~{cell.seconds * TRACE_SLOWDOWN:.0f} s traced)"
        else:
            try:
                cell.peak_bytes = subject.peak(BENCH_CALL_LIMIT)
            except WrongAnswer as failure:  # in an executor: more memory than tracing saw, or a failure
                cell.note = f"memory: {failed_call(failure)}"
        advance()
    return cells


def failed_call(failure: WrongAnswer) -> str:
    """The first line of a failure's message: what went wrong, for a cell's note."""
    return str(failure).strip().splitlines()[0] if str(failure).strip() else failure.kind


def add_ratios(cells: list[Cell], baseline: list[Cell]) -> None:
    """Fill each cell's ratios to the baseline cell of the same n, where both were measured."""
    base = {c.n: c for c in baseline}
    for cell in cells:
        ref = base.get(cell.n)
        if ref is None:
            continue
        if cell.seconds is not None and ref.seconds:
            cell.time_ratio = cell.seconds / ref.seconds
        if cell.peak_bytes is not None and ref.peak_bytes:
            cell.memory_ratio = cell.peak_bytes / ref.peak_bytes


def show_seconds(seconds: float | None) -> str:
    """'12.3 ms', '1.23 s' or '—'."""
    if seconds is None:
        return "—"
    return f"{seconds * 1000:.3g} ms" if seconds < 1 else f"{seconds:.3g} s"


def show_bytes(size: int | None) -> str:
    """'812 KB', '128 MB' or '—' (powers of 1000)."""
    if size is None:
        return "—"
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size} B"


def show_ratio(ratio: float | None) -> str:
    """'26.1×' or '—'."""
    return "—" if ratio is None else f"{ratio:.3g}×"


def describe(result: VersusC) -> str:
    """One line: the reference and the C time, their ratio, and whether it meets its target."""
    line = f"{result.slug} at n = {result.n:,}: {show_seconds(result.seconds)} vs {result.c_algorithm} "
    line += show_seconds(result.c_seconds)
    if result.ratio is None:
        return f"{line}: {result.note}"
    verdict = "met" if result.ratio <= result.target_ratio else "missed"
    return f"{line} = {show_ratio(result.ratio)} (target ≤ {result.target_ratio:g}×: {verdict})"


def render(cells: list[Cell], impl: str, runs: int, where: str = IN_PROCESS) -> Table:
    """The rich table: one line per formulation and n; the title says where the code was timed."""
    plural = "s" if runs != 1 else ""
    title = f"make bench: {impl}, {where} (fastest of {runs} run{plural}; ratios to {BASELINE}, same n)"
    table = Table(title=title)
    for header in ("formulation", "n", "time", f"× {BASELINE}", "peak memory", f"× {BASELINE}", "note"):
        table.add_column(header, justify="right" if header in ("n", "time", "peak memory") else "left")
    previous = ""
    for cell in cells:
        name = cell.slug if cell.slug != previous else ""
        previous = cell.slug
        table.add_row(
            name,
            f"{cell.n:,}" if cell.n else "",
            show_seconds(cell.seconds),
            show_ratio(cell.time_ratio),
            show_bytes(cell.peak_bytes),
            show_ratio(cell.memory_ratio),
            cell.note,
        )
    return table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow bench`` (see the module docstring)."""
    add_impl_option(parser, "solutions")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"timings per cell (default {RUNS})")
    parser.add_argument("--sizes", default=None, help="comma-separated n instead of the default sizes")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the JSON")


def references(folder: Path) -> tuple[dict[str, Timed], list[Cell]]:
    """The project's own code in ``folder``, timed in this process: each formulation's graded function
    that runs on a two-coin row, and a cell saying why for each that does not."""
    timed: dict[str, Timed] = {}
    cells: list[Cell] = []
    for formulation in FORMULATIONS:
        try:
            module = load_module(folder, formulation.slug)
            function = getattr(module, formulation.value_function)
            reason = attempted(function)
        except Exception as error:  # noqa: BLE001 - a broken file is reported, not benchmarked
            reason = f"does not load: {type(error).__name__}: {error}"
        if reason is None:
            timed[formulation.slug] = _in_process(function)
        else:
            cells.append(Cell(formulation.slug, 0, note=reason))
    return timed, cells


def _in_process(function: Function) -> Timed:
    return lambda n: InProcess(function, FreshRows(n))


def attempts(grader: Grader, pings: Grader) -> tuple[dict[str, Timed], list[Cell]]:
    """The attempts ``grader`` calls, each in its executor: each formulation's graded function that runs
    on a two-coin row there, and a cell saying why for each that does not; ``pings``, the references'
    grader, is pinged for their round trip (``Caller.subject``)."""
    timed: dict[str, Timed] = {}
    cells: list[Cell] = []
    for formulation in FORMULATIONS:
        try:
            grader.call(formulation.slug, formulation.value_function, [1, 2])
        except NotAttempted:
            cells.append(Cell(formulation.slug, 0, note="not attempted"))
            continue
        except WrongAnswer as failure:  # one that does not import was never called: said as it is
            said = failed_call(failure)
            note = said if failure.kind == "import" else f"fails on [1, 2]: {said}"
            cells.append(Cell(formulation.slug, 0, note=note))
            continue
        timed[formulation.slug] = _in_executor(grader, formulation.slug, formulation.value_function, pings)
    return timed, cells


def standings(folder: Path, slugs: Iterable[str]) -> dict[str, str]:
    """A note for each attempt of ``slugs`` in ``folder`` not solved as it is now: the bench times code, it
    does not grade it, so it says how it was last graded (``Progress.last_graded``), or that it was not."""
    progress = GradedProgress(folder)
    notes = {}
    for slug in slugs:
        last = progress.last_graded(slug)
        if last is None:
            notes[slug] = "not graded as it is now: make test grades it"
        elif last.status != "solved":
            notes[slug] = f"{last.status} as last graded"
    return notes


def _in_executor(grader: Grader, slug: str, function: str, pings: Grader | None = None) -> Timed:
    return lambda n: grader.subject(slug, function, n, pings)


def run(args: argparse.Namespace) -> int:
    """``coinrow bench``: the table on stdout, the JSON in ``--out``; 0.

    Raises:
        UsageError: no such ``--impl`` folder, ``--runs`` under 1, or bad ``--sizes``.
    """
    folder = impl_dir(args.impl, "--impl")
    if args.runs < 1:
        raise UsageError("must be at least 1", "--runs", str(args.runs))
    sizes = parse_sizes("--sizes", args.sizes, smallest=2) if args.sizes else SIZES
    extras = args.sizes is None
    started = time.perf_counter()
    own = folder.resolve() == IMPLS["solutions"].resolve()
    with contextlib.ExitStack() as stack:
        if own:
            where = IN_PROCESS
            timed, cells = references(folder)
            baseline_function = getattr(load_module(folder, BASELINE), "score_difference")  # noqa: B009
            baseline_timed = _in_process(baseline_function)
        else:
            where = IN_EXECUTOR
            grader = Grader(folder, call_limit=BENCH_CALL_LIMIT)
            stack.callback(grader.close)
            reference = Grader(IMPLS["solutions"], call_limit=BENCH_CALL_LIMIT)
            stack.callback(reference.close)
            timed, cells = attempts(grader, reference)
            baseline_timed = _in_executor(reference, BASELINE, "score_difference")
        cells.extend(_measure_all(timed, baseline_timed, own, sizes, extras, args.runs))
    standing = {} if own else standings(folder, timed)
    for cell in cells:
        cell.note = cell.note or standing.get(cell.slug, "")
    order = {f.slug: k for k, f in enumerate(FORMULATIONS)}
    cells.sort(key=lambda c: (order[c.slug], c.n))
    seconds = {(c.slug, c.n): c.seconds for c in cells if c.seconds is not None}
    versus, context = versus_c(seconds, seeded_row, args.runs) if own else ([], NOT_AGAINST_C)
    watch = _watch_latency() if own and extras else None  # the bench proper, not a run of chosen sizes
    elapsed = time.perf_counter() - started

    console = _console()
    console.print(render(cells, args.impl, args.runs, where))
    watch_line = watch.line() if isinstance(watch, WatchLatency) else watch
    for line in filter(None, [context, *map(describe, versus), watch_line]):
        console.print(line, highlight=False)
    console.print(f"total {elapsed:.0f} s; JSON written to {args.out}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "impl": args.impl,
        "runs": args.runs,
        "baseline": BASELINE,
        "timed_in": "process" if own else "executor",
        "seed": SEED,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "machine": platform.machine(),
        "elapsed_seconds": round(elapsed, 1),
        "cells": [asdict(c) for c in cells],
        "versus_c": {"note": context, "targets": [asdict(v) for v in versus]},
        "watch": asdict(watch) if isinstance(watch, WatchLatency) else watch,
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


NOT_AGAINST_C = (
    "C baseline: set against the references only (make bench): an attempt's time here also counts "
    "its executor's passing of the row to it, which grows with n"
)


def _watch_latency() -> WatchLatency | str:
    """The time a save takes under ``make watch`` (``watch_latency``), or one line saying why it is not
    given."""
    try:
        return measure_watch()
    except (WatchTimingFailed, OSError) as failure:
        return f"make watch: a save not timed: {failure}"


def _console() -> Console:
    return Console(width=None if sys.stdout.isatty() else 132)


def _measure_all(
    timed: dict[str, Timed], baseline_timed: Timed, own: bool, sizes: Sequence[int], extras: bool, runs: int
) -> list[Cell]:
    """The baseline, then every formulation of ``timed`` (``own``: the references, whose baseline is the
    same code, measured once), with a progress bar; every cell with its ratios to the baseline."""
    console = _console()
    plan = {slug: sizes_for(slug, sizes, extras) for slug in timed}
    baseline_sizes = sorted({n for slug_sizes in plan.values() for n in slug_sizes} & {*sizes, 10**4})
    cells: list[Cell] = []
    with Progress(console=console, transient=True) as progress:
        steps = 2 * (sum(map(len, plan.values())) + len(baseline_sizes))
        task = progress.add_task("benchmarking", total=steps)

        def advance() -> None:
            progress.advance(task)

        def starting(what: str, step: int) -> None:
            """A line per kata where no bar is drawn (output not a terminal): a long run shows it moves."""
            if not console.is_terminal:
                print(f"bench: {what} ({step} of {len(timed) + 1})", file=sys.stderr, flush=True)

        starting(f"the baseline, {BASELINE}", 1)
        baseline = measure(BASELINE, baseline_timed, baseline_sizes, runs, advance)
        for step, (slug, subject_of) in enumerate(timed.items(), start=2):
            progress.update(task, description=f"benchmarking {slug}")
            starting(slug, step)
            if slug == BASELINE and own:
                measured = [c for c in baseline if c.n in plan[slug]]  # the same code: measured once
                for _ in range(2 * len(measured)):
                    advance()
            else:
                measured = measure(slug, subject_of, plan[slug], runs, advance)
            add_ratios(measured, baseline)
            cells.extend(measured)
    return cells
