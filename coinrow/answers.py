"""What each formulation answers on a row, in the common terms first / second / difference.

Formulations return different quantities (the registry's ``returns``): the
score ``difference``, the ``first`` player's total, both ``totals`` as a pair,
or the ``parity`` guarantee (a lower bound, not the optimum). This module turns
any of them into ``Totals`` and checks them against the exhaustive oracle. A
``returns`` it does not know is shown as returned, without a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from coinrow.cases import all_cases
from coinrow.game import Totals, line_totals, parity_class_sums, totals_from_difference
from coinrow.grading import Grader, NotAttempted, WrongAnswer, is_exact_int
from coinrow.oracle import exhaustive_difference
from coinrow.registry import Formulation

Status = Literal["ok", "not attempted", "failing"]
KNOWN_RETURNS = ("difference", "first", "totals", "parity", "line")
UNGRADED_ROW = (5, 3, 7, 10)  # even, so a formulation limited to even rows can answer it


def oracle_totals(row: Sequence[int]) -> Totals:
    """The optimal totals by exhaustive search (n <= ``ORACLE_MAX_N``, else ``ValueError``)."""
    return totals_from_difference(row, exhaustive_difference(row))


def totals_from_returned(returns: str, row: Sequence[int], value: object) -> Totals | None:
    """The totals a returned value stands for, or None when it stands for none.

    Args:
        returns: the formulation's ``returns`` ("difference", "first" or "totals";
            "parity" and anything else give None: a guarantee is not the optimum).
        row: the row the value was computed on.
        value: the value as returned (anything: learner code may return a float or None).

    >>> totals_from_returned("first", [5, 3, 7, 10], 15)
    Totals(first=15, second=10)
    """
    if returns == "line":
        return _replay(row, value)
    if returns == "totals" and isinstance(value, list | tuple) and len(value) == 2:
        if all(is_exact_int(x) for x in value):
            return Totals(value[0], value[1])
        return None
    if not is_exact_int(value):
        return None
    assert isinstance(value, int)
    if returns == "difference":
        try:
            return totals_from_difference(row, value)
        except ValueError:  # sum + difference odd: no totals give this difference
            return None
    if returns == "first":
        return Totals(value, sum(row) - value)
    return None


def _replay(row: Sequence[int], moves: object) -> Totals | None:
    """The totals a line of "left"/"right" moves collects, or None if it is not a line of play."""
    if not isinstance(moves, list | tuple) or len(moves) != len(row):
        return None
    if not all(move in ("left", "right") for move in moves):
        return None
    return line_totals(row, moves)


def totals_json(totals: Totals) -> dict[str, int]:
    """``{"first": …, "second": …, "difference": …}``, the totals object of the JSON outputs."""
    return {"first": totals.first, "second": totals.second, "difference": totals.difference}


def attempt_status(grader: Grader, formulation: Formulation, thorough: bool = True) -> tuple[Status, str]:
    """Whether the attempt at ``formulation`` is not attempted, failing or ok, with a one-line reason.

    Grades the value function through ``grader`` (so under its time limit) on the
    case table's rows: every row, complexity rows up to n = 1000 included, when
    ``thorough`` (a learner's code, which must never be timed if ``make test``
    would fail it); the small rows only otherwise (the references). It also checks
    that the caller's row is left as it was and, for a formulation with more than
    one function, that each of them is attempted. A formulation whose ``returns``
    is unknown is only called, on the seeds' row [5, 3, 7, 10], not graded.
    """
    slug = formulation.slug
    try:
        if formulation.returns not in KNOWN_RETURNS:
            grader.call(slug, formulation.value_function, UNGRADED_ROW)
            return "ok", ""
        for case in all_cases():
            too_long = formulation.max_n is not None and len(case.row) > formulation.max_n
            if (case.kind == "value" or thorough) and not too_long:
                grader.check_value(slug, case.row, case.totals, case.parity_guarantee)
        if thorough:
            row = list(UNGRADED_ROW)
            grader.call(slug, formulation.value_function, row)
            if row != list(UNGRADED_ROW):
                return (
                    "failing",
                    f"{formulation.value_function}({list(UNGRADED_ROW)}) changed the caller's row",
                )
            for function in formulation.functions[1:]:  # e.g. parity_move beside parity_guarantee
                grader.call(slug, function, UNGRADED_ROW, 0, len(UNGRADED_ROW) - 1)
    except NotAttempted:
        return "not attempted", "a function still raises NotImplementedError"
    except WrongAnswer as wrong:
        return "failing", first_line(wrong, slug)
    return "ok", ""


def graded_statuses(impl_dir: Path) -> dict[str, tuple[Status, str]]:
    """Each formulation's status as ``make test`` gives it (from the progress cache where it can)."""
    from coinrow.driver import Options
    from coinrow.grade import grade
    from coinrow.grading import DEFAULT_CALL_LIMIT
    from coinrow.settings import WORKERS

    results = grade(Options(impl_dir.resolve(), DEFAULT_CALL_LIMIT), [], jobs=WORKERS, fresh=False)
    statuses: dict[str, tuple[Status, str]] = {}
    for slug, result in results.items():
        failures = result.failures()
        reason = failures[0].message.splitlines()[0].removeprefix(f"{slug}: ") if failures else ""
        match result.status:
            case "solved":
                statuses[slug] = ("ok", "")
            case "not attempted" | "in progress":
                statuses[slug] = ("not attempted", "a function still raises NotImplementedError")
            case "stopped":
                statuses[slug] = ("failing", result.reason or "")
            case _:
                statuses[slug] = ("failing", reason)
    return statuses


