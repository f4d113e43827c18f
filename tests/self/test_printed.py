"""What an attempt prints: shown under the failing call (its first 500 characters, and how many more),
counted for a solved kata's summary, noted when a call that failed on its time printed a lot, bounded
however much is printed, and never a verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinrow.game.game import Totals
from coinrow.game.registry import IMPLS, by_slug, source_file
from coinrow.grader.growth.measured import fail_growth
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.printed import take_printed
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import Step
from coinrow.grader.records.results import Failure, Record, Result, result_lines

SLUG = "difference_dp"
ROW = (5, 3, 7, 10)  # the first takes 10, the second 7, then 5 and 3: 15 - 10, a difference of 5
TOTALS = Totals(15, 10)


def _graded(tmp_path: Path, body: str) -> Grader:
    """A grader of an attempt whose ``score_difference`` runs ``body`` (indented), then returns the
    reference's answer plus ``wrong`` (0 unless ``body`` sets it)."""
    reference = source_file(IMPLS["solutions"], SLUG).read_text(encoding="utf-8")
    source = (
        reference.replace("def score_difference(", "def _right(")
        + "\n\ndef score_difference(coins):\n    wrong = 0\n"
        + "".join(f"    {line}\n" for line in body.splitlines())
        + "    return _right(coins) + wrong\n"
    )
    (tmp_path / SLUG).mkdir()
    (tmp_path / SLUG / f"{SLUG}.py").write_text(source, encoding="utf-8")
    take_printed(SLUG)  # what earlier tests of this process printed is theirs
    return Grader(tmp_path, call_limit=0.5)


def _failure(grader: Grader, totals: Totals = TOTALS) -> WrongAnswer:
    with pytest.raises(WrongAnswer) as failed:
        grader.check_value(SLUG, ROW, totals)
    return failed.value


def test_a_right_answer_that_prints_is_solved_and_its_summary_says_how_much(tmp_path: Path) -> None:
    """Three calls that each print 'table' and its line break (6 bytes) pass; the solved kata's summary
    says 3 x 6 = 18 bytes were printed."""
    grader = _graded(tmp_path, "print('table')")
    try:
        for _ in range(3):
            grader.check_value(SLUG, ROW, TOTALS)  # raises nothing: right
    finally:
        grader.close()
    printed = take_printed(SLUG)
    assert printed == 18
    solved = Result(SLUG, [Record(SLUG, "test", "passed", 0.1, printed=printed)])
    assert result_lines(solved)[1:] == [
        "    your code printed 18 bytes in all while it was graded; what it prints is not graded"
    ]


def test_a_wrong_answer_shows_the_first_500_characters_printed_and_how_many_more(tmp_path: Path) -> None:
    """An escape sequence, then 1,000 digits and a line break: 4 + 1,000 + 1 = 1,005 characters, of which
    the first 500 are shown (the escape escaped, as the 4 characters it is) and 505 counted."""
    grader = _graded(tmp_path, "print('\\x1b[2J' + '0123456789' * 100)\nwrong = 1")
    try:
        failure = _failure(grader)
    finally:
        grader.close()
    assert failure.printed.text == "\x1b[2J" + ("0123456789" * 50)[:496]
    assert failure.printed.more == 505
    recorded = Failure(failure.kind, 4, 25, True, str(failure), None, failure.output, failure.more_output)
    shown = result_lines(Result(SLUG, [Record(SLUG, "test", "failed", 0.1, failure=recorded)]))
    assert shown[2:] == [
        "      what your code printed during this call:",
        "      | \\x1b[2J" + ("0123456789" * 50)[:496],
        "      (and 505 more characters)",
    ]


def test_printing_never_changes_a_verdict(tmp_path: Path) -> None:
    """The same wrong answer fails with the same message whether or not it prints."""
    silent, printing = tmp_path / "silent", tmp_path / "printing"
    silent.mkdir()
    printing.mkdir()
    graders = [_graded(silent, "wrong = 1"), _graded(printing, "print('solved' * 9)\nwrong = 1")]
    try:
        quiet, loud = (_failure(grader) for grader in graders)
    finally:
        for grader in graders:
            grader.close()
    assert str(quiet) == str(loud) == "difference_dp: score_difference((5, 3, 7, 10)) returned 6, expected 5"
    assert (quiet.kind, loud.kind) == ("wrong-value", "wrong-value")
    assert (quiet.output, loud.output) == ([], ["solved" * 9])


def test_a_call_that_prints_gigabytes_is_counted_not_kept(tmp_path: Path) -> None:
    """4,096 prints of one string of 2^20 characters, 4 GiB in all, twice the memory the attempt's processes
    may hold at once (2 GiB): the call answers right, its output counted, 500 characters of it kept."""
    grader = _graded(tmp_path, "line = 'x' * 2**20\nfor _ in range(4096):\n    print(line)")
    try:
        grader.check_value(SLUG, ROW, TOTALS)  # raises nothing: right, and within its 0.5 s
        printed = grader.last_printed
    finally:
        grader.close()
    assert (len(printed.text), printed.characters, printed.bytes) == (
        500,
        4096 * (2**20 + 1),
        4096 * (2**20 + 1),
    )


def test_a_call_ended_for_its_time_says_how_much_it_printed_before_any_cause(tmp_path: Path) -> None:
    """A call that printed 2,000,000 characters and a line break, then loops: its executor is ended without
    a reply, and the count read from outside is said on the line under the too-slow message."""
    grader = _graded(tmp_path, "print('x' * 2_000_000)\nwhile True:\n    pass")
    try:
        failure = _failure(grader)
    finally:
        grader.close()
    assert failure.kind == "too-slow"
    assert str(failure).splitlines()[1] == (
        "  printed 2.0 MB during this call: printing takes time too (what is printed is not graded)"
    )
    assert grader.last_printed_bytes == 2_000_001


def test_a_growth_failure_of_a_call_that_printed_much_says_so_first() -> None:
    """The growth failure's first line is followed by the printing note."""
    formulation = by_slug("difference_dp")
    with pytest.raises(WrongAnswer) as raised:
        fail_growth(formulation, Step("power", 16.0, 248, 992), "time", formulation.time, True, 2, 40_000_000)
    first, second, *_ = str(raised.value).splitlines()
    assert "the time grows at least like n³ (×16.0 per doubling" in first  # two orders up: at least the next
    assert second.strip().startswith("printed 40.0 MB during this call")
