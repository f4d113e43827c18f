"""Wires the grader into pytest: the --impl option, skips, messages and the kata summary.

PYTEST_DONT_REWRITE: it asserts nothing, and it is imported before pytest loads it as a plugin.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Generator, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

import pytest

from coinrow.game.registry import NoSuchFolder, by_slug, resolve_impl
from coinrow.game.rowarg import UsageError, formulation_slugs
from coinrow.game.shown import show_call
from coinrow.grader.diagnosis.diagnose import likely_mistake, play_mistake
from coinrow.grader.growth.ahead import GrowthAhead
from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
from coinrow.grader.judge.printed import take_printed
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages.calls import NOT_ATTEMPTED, partly_attempted, skipped_not_attempted
from coinrow.grader.messages.stops import grader_stumbled
from coinrow.grader.records.results import Failure, Record, results_by_slug, row_size, summary_lines
from coinrow.grader.run.child import NOT_TOLD
from coinrow.grader.run.options import pytest_addoption  # noqa: F401 - a hook of this plugin

# Rows a value function is called on when it raised NotImplementedError on another: one that answers either
# is attempted (even rows: the parity strategy's guarantee takes even rows only).
ATTEMPTED_PROBES = ((1, 2), (5, 3, 7, 10))


def _impl_dir(config: pytest.Config) -> Path:
    impl = str(config.getoption("--impl"))
    try:
        return resolve_impl(impl)
    except NoSuchFolder:
        raise pytest.UsageError(
            f"--impl={impl}: no such folder (use problems, solutions or a folder)"
        ) from None


class PytestGrader(Grader):
    """The grader, with not-attempted functions reported as skipped tests (``skip_or_left_out``)."""

    def call(self, slug: str, function: str, row: Sequence[int], *extra: object) -> Any:
        try:
            return super().call(slug, function, row, *extra)
        except NotAttempted as error:
            skip_or_left_out(self, slug, function, error, *extra)


def skip_or_left_out(
    grader: Grader, slug: str, function: str, error: NotAttempted, *extra: object
) -> NoReturn:
    """Skip the check of a call that raised ``NotImplementedError`` (``error``), as not attempted; but a
    kata's value function that answers one of ``ATTEMPTED_PROBES`` is attempted, and the row it left out
    (``error.row``) fails."""
    answered = None
    if function == by_slug(slug).value_function:
        answered = next(
            (probe for probe in ATTEMPTED_PROBES if _answers(grader, slug, function, probe)), None
        )
    if answered is None:
        pytest.skip(skipped_not_attempted(error))
    message = partly_attempted(slug, show_call(function, error.row, *extra), show_call(function, answered))
    raise WrongAnswer(slug, error.row, message, kind="exception") from None


def _answers(grader: Grader, slug: str, function: str, row: Sequence[int]) -> bool:
    """True when ``function(row)`` returned (a plain call: never ``PytestGrader``'s skip)."""
    try:
        Grader.call(grader, slug, function, row)
    except (NotAttempted, WrongAnswer):
        return False
    return True


def _new_grader(config: pytest.Config, kind: type[Grader] = PytestGrader) -> Grader:
    """A grader of --impl under --call-limit that diagnoses the failures it reports."""
    limit = float(config.getoption("--call-limit"))
    return kind(_impl_dir(config), limit, diagnose=likely_mistake, diagnose_play=play_mistake)


@pytest.fixture(scope="session")
def grader(pytestconfig: pytest.Config) -> Iterator[Grader]:
    """The grader for the code chosen with --impl (made at configure time); ends with its run."""
    chosen = pytestconfig.stash.get(_GRADER, None) or _new_grader(pytestconfig)
    yield chosen
    chosen.close()


def _slug_of(item: pytest.Item) -> str | None:
    """The formulation a grading test checks; None for the repository's own tests."""
    if item.path.parent.name != "grade":
        return None
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("slug") if callspec else None


def _growth_check(item: pytest.Item) -> bool:
    return _slug_of(item) is not None and item.get_closest_marker(GROWTH_MARK) is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _select_formulations(config, items)
    if config.getoption("--growth-ahead"):  # the checks its thread runs beside come first
        items.sort(key=_growth_check)


def _select_formulations(config: pytest.Config, items: list[pytest.Item]) -> None:
    option = config.getoption("--formulation")
    if not option:
        return
    try:
        only = set(formulation_slugs(str(option)))
    except UsageError as error:
        raise pytest.UsageError(str(error)) from None
    selected = [item for item in items if _slug_of(item) in only | {None}]
    config.hook.pytest_deselected(items=[item for item in items if item not in selected])
    items[:] = selected


_RECORDS: list[Record] = []  # this run's records, for the summary printed when no driver reads them


def _wrong_answer(excinfo: pytest.ExceptionInfo[BaseException]) -> WrongAnswer | None:
    error = excinfo.value
    if isinstance(error, WrongAnswer):
        return error
    if isinstance(error, BaseExceptionGroup):
        found = [e for e in error.exceptions if isinstance(e, WrongAnswer)]
        return min(found, key=lambda e: len(e.row)) if found else None
    return None


def _failure(slug: str, item: pytest.Item, call: pytest.CallInfo[None]) -> Failure:
    wrong = _wrong_answer(call.excinfo) if call.excinfo else None
    grader = item.funcargs.get("grader") if isinstance(item, pytest.Function) else None
    if wrong is not None and isinstance(grader, Grader):
        with contextlib.suppress(Exception):  # a search that fails leaves the failure found as it is
            wrong = grader.smallest_failure(wrong)  # a smaller probe row answered wrong is shown in its place
        grader.note_reported(wrong)  # later checks on longer rows need not shrink this kind again
    if wrong is None:  # the grader itself stumbled on this answer: still say something
        error = call.excinfo.value if call.excinfo else None
        return Failure("grader", 1 << 30, 0, True, grader_stumbled(slug, item.name, error))
    wrong.diagnose()  # the one place a reported failure is diagnosed (it calls into the attempt)
    return Failure(
        wrong.kind,
        *row_size(wrong.row),
        wrong.ran,
        str(wrong),
        wrong.mistake,
        wrong.output,
        wrong.more_output,
    )


_GRADING_PID = pytest.StashKey[int]()
_VALUES_LEFT = pytest.StashKey[
    int
]()  # value checks (every graded test but the growth checks) not yet recorded
_AHEAD = pytest.StashKey[dict[str, GrowthAhead]]()
_GRADER = pytest.StashKey[Grader]()
GROWTH_MARK = "growth_check"  # registered in pyproject.toml, as --strict-markers asks


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_GRADING_PID] = os.getpid()  # a copy forked by the code under test writes no records
    config.stash[_AHEAD] = {}
    named = config.getoption("--formulation")
    if config.getoption("--results-file") and named:  # a child of the grading driver: its katas are known
        chosen = config.stash[_GRADER] = _new_grader(config)
        with contextlib.suppress(UsageError):  # said where the run's katas are chosen
            for slug in formulation_slugs(str(named)):
                chosen.start_spare(slug)  # the executor's interpreter starts while the suite is collected


