"""``make bench``: CPU time and peak memory of every formulation, against NumPy and against C.

Each formulation's graded function runs on the same seeded rows (coins 1..1000)
at n = 500, 1000, 2000, 4000, plus 10**4 for ``vectorised_dp`` and 10**4, 10**5,
10**6 for ``linear_reduction``. Time is the median CPU time per call of ``--runs``
timings and peak memory what ``tracemalloc`` traces in one more call, both taken
by ``coinrow.grader.measure.timing``, the rule the growth table of ``compare`` follows too.
Both are also given as a ratio to the reference ``vectorised_dp`` (the compiled
baseline) measured at the same n in the same run. At the default sizes,
``vectorised_dp`` and ``linear_reduction`` are then set against compiled C
(``coinrow.tools.bench.cbaseline``), or one line says why not (no gcc).

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
import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from coinrow.game.registry import FORMULATIONS, IMPLS, REPO_ROOT, by_slug, load_module
from coinrow.game.rowarg import UsageError, add_impl_option, impl_dir, parse_sizes
from coinrow.game.settings import SEED
from coinrow.grader import CallTimeout, InProcess, predicted_seconds, seeded_row, time_calls, time_limit
from coinrow.tools.bench.cbaseline import VersusC, versus_c

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
    slug: str, function: Function, sizes: Sequence[int], runs: int, advance: Callable[[], None]
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
        row = seeded_row(n)
        try:
            cell.seconds = time_calls(InProcess(function, row), limit=BENCH_CALL_LIMIT, repeats=runs).median
        except CallTimeout:
            cell.note = f"a call took over {BENCH_CALL_LIMIT:g} s"
            blocked = f"skipped: over {BENCH_CALL_LIMIT:g} s at n = {n}"
        except RecursionError:
            cell.note = "RecursionError"
            blocked = f"skipped: RecursionError at n = {n}"
        advance()
        if cell.seconds is None:
            advance()
            continue
        history[n] = cell.seconds
        if cell.seconds * TRACE_SLOWDOWN > MEMORY_BUDGET:
            cell.note = f"memory skipped (~{cell.seconds * TRACE_SLOWDOWN:.0f} s traced)"
        else:
            cell.peak_bytes = InProcess(function, row).peak(BENCH_CALL_LIMIT)
        advance()
    return cells


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


def render(cells: list[Cell], impl: str, runs: int) -> Table:
    """The rich table: one line per formulation and n."""
    plural = "s" if runs != 1 else ""
    table = Table(title=f"make bench: {impl} (median of {runs} run{plural}; ratios to {BASELINE}, same n)")
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


def attempts(folder: Path) -> tuple[dict[str, Function], list[Cell]]:
    """The graded function of each formulation that runs, and a cell saying why for each that does not."""
    functions: dict[str, Function] = {}
    cells: list[Cell] = []
    for formulation in FORMULATIONS:
        try:
            module = load_module(folder, formulation.slug)
            function = getattr(module, formulation.value_function)
            reason = attempted(function)
        except Exception as error:  # noqa: BLE001 - a broken attempt is reported, not benchmarked
            reason = f"does not load: {type(error).__name__}: {error}"
        if reason is None:
            functions[formulation.slug] = function
        else:
            cells.append(Cell(formulation.slug, 0, note=reason))
    return functions, cells


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
    functions, cells = attempts(folder)
    baseline_function = getattr(load_module(IMPLS["solutions"], BASELINE), "score_difference")  # noqa: B009

    console = Console(width=None if sys.stdout.isatty() else 132)
    plan = {slug: sizes_for(slug, sizes, extras) for slug in functions}
    baseline_sizes = sorted({n for slug_sizes in plan.values() for n in slug_sizes} & {*sizes, 10**4})
    with Progress(console=console, transient=True) as progress:
        steps = 2 * (sum(map(len, plan.values())) + len(baseline_sizes))
        task = progress.add_task("benchmarking", total=steps)

        def advance() -> None:
            progress.advance(task)

        def starting(what: str, step: int) -> None:
            """A line per kata where no bar is drawn (output not a terminal): a long run shows it moves."""
            if not console.is_terminal:
                print(f"bench: {what} ({step} of {len(functions) + 1})", file=sys.stderr, flush=True)

        starting(f"the baseline, {BASELINE}", 1)
        baseline = measure(BASELINE, baseline_function, baseline_sizes, args.runs, advance)
        for step, (slug, function) in enumerate(functions.items(), start=2):
            progress.update(task, description=f"benchmarking {slug}")
            starting(slug, step)
            if slug == BASELINE and folder == IMPLS["solutions"]:
                measured = [c for c in baseline if c.n in plan[slug]]  # the same code: measured once
                for _ in range(2 * len(measured)):
                    advance()
            else:
                measured = measure(slug, function, plan[slug], args.runs, advance)
            add_ratios(measured, baseline)
            cells.extend(measured)
    order = {f.slug: k for k, f in enumerate(FORMULATIONS)}
    cells.sort(key=lambda c: (order[c.slug], c.n))
    seconds = {(c.slug, c.n): c.seconds for c in cells if c.seconds is not None}
    versus, context = versus_c(seconds, seeded_row, args.runs)
    elapsed = time.perf_counter() - started

    console.print(render(cells, args.impl, args.runs))
    for line in filter(None, [context, *map(describe, versus)]):
        console.print(line, highlight=False)
    console.print(f"total {elapsed:.0f} s; JSON written to {args.out}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "impl": args.impl,
        "runs": args.runs,
        "baseline": BASELINE,
        "seed": SEED,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "machine": platform.machine(),
        "elapsed_seconds": round(elapsed, 1),
        "cells": [asdict(c) for c in cells],
        "versus_c": {"note": context, "targets": [asdict(v) for v in versus]},
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0
