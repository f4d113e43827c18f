"""The grader itself: messages, time limits, recursion, broken files."""

import time
from pathlib import Path

import pytest

from coinrow.diagnosis import greedy_totals, likely_mistake
from coinrow.game import Totals
from coinrow.grading import CallTimeout, Grader, WrongAnswer, show_call, show_row, time_limit
from coinrow.registry import by_slug


def _attempt(tmp_path: Path, slug: str, source: str) -> Grader:
    (tmp_path / slug).mkdir()
    (tmp_path / slug / f"{slug}.py").write_text(source, encoding="utf-8")
    return Grader(tmp_path, call_limit=0.5)


def _message(grader: Grader, row: tuple[int, ...], difference: int) -> str:
    with pytest.raises(WrongAnswer) as failure:
        grader.check_value(
            "difference_dp", row, Totals((sum(row) + difference) // 2, (sum(row) - difference) // 2)
        )
    return str(failure.value)


def test_long_rows_are_shortened_in_the_middle() -> None:
    assert show_row([1, 2, 3]) == "[1, 2, 3]"
    assert show_row(list(range(100)), keep=4) == "[0, 1, …96 more…, 98, 99]"
    assert show_call("f", [0] * 13) == "f([0, 0, 0, 0, 0, 0, …1 more…, 0, 0, 0, 0, 0, 0])  (n = 13)"


def test_busy_loop_ends_at_the_cpu_limit() -> None:
    started = time.perf_counter()

    def spin() -> None:
        while True:
            pass

    with time_limit(0.2), pytest.raises(CallTimeout):
        spin()
    assert time.perf_counter() - started < 2


def test_sleeping_code_ends_at_the_wall_clock_backstop() -> None:
    started = time.perf_counter()
    with pytest.raises(CallTimeout), time_limit(0.1):
        time.sleep(10)
    assert time.perf_counter() - started < 3


def test_exception_names_type_file_line_and_row(tmp_path: Path) -> None:
    grader = _attempt(tmp_path, "difference_dp", "def score_difference(coins):\n    return coins[0] // 0\n")
    message = _message(grader, (4, 2), 2)
    assert message == (
        "difference_dp: score_difference([4, 2]) raised ZeroDivisionError: integer division or modulo by zero"
        " (at difference_dp.py:2: return coins[0] // 0)"
    )


def test_too_slow_names_the_row_and_later_larger_rows_fail_at_once(tmp_path: Path) -> None:
    source = "def score_difference(coins):\n    while True:\n        pass\n"
    grader = _attempt(tmp_path, "difference_dp", source)
    first = _message(grader, (0, 0, 0), 0)
    assert first.startswith("difference_dp: too slow: score_difference([0, 0, 0]) did not finish in 0.5 s")
    assert "exponential recursion" in first
    started = time.perf_counter()
    second = _message(grader, (0, 0, 0, 0), 0)
    assert time.perf_counter() - started < 0.1
    assert "already too slow on a row of n = 3" in second


def test_runaway_recursion_is_reported_not_a_crash(tmp_path: Path) -> None:
    source = (
        "import sys\n"
        "def score_difference(coins):\n"
        "    sys.setrecursionlimit(10**9)\n"
        "    def down(k):\n"
        "        return down(k + 1)\n"
        "    return down(0)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    assert "RecursionError" in _message(grader, (1,), 1)


def test_a_file_that_does_not_import_is_reported(tmp_path: Path) -> None:
    grader = _attempt(tmp_path, "difference_dp", "def score_difference(coins)\n    return 0\n")
    message = _message(grader, (1,), 1)
    assert message.startswith("difference_dp: the file does not import: SyntaxError")
    assert "difference_dp.py:1" in message


def test_greedy_is_recognised() -> None:
    """The public case: greedy play loses 47 to 60 on [18, 20, 15, 30, 10, 14]; optimal play wins 64 to 43."""
    row = (18, 20, 15, 30, 10, 14)
    assert greedy_totals(row) == Totals(47, 60)
    assert "greedy" in (likely_mistake(by_slug("difference_dp"), row, 47 - 60) or "")
    assert "greedy" in (likely_mistake(by_slug("min_of_opponent_dp"), row, 47) or "")
    assert likely_mistake(by_slug("difference_dp"), row, 64 - 43 + 1) is None
