"""What each formulation answers on a row, in the common terms first / second / difference.

Formulations return different quantities (the registry's ``returns``, a
``coinrow.game.quantity.Quantity``): the score difference, the first player's
total, both totals as a pair, the parity guarantee (a lower bound, not the
optimum) or a line of moves. Each quantity turns its value into ``Totals`` and
judges it; this module calls the attempts and checks them against the
exhaustive oracle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from coinrow.game.game import Totals, totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.quantity import Quantity
from coinrow.game.registry import Formulation
from coinrow.grader import Grader, NotAttempted, Status, WrongAnswer, grade


def oracle_totals(row: Sequence[int]) -> Totals:
    """The optimal totals by exhaustive search (n <= ``ORACLE_MAX_N``, else ``ValueError``)."""
    return totals_from_difference(row, exhaustive_difference(row))


def graded_statuses(impl_dir: Path) -> dict[str, tuple[Status, str]]:
    """Each formulation's status as ``make test`` gives it (from the progress cache where it can), with
    a one-line reason when it is not solved (the smallest failure's first line, without its slug), and
    for a solved one the orders of growth grading measured (``time ~n², memory ~n²``), if any."""
    (results,) = grade({impl_dir: []}).values()
    statuses: dict[str, tuple[Status, str]] = {}
    for slug, result in results.items():
        failures = result.failures()
        reason = failures[0].message.splitlines()[0].removeprefix(f"{slug}: ") if failures else ""
        match result.status:
            case "solved":
                reason = result.measured or ""
            case "not attempted" | "in progress":
                reason = "a function still raises NotImplementedError"
            case "stopped":
                reason = result.reason or ""
        statuses[slug] = (result.status, reason)
    return statuses


def status_word(status: Status) -> str:
    """How ``compare`` names a status: "ok" (solved), "not attempted" (in progress too) or "failing"."""
    match status:
        case "solved":
            return "ok"
        case "not attempted" | "in progress":
            return "not attempted"
    return "failing"


def first_line(wrong: WrongAnswer, slug: str) -> str:
    """The grader's message, first line only, without its ``slug: `` prefix."""
    return str(wrong).splitlines()[0].removeprefix(f"{slug}: ")


@dataclass(frozen=True)
class Answer:
    """One formulation's answer on one row.

    ``verdict`` is "agrees" / "differs" (optimum formulations), "reaches the
    optimum" / "falls short by k" (parity), "no guarantee: odd row", "not
    attempted" or "failing".
    """

    slug: str
    returns: Quantity
    value: object  # as returned; None when not called
    totals: Totals | None  # what the value stands for
    verdict: str
    shortfall: int | None = None  # parity only: optimal first - guarantee
    message: str = ""  # why it is failing or differs


def answer(grader: Grader, formulation: Formulation, row: Sequence[int], optimum: Totals) -> Answer:
    """Call the value function on ``row`` and judge it against the ``optimum`` (from the oracle)."""
    slug, returns = formulation.slug, formulation.returns
    if not returns.defined_on(row):
        return Answer(slug, returns, None, None, returns.undefined_verdict)
    try:
        value = grader.call(slug, formulation.value_function, row)
    except NotAttempted:
        return Answer(slug, returns, None, None, "not attempted")
    except WrongAnswer as wrong:
        return Answer(slug, returns, None, None, "failing", message=first_line(wrong, slug))
    judged = returns.judge(row, value, optimum)
    return Answer(slug, returns, value, judged.totals, judged.verdict, judged.shortfall, judged.message)
