"""The grader itself: messages, time limits, recursion, broken files."""

import functools
import math
import shutil
import sys
import time
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

from coinrow.game.game import Totals
from coinrow.game.registry import IMPLS, source_file
from coinrow.game.rows import dominant_class_row
from coinrow.game.shown import show_call, show_row
from coinrow.grader.executor.accounting import cpu_seconds
from coinrow.grader.executor.process import Executor
from coinrow.grader.executor.processes import tree
from coinrow.grader.executor.time_limit import CallTimeout, time_limit
from coinrow.grader.growth.check import check_growth
from coinrow.grader.judge.calls import Caller
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages import calls as calls_messages
from tests.self.commandline import run_module


def _attempt(tmp_path: Path, slug: str, source: str) -> Grader:
    (tmp_path / slug).mkdir(parents=True)
    (tmp_path / slug / f"{slug}.py").write_text(source, encoding="utf-8")
    return Grader(tmp_path, call_limit=0.5)


def _message(grader: Grader, row: tuple[int, ...], difference: int) -> str:
    with pytest.raises(WrongAnswer) as failure:
        grader.check_value(
            "difference_dp", row, Totals((sum(row) + difference) // 2, (sum(row) - difference) // 2)
        )
    return str(failure.value.diagnose())


def test_long_rows_are_shortened_in_the_middle() -> None:
    assert show_row([1, 2, 3]) == "[1, 2, 3]"
    assert show_row(list(range(100)), keep=4) == "[0, 1, …96 more…, 98, 99]"
    # 33 zeros take 3 x 33 = 99 characters: shown in full; a 34th would take 102
    assert show_call("f", [0] * 33) == f"f([{', '.join(['0'] * 33)}])  (n = 33)"
    assert show_call("f", [0] * 34) == "f([0, 0, 0, 0, 0, 0, …22 more…, 0, 0, 0, 0, 0, 0])  (n = 34)"
    assert (
        show_call("f", [1000] * 20)
        == "f([1000, 1000, 1000, 1000, 1000, 1000, …8 more…, 1000, 1000, 1000, 1000, 1000, 1000])  (n = 20)"
    )


def test_busy_loop_ends_at_the_cpu_limit() -> None:
    started = time.process_time()  # CPU time: a busy machine slows the loop's wall time, not this

    def spin() -> None:
        while True:
            pass

    with pytest.raises(CallTimeout), time_limit(0.2):
        spin()
    assert time.process_time() - started < 1


def test_sleeping_code_ends_at_the_wall_clock_backstop() -> None:
    # Sleeping takes no CPU time, so only the wall-clock alarm (at 1.3 s) can raise; without
    # it the sleep would end after 10 s with no CallTimeout. No assertion on the elapsed time.
    with pytest.raises(CallTimeout), time_limit(0.1):
        time.sleep(10)


@pytest.mark.parametrize(
    ("share", "waits"),
    [
        (0.0, True),  # asleep, on a quiet machine
        (0.18, True),  # asleep, its wake-ups waiting their turn (the most measured beside four busy loops)
        (1.0, False),  # computing: running or runnable all the time, however busy the machine
        (2.0, False),  # computing in two threads
    ],
)
def test_waiting_is_told_from_computing_by_demand_not_by_load(
    monkeypatch: pytest.MonkeyPatch, share: float, waits: bool
) -> None:
    """A call is stopped for waiting after ``wall_limit`` seconds of ticks in each of which it demanded (CPU
    time plus time waiting for a CPU) under ``WAITING_SHARE`` of a core; modelled here tick by tick."""
    from coinrow.grader.executor import time_limit as limit_module

    wall, demanded = [0.0], [0.0]
    monkeypatch.setattr("coinrow.grader.executor.time_limit.time.monotonic", lambda: wall[0])
    clock = limit_module._Clock("score_difference(…)", wall_limit=1.0, demanded=lambda: demanded[0])
    stopped = []
    for _ in range(8):  # two seconds of ticks
        wall[0] += limit_module.TICK
        demanded[0] += share * limit_module.TICK
        stopped.append(clock.tick())
    assert any(stopped) is waits
    if waits:
        assert stopped.index(True) == 3  # after wall_limit: four ticks of a quarter second


def test_exception_names_type_file_line_and_row(tmp_path: Path) -> None:
    grader = _attempt(tmp_path, "difference_dp", "def score_difference(coins):\n    return coins[0] // 0\n")
    message = _message(grader, (4, 2), 2)
    assert message == (
        "difference_dp: score_difference((4, 2)) raised ZeroDivisionError: integer division or modulo by zero"
        " (at difference_dp.py:2: return coins[0] // 0)"
    )


def test_too_slow_names_the_row_and_later_larger_rows_fail_at_once(tmp_path: Path) -> None:
    source = "def score_difference(coins):\n    while True:\n        pass\n"
    grader = _attempt(tmp_path, "difference_dp", source)
    first = _message(grader, (0, 0, 0), 0)
    assert first.startswith("difference_dp: too slow: score_difference((0, 0, 0)) did not finish in 0.5 s")
    assert "endless loop" in first  # n = 3 is slow only by a loop that never ends or a thread left computing
    assert "a thread the code started that goes on computing" in first
    started = time.process_time()
    second = _message(grader, (0, 0, 0, 0), 0)
    assert time.process_time() - started < 0.1  # not run again: no CPU time spent on it
    assert "already too slow on a row of n = 3" in second


@pytest.mark.parametrize(
    "lift",
    [
        "import sys\nsys.setrecursionlimit(10**6)\n",  # at import time
        "from sys import setrecursionlimit\nsetrecursionlimit(10**6)\n",  # bound at import time
    ],
)
def test_runaway_recursion_is_reported_not_a_crash(tmp_path: Path, lift: str) -> None:
    """Past what the C stack holds, a lifted limit ends the run in a segfault; capped, it is reported."""
    source = (
        lift + "from functools import lru_cache\n"
        "def score_difference(coins):\n"
        "    @lru_cache(maxsize=None)\n"
        "    def best(i, j):\n"
        "        return 0 if i > j else max(coins[i] - best(i + 1, j), coins[j] - best(i, j))\n"
        "    return best(0, len(coins) - 1)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    message = _message(grader, (1,), 1)
    assert "RecursionError" in message
    assert "endless recursion: check the base case" in message


def test_a_recursion_limit_the_call_lowered_is_the_one_the_message_names(tmp_path: Path) -> None:
    """``sys.setrecursionlimit(n // 2 + 100)`` lowers the limit below Python's 1000: a memo on 600 coins
    needs about 600 frames (twice that through lru_cache before Python 3.12), past the 400 it set, and the
    message names that limit, not Python's."""
    source = (
        "import sys\nfrom functools import lru_cache\n"
        "def score_difference(coins):\n"
        "    sys.setrecursionlimit(len(coins) // 2 + 100)\n"
        "    @lru_cache(maxsize=None)\n"
        "    def best(i, j):\n"
        "        return 0 if i > j else max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))\n"
        "    return best(0, len(coins) - 1)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    message = _message(grader, tuple([1] * 600), 0)
    assert "your limit of 400 is too low for n = 600" in message
    assert "raise it with sys.setrecursionlimit" not in message


def test_code_that_swallows_every_timeout_is_stopped_with_a_reason(tmp_path: Path) -> None:
    """A busy loop inside ``try/except BaseException`` swallows the time-outs: the run still ends, with a
    reason (the time-out escapes between two handlers, or the watchdog ends the child that ignores it)."""
    source = (
        "def score_difference(coins):\n"
        "    while True:\n"
        "        try:\n"
        "            while True:\n"
        "                pass\n"
        "        except BaseException:\n"
        "            continue\n"
    )
    (tmp_path / "difference_dp").mkdir()
    (tmp_path / "difference_dp" / "difference_dp.py").write_text(source, encoding="utf-8")
    run = run_module(
        "coinrow",
        "test",
        f"--impl={tmp_path}",
        "--formulation=difference_dp",
        "--limit=0.2",
        "--no-cache",
    )
    assert run.returncode == 1
    line = next(x for x in run.stdout.splitlines() if x.startswith("difference_dp "))
    assert (
        "did not stop when its time was up: it catches every exception" in line
        or "did not finish in 0.2 s of CPU time" in run.stdout
    ), run.stdout


def test_sys_exit_is_reported(tmp_path: Path) -> None:
    grader = _attempt(
        tmp_path, "difference_dp", "import sys\ndef score_difference(coins):\n    sys.exit(0)\n"
    )
    assert (
        _message(grader, (1,), 1)
        == "difference_dp: score_difference((1,)) called sys.exit(0): return the answer"
    )


@pytest.mark.parametrize(
    ("returned", "problem"),
    [
        ("True", "a bool came back"),
        ("1.0", "a float came back"),
        ("type('Liar', (int,), {'__eq__': lambda self, other: True})(0)", "an int subclass (Liar) came back"),
    ],
)
def test_only_a_plain_int_is_an_answer(tmp_path: Path, returned: str, problem: str) -> None:
    grader = _attempt(tmp_path, "difference_dp", f"def score_difference(coins):\n    return {returned}\n")
    assert problem in _message(grader, (1,), 1)


def test_state_kept_between_calls_is_named(tmp_path: Path) -> None:
    """A module-level cache keyed on (i, j) answers the second row from the first row's cells."""
    source = (
        "from functools import lru_cache\n"
        "ROW = []\n"
        "@lru_cache(maxsize=None)\n"
        "def best(i, j):\n"
        "    return 0 if i > j else max(ROW[i] - best(i + 1, j), ROW[j] - best(i, j - 1))\n"
        "def score_difference(coins):\n"
        "    ROW[:] = coins\n"
        "    return best(0, len(coins) - 1)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    grader.check_value("difference_dp", (4,), Totals(4, 0))
    assert "state is kept between calls" in _message(grader, (9,), 9)


def test_a_fresh_call_runs_in_a_copy_of_the_attempt_as_imported(tmp_path: Path) -> None:
    """Each call counts the calls before it in a global; a row of 7 coins ends the interpreter. A fresh
    call sees no call before it, however many were made, fresh or not, and one that ends its copy
    fails alone: the next fresh call still answers."""
    source = (
        "import os\nCALLS = []\n\n\ndef score_difference(coins):\n    CALLS.append(coins)\n"
        "    if len(coins) == 7:\n        os._exit(3)\n    return len(CALLS)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    try:
        assert [grader.call("difference_dp", "score_difference", (1,)) for _ in range(3)] == [1, 2, 3]
        assert [grader.call_fresh("difference_dp", "score_difference", (1,)) for _ in range(3)] == [1, 1, 1]
        with pytest.raises(WrongAnswer, match="ended the interpreter early with exit status 3"):
            grader.call_fresh("difference_dp", "score_difference", (1,) * 7)
        assert grader.call_fresh("difference_dp", "score_difference", (1,)) == 1
        assert grader.call("difference_dp", "score_difference", (1,)) == 4
    finally:
        grader.close()


def test_a_file_that_does_not_import_is_reported(tmp_path: Path) -> None:
    grader = _attempt(tmp_path, "difference_dp", "def score_difference(coins)\n    return 0\n")
    message = _message(grader, (1,), 1)
    assert message.startswith("difference_dp: the file does not import: SyntaxError")
    assert "difference_dp.py:1" in message


@pytest.mark.parametrize("beside", [True, False])
def test_a_module_imported_from_beside_the_file_is_said_not_to_be_graded(
    tmp_path: Path, beside: bool
) -> None:
    """Only the kata's file is graded: a helper module beside it is not importable, which the message says
    only where such a file is there."""
    grader = _attempt(
        tmp_path, "difference_dp", "from helper import h\n\ndef score_difference(coins):\n    return h()\n"
    )
    if beside:
        (tmp_path / "difference_dp" / "helper.py").write_text("def h():\n    return 0\n", encoding="utf-8")
    try:
        message = _message(grader, (1,), 1)
    finally:
        grader.close()
    assert message.startswith("difference_dp: the file does not import: ModuleNotFoundError: No module named")
    said = "only difference_dp.py is graded, alone: code from a file beside it goes in it"
    assert (said in message) is beside


def test_an_attempt_caught_loading_borrowed_code_is_not_run_again(tmp_path: Path) -> None:
    """Every later call fails at once with the same reason: shrinking a disqualified attempt costs nothing."""
    grader = _attempt(
        tmp_path,
        "difference_dp",
        "import importlib\ndef score_difference(coins):\n"
        "    return importlib.import_module('coin' + 'row.game.oracle').exhaustive_difference(coins)\n",
    )
    messages = []
    with patch.object(Executor, "request", autospec=True, side_effect=Executor.request) as requests:
        for row in ([1, 2], [3, 4, 5]):
            with pytest.raises(WrongAnswer) as failure:
                grader.call("difference_dp", "score_difference", row)
            messages.append(str(failure.value))
            assert failure.value.kind == "import"
    assert [call.args[1]["op"] for call in requests.call_args_list] == ["import", "call"]  # none for row 2
    reason = (
        "difference_dp: not graded: it imports the grader's own game model (coinrow): "
        "the grader grades only what you write in difference_dp.py"
    )
    assert messages == [reason, reason]


def _always_zero(tmp_path: Path) -> Grader:
    return _attempt(tmp_path, "difference_dp", "def score_difference(coins):\n    return 0\n")


def _check_longer_rows(grader: Grader) -> WrongAnswer:
    from hypothesis import strategies as st

    from coinrow.game.game import optimal_totals
    from tests.strategies import check_each_row

    rows = st.lists(st.integers(min_value=1, max_value=9), min_size=11, max_size=30)
    with pytest.raises(WrongAnswer) as failure:
        check_each_row(
            grader, rows, 11, lambda row: grader.check_value("difference_dp", row, optimal_totals(row))
        )
    return failure.value


def test_a_failure_on_longer_rows_is_shrunk_while_no_shorter_one_is_known(tmp_path: Path) -> None:
    failure = _check_longer_rows(_always_zero(tmp_path))
    # returning 0 is wrong on every row of positive coins with an odd count: the shortest is 11 ones
    assert failure.row == (1,) * 11
    assert "not shrunk" not in str(failure)


def test_a_failure_the_summary_cannot_show_is_reported_as_found(tmp_path: Path) -> None:
    """A wrong value is already known on 2 coins: one on 11 or more could never be the one shown."""
    grader = _always_zero(tmp_path)
    with pytest.raises(WrongAnswer) as known:
        grader.check_value("difference_dp", (1, 2), Totals(2, 1))
    grader.note_reported(known.value)
    failure = _check_longer_rows(grader)
    assert failure.kind == "wrong-value"
    assert len(failure.row) >= 11
    assert str(failure).endswith("(the row as found, not shrunk: a shorter row already fails this way)")


def test_a_time_out_on_its_way_out_is_not_taken_for_one_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Freeing a big memo after the time-out runs in C for seconds, with no handler raising into it:
    only a call that keeps being raised into (it swallows each time-out) is ended by the watchdog."""
    from coinrow.grader.executor import time_limit as limit_module

    cpu = [100.0]
    monkeypatch.setattr("coinrow.grader.executor.time_limit.time.process_time", lambda: cpu[0])
    clock = limit_module._Clock("score_difference(…)", wall_limit=1.0)
    clock.expire()  # the first time-out
    cpu[0] += 30.0  # thirty seconds of CPU in C code, which no handler can interrupt
    assert not clock.ignored()
    for _ in range(limit_module.SWALLOWED):
        clock.expire()  # raised again every 0.1 s of CPU, and swallowed
    assert clock.ignored()


def test_a_time_out_never_lands_in_the_exit_that_stops_the_timers() -> None:
    """Raised into ``__exit__``, a time-out would skip stopping the timers, which would then raise into
    whatever runs next (it did, as a slow memo unwound): there the handler notes the time-out only."""
    import signal
    from types import SimpleNamespace

    from coinrow.grader.executor import time_limit as limit_module

    limit = time_limit(5.0)
    limit._out_of_cpu(signal.SIGPROF, SimpleNamespace(f_code=limit_module._EXIT_CODE))  # type: ignore[arg-type]
    assert limit.clock.expired_cpu is not None
    with pytest.raises(CallTimeout):
        limit._out_of_cpu(signal.SIGPROF, None)  # anywhere else it raises
    before = signal.getsignal(signal.SIGPROF)

    def spin() -> None:
        while True:
            pass

    with pytest.raises(CallTimeout), time_limit(0.1):
        spin()
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGPROF) is before


def test_a_failure_not_run_stays_not_run_when_passed_on() -> None:
    """A check that adds a note to a failure keeps its kind: a row never run is never shown as a failure."""
    first = WrongAnswer("vectorised_dp", (1,), "not run", ran=False)
    passed_on = WrongAnswer("vectorised_dp", (1,), f"{first}\n  a note", kind=first.kind)
    assert (first.kind, first.ran) == ("not-run", False)
    assert (passed_on.kind, passed_on.ran) == ("not-run", False)


BURN = """
import os, threading, time

def _burn(seconds):
    started = time.thread_time()
    while time.thread_time() - started < seconds:
        pass
"""
BURNS_IN_SHORT_LIVED = {  # 40 of 0.05 CPU seconds each: 2 s in all, none of them alive when the call returns
    "threads": BURN
    + """
def score_difference(coins):
    for _ in range(40):
        worker = threading.Thread(target=_burn, args=(0.05,))
        worker.start()
        worker.join()
    return 0
""",
    "processes": BURN
    + """
def score_difference(coins):
    for _ in range(40):
        child = os.fork()
        if child == 0:
            _burn(0.05)
            os._exit(0)
        os.waitpid(child, 0)
    return 0
""",
}


@pytest.mark.parametrize("where", BURNS_IN_SHORT_LIVED)
def test_work_done_in_threads_or_processes_that_end_counts_against_the_limit(
    tmp_path: Path, where: str
) -> None:
    """CPU time spent in threads or child processes that have ended is the call's too: 2 s is past 0.5 s."""
    grader = _attempt(tmp_path, "difference_dp", BURNS_IN_SHORT_LIVED[where])
    try:
        with pytest.raises(WrongAnswer) as failure:
            grader.call("difference_dp", "score_difference", [1, 2])
    finally:
        grader.close()
    assert failure.value.kind == "too-slow", str(failure.value)


def test_a_guarantee_right_only_on_the_case_rows_is_failing(tmp_path: Path) -> None:
    """A parity guarantee exact on the case table's rows and ceil(sum / 2) on every other row is wrong: the
    random even rows are graded exactly, not only between sum / 2 and the optimum."""
    from coinrow.game.cases import all_cases

    known = {tuple(c.row): c.parity_guarantee for c in all_cases() if c.parity_guarantee is not None}
    reference = source_file(IMPLS["solutions"], "parity_strategy").read_text(encoding="utf-8")
    source = reference.replace("def parity_guarantee(", "def _guarantee(") + (
        f"\n\nKNOWN = {known!r}\n\n\ndef parity_guarantee(coins):\n    _guarantee(coins)\n"
        "    return KNOWN.get(tuple(coins), (sum(coins) + 1) // 2)\n"
    )
    (tmp_path / "parity_strategy").mkdir()
    source_file(tmp_path, "parity_strategy").write_text(source, encoding="utf-8")
    done = run_module("coinrow", "test", f"--impl={tmp_path}", "--formulation=parity_strategy", "--no-cache")
    (line,) = [x for x in done.stdout.splitlines() if x.startswith("parity_strategy ")]
    assert line.split()[1] == "FAILING", done.stdout
    assert done.returncode == 1


# An interpreter the attempt starts as it is imported, which fills 40 MiB and sleeps: a helper, not the
# call. It is still starting when the first traced call would begin.
HELPER_AT_IMPORT = (
    "import subprocess, sys\n"
    "subprocess.Popen([sys.executable, '-c', 'import time; b = bytes(1) * (40 << 20); time.sleep(30)'])\n"
)
HIDES_A_TABLE = (
    "import tracemalloc\n\n\ndef score_difference(coins):\n    tracemalloc.stop()\n"
    "    table = [[0] * len(coins) for _ in coins]  # n x n, out of tracing's sight\n"
    "    return _right(coins) + table[0][0]\n"
)


KEEPS_A_TABLE_IN_A_WORKER = (
    "import os, time\n\n\ndef score_difference(coins):\n    ready, done = os.pipe()\n"
    "    if os.fork() == 0:  # a worker that fills an n x n table and lives on\n"
    "        table = [[0] * len(coins) for _ in coins]\n        os.write(done, b'.')\n"
    "        time.sleep(30)\n        os._exit(len(table))\n"
    "    os.read(ready, 1)\n    return _right(coins)\n"
)


@pytest.mark.parametrize(
    ("attempt", "hidden"),
    [
        (HELPER_AT_IMPORT + "{reference}", None),
        ("{reference}" + HIDES_A_TABLE, "started, stopped, cleared or reset tracemalloc's tracing"),
        ("{reference}" + KEEPS_A_TABLE_IN_A_WORKER, "left behind a process it started"),
    ],
    ids=["a-helper-started-at-import", "a-table-hidden-from-tracing", "a-table-in-a-worker"],
)
def test_memory_hidden_from_tracing_is_the_calls_own(
    tmp_path: Path, attempt: str, hidden: str | None
) -> None:
    """Traced memory is the executor's to trace, and is checked against its resident growth (read by the
    kernel). A call that stops tracing and fills an n x n table (2000 x 2000: 32 MB of pointers) fails for
    stopping it; one whose worker fills
    it and lives on fails as a call that left a process running; a process started at import is left to
    settle first, so its growth is not taken for the call's."""
    reference = source_file(IMPLS["solutions"], "rolling_array").read_text(encoding="utf-8")
    if hidden:
        reference = reference.replace("def score_difference(", "def _right(")
    grader = _attempt(tmp_path, "rolling_array", attempt.format(reference=reference))
    row, _ = dominant_class_row(2000, seed=2000)
    try:
        if hidden:
            with pytest.raises(WrongAnswer, match=hidden):
                grader.traced_peak("rolling_array", "score_difference", row, 1.0)
        else:  # one row of 2000 ints, a few KiB (traced for 1 s of the call at most)
            assert grader.traced_peak("rolling_array", "score_difference", row, 1.0) < 2**20
    finally:
        grader.close()


def test_the_executors_own_copy_of_a_long_row_is_not_taken_for_hidden_memory() -> None:
    """The resident growth of a traced call counts the executor's own hold on the row (the request's text,
    the decoded list, the copy kept to see changes). On 300,000 coins that is some 16 MiB, past the
    allowance of 8 MiB alone; the reference traces its two slices of the row, 8 bytes a slot: 4 bytes a
    coin."""
    grader = Grader(IMPLS["solutions"], call_limit=10.0)
    row, _ = dominant_class_row(300_000, seed=3)
    try:
        assert grader.traced_peak("parity_strategy", "parity_guarantee", row, 5.0) < 5 * len(row)
    finally:
        grader.close()


RESETS_THE_PEAK = (
    "import tracemalloc\n\n\ndef score_difference(coins):\n"
    "    table = [[0] * len(coins) for _ in coins]  # n x n: 0.3 MB at n = 200\n"
    "    del table\n    tracemalloc.reset_peak()\n    return _right(coins)\n"
)


@pytest.mark.parametrize(
    "how", ["tracemalloc.reset_peak()", "tracemalloc.clear_traces()", "_tracemalloc.stop()"]
)
def test_a_call_that_resets_or_clears_the_tracing_fails_however_small_its_table(
    tmp_path: Path, how: str
) -> None:
    """A full table then the peak reset (or the traces cleared, or tracing stopped through the C module)
    would read as a frugal call at the memory check's sizes, where the kernel's reading cannot tell a
    table from the interpreter's own: the guarded functions note the call, and it fails."""
    reference = source_file(IMPLS["solutions"], "rolling_array").read_text(encoding="utf-8")
    reference = reference.replace("def score_difference(", "def _right(")
    attempt = "import _tracemalloc\n" + reference + RESETS_THE_PEAK.replace("tracemalloc.reset_peak()", how)
    grader = _attempt(tmp_path, "rolling_array", attempt)
    row, _ = dominant_class_row(200, seed=200)
    try:
        with pytest.raises(WrongAnswer, match="cleared or reset tracemalloc's tracing"):
            grader.traced_peak("rolling_array", "score_difference", row, 1.0)
    finally:
        grader.close()


MAPPED_TABLE = """
import mmap

def score_difference(coins):  # every cell of the table, packed, in memory tracing does not see
    n = len(coins)
    if n == 0:
        return 0
    start = [0] * n  # where row i (cells i..n-1) begins
    for i in range(1, n):
        start[i] = start[i - 1] + n - (i - 1)
    buffer = mmap.mmap(-1, 8 * n * (n + 1) // 2)
    table = memoryview(buffer).cast("q")
    for i in range(n - 1, -1, -1):
        table[start[i]] = coins[i]
        for j in range(i + 1, n):
            table[start[i] + j - i] = max(
                coins[i] - table[start[i + 1] + j - i - 1], coins[j] - table[start[i] + j - 1 - i]
            )
    answer = table[start[0] + n - 1]
    table.release()
    buffer.close()
    return answer
"""
TABLE_IN_A_WORKER = """
import os

def score_difference(coins):  # the table built in a worker the call waits for: gone before it answers
    read_end, write_end = os.pipe()
    if os.fork() == 0:
        os.write(write_end, str(_full_table(coins)).encode())  # difference_dp's reference: an n x n table
        os._exit(0)
    os.close(write_end)
    answer = int(os.read(read_end, 64))
    os.wait()
    return answer
"""


@pytest.mark.parametrize("source", [MAPPED_TABLE, TABLE_IN_A_WORKER], ids=["mapped", "in-a-worker"])
def test_a_whole_call_grows_the_tree_by_a_table_tracing_does_not_see(tmp_path: Path, source: str) -> None:
    """An n x n table at n = 2000, in mapped memory (16 MB packed) or in a worker process that ends before
    the call answers (over 32 MB of pointers): the kernel's reading of the whole call counts it; the
    reference's growth there is a row or two."""
    full_table = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    full_table = full_table.replace("def score_difference(", "def _full_table(")
    grader = _attempt(tmp_path, "rolling_array", full_table + source)
    reference = Grader(IMPLS["solutions"], call_limit=10.0)
    row, _ = dominant_class_row(2000, seed=2000)
    try:
        grader.call_limit = 10.0
        assert grader.resident_growth("rolling_array", "score_difference", row) > 12 * 2**20
        assert reference.resident_growth("rolling_array", "score_difference", row) < 2**20
    finally:
        grader.close()
        reference.close()


def test_a_missing_file_is_said_to_be_missing(tmp_path: Path) -> None:
    """Sealed or not, the same words: a sandbox cannot bind a folder that is not there, and its own
    exit status must not be read as the attempt's."""
    grader = Grader(tmp_path, call_limit=0.5)
    with pytest.raises(WrongAnswer) as failure:
        grader.call("difference_dp", "score_difference", (1,))
    grader.close()
    assert (
        str(failure.value)
        == f"difference_dp: the file difference_dp.py is missing from {tmp_path / 'difference_dp'}"
    )


def test_a_folder_at_the_files_name_is_said_to_be_a_folder(tmp_path: Path) -> None:
    """Not "missing": the name is there, as a folder, and the reset would refuse it."""
    (tmp_path / "difference_dp" / "difference_dp.py").mkdir(parents=True)
    grader = Grader(tmp_path, call_limit=0.5)
    with pytest.raises(WrongAnswer) as failure:
        grader.call("difference_dp", "score_difference", (1,))
    grader.close()
    assert str(failure.value) == (
        f"difference_dp: difference_dp.py in {tmp_path / 'difference_dp'} is a folder: the attempt is a file"
        " of that name"
    )


# What an attempt can write on the executor's reply stream itself: a line nested past the JSON parser's
# depth (200000 brackets), in a plain call or in a fresh one's copy; or, in the copy, a process that holds
# the copy's pipe open and sleeps.
REPLY_STREAM = (
    "import gc, io, os, time\nHOME = os.getpid()\n\n\ndef _replies():\n"
    "    for o in gc.get_objects():\n"
    "        if isinstance(o, io.TextIOWrapper) and o.mode == 'w' and o.name not in (1, 2):\n"
    "            return o\n\n\n"
)
FORGES_A_DEEP_REPLY = (
    "    if coins:\n"
    "        _replies().write('[' * 200000 + ']' * 200000 + '\\n')\n        _replies().flush()\n"
)
HOLDS_THE_COPYS_PIPE = (
    "    if os.getpid() != HOME and os.fork() == 0:\n        os.setsid()\n        time.sleep(3600)\n"
)


@pytest.mark.parametrize("fresh", [False, True], ids=["plain-call", "fresh-call"])
def test_a_reply_nested_past_the_parser_is_no_reply(tmp_path: Path, fresh: bool) -> None:
    source = REPLY_STREAM + "def score_difference(coins):\n" + FORGES_A_DEEP_REPLY + "    return 0\n"
    grader = _attempt(tmp_path, "difference_dp", source)
    call = grader.call_fresh if fresh else grader.call
    with pytest.raises(WrongAnswer, match="the executor answered what is no reply"):
        call("difference_dp", "score_difference", (1,))
    assert grader.call_fresh("difference_dp", "score_difference", ()) == 0  # and the next call answers
    grader.close()


def test_a_fresh_call_ends_with_its_copy_whatever_holds_its_pipe(tmp_path: Path) -> None:
    """The copy made for a fresh call starts a process that keeps the copy's pipe open and sleeps: the
    reply is read when the copy ends, not when the pipe does (that waited until the call was ended for
    waiting), and the process left running fails the call as such, never as a wrong value."""
    source = (
        REPLY_STREAM + "def score_difference(coins):\n" + HOLDS_THE_COPYS_PIPE + "    return len(coins)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    try:
        with pytest.raises(WrongAnswer, match="left behind a process it started") as failure:
            grader.call_fresh("difference_dp", "score_difference", (5, 6))
        assert failure.value.kind == "stray-process"
    finally:
        grader.close()


# A process the attempt starts at import that computes for 0.2 s of CPU (an interpreter importing NumPy
# takes about as long), then sleeps: its CPU counts as the attempt's.
BUSY_HELPER = (
    "import subprocess, sys\n"
    "subprocess.Popen([sys.executable, '-c', 'import time\\nend = time.process_time() + 0.2\\n"
    "while time.process_time() < end: pass\\ntime.sleep(60)'])\n"
)


def test_an_executor_settles_until_what_its_import_started_stops_computing(tmp_path: Path) -> None:
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    grader = _attempt(tmp_path, "difference_dp", BUSY_HELPER + reference)
    grader.settle("difference_dp")
    process = grader.executor("difference_dp").process
    assert process is not None

    def used() -> float:
        return math.fsum(cpu_seconds(p.pid) for p in tree(process.pid))

    before = used()
    time.sleep(0.2)
    after = used()
    grader.close()
    assert after - before < 0.02  # settled: the helper's 0.2 s are spent


def test_the_growth_check_settles_its_timing_executor_before_the_first_timing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Processes an attempt started at import, still starting, would slow the first sizes alone: two
    interpreters importing NumPy made a cubic answer (a range sum from a slice per cell) read x1.4-2 per
    doubling from 126 to 500, and the ladder stopped there, short of n = 1000 where it shows."""
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    grader = _attempt(tmp_path, "difference_dp", reference)
    happened: list[str] = []
    settle, time_rows = Caller.settle, Caller.time_rows

    def settling(self: Caller, slug: str) -> None:
        happened.append("settled")
        settle(self, slug)

    def timing(self: Caller, *args: Any) -> tuple[float, list[Any]]:
        happened.append("timed")
        return time_rows(self, *args)

    monkeypatch.setattr(Caller, "settle", settling)
    monkeypatch.setattr(Caller, "time_rows", timing)
    check_growth(grader, "difference_dp")
    grader.close()
    assert happened[0] == "settled"
    assert "timed" in happened


def test_an_executor_started_before_its_folder_was_made_anew_is_started_again(tmp_path: Path) -> None:
    """A sandbox binds the attempt's folder as it finds it when it starts: an executor started ahead (a
    spare, or a primed child's) would import the old file if the folder was deleted and made anew."""
    grader = _attempt(tmp_path, "difference_dp", "def score_difference(coins):\n    return 1\n")
    grader.start_spare("difference_dp")
    spare = grader._spares["difference_dp"].process
    assert spare is not None
    started = time.monotonic()  # its interpreter runs once its sandbox is made: the folder is bound
    while not any("python" in p.name() for p in tree(spare.pid)) and time.monotonic() - started < 60:
        time.sleep(0.01)
    shutil.rmtree(tmp_path / "difference_dp")
    (tmp_path / "difference_dp").mkdir()
    source_file(tmp_path, "difference_dp").write_text("def score_difference(coins):\n    return 2\n")
    assert grader.call("difference_dp", "score_difference", (5,)) == 2
    grader.close()


LIMITS_SEEN = """import resource


def score_difference(coins):
    return resource.getrlimit([resource.RLIMIT_AS, resource.RLIMIT_FSIZE, resource.RLIMIT_CPU][coins[0]])[0]
"""


def test_an_executor_caps_itself_whoever_starts_it(tmp_path: Path) -> None:
    """An attempt graded from a process with no caps of its own (as ``compare`` grades, through ``Grader``)
    runs under the limits ``make test`` gives it: 8 GiB of address space, files of 256 MiB, and
    max(60, 15 x the 4 s call limit) + 1 = 61 CPU seconds in all."""
    (tmp_path / "difference_dp").mkdir()
    (tmp_path / "difference_dp" / "difference_dp.py").write_text(LIMITS_SEEN, encoding="utf-8")
    grader = Grader(tmp_path)  # as compare makes it (coinrow/tools/compare/compare.py)
    try:
        seen = [grader.call("difference_dp", "score_difference", [which]) for which in range(3)]
    finally:
        grader.close()
    assert seen == [8 << 30, 256 << 20, 61]


def test_standard_streams_bound_at_import_as_a_script_does_are_no_failure(tmp_path: Path) -> None:
    """Contest style: ``input = sys.stdin.buffer.readline`` and ``sys.stdout.buffer`` at import only bind
    names; the attempt is graded. Reading the buffer gets end of input, and bytes written are output."""
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    source = (
        "import sys\ninput = sys.stdin.buffer.readline\nwrite = sys.stdout.buffer.write\n"
        + reference.replace("def score_difference(", "def _right(")
        + "\n\ndef score_difference(coins):\n    if input() != b'':\n"
        + "        raise ValueError('not at the end')\n    write(b'no input\\n')\n    return _right(coins)\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    try:  # [5, 3, 7, 10]: the first takes 10, the second 7, then 5 and 3: 15 - 10 = 5
        assert grader.call("difference_dp", "score_difference", [5, 3, 7, 10]) == 5
    finally:
        grader.close()


# The reference, with the collector off and every call leaving 4 MiB in a reference cycle whose finalizer
# computes for 0.1 s of CPU: garbage that only a collection frees, at a cost only a collection pays.
FINALIZED = """
import time


class _Finalized:
    def __del__(self):
        started = time.thread_time()
        while time.thread_time() - started < {seconds}:
            pass
"""
LEAVES_A_COSTLY_CYCLE = (
    FINALIZED.format(seconds=0.1)
    + """
import gc

gc.disable()


def score_difference(coins):
    held = [bytearray(b"x") * (4 << 20), _Finalized()]
    held.append(held)
    return _right(coins)
"""
)


def test_garbage_is_collected_between_calls_outside_their_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a 64 MiB cap, 24 calls leaving 4 MiB each would pass it: the executor is asked to collect
    between calls (once it holds a quarter of the cap, 16 MiB), and the 0.1 s each collection's
    finalizers compute falls in no call's time, each of which takes a few milliseconds."""
    monkeypatch.setenv("COINROW_TREE_MEMORY_MIB", "64")
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    source = reference.replace("def score_difference(", "def _right(") + LEAVES_A_COSTLY_CYCLE
    grader = _attempt(tmp_path, "difference_dp", source)
    try:  # [5, 3, 7, 10]: the first takes 10, the second 7, then 5 and 3: 15 - 10 = 5
        timed = [
            grader.time_rows("difference_dp", "score_difference", [[5, 3, 7, 10]], 2.0) for _ in range(24)
        ]
    finally:
        grader.close()
    assert [answers for _, answers in timed] == [[5]] * 24
    assert max(seconds for seconds, _ in timed) < 0.05, timed


# The reference, and on its third call 122 MiB kept for good and a cycle whose finalizer computes 0.6 s.
HOLDS_PAST_THE_CAP_AT_A_COLLECTION = (
    FINALIZED.format(seconds=0.6)
    + """
_KEPT = []
_CALLS = [0]


def score_difference(coins):
    _CALLS[0] += 1
    if _CALLS[0] == 3:
        _KEPT.append(bytearray(b"x") * (122 << 20))
        cycle = _Finalized()
        cycle.itself = cycle
    return _right(coins)
"""
)


def test_a_tree_past_the_cap_when_collected_fails_the_next_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past a 128 MiB cap after its third call (122 MiB kept, besides the interpreter's own), the tree is
    asked to collect before the fourth, and the judge's look during the finalizer's 0.6 s finds it past the
    cap: the fourth call is stopped for it, not answered by a new executor as if nothing had been held."""
    monkeypatch.setenv("COINROW_TREE_MEMORY_MIB", "128")
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    source = reference.replace("def score_difference(", "def _right(") + HOLDS_PAST_THE_CAP_AT_A_COLLECTION
    grader = _attempt(tmp_path, "difference_dp", source)
    try:  # [5, 3, 7, 10]: the first takes 10, the second 7, then 5 and 3: 15 - 10 = 5
        answers = [grader.call("difference_dp", "score_difference", [5, 3, 7, 10]) for _ in range(3)]
        with pytest.raises(WrongAnswer) as failure:
            grader.call("difference_dp", "score_difference", [5, 3, 7, 10])
    finally:
        grader.close()
    assert answers == [5, 5, 5]
    assert "held more than 128 MiB across its processes" in str(failure.value), str(failure.value)


PINGS_COST_MORE = """import sys
import time


def _slow_ping(*args):
    started = time.thread_time()
    while time.thread_time() - started < 0.005:  # 5 ms of CPU on every ping
        pass


sys.modules["__main__"]._nothing = _slow_ping  # the executor's ping target, replaced


def score_difference(coins):
    return 0
"""


def test_an_attempt_that_makes_its_pings_cost_more_has_no_more_taken_out(tmp_path: Path) -> None:
    """The tools take the round trip out of an attempt's calls; an attempt runs in the executor it is
    pinged in and can make the pings cost what it likes (here 5 ms each), which would have that much of
    its own time taken out. With the references' executor given, the pings are timed there: well under
    5 ms."""
    grader = _attempt(tmp_path, "difference_dp", PINGS_COST_MORE)
    references = Grader(IMPLS["solutions"], call_limit=0.5)
    try:
        assert grader.subject("difference_dp", "score_difference", 8).round_trip(2) >= 0.01  # as replaced
        bounded = grader.subject("difference_dp", "score_difference", 8, pings=references)
        assert bounded.round_trip(2) < 0.004
    finally:
        grader.close()
        references.close()


COUNTS_ROWS = """SEEN = set()


def score_difference(coins):
    if len(coins) == 2:  # asked how many rows of other lengths it has seen
        return len(SEEN)
    SEEN.add(tuple(coins))
    return 0
"""


def test_the_tools_time_every_call_on_a_row_of_its_own(tmp_path: Path) -> None:
    """A cache keyed by the row gains nothing in the tools' timings either: 3 calls, then 4 more, then a
    traced one, 8 rows."""
    grader = _attempt(tmp_path, "difference_dp", COUNTS_ROWS)
    try:
        subject = grader.subject("difference_dp", "score_difference", 16)
        subject.run(3, 1.0)
        subject.run(4, 1.0)
        subject.peak(1.0)
        assert grader.call("difference_dp", "score_difference", [1, 2]) == 8
    finally:
        grader.close()


TELLS_TIMED_FROM_PINGS_AND_TRACING = """

import sys as _sys
import tracemalloc as _tracemalloc

_told = []
_main = _sys.modules["__main__"]
_ping = _main._nothing


def _pinged(*args):
    _told.append("ping")
    return _ping(*args)


_main._nothing = _pinged  # the executor's ping target, watched


def score_difference(coins):
    if _tracemalloc.is_tracing():
        _told.append("traced")
    value = _right(coins)
    return value + 1 if _told and len(coins) > 100 else value  # wrong once told it may be timed
"""


def test_the_executor_the_growth_check_times_is_sent_plain_calls_alone(tmp_path: Path) -> None:
    """An attempt that answers wrongly in an executor once it has been pinged or traced would fail the growth
    check's timed calls (every value is checked) had they been made where the round trip was timed or the
    memory traced: they are made in a fresh executor, where it answers right."""
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    attempt = reference.replace("def score_difference(", "def _right(") + TELLS_TIMED_FROM_PINGS_AND_TRACING
    grader = _attempt(tmp_path, "difference_dp", attempt)
    try:
        measured = check_growth(grader, "difference_dp")
        assert measured.time is not None
    finally:
        grader.close()


NAMED_TUPLES = """\
from collections import namedtuple

Totals = namedtuple("Totals", "first second")


class Liar(tuple):
    def __eq__(self, other):
        return True

    def __iter__(self):
        return iter((15, 10))


class Fake:
    @property
    def __class__(self):
        return tuple


def player_totals(coins):
    if len(coins) == 3:
        return Fake()
    return Totals(15, 10) if len(coins) == 4 else Liar((0, 1))
"""


def test_a_tuple_subclass_is_the_plain_tuple_of_its_items(tmp_path: Path) -> None:
    """A named tuple of the right totals is the right pair; a subclass whose own methods lie is read by
    the items it holds, never by those methods; an object whose ``__class__`` says tuple is described as
    the type it is, never read (nor a failure of the grader's own put on the attempt)."""
    grader = _attempt(tmp_path, "paired_tuple_dp", NAMED_TUPLES)
    try:
        named = grader.call("paired_tuple_dp", "player_totals", (5, 3, 7, 10))
        liar = grader.call("paired_tuple_dp", "player_totals", (1, 2))
        fake = grader.call("paired_tuple_dp", "player_totals", (1, 2, 3))
    finally:
        grader.close()
    assert (type(named), named) == (tuple, (15, 10))  # hand calculation: 10 + 5 against 7 + 3
    assert (type(liar), liar) == (tuple, (0, 1))
    assert repr(fake).startswith("<")  # what says it is a tuple and is none: described, as any other type
    assert type(fake).__name__ == "Fake"


REFERENCE_DIFFERENCE = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
WRONG_ON_ONE_SHAPE = {
    "one-coin-repeated": "len(coins) >= 7 and len(set(coins)) == 1",
    "every-coin-negative": "len(coins) >= 11 and max(coins) < 0",
    "every-coin-positive": "len(coins) >= 11 and min(coins) > 0 and len(coins) % 2 == 1",
    "past-2-to-63": "len(coins) >= 5 and max(coins) >= 2**63",  # where an int64 table wraps
}


@pytest.mark.parametrize("wrong_when", WRONG_ON_ONE_SHAPE.values(), ids=WRONG_ON_ONE_SHAPE.keys())
def test_an_answer_wrong_on_rows_of_one_shape_fails_on_the_longer_rows(
    tmp_path: Path, wrong_when: str
) -> None:
    """The longer rows are each of one shape (``tests.strategies.shaped``): an answer right on rows of
    random coins and wrong on every longer row of one shape fails there."""
    from coinrow.game.game import optimal_totals
    from tests.strategies import LONGER, check_each_row, longer_rows

    source = REFERENCE_DIFFERENCE.replace("def score_difference(", "def _right(") + (
        f"\n\ndef score_difference(coins):\n    return _right(coins) + bool({wrong_when})\n"
    )
    grader = _attempt(tmp_path, "difference_dp", source)
    try:
        with pytest.raises(WrongAnswer):
            check_each_row(
                grader,
                longer_rows,
                LONGER,
                lambda row: grader.check_value("difference_dp", row, optimal_totals(row)),
            )
    finally:
        grader.close()


def _least_limit(n: int, through_lru_cache: bool) -> int:
    """The least recursion limit under which a memo of best(i, j) on n coins finishes, on this Python."""
    coins = list(range(n))

    def finishes(limit: int) -> bool:
        memo: dict[tuple[int, int], int] = {}

        def best(i: int, j: int) -> int:
            if i > j:
                return 0
            if (i, j) not in memo:
                memo[(i, j)] = max(coins[i] - step(i + 1, j), coins[j] - step(i, j - 1))
            return memo[(i, j)]

        step = functools.lru_cache(maxsize=None)(best) if through_lru_cache else best
        before = sys.getrecursionlimit()
        sys.setrecursionlimit(limit)
        try:
            step(0, n - 1)
        except RecursionError:
            return False
        finally:
            sys.setrecursionlimit(before)
        return True

    low, high = n, 3 * n + 100
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if finishes(middle) else (middle + 1, high)
    return low


def test_the_recursion_message_says_how_deep_a_memo_goes_on_this_python() -> None:
    """Measured here, not taken from the message: the limit a memo needs grows by one call per coin, and
    through functools.lru_cache by two before Python 3.12 (its wrapper is a call Python counts), one from
    3.12 on (read as the difference between 600 and 300 coins, so the frames below the test cancel out);
    3 * n + 100, the advice, leaves room for both."""
    plain = (_least_limit(600, False) - _least_limit(300, False)) / 300
    cached = (_least_limit(600, True) - _least_limit(300, True)) / 300
    twice = sys.version_info < (3, 12)
    assert round(plain, 1) == 1.0
    assert round(cached, 1) == (2.0 if twice else 1.0)
    assert ("2 * n through functools.lru_cache" in calls_messages.LRU_CACHE_DEPTH) == twice
    assert _least_limit(300, True) < 3 * 300 + 100


# A call that asks for its children to be reaped by the kernel (SIGCHLD ignored, through Python and through
# the C library), then does 0.4 s of CPU in a forked child and waits for it: reaped by the kernel, the
# child's time would reach no parent's.
IGNORES_ITS_CHILDREN = """
import ctypes
import os
import signal
import time


def score_difference(coins):
    refused = []
    for ignore in (
        lambda: signal.signal(signal.SIGCHLD, signal.SIG_IGN),
        lambda: ctypes.CDLL(None, use_errno=True).signal(int(signal.SIGCHLD), ctypes.c_void_p(1)),
    ):
        try:
            ignore()
        except OSError:
            refused.append(True)
    pid = os.fork()
    if pid == 0:
        started = time.process_time()
        while time.process_time() - started < 0.4:
            pass
        os._exit(0)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return len(refused)
"""


def test_a_child_the_kernel_would_reap_unseen_counts_in_the_calls_cpu(tmp_path: Path) -> None:
    """SIGCHLD's action cannot be changed in the executor (``limits.keep_children_counted``): Python's
    ``signal.signal`` is refused, and C's ``signal`` leaves the action as it was, so the child's 0.4 s of
    CPU reaches its parent's and the call's time."""
    grader = _attempt(tmp_path, "difference_dp", IGNORES_ITS_CHILDREN)
    try:
        seconds, answers = grader.time_rows("difference_dp", "score_difference", [[1]], 5.0)
    finally:
        grader.close()
    assert answers[0] >= 1  # Python's call was refused (C's returns SIG_ERR, raising nothing)
    assert seconds >= 0.35, seconds


# On a row of one coin the call writes a forged reply of 36 MiB (a list of empty lists, each a Python object
# for the judge to build); on a longer row it changes every coin to nine digits, which the executor reports.
FORGES_A_HUGE_REPLY = REPLY_STREAM + (
    "def score_difference(coins):\n"
    "    if len(coins) == 1:\n"
    "        _replies().write('[' + '[],' * (12 << 20) + '[]]\\n')\n"
    "        _replies().flush()\n"
    "    coins[:] = [123456789] * len(coins)\n"
    "    return 0\n"
)


def test_a_reply_past_the_cap_is_refused_unread_and_a_changed_row_of_a_million_coins_fits(
    tmp_path: Path,
) -> None:
    """``REPLY_CAP`` (32 MiB) ends the executor before the judge builds anything from the reply; the largest
    reply a check can ask for, a row of 10⁶ coins changed by the call (10 bytes a coin here), is read."""
    for folder, row in (("forged", [1]), ("changed", [5] * 1_000_000)):
        grader = _attempt(tmp_path / folder, "difference_dp", FORGES_A_HUGE_REPLY)
        try:
            with pytest.raises(WrongAnswer) as failure:  # as a timed call: its changed row is a failure
                grader.time_rows("difference_dp", "score_difference", [row], 4.0)
        finally:
            grader.close()
        if len(row) == 1:
            assert "the executor's reply ran past 32 MiB, more than any answer" in str(failure.value)
        else:
            assert failure.value.kind == "mutated", str(failure.value)


# Spins for good, writing a space to the reply pipe every 10 ms: bytes of a reply whose line never ends.
DRIBBLES_A_REPLY = REPLY_STREAM + (
    "def score_difference(coins):\n"
    "    import time\n"
    "    pipe, sent = _replies(), time.monotonic()\n"
    "    while True:\n"
    "        if time.monotonic() - sent > 0.01:\n"
    "            pipe.write(' ')\n"
    "            pipe.flush()\n"
    "            sent = time.monotonic()\n"
)


def test_a_reply_that_never_ends_does_not_keep_the_clock_from_being_read(tmp_path: Path) -> None:
    """While bytes of a reply keep coming, the judge still looks at the call's CPU time every ``POLL``: the
    call is cut off at its limit (0.5 s), as any other endless call is."""
    grader = _attempt(tmp_path, "difference_dp", DRIBBLES_A_REPLY)
    try:
        message = _message(grader, (1, 2, 3), 2)
    finally:
        grader.close()
    assert "did not finish in 0.5 s of CPU time" in message, message
