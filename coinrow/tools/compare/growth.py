"""Growth: the fastest CPU time per call at doubling n, the fitted exponent, and a log-log plot.

Method: each size is timed by ``coinrow.tools.timing`` (as ``make bench`` times, by the growth check's
batching rule: a fresh random row for every call, CPU time, calls shorter than ``SHORTEST_BATCH`` timed
in batches, the executor's round trip of a call taken out of its time); each size gets as many
repeats as fit in ``Budget.point`` seconds (at least one, at most ``Budget.max_repeats``) and the
fastest is kept. The growth exponent is ``theil_sen``, the median of the log-log slopes between
every pair of sizes (Theil-Sen), so an O(n^2) interval DP comes out near 2 and the O(n) parity
strategy near 1. The exhaustive oracle is exponential: it gets its own small sizes, is measured only
while a call stays under a second, and its growth is reported per extra coin instead.

A series stops early when one call takes longer than ``Budget.run``, when the
code under test raises or runs out of time, or when the whole table has used
``Budget.total`` seconds; the table says which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from coinrow.game.oracle import ORACLE_MAX_N
from coinrow.grader import CallTimeout, theil_sen
from coinrow.tools.timing import Subject, fitted_per_coin, time_calls
from coinrow.tools.timing import predicted_seconds as predicted_from

SIZES = (128, 256, 512, 1024, 2048)
ORACLE_SIZES = tuple(n for n in (8, 10, 12, 14, 16, 18, 20) if n <= ORACLE_MAX_N)


@dataclass(frozen=True)
class Budget:
    """Time budgets, in CPU seconds of the timed code (never wall time: a busy machine does not shrink
    them); the defaults keep ``make compare`` under 30 s on 2 cores."""

    total: float = 23.0  # the whole growth table
    point: float = 0.8  # the repeats at one size
    run: float = 4.0  # one call longer than this ends its series
    oracle_run: float = 1.0  # the oracle only while a call stays under a second
    limit: float = 8.0  # a call is interrupted after this long (code under test may hang)
    max_repeats: int = 11


@dataclass
class Series:
    """One line of the growth table: a formulation's code (or the oracle) timed at several sizes."""

    label: str  # e.g. "difference_dp", "difference_dp (yours)", "exhaustive oracle"
    slug: str | None
    impl: str  # "solutions", "problems", a folder name, or "oracle"
    subject: Callable[[int], Subject] | None  # its code on fresh rows of n coins; None: never timed
    sizes: tuple[int, ...] = SIZES
    kind: Literal["power", "exponential"] = "power"
    seconds: dict[int, float] = field(default_factory=dict)
    status: str = "measured"  # or "not attempted", "failing", "too slow", "raised"
    note: str = ""  # why the series stopped, or why it was never timed

    @property
    def active(self) -> bool:
        """True while the series may still be timed at a larger size."""
        return self.subject is not None and self.status == "measured" and not self.note

    def exponent(self) -> float | None:
        """The median log-log slope (time ~ n^exponent), from two or more sizes; None otherwise."""
        return theil_sen(self.seconds) if self.kind == "power" else None

    def per_coin(self) -> float | None:
        """The exponential growth factor per extra coin (time ~ c^n), from two or more sizes."""
        return fitted_per_coin(self.seconds) if self.kind == "exponential" else None


