"""The compiled C baseline of ``make bench``: two references against C, timed in the same run.

``coinrow/tools/bench/baseline/baseline.c`` holds the O(n^2) score-difference DP in one
rolling row and the O(n) peak-merging reduction. The benchmark compiles it with
``gcc -O2`` into a temporary folder, runs it on a seeded row of each size (the references are timed on fresh
rows of the same size and coins), and puts
``vectorised_dp`` at n = 10**4 beside the C DP and ``linear_reduction`` at
n = 10**6 beside the C reduction, each with the ratio it is held to. Both
sides are timed in CPU time (the C program reads its own process clock), so
other work on the machine does not tilt the ratio. A ratio is given only when
the C program's difference equals the reference's on that row.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from coinrow.game.registry import IMPLS, load_module

SOURCE = Path(__file__).resolve().parent / "baseline" / "baseline.c"
COMPILER = "gcc"
FLAGS = ("-O2", "-std=c99", "-Wall", "-Wextra")


@dataclass(frozen=True)
class Target:
    """A reference held to ``ratio`` times a C algorithm's CPU time at ``n`` coins."""

    slug: str
    n: int
    algorithm: str  # the C program's first argument
    label: str
    ratio: float


TARGETS = (
    Target("vectorised_dp", 10**4, "rolling_dp", "C rolling-row DP", 1.25),
    Target("linear_reduction", 10**6, "reduction", "C reduction", 25.0),
)


@dataclass
class VersusC:
    """One target as measured: Python seconds (from the benchmark), C seconds, their ratio."""

    slug: str
    n: int
    c_algorithm: str
    target_ratio: float
    seconds: float
    c_seconds: float | None = None
    ratio: float | None = None
    note: str = ""


def compile_baseline(folder: Path) -> Path:
    """Compile ``baseline.c`` into ``folder`` with ``gcc -O2``; the executable's path.

    Raises:
        FileNotFoundError: no gcc on PATH.
        subprocess.CalledProcessError: the compiler failed (its message is in ``stderr``).
    """
    executable = folder / "baseline"
    subprocess.run(
        [COMPILER, *FLAGS, "-o", str(executable), str(SOURCE)], check=True, capture_output=True, text=True
    )
    return executable


def run_c(executable: Path, algorithm: str, row: Sequence[int], runs: int) -> tuple[int, float]:
    """The C program's difference on ``row`` and the fastest CPU seconds of ``runs`` runs.

    The row travels as native int64 values: every coin and interval difference must fit.

    Raises:
        subprocess.CalledProcessError: the program failed (exit 2: bad arguments).
    """
    done = subprocess.run(
        [str(executable), algorithm, str(runs)],
        input=np.asarray(row, dtype=np.int64).tobytes(),
        capture_output=True,
        check=True,
    )
    difference, *seconds = done.stdout.split()
    return int(difference), min(float(s) for s in seconds)


def versus_c(
    measured: Mapping[tuple[str, int], float], row_of: Callable[[int], list[int]], runs: int
) -> tuple[list[VersusC], str]:
    """Time the C baseline for every target the benchmark measured, and one line of context.

    Args:
        measured: the benchmark's seconds per (slug, n).
        row_of: the benchmark's row of n coins (the C program gets the same row).
        runs: timed runs per C algorithm; the fastest is kept, as the benchmark keeps its own.

    Returns:
        The comparisons, and a line saying how C was compiled, or why nothing was compared.
    """
    wanted = [t for t in TARGETS if (t.slug, t.n) in measured]
    if not wanted:
        return [], ""
    if shutil.which(COMPILER) is None:
        return [], f"C baseline skipped: no {COMPILER} on PATH, so no ratio to C is given"
    reference = load_module(IMPLS["solutions"], "linear_reduction").score_difference
    results = []
    with tempfile.TemporaryDirectory() as folder:
        try:
            executable = compile_baseline(Path(folder))
        except subprocess.CalledProcessError as error:
            reason = (error.stderr or "").strip().splitlines() or [f"exit status {error.returncode}"]
            return [], f"C baseline skipped: {COMPILER} failed: {reason[0]}"
        for target in wanted:
            row, seconds = row_of(target.n), measured[target.slug, target.n]
            result = VersusC(target.slug, target.n, target.label, target.ratio, seconds)
            difference, result.c_seconds = run_c(executable, target.algorithm, row, runs)
            if difference != reference(row):
                result.note = f"not compared: C gave {difference}, the reference {reference(row)}"
            elif result.c_seconds > 0:
                result.ratio = result.seconds / result.c_seconds
            results.append(result)
    return results, f"C baseline: {COMPILER} -O2, CPU time of both sides, fastest of {runs} runs, this run"
