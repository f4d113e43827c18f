"""``compare``: every formulation side by side in three tables (answers, anatomy, growth).

Everything listed comes from the registry (``coinrow.registry.FORMULATIONS``),
bonus formulations included. With ``impl`` other than ``solutions`` (the
learner's ``problems``, or a folder laid out like it) the learner's code is
graded first on the case table's small rows; not-attempted and failing
formulations are marked as such and never timed, the others are timed beside
the reference.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from coinrow.answers import Answer, Status, answer, attempt_status, oracle_totals, totals_json
from coinrow.cases import seed_rows
from coinrow.cli import impl_dir
from coinrow.console import output_console
from coinrow.game import Totals
from coinrow.grading import Grader, show_row
from coinrow.growth import (
    ORACLE_SIZES,
    SIZES,
    Budget,
    PlotUnavailable,
    Series,
    measure,
    plot_growth,
    ratio_between,
    ratio_to_fastest,
    require_plot,
)
from coinrow.oracle import ORACLE_MAX_N, exhaustive_difference
from coinrow.registry import FORMULATIONS, IMPLS, Formulation
from coinrow.rowarg import UsageError

REFERENCE = "solutions"
HIDDEN = "hidden until you solve it (SPOILERS=1 shows every recurrence)"


@dataclass
class Comparison:
    """Everything ``compare`` shows, before it is drawn as tables or written as JSON."""

    impl: str
    rows: list[tuple[int, ...]]
    optima: list[Totals]
    answers: list[list[Answer]]
    statuses: dict[str, tuple[Status, str]]
    series: list[Series] = field(default_factory=list)
    plot: Path | None = None
    revealed: Callable[[str], bool] = field(default=lambda slug: False)  # whose recurrence may be shown


def check_rows(row: Sequence[int]) -> list[tuple[int, ...]]:
    """The rows to compare: ``row``, or the seeds' example rows when it is empty.

    Raises:
        UsageError: if the row is longer than the exhaustive oracle's limit.
    """
    if not row:
        return seed_rows()
    if len(row) > ORACLE_MAX_N:
        raise UsageError(
            f"the row has {len(row)} coins; the exhaustive oracle it is checked against tries "
            f"about 2**n lines of play and stops at n = {ORACLE_MAX_N}"
        )
    return [tuple(row)]


def build(
    rows: list[tuple[int, ...]], impl: str, sizes: Sequence[int], oracle_sizes: Sequence[int]
) -> Comparison:
    """Grade, answer and prepare the growth series (not yet timed) for ``impl``."""
    grader = Grader(impl_dir(impl))
    statuses = {f.slug: attempt_status(grader, f, thorough=impl != REFERENCE) for f in FORMULATIONS}
    optima = [oracle_totals(row) for row in rows]
    answers = [
        [answer(grader, f, row, optimum) for f in FORMULATIONS]
        for row, optimum in zip(rows, optima, strict=True)
    ]
    for row, row_answers in zip(rows, answers, strict=True):  # wrong on a row asked for: failing too
        for a in row_answers:
            if statuses[a.slug][0] == "ok" and a.verdict in ("failing", "differs"):
                statuses[a.slug] = ("failing", a.message or f"a wrong answer on {list(row)}")
    comparison = Comparison(impl, rows, optima, answers, statuses)
    reference = grader if impl == REFERENCE else Grader(IMPLS[REFERENCE])
    for f in FORMULATIONS:
        status, reason = statuses[f.slug]
        # an exponential kata (max_n) is timed at the oracle's sizes, as the oracle is
        kind: Literal["power", "exponential"] = "exponential" if f.max_n else "power"
        own_sizes = tuple(n for n in oracle_sizes if n <= f.max_n) if f.max_n else tuple(sizes)
        if status != "ok":
            comparison.series.append(Series(f.slug, f.slug, impl, None, (), status=status, note=reason))
        elif impl == REFERENCE:
            comparison.series.append(Series(f.slug, f.slug, impl, _value_call(grader, f), own_sizes, kind))
        else:
            comparison.series.append(
                Series(f"{f.slug} (yours)", f.slug, impl, _value_call(grader, f), own_sizes, kind)
            )
            comparison.series.append(
                Series(f"{f.slug} (reference)", f.slug, REFERENCE, _value_call(reference, f), own_sizes, kind)
            )
    comparison.series.append(
        Series("exhaustive oracle", None, "oracle", exhaustive_difference, tuple(oracle_sizes), "exponential")
    )
    return comparison


def _value_call(grader: Grader, formulation: Formulation) -> Any:
    return getattr(grader.module(formulation.slug), formulation.value_function)


def run_compare(
    row: Sequence[int],
    *,
    impl: str = REFERENCE,
    as_json: bool = False,
    plot: str | None = None,
    sizes: Sequence[int] | None = None,
    oracle_sizes: Sequence[int] | None = None,
    budget: Budget | None = None,
    revealed: Callable[[str], bool] = lambda slug: False,
) -> int:
    """Print the three tables (or ``--json``) for ``row`` (empty: the seed rows); return 0.

    ``sizes`` and ``oracle_sizes`` default to ``growth.SIZES`` and ``growth.ORACLE_SIZES``.
    ``revealed(slug)`` says whether a formulation's recurrence may be shown (a solved kata,
    or ``--spoilers``); every other recurrence is hidden, in the tables and in the JSON.

    Raises:
        UsageError: bad ``impl``, a row over the oracle's limit, or a plot that cannot be drawn.
    """
    rows = check_rows(row)
    plot_path = Path(plot) if plot else None
    try:
        if plot_path:
            require_plot(plot_path)
        comparison = build(rows, impl, sizes or SIZES, oracle_sizes or ORACLE_SIZES)
        comparison.revealed = revealed
        measure(comparison.series, budget or Budget())
        if plot_path:
            comparison.plot = plot_growth(comparison.series, plot_path)
    except (PlotUnavailable, OSError) as error:  # a bad suffix, no matplotlib, or a path it cannot write
        raise UsageError(str(error)) from None
    if as_json:
        print(json.dumps(to_json(comparison), indent=1, default=repr))
    else:
        show(comparison, output_console())
    return 0


# --- JSON -------------------------------------------------------------------------------------------


def _totals_json(totals: Totals | None) -> dict[str, int] | None:
    return None if totals is None else totals_json(totals)


def to_json(c: Comparison) -> dict[str, Any]:
    """The comparison as plain JSON data (schema in docs/json-output.md)."""
    fastest = ratio_to_fastest(c.series)
    return {
        "command": "compare",
        "impl": c.impl,
        "answers": [
            {
                "row": list(row),
                "optimum": _totals_json(optimum),
                "formulations": [
                    {
                        "slug": a.slug,
                        "returns": a.returns,
                        "value": list(a.value) if isinstance(a.value, tuple) else a.value,
                        "totals": _totals_json(a.totals),
                        "verdict": a.verdict,
                        "shortfall": a.shortfall,
                        "message": a.message,
                    }
                    for a in answers
                ],
            }
            for row, optimum, answers in zip(c.rows, c.optima, c.answers, strict=True)
        ],
        "anatomy": [
            {
                "slug": f.slug,
                "title": f.title,
                "returns": f.returns,
                "state": f.state,
                "recurrence": f.recurrence if c.revealed(f.slug) else None,
                "base": f.base,
                "answer": f.answer,
                "time": f.time,
                "space": f.space,
                "domain": f.domain,
                "source": f.source,
                "bonus": f.bonus,
                "status": c.statuses[f.slug][0],
            }
            for f in FORMULATIONS
        ],
        "growth": {
            "unit": "seconds",
            "series": [
                {
                    "label": s.label,
                    "slug": s.slug,
                    "impl": s.impl,
                    "kind": s.kind,
                    "status": s.status,
                    "note": s.note,
                    "seconds": {str(n): t for n, t in sorted(s.seconds.items())},
                    "exponent": s.exponent(),
                    "per_coin": s.per_coin(),
                    "ratio_to_fastest": fastest.get(s.label),
                    "ratio_to_reference": _ratio_to_reference(c, s),
                }
                for s in c.series
            ],
        },
        "plot": str(c.plot) if c.plot else None,
    }


def _reference_of(c: Comparison, s: Series) -> Series | None:
    if s.impl in (REFERENCE, "oracle"):
        return None
    return next((r for r in c.series if r.slug == s.slug and r.impl == REFERENCE), None)


def _ratio_to_reference(c: Comparison, s: Series) -> dict[str, float] | None:
    reference = _reference_of(c, s)
    ratio = ratio_between(s, reference) if reference else None
    return {"n": ratio[0], "ratio": ratio[1]} if ratio else None


# --- tables -----------------------------------------------------------------------------------------


def show(c: Comparison, console: Console) -> None:
    """Print the three tables, then the notes."""
    for row, optimum, answers in zip(c.rows, c.optima, c.answers, strict=True):
        console.print(answers_table(row, optimum, answers))
    console.print(anatomy_table(c))
    if any(s.function is not None for s in c.series if s.kind == "power"):
        console.print(growth_table(c))
    else:
        console.print(
            Text("Growth: nothing to time yet (not-attempted and failing code is never timed)", style="bold")
        )
    for s in c.series:
        if s.function is None:
            console.print(Text(f"  {s.label}: {s.status}, never timed", style="yellow"))
            if s.status != "not attempted":
                console.print(Text(f"    {s.note}"))
        elif s.note:
            console.print(Text(f"  {s.label}: {s.note}"))
    exponential = [s for s in c.series if s.kind == "exponential" and s.function is not None]
    if exponential:
        console.print(
            Text("Exhaustive search (no memo, about 2**n lines of play): median ms per call", style="italic")
        )
        console.print(exponential_table(exponential))
    if c.plot:
        console.print(Text(f"growth plot written to {c.plot}"))


def _value_text(a: Answer) -> str:
    if a.value is None:
        return "—"
    if a.returns == "line" and isinstance(a.value, list | tuple) and set(a.value) <= {"left", "right"}:
        return " ".join("L" if move == "left" else "R" for move in a.value)  # a line of moves: L R …
    return repr(list(a.value) if isinstance(a.value, tuple) else a.value)


def answers_table(row: Sequence[int], optimum: Totals, answers: Sequence[Answer]) -> Table:
    """One row's answers: value as returned, the common totals, and the verdict against the oracle."""
    table = Table(
        title=Text(f"Answers on {show_row(list(row))}", style="bold"),
        caption=(
            f"exhaustive oracle: first {optimum.first}, second {optimum.second}, "
            f"difference {optimum.difference}"
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        caption_justify="left",
        pad_edge=False,
    )
    table.add_column("formulation", no_wrap=True)
    table.add_column("returned", justify="right", overflow="fold")
    table.add_column("first", justify="right", overflow="fold")
    table.add_column("second", justify="right", overflow="fold")
    table.add_column("diff", justify="right", overflow="fold")
    table.add_column("vs oracle")
    for a in answers:
        if a.returns == "parity" and a.shortfall is not None:
            first, second, difference = f"opt {optimum.first}", "", ""  # the guarantee beside the optimum
        elif a.totals is not None:
            first, second, difference = str(a.totals.first), str(a.totals.second), str(a.totals.difference)
        else:
            first = second = difference = "—"
        style = "green" if a.verdict in ("agrees", "reaches the optimum") else "yellow"
        verdict = f"{a.verdict}: {a.message}" if a.verdict == "differs" and a.message else a.verdict
        table.add_row(a.slug, _value_text(a), first, second, difference, Text(verdict, style=style))
    return table


def anatomy_table(c: Comparison) -> Table:
    """What each formulation stores, its recurrence, base, answer, cost, domain and source."""
    table = Table(title="Anatomy", box=box.SIMPLE_HEAD, show_lines=True, title_justify="left", pad_edge=False)
    table.add_column("formulation", min_width=18, max_width=20)
    table.add_column("state · recurrence · base · answer · source")
    for f in FORMULATIONS:
        facts = Text(f.slug, style="bold")
        facts.append(f"\nreturns {f.returns}\ntime {f.time}\nspace {f.space}\ndomain: {f.domain}")
        if f.bonus:
            facts.append("\n(bonus)")
        if c.impl != REFERENCE:
            facts.append(f"\nyours: {c.statuses[f.slug][0]}")
        details = Text()
        for name, fact in (
            ("state", f.state),
            ("recurrence", f.recurrence if c.revealed(f.slug) else HIDDEN),
            ("base", f.base),
            ("answer", f.answer),
            ("source", f.source),
        ):
            details.append(f"{name}: ", style="dim")
            details.append(fact + ("" if name == "source" else "\n"))
        table.add_row(facts, details)
    return table


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    if ms >= 100:
        return f"{ms:.0f}"
    if ms >= 10:
        return f"{ms:.1f}"
    if ms >= 1:
        return f"{ms:.2f}"
    return f"{ms:.3f}"


def growth_table(c: Comparison) -> Table:
    """Median ms per call at doubling n, the log-log exponent, and the ratio column."""
    power = [s for s in c.series if s.kind == "power"]
    sizes = sorted({n for s in power if s.function is not None for n in s.sizes})
    learner = c.impl != REFERENCE
    table = Table(
        title="Growth: median ms per call on seeded random rows",
        caption=(
            "exp: log-log slope, time ~ n^exp (interval DP: about 2)\n"
            + ("÷ ref: your time over the reference's" if learner else "ratio: time over the fastest's")
            + ", at the largest n both reached"
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        caption_justify="left",
        pad_edge=False,
    )
    table.add_column("formulation", no_wrap=True)
    for n in sizes:
        table.add_column(f"n={n}", justify="right")
    table.add_column("exp", justify="right")
    table.add_column("÷ ref" if learner else "ratio", justify="right")
    fastest = ratio_to_fastest(c.series)
    for s in power:
        if s.function is None:
            continue  # not attempted or failing: listed under the table, never timed
        ratio: str
        cells = [_ms(s.seconds[n]) if n in s.seconds else "·" for n in sizes]
        exponent = s.exponent()
        if learner:
            reference = _reference_of(c, s)
            between = ratio_between(s, reference) if reference else None
            ratio = f"{between[1]:.2f}" if between else ""
        else:
            ratio = f"{fastest[s.label]:,.0f}" if s.label in fastest else ""
        name = "  reference" if learner and s.impl == REFERENCE else s.slug or s.label
        table.add_row(name, *cells, f"{exponent:.2f}" if exponent is not None else "", ratio)
    return table


def exponential_table(series: Sequence[Series]) -> Table:
    """The exponential searches (the oracle, brute force) at their own small sizes, one row each."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("search")
    sizes = sorted({n for s in series for n in s.sizes})
    for n in sizes:
        table.add_column(f"n={n}", justify="right")
    table.add_column("per coin", justify="right")
    for s in series:
        per_coin = s.per_coin()
        table.add_row(
            s.slug or s.label,
            *[_ms(s.seconds[n]) if n in s.seconds else "·" for n in sizes],
            f"×{per_coin:.2f}" if per_coin is not None else "",
        )
    return table
