"""The results in the exercism test runner's format: ``results.json``, version 3.

``make test REPORT=<file>`` writes it, and so does ``make grade`` for each submission.
The format: exercism's ``building/tooling/test-runners/interface.md`` (exercism/docs): ``error``
only when no test ran, a ``message`` on every test that did not pass, at most 500 characters of
``output``. ``test_code`` is required there only for Concept Exercises, which a kata is not.
"""

from __future__ import annotations

from typing import Any

from coinrow.game.registry import FORMULATIONS
from coinrow.grader.records.results import Record, Result

OUTPUT_LIMIT = 500  # characters of a test's output, the interface's limit
TRUNCATED = "\n… output was truncated at 500 characters"


def _output(lines: list[str]) -> str | None:
    text = "\n".join(lines)
    if len(text) <= OUTPUT_LIMIT:
        return text or None
    return text[: OUTPUT_LIMIT - len(TRUNCATED)] + TRUNCATED


def exercism_report(results: dict[str, Result]) -> dict[str, Any]:
    """The results in the shape of the exercism test runner's ``results.json``, version 3.

    Top-level ``status`` is ``pass`` when every graded formulation is solved, ``error``
    when no test ran (every run was stopped; ``message`` then says why), ``fail``
    otherwise; each test has its name, status, message and the learner's printed output
    (cut to ``OUTPUT_LIMIT``); ``task_id`` is the kata's place in the registry.
    """
    order = {f.slug: k + 1 for k, f in enumerate(FORMULATIONS)}
    tests = [
        test
        for slug, result in sorted(results.items(), key=lambda item: order[item[0]])
        for test in _kata_tests(slug, result, order[slug])
    ]
    stopped = bool(tests) and all(test["status"] == "error" for test in tests)
    solved = all(r.status == "solved" for r in results.values())
    return {
        "version": 3,
        "status": "error" if stopped else "pass" if solved else "fail",
        "message": "\n".join(r.reason for r in results.values() if r.reason) if stopped else None,
        "tests": tests,
    }


def _kata_tests(slug: str, result: Result, task_id: int) -> list[dict[str, Any]]:
    """One kata's tests: each graded check but those skipped as not run, a stub as shipped as one test
    that fails, and a run that was stopped as one test in error."""
    tests = [
        _test(record, task_id)
        for record in result.records
        if record.outcome != "skipped" or record.not_attempted
    ]
    if not result.records and result.status == "not attempted":  # a stub as shipped: never graded
        tests.append(
            {
                "name": f"{slug}: not attempted",
                "status": "fail",
                "message": "not attempted",
                "task_id": task_id,
            }
        )
    if result.reason:
        tests.append(
            {"name": f"{slug}: run", "status": "error", "message": result.reason, "task_id": task_id}
        )
    return tests


def _test(record: Record, task_id: int) -> dict[str, Any]:
    """One graded check as an exercism test: name, status, message, printed output, the mistake named."""
    failure = record.failure
    entry: dict[str, Any] = {
        "name": record.test,
        "status": "pass" if record.outcome == "passed" else "fail",
        "message": failure.message if failure else _no_failure_message(record),
        "output": _output(failure.output) if failure else None,
        "task_id": task_id,
    }
    if failure and failure.mistake:
        entry["mistake"] = failure.mistake
    return entry


def _no_failure_message(record: Record) -> str | None:
    """A test's message where no failure was recorded: every test that did not pass has one."""
    if record.not_attempted:
        return "not attempted"
    return "failed" if record.outcome == "failed" else None