@pytest.fixture(scope="session")
def growth_ahead(pytestconfig: pytest.Config) -> dict[str, GrowthAhead]:
    """The growth checks started ahead (``--growth-ahead``), by slug; empty when none was."""
    return pytestconfig.stash[_AHEAD]


def _write_record(config: pytest.Config, data: dict[str, Any]) -> None:
    path = config.getoption("--results-file")
    if path and os.getpid() == config.stash.get(_GRADING_PID, os.getpid()):
        with open(path, "a", encoding="utf-8") as results:
            results.write(json.dumps(data) + "\n")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Say which test runs now: if the run is ended, the driver names the test it was in."""
    if _slug_of(item) is not None:
        _write_record(item.config, {"event": "running", "test": item.nodeid})


_CPU_SECONDS = pytest.StashKey[float]()
_FAILURE = pytest.StashKey[Failure]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, None]:
    """Time each test in CPU seconds: the summary's figures do not depend on how busy the machine is."""
    started = time.process_time()
    yield
    item.stash[_CPU_SECONDS] = time.process_time() - started


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport | None:
    """A failed grading test's report carries the one-glance message instead of a traceback.

    Built here, so pytest never formats the traceback it would throw away (a tenth
    of a second per failure, most of the time of a failing run).
    """
    error = call.excinfo.value if call.excinfo else None
    slug = _slug_of(item)
    if slug is None or call.when != "call" or error is None or isinstance(error, pytest.skip.Exception):
        return None
    item.stash[_FAILURE] = failure = _failure(slug, item, call)
    return pytest.TestReport(
        item.nodeid,
        item.location,
        {name: 1 for name in item.keywords},
        "failed",
        failure.message,
        "call",
        duration=call.duration,
        start=call.start,
        stop=call.stop,
        user_properties=item.user_properties,
    )


