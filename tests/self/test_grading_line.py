"""What a learner at a terminal sees while make test grades: one line rewritten in place with each kata's
values' verdict (its growth check can take a minute more), and that verdict's words."""

from __future__ import annotations

import io
from pathlib import Path

from coinrow.grader.records.results import Failure, Record, Result, values_lines
from coinrow.grader.run.command import GradingLine

SLUG = "linear_reduction"
CLEAR = "\r\033[K"  # back to the line's start, and the line cleared


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _result(*kinds: str, passed: int = 3) -> Result:
    records = [Record(SLUG, f"t{k}", "passed", 0.1) for k in range(passed)]
    for k, kind in enumerate(kinds):
        failure = Failure(kind, 10, 10, True, f"{SLUG}: message {k}")  # type: ignore[arg-type]
        records.append(Record(SLUG, f"f{k}", "failed", 0.1, failure=failure))
    return Result(SLUG, records, wall=1.0)


def test_a_kata_whose_only_failure_is_a_call_stopped_for_time_is_not_told_its_values_fail() -> None:
    head = values_lines(_result("too-slow"))[0]
    assert head.startswith(f"{SLUG} FAILING (1 failed, 3 passed, ")
    assert "a call was stopped, every value returned was right" in head
    assert "values FAILING" not in head
    assert values_lines(_result("waited"))[0] == head.replace("too-slow", "waited")


def test_a_wrong_value_beside_a_stopped_call_is_told_as_values_failing() -> None:
    lines = values_lines(_result("too-slow", "wrong-value"))
    assert lines[0].startswith(f"{SLUG} values FAILING (2 failed, 3 passed, ")
    assert "    linear_reduction: message 1" in lines  # the failures follow, indented


def test_one_check_is_one_check() -> None:
    assert values_lines(_result(passed=1))[0].startswith(f"{SLUG} values right (1 check, ")
    assert values_lines(_result(passed=2))[0].startswith(f"{SLUG} values right (2 checks, ")


def test_at_a_terminal_the_line_is_rewritten_in_place_and_cleared_before_the_summary() -> None:
    terminal = Terminal()
    line = GradingLine(terminal)
    line.say("grading linear_reduction: the values first, then the growth")
    line.on_values(Path("problems"), _result("too-slow"))
    line.clear()
    written = terminal.getvalue()
    assert written.count(CLEAR) == 3
    assert "\n" not in written  # nothing stays on screen above the summary
    shown = written.split(CLEAR)[2]
    assert shown.startswith(f"{SLUG} FAILING (1 failed, 3 passed, ")
    assert written.endswith(CLEAR)


def test_nothing_is_written_where_the_stream_is_not_a_terminal() -> None:
    pipe = io.StringIO()
    line = GradingLine(pipe)
    line.say("grading")
    line.on_values(Path("problems"), _result())
    line.clear()
    assert not line.shown
    assert pipe.getvalue() == ""