def first_line(wrong: WrongAnswer, slug: str) -> str:
    """The grader's message, first line only, without its ``slug: `` prefix."""
    return str(wrong).splitlines()[0].removeprefix(f"{slug}: ")


@dataclass(frozen=True)
class Answer:
    """One formulation's answer on one row.

    ``verdict`` is "agrees" / "differs" (optimum formulations), "reaches the
    optimum" / "falls short by k" (parity), "no guarantee: odd row", "not
    attempted", "failing", or "not checked" (an unknown ``returns``).
    """

    slug: str
    returns: str
    value: object  # as returned; None when not called
    totals: Totals | None  # what the value stands for
    verdict: str
    shortfall: int | None = None  # parity only: optimal first - guarantee
    message: str = ""  # why it is failing or differs


def answer(grader: Grader, formulation: Formulation, row: Sequence[int], optimum: Totals) -> Answer:
    """Call the value function on ``row`` and judge it against the ``optimum`` (from the oracle)."""
    slug, returns = formulation.slug, formulation.returns
    if returns == "parity" and len(row) % 2:
        return Answer(slug, returns, None, None, "no guarantee: odd row")
    try:
        value = grader.call(slug, formulation.value_function, row)
    except NotAttempted:
        return Answer(slug, returns, None, None, "not attempted")
    except WrongAnswer as wrong:
        return Answer(slug, returns, None, None, "failing", message=first_line(wrong, slug))
    if returns == "parity":
        if not is_exact_int(value):
            return Answer(slug, returns, value, None, "differs", message=number_kind_problem(value))
        assert isinstance(value, int)
        guarantee = max(parity_class_sums(row))
        if value != guarantee:
            return Answer(slug, returns, value, None, "differs", message=f"the guarantee is {guarantee}")
        shortfall = optimum.first - value
        verdict = "reaches the optimum" if shortfall == 0 else f"falls short by {shortfall}"
        return Answer(slug, returns, value, None, verdict, shortfall)
    if returns not in KNOWN_RETURNS:
        return Answer(slug, returns, value, None, "not checked")
    totals = totals_from_returned(returns, row, value)
    if totals is None:  # a line of moves that is not one has no number to name
        kind = "" if returns == "line" else number_kind_problem(value)
        return Answer(slug, returns, value, None, "differs", message=kind)
    return Answer(slug, returns, value, totals, "agrees" if totals == optimum else "differs")


def number_kind_problem(value: object) -> str:
    """``"a float, not an int"`` when ``value`` (or a number of a returned pair) is no exact int; else ""."""
    numbers = value if isinstance(value, list | tuple) else [value]
    odd = next((x for x in numbers if not is_exact_int(x)), None)
    return "" if odd is None else f"a {type(odd).__name__}, not an int"
