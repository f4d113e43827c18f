"""A broken attempt costs about its limit, not minutes, and is told the true reason.

Once a call could not answer (ran out of time, crashed its executor, left a process running), later
calls on rows as long fail at once as not run (``coinrow.grader.judge.unanswered``): each kind below
is graded as ``make test F=difference_dp`` grades it, and what it was told and how many of its calls
ran are checked; times only against what must hold on any machine.
"""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

from coinrow.game.registry import IMPLS, source_file
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.records.results import Result
from coinrow.grader.run.grade import grade

pytestmark = pytest.mark.xdist_group("driver")  # one at a time: each looks for the others' leftovers

LIMIT = 1.0  # CPU seconds per call

# Each call raises the C-level recursion limit past the cap the executor keeps, then recurses through a
# C function (sorted's key): the executor's 1 GiB C stack overflows, in about a second, on every call.
STACK_CRASH = """import ctypes


def _deeper(coins):
    return sorted([coins], key=_deeper)[0] + 1


def score_difference(coins):
    ctypes.pythonapi.Py_SetRecursionLimit(ctypes.c_int(10**8))
    return _deeper(coins)
"""

# The reference, but its first call forks: the copy returns from the call as well and goes on serving.
FORKS_IN_A_CALL = """import os

_forked = False


def score_difference(coins):
    global _forked
    if not _forked:
        _forked = True
        os.fork()
    return _solved(coins)
"""

ENDLESS_LOOP = "def score_difference(coins):\n    while True:\n        pass\n"


def _graded(folder: Path, source: str, call_limit: float = LIMIT) -> tuple[Result, float]:
    """``source`` as the difference_dp attempt in ``folder``, graded afresh: its result, and the seconds
    ``grade`` took."""
    path = source_file(folder, "difference_dp")
    path.parent.mkdir(parents=True)
    path.write_text(source, encoding="utf-8")
    started = time.monotonic()
    results = grade({folder: ["difference_dp"]}, call_limit=call_limit, profile="catalogue", cache="off")
    return results[folder]["difference_dp"], time.monotonic() - started


def _calls_that_ran(result: Result) -> int:
    return sum(1 for r in result.records if r.failure is not None and r.failure.ran)


def _left_running(folder: Path) -> list[str]:
    """Processes whose command line names ``folder``: the attempt's executor (its sandbox binds the
    folder by that name), or anything it left."""
    found = []
    for process in psutil.process_iter(["cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if str(folder) in cmdline:
            found.append(cmdline)
    return found


def test_a_crash_on_every_call_is_waited_for_once(tmp_path: Path) -> None:
    """Filling the executor's 1 GiB C stack takes about a CPU second, more on a busy machine (whose caches
    other work shares): the call is given 8 s, so that what ends it is the crash, never the limit."""
    result, _ = _graded(tmp_path, STACK_CRASH, call_limit=8.0)
    assert result.status == "failing"
    (shown,) = result.failures()
    if shown.kind == "recursion":  # Python 3.13 stops such a recursion itself: no call crashes, each is cheap
        assert "RecursionError" in shown.message, shown.message
        return
    assert "crashed with SIGSEGV" in shown.message, shown.message
    # 40 checks each crashed before: now the first crash on the empty row, and at most the growth
    # check's, started beside it on its own ladder; every other check is not run
    assert _calls_that_ran(result) <= 2, [r.failure for r in result.records]
    assert result.failed == len(
        [r for r in result.records if r.outcome != "skipped"]
    )  # random-1000: in growth
    assert _left_running(tmp_path) == []


def test_a_fork_in_a_call_is_named_and_no_mistake_is_guessed(tmp_path: Path) -> None:
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    solved = reference.replace("def score_difference(", "def _solved(")
    result, _ = _graded(tmp_path, FORKS_IN_A_CALL + "\n\n" + solved)
    assert result.status == "failing"
    messages = [f.message for f in result.failures()]
    left = "left behind a process it started, running or ended but never waited for"
    assert any(left in m for m in messages), messages
    # its copy answered some requests: never a wrong value judged from it, never a likely mistake
    assert all(r.failure.kind == "stray-process" or not r.failure.ran for r in result.records if r.failure)
    assert all(r.failure.mistake is None for r in result.records if r.failure)
    time.sleep(0.5)
    assert _left_running(tmp_path) == []


def test_an_endless_loop_is_waited_for_once_and_the_summary_says_how_long(tmp_path: Path) -> None:
    result, waited = _graded(tmp_path, ENDLESS_LOOP)
    assert result.status == "failing"
    (shown,) = result.failures()
    assert "did not finish in 1 s of CPU time" in shown.message
    assert _calls_that_ran(result) <= 2
    # the summary's time is the wall time waited: at least the CPU second the loop was given, and no
    # more than grading took; the judge's own CPU time, which it said before, is a small part of it
    assert result.wall is not None
    assert LIMIT <= result.wall <= waited
    assert result.seconds < result.wall
    assert waited < 120  # generous: about LIMIT and a few seconds on a quiet machine


def test_a_call_in_vain_fails_at_once_in_every_caller_of_the_attempt(tmp_path: Path) -> None:
    """The growth check, the prober and the fresh-import check call through callers of their own."""
    path = source_file(tmp_path, "difference_dp")
    path.parent.mkdir(parents=True)
    path.write_text(ENDLESS_LOOP, encoding="utf-8")
    first, other = Grader(tmp_path, call_limit=0.5), Grader(tmp_path, call_limit=0.5)
    try:
        with pytest.raises(WrongAnswer) as too_slow:
            first.call("difference_dp", "score_difference", [0, 0, 0])
        assert too_slow.value.kind == "too-slow"
        assert too_slow.value.ran
        with pytest.raises(WrongAnswer) as not_run:
            other.call("difference_dp", "score_difference", [0, 0, 0, 0])
        assert not not_run.value.ran
        assert "already too slow on a row of n = 3" in str(not_run.value)
        with pytest.raises(CallTimeout):  # a timing in vain for time runs out of time at once
            other.time_rows("difference_dp", "score_difference", [[0] * 126], 0.5)
        assert other.executor("difference_dp").alive()  # never sent: one that ran out of time is ended
    finally:
        first.close()
        other.close()
