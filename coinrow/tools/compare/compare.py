"""``compare``: every formulation side by side in three tables (answers, anatomy, growth).

Everything listed comes from the registry (``coinrow.game.registry.FORMULATIONS``),
bonus formulations included. The code of ``impl`` is graded first, as
``make test`` grades it (through the grading entry point, from the progress
cache where it can); not-attempted and failing formulations are marked as such
and never timed. With ``impl`` other than ``solutions`` (the learner's
``problems``, or a folder laid out like it) the others are timed beside the
reference. ``coinrow.tools.compare.compare_tables`` draws the result as tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from coinrow.game.cases import seed_rows
from coinrow.game.game import Totals, totals_json
from coinrow.game.oracle import ORACLE_MAX_N, exhaustive_difference
from coinrow.game.registry import FORMULATIONS, IMPLS, Formulation
from coinrow.game.rows import FreshRows
from coinrow.game.shown import json_safe
from coinrow.grader import Grader, Status
from coinrow.tools.compare.answers import Answer, answer, graded_statuses, oracle_totals, status_word
from coinrow.tools.compare.growth import (
    Series,
    ratio_between,
    ratio_to_fastest,
)
from coinrow.tools.timing import InProcess, Subject

REFERENCE = "solutions"


@dataclass
class Comparison:
    """Everything ``compare`` shows, before it is drawn as tables or written as JSON."""

    impl: str
    rows: list[tuple[int, ...]]
    optima: list[Totals]
    answers: list[list[Answer]]
    statuses: dict[str, tuple[Status, str]]  # as grading has it, with the reason when not solved
    series: list[Series] = field(default_factory=list)
    plot: Path | None = None
    revealed: Callable[[str], bool] = field(default=lambda slug: False)  # whose recurrence may be shown


class RowTooLong(ValueError):
    """A row longer than the exhaustive oracle checks; ``str()`` is the one-line message."""


def check_rows(row: Sequence[int]) -> list[tuple[int, ...]]:
    """The rows to compare: ``row``, or the seeds' example rows when it is empty.

    Raises:
        RowTooLong: if the row is longer than the exhaustive oracle's limit.
    """
    if not row:
        return seed_rows()
    if len(row) > ORACLE_MAX_N:
        raise RowTooLong(
            f"the row has {len(row)} coins; the exhaustive oracle it is checked against tries "
            f"about 2**n lines of play and stops at n = {ORACLE_MAX_N}"
        )
    return [tuple(row)]


def build(
    rows: list[tuple[int, ...]], impl: str, folder: Path, sizes: Sequence[int], oracle_sizes: Sequence[int]
) -> Comparison:
    """Grade, answer and prepare the growth series (not yet timed) for ``impl``, the code in ``folder``."""
    grader = Grader(folder)
    statuses = graded_statuses(folder)  # as make test grades it, each formulation in its own process
    optima = [oracle_totals(row) for row in rows]
    answers = [
        [answer(grader, f, row, optimum) for f in FORMULATIONS]
        for row, optimum in zip(rows, optima, strict=True)
    ]
    for row, row_answers in zip(rows, answers, strict=True):  # wrong on a row asked for: failing too
        for a in row_answers:
            if statuses[a.slug][0] == "solved" and a.verdict in ("failing", "differs"):
                statuses[a.slug] = ("failing", a.message or f"a wrong answer on {list(row)}")
    comparison = Comparison(impl, rows, optima, answers, statuses)
    reference = grader if impl == REFERENCE else Grader(IMPLS[REFERENCE])
    for f in FORMULATIONS:
        status, reason = statuses[f.slug]
        # an exponential kata (max_n) is timed at the oracle's sizes, as the oracle is
        kind: Literal["power", "exponential"] = "exponential" if f.max_n else "power"
        own_sizes = tuple(n for n in oracle_sizes if n <= f.max_n) if f.max_n else tuple(sizes)
        if status != "solved":
            comparison.series.append(
                Series(f.slug, f.slug, impl, None, (), status=status_word(status), note=reason)
            )
        elif impl == REFERENCE:
            comparison.series.append(Series(f.slug, f.slug, impl, _value_call(grader, f), own_sizes, kind))
        else:
            comparison.series.append(
                Series(f"{f.slug} (yours)", f.slug, impl, _value_call(grader, f, reference), own_sizes, kind)
            )
            comparison.series.append(
                Series(f"{f.slug} (reference)", f.slug, REFERENCE, _value_call(reference, f), own_sizes, kind)
            )
    comparison.series.append(
        Series("exhaustive oracle", None, "oracle", _oracle, tuple(oracle_sizes), "exponential")
    )
    return comparison


def _value_call(
    grader: Grader, formulation: Formulation, pings: Grader | None = None
) -> Callable[[int], Subject]:
    return lambda n: grader.subject(formulation.slug, formulation.value_function, n, pings)


def _oracle(n: int) -> Subject:
    return InProcess(exhaustive_difference, FreshRows(n))


# --- JSON -------------------------------------------------------------------------------------------


def _totals_json(totals: Totals | None) -> dict[str, object] | None:
    """The totals as JSON holds them, an int too long to print said as its size (``shown.json_safe``)."""
    return None if totals is None else {key: json_safe(v) for key, v in totals_json(totals).items()}


def _value_json(value: object) -> object:
    """A returned value as JSON holds it: a tuple as a list, an int too long to print said as its size."""
    if isinstance(value, tuple | list):
        return [json_safe(item) for item in value]
    return json_safe(value)


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
                        "returns": a.returns.key,
                        "value": _value_json(a.value),
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
                "returns": f.returns.key,
                "state": f.state,
                "recurrence": f.recurrence if c.revealed(f.slug) else None,
                "base": f.base,
                "answer": f.answer,
                "time": f.time.text,
                "space": f.space.text,
                "domain": f.domain,
                "source": f.source,
                "bonus": f.bonus,
                "status": status_word(c.statuses[f.slug][0]),
                # the orders of growth grading measured, for a solved one: "time ~n², memory ~n²"
                "measured": c.statuses[f.slug][1] or None if c.statuses[f.slug][0] == "solved" else None,
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


def reference_of(c: Comparison, s: Series) -> Series | None:
    """The reference series timed beside the learner's series ``s``; None for a reference or the oracle."""
    if s.impl in (REFERENCE, "oracle"):
        return None
    return next((r for r in c.series if r.slug == s.slug and r.impl == REFERENCE), None)


def _ratio_to_reference(c: Comparison, s: Series) -> dict[str, float] | None:
    reference = reference_of(c, s)
    ratio = ratio_between(s, reference) if reference else None
    return {"n": ratio[0], "ratio": ratio[1]} if ratio else None