@pytest.hookimpl(hookwrapper=True, specname="pytest_runtest_makereport")
def pytest_record_report(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """Write a record of every graded test: what the summary, exit status and report are made of."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    slug = _slug_of(item)
    if slug is None or (report.when != "call" and not report.skipped):
        return
    failure = item.stash.get(_FAILURE, None) if report.failed else None
    record = Record(
        slug,
        item.nodeid,
        "failed" if report.failed else "passed" if report.passed else "skipped",
        item.stash.get(_CPU_SECONDS, 0.0),
        # a row outside the kata's domain (e.g. too long for brute force) is no sign of an unattempted kata
        not_attempted=report.skipped and NOT_ATTEMPTED in str(report.longrepr),
        failure=failure,
        measured=next((str(value) for name, value in item.user_properties if name == "measured"), None),
        printed=take_printed(slug),
    )
    _RECORDS.append(record)
    _write_record(item.config, record.to_json())
    if not _growth_check(item):
        _value_check_done(item.config)


def _value_check_done(config: pytest.Config) -> None:
    """Count a value check recorded; after the last, when a growth check is left, write the "values"
    event: a driver that reads the records as they come (``make watch``) shows the values' verdict
    before the growth check's."""
    left = config.stash.get(_VALUES_LEFT, -1) - 1
    config.stash[_VALUES_LEFT] = left
    if left == 0:
        _write_record(config, {"event": "values"})


def pytest_collection_finish(session: pytest.Session) -> None:
    """Say how many tests will run: results with fewer records than this are incomplete. A primed child
    (``coinrow.grader.run.child.Primed``) first waits to be told to go: nothing has read the attempt yet."""
    go = session.config.getoption("--wait-for-go")
    if go is not None:
        told = os.read(go, 2)  # blocks until its parent says go, or is gone
        os.close(go)
        if told != b"go":  # never told to go: nothing graded, nothing to report
            pytest.exit("never told to go", returncode=NOT_TOLD)
    graded = [item for item in session.items if _slug_of(item) is not None]
    _write_record(session.config, {"event": "collected", "count": len(graded)})
    if any(_growth_check(item) for item in graded):  # the event says a growth check is yet to be judged
        session.config.stash[_VALUES_LEFT] = sum(not _growth_check(item) for item in graded) + 1
        _value_check_done(session.config)  # no value check at all: the values' verdict is known at once
    config = session.config
    if config.getoption("--growth-ahead"):
        template = _new_grader(config, Grader)
        for slug in dict.fromkeys(_slug_of(item) for item in session.items if _growth_check(item)):
            assert slug is not None  # a growth check is a grading test
            config.stash[_AHEAD][slug] = GrowthAhead(template, slug)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    for ahead in session.config.stash[_AHEAD].values():
        ahead.end()
    _write_record(session.config, {"event": "end", "exitstatus": int(exitstatus)})


_SUMMARIES: list[str] = []  # lines a test asked to end the run with (its "summary" property)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Collect "summary" properties: with pytest-xdist, reports are the one way back from a worker."""
    if report.when == "call":
        _SUMMARIES.extend(str(value) for name, value in report.user_properties if name == "summary")


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    for text in _SUMMARIES:  # the catalogue's power line, from tests/self/test_catalogue.py
        for line in text.splitlines():
            terminalreporter.write_line(line)
    if not _RECORDS or config.getoption("--results-file"):
        return  # nothing graded, or the grading driver prints the summary
    impl = config.getoption("--impl")
    terminalreporter.section(f"kata summary: {impl}")
    for line in summary_lines(results_by_slug(_RECORDS), references=impl == "solutions"):
        terminalreporter.write_line(line)
