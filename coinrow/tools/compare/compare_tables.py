"""The tables ``compare`` prints: answers, anatomy (recurrences only where revealed), growth.

``coinrow.tools.compare.compare`` builds the ``Comparison``; this module only draws it with rich.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from coinrow.game.game import Totals
from coinrow.game.registry import FORMULATIONS
from coinrow.game.shown import literal, show_row
from coinrow.tools.compare.answers import Answer, status_word
from coinrow.tools.compare.compare import REFERENCE, Comparison, reference_of
from coinrow.tools.compare.growth import Series, ratio_between, ratio_to_fastest

HIDDEN = "hidden until you solve it (SPOILERS=1 shows every recurrence)"


def show(c: Comparison, console: Console) -> None:
    """Print the three tables, then the notes."""
    for row, optimum, answers in zip(c.rows, c.optima, c.answers, strict=True):
        console.print(answers_table(row, optimum, answers))
    console.print(anatomy_table(c))
    if any(s.subject is not None for s in c.series if s.kind == "power"):
        console.print(growth_table(c))
    else:
        console.print(
            Text("Growth: nothing to time yet (not-attempted and failing code is never timed)", style="bold")
        )
    for s in c.series:
        if s.subject is None:
            console.print(Text(f"  {s.label}: {s.status}, never timed", style="yellow"))
            if s.status != "not attempted":
                console.print(Text(f"    {s.note}"))
        elif s.note:
            console.print(Text(f"  {s.label}: {s.note}"))
    exponential = [s for s in c.series if s.kind == "exponential" and s.subject is not None]
    if exponential:
        console.print(
            Text("Exhaustive search (no memo, about 2**n lines of play): fastest ms per call", style="italic")
        )
        console.print(exponential_table(exponential))
    if c.plot:
        console.print(Text(f"growth plot written to {c.plot}"))


def _value_text(a: Answer) -> str:
    return "—" if a.value is None else a.returns.show(a.value)


def _captioned(title: str | Text, caption: str) -> Table:
    """A table with its title above and its caption below, both on the left, as compare draws them."""
    return Table(
        title=title,
        caption=caption,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        caption_justify="left",
        pad_edge=False,
    )


def answers_table(row: Sequence[int], optimum: Totals, answers: Sequence[Answer]) -> Table:
    """One row's answers: value as returned, the common totals, and the verdict against the oracle."""
    table = _captioned(
        Text(f"Answers on {show_row(list(row))}", style="bold"),
        f"exhaustive oracle: first {optimum.first}, second {optimum.second}, difference {optimum.difference}",
    )
    table.add_column("formulation", no_wrap=True)
    table.add_column("returned", justify="right", overflow="fold")
    table.add_column("first", justify="right", overflow="fold")
    table.add_column("second", justify="right", overflow="fold")
    table.add_column("diff", justify="right", overflow="fold")
    table.add_column("vs oracle")
    for a in answers:
        if a.shortfall is not None:
            first, second, difference = f"opt {optimum.first}", "", ""  # the guarantee beside the optimum
        elif a.totals is not None:
            first, second, difference = map(literal, (a.totals.first, a.totals.second, a.totals.difference))
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
        facts.append(
            f"\nreturns {f.returns.key}\ntime {f.time.text}\nspace {f.space.text}\ndomain: {f.domain}"
        )
        if f.bonus:
            facts.append("\n(bonus)")
        if c.impl != REFERENCE:
            status, said = c.statuses[f.slug]
            measured = f" ({said})" if status == "solved" and said else ""  # the orders grading measured
            facts.append(f"\nyours: {status_word(status)}{measured}")
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
    """The fastest ms per call at doubling n, the log-log exponent, and the ratio column."""
    power = [s for s in c.series if s.kind == "power"]
    sizes = sorted({n for s in power if s.subject is not None for n in s.sizes})
    learner = c.impl != REFERENCE
    table = _captioned(
        "Growth: fastest ms per call, a fresh random row each, the executor's round trip taken out",
        "exp: the median log-log slope, time ~ n^exp (interval DP: about 2)\n"
        + ("÷ ref: your time over the reference's" if learner else "ratio: time over the fastest's")
        + ", at the largest n both reached",
    )
    table.add_column("formulation", no_wrap=True)
    for n in sizes:
        table.add_column(f"n={n}", justify="right")
    table.add_column("exp", justify="right")
    table.add_column("÷ ref" if learner else "ratio", justify="right")
    fastest = ratio_to_fastest(c.series)
    for s in power:
        if s.subject is not None:  # not attempted or failing: listed under the table, never timed
            table.add_row(*_growth_row(c, s, sizes, fastest))
    return table


def _growth_row(c: Comparison, s: Series, sizes: list[int], fastest: dict[str, float]) -> list[str]:
    """One timed series' row of ``growth_table``: its name, ms per call at each size, exponent and ratio."""
    learner = c.impl != REFERENCE
    cells = [_ms(s.seconds[n]) if n in s.seconds else "·" for n in sizes]
    exponent = s.exponent()
    ratio = ""
    if learner:
        reference = reference_of(c, s)
        between = ratio_between(s, reference) if reference else None
        ratio = f"{between[1]:.2f}" if between else ""
    elif s.label in fastest:
        ratio = f"{fastest[s.label]:,.0f}"
    name = "  reference" if learner and s.impl == REFERENCE else s.slug or s.label
    return [name, *cells, f"{exponent:.2f}" if exponent is not None else "", ratio]


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
