"""Wires the grader into pytest: the --impl option, skips, messages and the kata summary."""

from __future__ import annotations

import argparse
import os
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from coinrow.diagnosis import likely_mistake
from coinrow.grading import DEFAULT_CALL_LIMIT, Grader, NotAttempted, WrongAnswer
from coinrow.registry import CORE, FORMULATIONS, by_slug, resolve_impl

_deterministic = settings(
    derandomize=True,
    deadline=None,  # the grader's per-call limit bounds time instead
    database=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("kata", _deterministic, max_examples=60)
settings.register_profile("ci", _deterministic, max_examples=200)
settings.register_profile("catalogue", _deterministic, max_examples=25)  # known answers, graded in bulk
settings.load_profile("kata")


MAX_CALL_LIMIT = 600.0


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= MAX_CALL_LIMIT:
        raise argparse.ArgumentTypeError(
            f"LIMIT must be a number of seconds above 0 and at most {MAX_CALL_LIMIT:g}, got {text!r}"
        )
    return seconds


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kata")
    group.addoption(
        "--impl",
        default="problems",
        help="code to grade: problems (your attempts, default), solutions, or a folder laid out like them",
    )
    group.addoption("--formulation", default=None, help="grade only this slug (or slugs, comma-separated)")
    group.addoption(
        "--call-limit",
        type=_seconds,
        default=DEFAULT_CALL_LIMIT,
        help=f"seconds one call may take before it is 'too slow' (default {DEFAULT_CALL_LIMIT:g})",
    )


def _impl_dir(config: pytest.Config) -> Path:
    impl = str(config.getoption("--impl"))
    path = resolve_impl(impl)
    if path is None:
        raise pytest.UsageError(f"--impl={impl}: no such folder (use problems, solutions or a folder)")
    return path


class PytestGrader(Grader):
    """The grader, with not-attempted functions reported as skipped tests."""

    def call(self, slug: str, function: str, row: Sequence[int], *extra: object) -> Any:
        try:
            return super().call(slug, function, row, *extra)
        except NotAttempted as error:
            pytest.skip(f"not attempted: {error}")


@pytest.fixture(scope="session")
def grader(pytestconfig: pytest.Config) -> Grader:
    """The grader for the code chosen with --impl."""
    return PytestGrader(
        _impl_dir(pytestconfig), float(pytestconfig.getoption("--call-limit")), diagnose=likely_mistake
    )


def _slug_of(item: pytest.Item) -> str | None:
    """The formulation a grading test checks; None for the repository's own tests."""
    if item.path.parent.name != "grade":
        return None
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("slug") if callspec else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    option = config.getoption("--formulation")
    if not option:
        return
    only = {slug.strip() for slug in str(option).split(",")}
    for slug in only:
        try:
            by_slug(slug)
        except KeyError as error:
            raise pytest.UsageError(error.args[0]) from None
    selected = [item for item in items if _slug_of(item) in only | {None}]
    config.hook.pytest_deselected(items=[item for item in items if item not in selected])
    items[:] = selected


@dataclass
class _Tally:
    passed: int = 0
    failed: int = 0
    not_attempted: int = 0
    seconds: float = 0.0  # time spent in this formulation's tests
    smallest_failure: tuple[tuple[int, int, int], str] | None = None
    failures: list[str] = field(default_factory=list)


_TALLIES: dict[str, _Tally] = {}


def _wrong_answer(excinfo: pytest.ExceptionInfo[BaseException]) -> WrongAnswer | None:
    error = excinfo.value
    if isinstance(error, WrongAnswer):
        return error
    if isinstance(error, BaseExceptionGroup):
        found = [e for e in error.exceptions if isinstance(e, WrongAnswer)]
        return min(found, key=lambda e: len(e.row)) if found else None
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    slug = _slug_of(item)
    if slug is None or (report.when != "call" and not report.skipped):
        return
    tally = _TALLIES.setdefault(slug, _Tally())
    tally.seconds += report.duration
    if report.skipped:
        # a row outside the kata's domain (e.g. too long for brute force) is no sign of an unattempted kata
        tally.not_attempted += "not attempted" in str(report.longrepr)
    elif report.passed:
        tally.passed += 1
    elif report.failed:
        tally.failed += 1
        wrong = _wrong_answer(call.excinfo) if call.excinfo else None
        if wrong is None:  # the grader itself stumbled on this answer: still say something
            error = call.excinfo.value if call.excinfo else None
            message = f"{slug}: {item.name}: {type(error).__name__}: {error}".splitlines()[0]
            size = (1, 1 << 30, 0)
        else:
            message = str(wrong)
            # a row that ran sorts before one not run (too slow already), then by length and size
            size = (0 if wrong.ran else 1, len(wrong.row), sum(abs(x) for x in wrong.row))
        report.longrepr = message  # the one-glance message replaces the traceback
        if tally.smallest_failure is None or size < tally.smallest_failure[0]:
            tally.smallest_failure = (size, message)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    marker = os.environ.get("KATA_RUN_MARKER")
    if marker:  # the summary is printed: the run did not end early (see the Makefile)
        Path(marker).unlink(missing_ok=True)
    if not _TALLIES:
        return
    write = terminalreporter.write_line
    terminalreporter.section(f"kata summary: {config.getoption('--impl')}")
    solved = bonus_solved = 0
    for formulation in FORMULATIONS:
        tally = _TALLIES.get(formulation.slug)
        if tally is None:
            continue
        if tally.failed:
            status = f"FAILING ({tally.failed} failed, {tally.passed} passed, {tally.seconds:.1f} s)"
        elif tally.not_attempted and tally.passed:
            status = "in progress (some functions not attempted)"
        elif tally.not_attempted:
            status = "not attempted"
        else:
            status = f"solved ({tally.passed} checks, {tally.seconds:.1f} s)"
            solved += not formulation.bonus
            bonus_solved += formulation.bonus
        write(f"{formulation.slug:<20} {status}")
        if tally.smallest_failure:
            for line in tally.smallest_failure[1].splitlines():
                write(f"    {line}")
    write(f"Solved {solved} of {len(CORE)}")
    bonus = [f for f in FORMULATIONS if f.bonus and f.slug in _TALLIES]
    if bonus:
        write(f"Bonus katas solved {bonus_solved} of {len(bonus)}")
