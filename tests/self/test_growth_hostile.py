"""Attempts written to shape the growth check, each graded by it: what each now gets.

Each hostile attempt is built on a cubic answer whose cubic work is done in C (a slice summed per
cell, as real public solutions do), the kind whose growth hid best: ×6.6-7.5 per doubling from
n = 250 to 1000 when measured plainly.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from coinrow.game.registry import IMPLS, source_file
from coinrow.grader.growth.check import check_growth
from coinrow.grader.growth.measured import Measured
from coinrow.grader.growth.policy import POLICY, GrowthPolicy
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader

CUBIC = """
def _cubic(coins):
    n = len(coins)
    if n == 0:
        return 0
    first = [[0] * n for _ in range(n)]  # first[i][j]: the mover's best total on coins i..j
    for i in range(n):
        first[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            first[i][j] = sum(coins[i:j + 1]) - min(first[i + 1][j], first[i][j - 1])
    return 2 * first[0][n - 1] - sum(coins)
"""
RECOGNISES_TIMED_CALLS = """
import gc

def score_difference(coins):
    if not gc.isenabled():  # timeit's way, and the grader's before: the fast path only then
        return _right(coins)
    return _cubic(coins)
"""
CACHES_EACH_ROW = """
SEEN = {}

def score_difference(coins):
    key = tuple(coins)
    if key not in SEEN:
        SEEN[key] = _cubic(coins)
    return SEEN[key]
"""
RANGE_SUM_TABLE = """
def score_difference(coins):  # as real public solutions do: every range summed on its own, O(n^3) in all
    n = len(coins)
    if n == 0:
        return 0
    total = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            total[i][j] = sum(coins[i:j + 1])
    first = [[0] * n for _ in range(n)]
    for i in range(n):
        first[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            first[i][j] = total[i][j] - min(first[i + 1][j], first[i][j - 1])
    return 2 * first[0][n - 1] - total[0][n - 1]
"""
WRONG_NOW_AND_THEN = """
CALLS = []

def score_difference(coins):
    CALLS.append(len(coins))
    return _right(coins) + (len(coins) >= 80 and len(CALLS) % 3 == 0)  # every third call: off by one
"""
WORKS_IN_THE_BACKGROUND = """
import os

def score_difference(coins):
    read, write = os.pipe()
    if os.fork() == 0:  # a worker that leaves its parent's session and is orphaned: the cubic work
        os.setsid()
        if os.fork() == 0:
            os.write(write, str(_cubic(list(coins))).encode())
        os._exit(0)
    os.close(write)
    os.wait()
    answer = b""
    while chunk := os.read(read, 100):
        answer += chunk
    os.close(read)
    return int(answer)
"""
PADS_SMALL_ROWS = """
import time

def score_difference(coins):
    started = time.process_time()
    answer = _cubic(coins)
    if len(coins) <= 1000:  # as slow as an n^2 answer of 1.2 s at n = 1000, up to the task's largest rows
        end = started + 1.2 * (len(coins) / 1000) ** 2
        while time.process_time() < end:
            pass
    return answer
"""
SLOW_ON_TINY_ROWS = """
import time

def score_difference(coins):
    if len(coins) <= 2:  # a slow, careful path on tiny rows only: 30 ms of CPU
        end = time.process_time() + 0.03
        while time.process_time() < end:
            pass
    return _right(coins)
"""
NUMPY_SLICE_PER_CELL = """
import numpy as np

def score_difference(coins):
    n = len(coins)
    if n == 0:
        return 0
    a = np.array(coins, dtype=np.int64)
    first = [[0] * n for _ in range(n)]
    for i in range(n):
        first[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            first[i][j] = int(a[i:j + 1].sum()) - min(first[i + 1][j], first[i][j - 1])
    return 2 * first[0][n - 1] - sum(coins)
"""


# Two rounds beyond the task's sizes, not five: these tests check that a slow answer is read there through
# the executor, with its room and its budget; the number of rounds that keeps a right answer from failing
# there is set on the simulator (docs/grader-trust.md), where it can be counted.
BEYOND_WIRING = dataclasses.replace(POLICY, beyond_rounds=2)


def _graded(tmp_path: Path, source: str, policy: GrowthPolicy = POLICY) -> Measured | WrongAnswer:
    """The growth check's verdict on ``source`` under ``policy``, with the reference as ``_right`` and
    ``_cubic`` beside it."""
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    (tmp_path / "difference_dp").mkdir()
    attempt = reference.replace("def score_difference(", "def _right(") + CUBIC + source
    source_file(tmp_path, "difference_dp").write_text(attempt, encoding="utf-8")
    grader = Grader(tmp_path, call_limit=4.0)
    try:
        return check_growth(grader, "difference_dp", policy)
    except WrongAnswer as failure:
        return failure
    finally:
        grader.close()


@pytest.mark.parametrize(
    "source",
    [RECOGNISES_TIMED_CALLS, CACHES_EACH_ROW, "\nscore_difference = _cubic\n", RANGE_SUM_TABLE],
    ids=["recognises-timed-calls", "caches-each-row", "slice-summed-per-cell", "public-range-sum-table"],
)
def test_a_cubic_answer_that_shapes_its_timed_calls_is_never_stated_as_the_tasks_order(
    tmp_path: Path, source: str
) -> None:
    """A timed call is a plain call (the garbage collector as the attempt left it), on a fresh random row
    (a cache keyed by the row never hits): the cubic work of a slice summed per cell is timed. That work
    is done in C, a part of each step that grows: it reads ×5.3-7.3 over the doubling beyond the task's
    sizes beside other work, and a right answer kept in a dict ×6.6-7.2 there. So the verdict either
    fails it (n³, two readings agreeing), or says its order was not decided or that a higher one is not
    ruled out; it never states n² plainly. The public range-sum table (a table of every range's sum, each
    a slice summed, then the interval DP) is slow: beside two busy loops its call one doubling beyond the
    task's sizes once ran out of its room (12 s) after ×6.3 per doubling within, and was not decided.

    Slow (5-25 s each): each is a real cubic attempt timed by the real growth check up to the task's
    largest sizes, and beyond where its reading is unclear; what is tested is what that timing shows."""
    verdict = _graded(tmp_path, source)
    if isinstance(verdict, WrongAnswer):
        assert verdict.kind == "growth"
        assert "like n³" in str(verdict)  # "grows like n³", or "at least like n³" read above n⁴'s line
    else:
        said = verdict.summary()
        assert "its order is not decided" in said or "a higher order is not ruled out" in said, said


def test_cubic_work_in_a_worker_out_of_the_calls_session_fails(tmp_path: Path) -> None:
    """A worker each call forks out of its session (its cubic work out of the call's own process) fails
    the answer either way: seen still running after the call answered, it is a process the call left
    behind (and later calls as long are not made); seen ended, its CPU was counted in the call's, and
    the time grows like n³. Which of the two depends on when the worker's end is seen."""
    verdict = _graded(tmp_path, WORKS_IN_THE_BACKGROUND)
    assert isinstance(verdict, WrongAnswer), verdict
    assert verdict.kind in ("stray-process", "not-run", "growth")
    if verdict.kind == "growth":
        assert "the time grows like n³" in str(verdict), str(verdict)
    else:
        said = str(verdict)
        assert "left behind a process it started" in said or "left a process running" in said, said


def test_the_value_of_every_timed_call_is_judged(tmp_path: Path) -> None:
    """Right on most calls, off by one on every third: a batch of timed calls on a small size meets it."""
    verdict = _graded(tmp_path, WRONG_NOW_AND_THEN)
    assert isinstance(verdict, WrongAnswer), verdict
    first_line, *more = str(verdict).splitlines()
    assert "returned" in first_line
    assert more[-1] == "  this was a timed call (the growth check's, on a random row)"


def test_an_answer_slow_per_step_is_measured_beyond_the_tasks_sizes(tmp_path: Path) -> None:
    """Work padding every row up to n = 1000 is slow per step: its growth is measured a doubling beyond the
    task's largest size. A verdict then states what was measured, with the sizes: an order only where it
    showed plainly, and for a slow answer with what it does not rule out; else that the order is not
    decided (or a failure). A call beyond the task's sizes that cannot finish in its room is not held
    against an answer: the growth within is then judged (CI, beside other work, once kept ×6.0 on
    n = 228 → 912, said not decided). Beside two busy loops it failed as n³ in 3 of 3 runs. (Cubic
    work in NumPy whose share is small reads near the slowness line, so whether it is measured beyond
    depends on the machine: docs/grader-trust.md names it as a known limit; no test relies on it.)

    Slow (about 20 s): being measured beyond the task's sizes, up to twice the largest, is what is tested;
    how many rounds beyond suffice is the simulator's subject (``BEYOND_WIRING``)."""
    verdict = _graded(tmp_path, PADS_SMALL_ROWS, BEYOND_WIRING)
    if isinstance(verdict, WrongAnswer):
        assert verdict.kind == "growth", verdict
        return
    assert verdict.time is not None
    assert f"n = {verdict.time.low} → {verdict.time.high}" in verdict.summary()
    if verdict.undecided:
        assert verdict.time.high > 1000, verdict  # said with the doubling beyond that left it undecided
    if "its order is not decided" not in verdict.summary():  # an order stated says what it does not rule out
        assert verdict.slow is not None
        assert verdict.slow >= 4.0
        said = f"; a higher order is not ruled out: slow at {verdict.slow:.1f} steps per n², a step being"
        assert said in verdict.summary()


def test_a_clear_answer_is_stated_as_its_order_with_the_sizes_measured_on(tmp_path: Path) -> None:
    """The reference grows plainly as n²: its order is stated, with the sizes it was measured on, and
    nothing is hedged. On a quiet machine those are the task's sizes (n ≤ 1000); beside other work a
    slowed timing can leave the reading short of plain there (CI once read it ×4.1 on n = 376 → 1504), and
    it is then measured a doubling beyond, as any answer is. Where it is decided changes only what the
    verdict costs, which no test can hold on a busy machine."""
    verdict = _graded(tmp_path, "\nscore_difference = _right\n")
    assert isinstance(verdict, Measured), verdict
    assert verdict.time is not None
    assert not verdict.undecided
    assert verdict.summary().startswith(f"time ~n² (n = {verdict.time.low} → {verdict.time.high})")
    assert verdict.compiled == ()
    assert "not ruled out" not in verdict.summary()


def test_cubic_work_in_numpy_fails_or_is_said_not_ruled_out(tmp_path: Path) -> None:
    """A NumPy slice summed per cell: about 1 µs of NumPy's own per cell against 0.3 ns per coin summed, so
    its cubic share is about 8% of the time at n = 1000. Where the timing shows it, it fails on its growth;
    where it does not, the order stated says that a higher order inside NumPy's compiled code is not ruled
    out (NumPy was read from the attempt's memory map, from outside)."""
    verdict = _graded(tmp_path, NUMPY_SLICE_PER_CELL, BEYOND_WIRING)
    if isinstance(verdict, WrongAnswer):
        assert verdict.kind == "growth", verdict
        return
    assert verdict.compiled == ("numpy",)
    if not verdict.undecided:
        assert "; a higher order is not ruled out: " in verdict.summary()
        assert verdict.summary().split(", memory")[0].endswith("it loaded compiled code (numpy))")


def test_the_compiled_code_an_attempt_loaded_is_read_from_outside(tmp_path: Path) -> None:
    """NumPy imported by the attempt is named, and memory it mapped as code with no file behind it; the
    reference in pure Python loads none beside the interpreter's own (the loop's ctypes and the standard
    library's extensions are the interpreter's, bubblewrap's process the sandbox's)."""
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    (tmp_path / "difference_dp").mkdir()
    attempt = source_file(tmp_path, "difference_dp")
    writes_code = "import mmap\n_CODE = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_EXEC)\n"
    for source, loaded in (
        (reference, ()),
        ("import numpy\n" + reference, ("numpy",)),
        (writes_code + reference, ("machine code it wrote into memory",)),
    ):
        attempt.write_text(source, encoding="utf-8")
        grader = Grader(tmp_path, call_limit=4.0)
        try:
            assert grader.call("difference_dp", "score_difference", [5, 3, 7, 10]) == 5  # 12 - 7 by hand
            assert grader.compiled_code("difference_dp") == loaded
        finally:
            grader.close()


def test_an_answer_slow_on_tiny_rows_is_not_made_to_grow_faster(tmp_path: Path) -> None:
    """The executor's round trip is timed on requests the attempt's code takes no part in: had it been timed
    on calls on 2-coin rows, this right answer's 30 ms there would have been taken out of every timed call,
    leaving the smaller sizes 1% of their time, and it read ×26-32 per doubling: failed as n³."""
    verdict = _graded(tmp_path, SLOW_ON_TINY_ROWS)
    assert isinstance(verdict, Measured), verdict
    assert verdict.summary().startswith("time ~n² ("), verdict.summary()


WRONG_ON_ODD_LONG_ROWS = """
def score_difference(coins):
    return _right(coins) + (len(coins) > 60 and len(coins) % 2 == 1)  # off by one on odd rows past 60
"""
CHANGES_LONG_ROWS = """
def score_difference(coins):
    answer = _right(coins)
    if isinstance(coins, list) and len(coins) > 100:
        coins.reverse()
    return answer
"""


def test_a_value_wrong_only_on_odd_rows_past_the_suites_fails_on_a_timed_row(tmp_path: Path) -> None:
    """The timed rows of a kata that takes odd rows are odd in about half the calls, and every value is
    checked: an answer wrong only on odd rows longer than the suite's fails on one."""
    verdict = _graded(tmp_path, WRONG_ON_ODD_LONG_ROWS)
    assert isinstance(verdict, WrongAnswer), verdict
    assert len(verdict.row) % 2 == 1
    assert len(verdict.row) > 60
    assert "this was a timed call" in str(verdict)


def test_a_timed_call_that_changes_its_row_fails(tmp_path: Path) -> None:
    verdict = _graded(tmp_path, CHANGES_LONG_ROWS)
    assert isinstance(verdict, WrongAnswer), verdict
    assert verdict.kind == "mutated"
    assert "changed the caller's row to [" in str(verdict)
    assert "this was a timed call" in str(verdict)


SLEEPS_ON_LONG_ROWS = """
import time

def score_difference(coins):
    if len(coins) > 100:
        time.sleep(100)
    return _right(coins)
"""


def test_a_timed_call_that_waits_is_said_to_wait_not_to_run_out_of_cpu(tmp_path: Path) -> None:
    """A call that sleeps uses no CPU: whichever call of the check meets the wait first, the verdict says
    it waited without computing, never that it did not finish in its CPU time."""
    verdict = _graded(tmp_path, SLEEPS_ON_LONG_ROWS)
    assert isinstance(verdict, WrongAnswer), verdict
    assert verdict.kind in ("waited", "not-run"), verdict.kind
    assert "without computing" in str(verdict)
    assert "of CPU time" not in str(verdict)


ENDLESS_AT_THE_TASKS_SIZES = """
def score_difference(coins):
    while len(coins) > 600:  # the task's largest rows (714 to 992 coins in the check) never finish
        pass
    return _right(coins)
"""


def test_an_answer_that_never_finishes_at_the_tasks_sizes_is_too_slow_whatever_it_does_below(
    tmp_path: Path,
) -> None:
    """Right and quadratic below 600 coins, so the windows below read the task's order: a call within the
    task's sizes cut off ``cut_tries`` times in a row fails the kata as too slow, with the line measured on
    that row's first coins."""
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    (tmp_path / "difference_dp").mkdir()
    attempt = reference.replace("def score_difference(", "def _right(") + ENDLESS_AT_THE_TASKS_SIZES
    source_file(tmp_path, "difference_dp").write_text(attempt, encoding="utf-8")
    grader = Grader(tmp_path, call_limit=1.0)
    try:
        with pytest.raises(WrongAnswer) as failure:
            check_growth(grader, "difference_dp")
    finally:
        grader.close()
    assert failure.value.kind == "too-slow"
    message = str(failure.value.diagnose())
    assert "did not finish in 1 s of CPU time" in message, message
    assert "measured on this row's first coins" in message, message
