"""The grader: everything that judges an attempt, in rooms (``docs/architecture.md`` draws them).

The layers above (``tools``, ``dev``, ``cli``) import what they use from here, never from the rooms:
grading and its results, the progress cache and the records' fingerprint, the stubs as shipped,
calling an attempt, timing, an order's words (``__all__`` lists them). Each name is loaded from its
room when first asked for (the one lazy import of the grader: importing one room must not import
them all, and a layer above must not need to know the rooms). The rooms import ``coinrow.game`` and
the standard library's and the listed packages' modules; nothing above the grader.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coinrow.grader.executor.inside.limits import TREE_MEMORY_MIB
    from coinrow.grader.executor.processes import become_subreaper, kill_all_descendants, kill_tree
    from coinrow.grader.executor.provenance import linked_reference
    from coinrow.grader.executor.sandbox import find_jail
    from coinrow.grader.executor.time_limit import CallTimeout, time_limit
    from coinrow.grader.growth.check import growth_checked
    from coinrow.grader.growth.decide import Outcome, decide
    from coinrow.grader.growth.policy import GrowthPolicy
    from coinrow.grader.judge.calls import WATCHED_SECONDS
    from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
    from coinrow.grader.judge.too_slow import growth_read
    from coinrow.grader.judge.verdict import Grader
    from coinrow.grader.measure.fit import theil_sen
    from coinrow.grader.measure.orders import Point
    from coinrow.grader.measure.timing import ROUND_TRIPS, sized_batch, without_round_trip
    from coinrow.grader.messages.growth import shown_order
    from coinrow.grader.records.exercism import exercism_report
    from coinrow.grader.records.fingerprint import digest, fingerprint
    from coinrow.grader.records.progress import Progress, attempt_hash, attempt_stamps
    from coinrow.grader.records.results import (
        Result,
        Status,
        failed,
        next_kata,
        next_line,
        printable,
        result_lines,
        summary_lines,
        values_lines,
    )
    from coinrow.grader.records.stubs import NoCommittedStub, committed_stub
    from coinrow.grader.run.child import Primed, warm_up
    from coinrow.grader.run.command import next_steps, summary
    from coinrow.grader.run.grade import grade, prime_for

_FACE = {
    "become_subreaper": "executor.processes",
    "kill_all_descendants": "executor.processes",
    "kill_tree": "executor.processes",
    "find_jail": "executor.sandbox",
    "CallTimeout": "executor.time_limit",
    "linked_reference": "executor.provenance",
    "TREE_MEMORY_MIB": "executor.inside.limits",
    "time_limit": "executor.time_limit",
    "growth_checked": "growth.check",
    "Outcome": "growth.decide",
    "decide": "growth.decide",
    "GrowthPolicy": "growth.policy",
    "Point": "measure.orders",
    "NotAttempted": "judge.failures",
    "WrongAnswer": "judge.failures",
    "growth_read": "judge.too_slow",
    "Grader": "judge.verdict",
    "theil_sen": "measure.fit",
    "ROUND_TRIPS": "measure.timing",
    "WATCHED_SECONDS": "judge.calls",
    "sized_batch": "measure.timing",
    "without_round_trip": "measure.timing",
    "shown_order": "messages.growth",
    "exercism_report": "records.exercism",
    "digest": "records.fingerprint",
    "fingerprint": "records.fingerprint",
    "Progress": "records.progress",
    "attempt_hash": "records.progress",
    "attempt_stamps": "records.progress",
    "Result": "records.results",
    "Status": "records.results",
    "failed": "records.results",
    "printable": "records.results",
    "result_lines": "records.results",
    "summary_lines": "records.results",
    "values_lines": "records.results",
    "next_kata": "records.results",
    "next_line": "records.results",
    "NoCommittedStub": "records.stubs",
    "committed_stub": "records.stubs",
    "Primed": "run.child",
    "warm_up": "run.child",
    "next_steps": "run.command",
    "summary": "run.command",
    "grade": "run.grade",
    "prime_for": "run.grade",
}
__all__ = [
    "ROUND_TRIPS",
    "TREE_MEMORY_MIB",
    "WATCHED_SECONDS",
    "CallTimeout",
    "Grader",
    "GrowthPolicy",
    "NoCommittedStub",
    "NotAttempted",
    "Outcome",
    "Point",
    "Primed",
    "Progress",
    "Result",
    "Status",
    "WrongAnswer",
    "attempt_hash",
    "attempt_stamps",
    "become_subreaper",
    "committed_stub",
    "decide",
    "digest",
    "exercism_report",
    "failed",
    "find_jail",
    "fingerprint",
    "grade",
    "growth_checked",
    "growth_read",
    "kill_all_descendants",
    "kill_tree",
    "linked_reference",
    "next_kata",
    "next_line",
    "next_steps",
    "prime_for",
    "printable",
    "result_lines",
    "shown_order",
    "sized_batch",
    "summary",
    "summary_lines",
    "theil_sen",
    "time_limit",
    "values_lines",
    "warm_up",
    "without_round_trip",
]


def __getattr__(name: str) -> Any:
    room = _FACE.get(name)
    if room is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{room}"), name)