def measure(series: Sequence[Series], budget: Budget = Budget(), console: Console | None = None) -> None:
    """Time every series in place, smallest n first across all series, with a progress bar.

    The progress bar goes to ``console`` (default: stderr) and disappears when done.
    """
    sizes = sorted({n for s in series for n in s.sizes})
    todo = sum(len(s.sizes) for s in series if s.active)  # a stopped series' sizes count as done
    spent = [0.0]  # CPU seconds the timed calls took so far: the budget counts CPU, not a busy machine's wall
    with Progress(
        TextColumn("[progress.description]{task.description:<34}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console or Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("growth", total=todo)
        for n in sizes:
            for s in series:
                if n not in s.sizes or s.subject is None:
                    continue
                if not s.active:
                    progress.advance(task)
                    continue
                progress.update(task, description=f"{s.label}, n = {n}")
                predicted = predicted_seconds(s, n)
                left = budget.total - spent[0]
                if left <= 0 or predicted > left:
                    s.note = budget_note(n, predicted, left, budget.total)
                else:
                    spent[0] += _measure_one(s, n, budget)
                progress.advance(task)


def budget_note(n: int, predicted: float, left: float, total: float) -> str:
    """Why a series is not timed from size ``n`` on, in the table's own terms.

    Args:
        n: the first size not timed.
        predicted: one call's predicted seconds at ``n`` (``predicted_seconds``).
        left: seconds left of the budget (0 or less: all spent).
        total: the whole table's budget in seconds.
    """
    if left <= 0:
        return (
            f"not timed from n = {n}: the table's {total:g} s budget of CPU time was spent on smaller sizes"
        )
    seconds = f"{predicted:,.0f}" if predicted >= 100 else f"{predicted:.2g}"
    return (
        f"not timed from n = {n}: one call there should take about {seconds} s, "
        f"and {left:.1f} s of the table's {total:g} s budget is left"
    )


def predicted_seconds(s: Series, n: int) -> float:
    """A guess at one call's time at size ``n`` from the series so far (0 before any point).

    ``coinrow.tools.timing.predicted_seconds`` on the series' seconds and its kind of growth.
    """
    return predicted_from(s.seconds, n, s.kind)


def _measure_one(s: Series, n: int, budget: Budget) -> float:
    """Time ``s`` at size ``n``; the CPU seconds its timing took (0 when a call failed)."""
    assert s.subject is not None
    try:
        subject = s.subject(n)
        timing = time_calls(subject, limit=budget.limit, repeats=budget.max_repeats, within=budget.point)
    except CallTimeout:
        s.status, s.note = "too slow", f"one call ran over {budget.limit:g} s at n = {n}"
        return 0.0
    except RecursionError:
        s.status, s.note = "raised", f"RecursionError at n = {n}: raise the recursion limit or go bottom-up"
        return 0.0
    except Exception as error:  # noqa: BLE001 - the code under test may raise anything; report it
        s.status, s.note = "raised", f"{type(error).__name__} at n = {n}: {error}"
        return 0.0
    s.seconds[n] = timing.fastest
    run_budget = budget.oracle_run if s.kind == "exponential" else budget.run
    if timing.longest > run_budget and n != max(s.sizes):
        s.note = f"stopped after n = {n}: one call took {timing.longest:.2f} s (over {run_budget:g} s)"
    return timing.spent


def ratio_to_fastest(series: Sequence[Series]) -> dict[str, float]:
    """Each power series' time over the fastest series' time, at its own largest measured n."""
    power = [s for s in series if s.kind == "power" and s.seconds]
    ratios: dict[str, float] = {}
    for s in power:
        n = max(s.seconds)
        fastest = min(other.seconds[n] for other in power if n in other.seconds)
        ratios[s.label] = s.seconds[n] / fastest
    return ratios


def ratio_between(mine: Series, reference: Series) -> tuple[int, float] | None:
    """``(n, mine / reference)`` at the largest n both measured, or None."""
    common = set(mine.seconds) & set(reference.seconds)
    if not common:
        return None
    n = max(common)
    return n, mine.seconds[n] / reference.seconds[n]


class PlotUnavailable(Exception):
    """matplotlib is missing (it is the optional extra ``[plot]``) or the file type is unknown."""


PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def require_plot(path: Path) -> Any:
    """``matplotlib.pyplot`` (headless backend), checked before any measuring starts.

    Raises:
        PlotUnavailable: for a suffix other than .png, .svg or .pdf, or when
            matplotlib is not installed (``pip install -e '.[plot]'``).
    """
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise PlotUnavailable(f"cannot draw {path.name!r}: use a file ending in {', '.join(PLOT_SUFFIXES)}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotUnavailable(
            "the plot needs matplotlib, the optional extra: pip install -e '.[plot]'"
        ) from None
    return plt


def plot_growth(series: Sequence[Series], path: Path) -> Path:
    """Draw the growth table as a log-log chart, one line per series, exponents in the legend.

    Args:
        series: measured series; those with fewer than one point are left out.
        path: the file to write, ``.png``, ``.svg`` or ``.pdf``; its folder is created.

    Returns:
        ``path``.

    Raises:
        PlotUnavailable: for another suffix, or when matplotlib is not installed
            (``pip install -e '.[plot]'``).
    """
    plt = require_plot(path)
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=110)
    colours = plt.get_cmap("tab20").colors  # 20 distinct colours: one per line, never repeated
    for index, s in enumerate(series):
        if not s.seconds:
            continue
        sizes = sorted(s.seconds)
        exponent, per_coin = s.exponent(), s.per_coin()
        if exponent is not None:
            label = f"{s.label}  (n^{exponent:.2f})"
        elif per_coin is not None:
            label = f"{s.label}  (×{per_coin:.2f} per coin)"
        else:
            label = s.label
        style = "--" if s.kind == "exponential" else "-"
        colour = colours[(2 * index) % 20 + (2 * index) // 20 % 2]  # dark shades first, then light ones
        axes.loglog(sizes, [s.seconds[n] for n in sizes], style, marker="o", label=label, color=colour)
    axes.set_xlabel("n (coins in the row)")
    axes.set_ylabel("fastest seconds per call")
    axes.set_title("Coins in a row: growth of each formulation (log-log)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize="small", loc="center left", bbox_to_anchor=(1.01, 0.5))  # beside the lines
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)
    return path
