"""An attempt's whole process tree is capped: too many processes and threads at once, or too much memory
held across its processes, ends every process of it and fails the kata with the cap named.

Each attempt below is a right answer that, as it is imported, starts processes that would sleep for 50 s
(bounded: each ends by itself), then waits half a second, so that the judge looks at its tree while it is
being imported. It is graded as a learner grades a folder (``coinrow test --impl=<folder> --no-cache``):
not solved, the cap named, and no process of it left once the command returns.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import psutil
import pytest

from coinrow.game.registry import IMPLS, PROBLEMS, source_file
from coinrow.grader.executor.inside.limits import TASKS_CAP
from tests.self.commandline import run_module

pytestmark = pytest.mark.xdist_group(
    "driver"
)  # one at a time: each starts many processes, and looks for any left

MARK = "kata_containment_marker"  # in the command line of every process the attempts start
FORMULATION = ("--formulation=difference_dp",)
MEMORY_CAP_MIB = 128  # the cap the memory test grades under (COINROW_TREE_MEMORY_MIB), instead of 2 GiB

# Each started process runs a fresh interpreter whose command line carries MARK; it writes one byte once
# its memory is held, then sleeps. The import waits for every byte, then half a second more.
STARTS = """
import os, sys, time
_read, _write = os.pipe()
os.set_inheritable(_write, True)
_code = (
    "import os, time; held = b'x' * ({mib} << 20); os.write({{w}}, b'!'); time.sleep(50)  # {mark}"
)
for _ in range({count}):
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", _code.format(w=_write)])
os.close(_write)
_ready = 0
while _ready < {count} and (_chunk := os.read(_read, {count})):
    _ready += len(_chunk)
time.sleep(0.5)
"""


def _attempt(folder: Path, count: int, mib: int) -> Path:
    """A copy of the stubs' layout in ``folder`` whose difference_dp is the reference with ``STARTS``."""
    shutil.copytree(PROBLEMS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    source_file(folder, "difference_dp").write_text(
        reference + STARTS.format(count=count, mib=mib, mark=MARK), encoding="utf-8"
    )
    return folder


def _grade(folder: Path, extra: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], str]:
    """``coinrow test`` of difference_dp in ``folder``; the run and the messages of its JSON report."""
    report = folder / "report.json"
    done = run_module(
        "coinrow",
        "test",
        f"--impl={folder}",
        "--no-cache",
        *FORMULATION,
        f"--report={report}",
        extra=extra,
        timeout=300,
    )
    tests = json.loads(report.read_text(encoding="utf-8"))["tests"]
    return done, "\n".join(str(t["message"]) for t in tests if t["message"])


def _leftovers() -> list[str]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        try:
            cmdline = " ".join(process.info["cmdline"] or [])
        except psutil.Error:
            continue
        if MARK in cmdline and "pytest" not in cmdline:
            found.append(cmdline)
    return found


def _assert_stopped(done: subprocess.CompletedProcess[str], messages: str, named: str) -> None:
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert done.returncode != 0, done.stdout
    assert line, done.stdout + done.stderr
    assert "solved" not in line.split()[1].lower(), done.stdout
    assert named in messages, messages
    assert named in done.stdout, done.stdout  # the summary's own line says it, whichever check met it first
    for _ in range(50):  # every process is killed at once; the kernel may take a moment to reap them
        if not _leftovers():
            break
        time.sleep(0.1)
    assert _leftovers() == []


def test_a_process_flood_is_stopped_at_the_cap(tmp_path: Path) -> None:
    folder = _attempt(tmp_path / "flood", TASKS_CAP + 12, 0)
    done, messages = _grade(folder)
    _assert_stopped(done, messages, f"started more than {TASKS_CAP} processes and threads at once")


def test_memory_spread_over_processes_is_stopped_at_the_cap(tmp_path: Path) -> None:
    folder = _attempt(tmp_path / "memory", 3, 64)  # 192 MiB held in all, besides each interpreter's own
    done, messages = _grade(folder, {"COINROW_TREE_MEMORY_MIB": str(MEMORY_CAP_MIB)})
    _assert_stopped(done, messages, f"held more than {MEMORY_CAP_MIB} MiB across its processes")


# A right answer that keeps a table at import, then forks two workers that share its pages and answer in
# its place: resident memory summed counts the shared pages three times, the proportional share once.
SHARES_A_TABLE = """
import multiprocessing

_TABLE = bytearray(b"\\x01") * (96 << 20)  # {mark}
_POOL = multiprocessing.get_context("fork").Pool(2)


def _solved(coins):
    return score_difference(coins)


def score_difference_in_pool(coins):
    return _POOL.apply(_solved, (list(coins),))
"""

# A right answer that starts a pool of 8 threads at import and has each of them work on every call.
EIGHT_THREADS = """
from concurrent.futures import ThreadPoolExecutor

_POOL = ThreadPoolExecutor(max_workers=8)
_solved = score_difference


def score_difference(coins):
    assert sum(_POOL.map(abs, range(-4, 4))) == 16
    return _solved(coins)
"""


# A right answer whose every call leaves 2 MiB in a reference cycle: garbage that a full collection alone
# frees, which CPython's heuristics put off for hundreds of calls (as for a dict memo its own nested
# recursive function closes over).
LEAVES_CYCLES = """
_solved = score_difference


def score_difference(coins):
    held = [bytearray(b"x") * (2 << 20)]
    held.append(held)
    return _solved(coins)
"""


def _right_with(folder: Path, extra: str) -> Path:
    shutil.copytree(PROBLEMS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    source_file(folder, "difference_dp").write_text(reference + extra, encoding="utf-8")
    return folder


def test_pages_shared_after_a_fork_count_once(tmp_path: Path) -> None:
    """Three processes each resident with the same 96 MiB (288 MiB summed) under a 192 MiB cap: their
    proportional share, 96 MiB and the interpreters', is within it, and the right answer is solved."""
    folder = _right_with(tmp_path / "shared", SHARES_A_TABLE.format(mark=MARK))
    done, _ = _grade(folder, {"COINROW_TREE_MEMORY_MIB": "192"})
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert line.split()[1] == "solved", done.stdout


def test_a_pool_of_eight_threads_starts(tmp_path: Path) -> None:
    """Each thread's C stack is 32 MiB (``THREAD_STACK``), not the 1 GiB of the executor's main thread: a
    pool of 8 fits in the 8 GiB of address space, and a right answer using one is solved."""
    folder = _right_with(tmp_path / "threads", EIGHT_THREADS)
    done, _ = _grade(folder)
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert line.split()[1] == "solved", done.stdout


def test_garbage_left_in_cycles_between_calls_is_not_held_against_the_attempt(tmp_path: Path) -> None:
    """Run alone, a call of the attempt above holds 2 MiB more than the reference for a moment; in one
    process the grader's calls would keep every call's, past a 256 MiB cap within 128 calls, were the
    executor not to collect them. Under that cap it is solved."""
    folder = _right_with(tmp_path / "cycles", LEAVES_CYCLES)
    done, _ = _grade(folder, {"COINROW_TREE_MEMORY_MIB": "256"})
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert line.split()[1] == "solved", done.stdout
