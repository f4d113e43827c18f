"""The grading driver: nothing an attempt does can hang, crash, fool or slow the run.

Each test grades several hostile attempts in one run, each in a formulation of
its own, through the real command line: one attempt's crash must not touch the
others, the summary is printed once, the exit status agrees with it, and no
process an attempt started outlives the run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from coinrow.game.registry import CORE, FORMULATIONS, IMPLS, REPO_ROOT, source_file
from coinrow.grader.executor.sandbox import find_jail
from coinrow.grader.records.progress import attempt_hash
from coinrow.grader.records.results import summary_lines
from coinrow.grader.run.child import Child, Job, Options
from coinrow.grader.run.outcome import reason
from tests.self.commandline import run_module

pytestmark = pytest.mark.xdist_group("driver")  # one at a time: each looks for the others' leftovers

MARK = "kata_hostile_marker"  # in every command line an attempt starts, to find leftovers


def _reference(slug: str) -> str:
    return source_file(IMPLS["solutions"], slug).read_text(encoding="utf-8")


def _lay_out(folder: Path, attempts: dict[str, str]) -> Path:
    for slug, source in attempts.items():
        path = source_file(folder, slug)
        path.parent.mkdir(parents=True)
        path.write_text(source, encoding="utf-8")
    return folder


def _grade(folder: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    slugs = ",".join(p.name for p in folder.iterdir() if p.is_dir())
    args = ["--impl", str(folder), "--formulation", slugs, "--limit", "0.5", "--no-cache", *extra]
    args += ["--profile", "catalogue"]  # fewer hypothesis examples: these answers are known
    return run_module("coinrow", "test", *args)


def _line(run: subprocess.CompletedProcess[str], slug: str) -> str:
    (line,) = [x for x in run.stdout.splitlines() if x.startswith(f"{slug} ")]
    return line[len(slug) :].strip()


def _failure_lines(run: subprocess.CompletedProcess[str], slug: str) -> list[str]:
    """The summary's failure lines of ``slug``: what an assertion on its status line shows when it fails."""
    return [x.strip() for x in run.stdout.splitlines() if x.strip().startswith(f"{slug}: ")]


def _leftovers() -> list[str]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if MARK in cmdline and "pytest" not in cmdline:
            found.append(cmdline)
    return found


def _assert_one_summary_and_status_agrees(run: subprocess.CompletedProcess[str]) -> None:
    assert run.stdout.count("kata summary") == 1, run.stdout + run.stderr
    assert run.stdout.count("Solved ") == 1
    failing = "FAILING" in run.stdout or "STOPPED" in run.stdout
    assert run.returncode == (1 if failing else 0), run.stdout + run.stderr


LINGER = f"'import itertools, time; [time.sleep(1) for _ in itertools.count()]  # {MARK}'"  # no CPU spent


def test_processes_threads_and_exits_end_only_their_own_formulation(tmp_path: Path) -> None:
    """Slow (about 10 s): real threads and processes left running, and exits, in real gradings; the driver
    waits out its graces before it ends them, which is what is tested."""
    folder = _lay_out(
        tmp_path,
        {
            # correct answers that leave a busy thread, and two processes that never end, behind
            "difference_dp": "import threading\n"
            "def _spin():\n    while True:\n        pass\n"
            "threading.Thread(target=_spin).start()\n" + _reference("difference_dp"),
            "rolling_array": "import subprocess, sys\n"
            f"subprocess.Popen([sys.executable, '-c', {LINGER}])\n"
            f"subprocess.Popen(['setsid', sys.executable, '-c', {LINGER}])\n" + _reference("rolling_array"),
            # wrong ones that end the interpreter or crash it
            "brute_force": "import os\ndef score_difference(coins):\n    os._exit(0)\n",
            "top_down_memo": "import os, signal\n"
            "def score_difference(coins):\n    os.kill(os.getpid(), signal.SIGSEGV)\n",
            # a failing run that tries to exit 0 at the end
            "linear_reduction": "import atexit, os\natexit.register(lambda: os._exit(0))\n"
            "def score_difference(coins):\n    return 0\n",
        },
    )
    started = time.monotonic()
    run = _grade(folder, "--limit", "2")  # the busy thread shares the process's CPU time with each call
    _assert_one_summary_and_status_agrees(run)
    assert _line(run, "difference_dp").startswith("solved"), _failure_lines(run, "difference_dp")
    assert _line(run, "rolling_array").startswith("solved"), _failure_lines(run, "rolling_array")
    # each ended only its own executor: the call says how, and the kata is failing, not stopped
    assert _line(run, "brute_force").startswith("FAILING")
    assert "score_difference(()) ended the interpreter early with exit status 0 (os._exit?)" in run.stdout
    assert _line(run, "top_down_memo").startswith("FAILING")
    assert "score_difference(()) crashed with SIGSEGV" in run.stdout
    assert _line(run, "linear_reduction").startswith("FAILING")
    time.sleep(0.5)
    assert _leftovers() == []
    assert time.monotonic() - started < 120


def test_waiting_swallowing_and_interrupting_are_reported(tmp_path: Path) -> None:
    folder = _lay_out(
        tmp_path,
        {
            "difference_dp": "import time\ndef score_difference(coins):\n    time.sleep(1000)\n",
            "rolling_array": "def score_difference(coins):\n    raise KeyboardInterrupt\n",
            "brute_force": "def score_difference(coins):\n    return int(input('n? '))\n",
            # waits, and would swallow every time-out while it waits: it is killed from outside
            "top_down_memo": "import time\ndef score_difference(coins):\n    while True:\n"
            "        try:\n            time.sleep(10)\n        except BaseException:\n            pass\n",
            # correct, but closes standard output and leaves a sleeping non-daemon thread
            "vectorised_dp": "import os, threading, time\nos.close(1)\n"
            "threading.Thread(target=time.sleep, args=(1000,)).start()\n" + _reference("vectorised_dp"),
        },
    )
    run = _grade(folder)
    _assert_one_summary_and_status_agrees(run)
    assert "waited 2.5 s without computing" in run.stdout
    assert "score_difference(()) raised KeyboardInterrupt" in run.stdout
    assert "asked for input: the grader gives no input" in run.stdout
    assert "| n? " in run.stdout  # what the attempt printed during the failing call
    assert _line(run, "top_down_memo").startswith("FAILING")
    assert run.stdout.count("waited 2.5 s without computing") == 2  # difference_dp and top_down_memo
    assert _line(run, "vectorised_dp").startswith("solved")


def test_a_recursion_limit_set_at_import_stays_and_borrowed_code_is_not_graded(tmp_path: Path) -> None:
    memo = (
        "import sys\nfrom functools import lru_cache\nsys.setrecursionlimit(9999)\n"
        "def score_difference(coins):\n"
        "    @lru_cache(maxsize=None)\n"
        "    def best(i, j):\n"
        "        return 0 if i > j else max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))\n"
        "    return best(0, len(coins) - 1)\n"
    )
    folder = _lay_out(
        tmp_path,
        {
            "top_down_memo": memo,
            "difference_dp": "from solutions.difference_dp.difference_dp import score_difference\n",
            "rolling_array": "from coinrow.game.oracle import exhaustive_difference as score_difference\n",
            # the same, hidden from a reading of the file: a computed import, the reference's source run
            "brute_force": "import importlib\ndef score_difference(coins):\n"
            "    return importlib.import_module('coin' + 'row.game.oracle').exhaustive_difference(coins)\n",
            "linear_reduction": "import pathlib\n"
            f"exec(pathlib.Path({str(source_file(IMPLS['solutions'], 'linear_reduction'))!r}).read_text())\n",
        },
    )
    link = source_file(folder, "vectorised_dp")
    link.parent.mkdir()
    link.symlink_to(source_file(IMPLS["solutions"], "vectorised_dp"))
    run = _grade(folder, "--limit", "2")
    _assert_one_summary_and_status_agrees(run)
    assert _line(run, "top_down_memo").startswith("solved")
    assert "not graded: it imports the reference solutions" in run.stdout
    assert "not graded: it imports the grader's own game model" in run.stdout
    assert "brute_force: not graded: it imports the grader's own game model (coinrow)" in run.stdout
    assert not _line(run, "linear_reduction").startswith("solved")
    if find_jail()[0] is not None:  # sealed: the reference is not there to be read
        assert "linear_reduction: the file does not import: FileNotFoundError" in run.stdout
    assert "vectorised_dp: not graded: vectorised_dp.py is a link into solutions/" in run.stdout


def test_progress_is_cached_and_counted(shipped_stubs: Path, tmp_path: Path) -> None:
    """``F=x`` grades x and shows its lines alone, with one line of counts that takes the others from the
    cache, so "Solved K of N" counts them all."""
    folder = tmp_path / "kata"
    chosen = ("difference_dp", "prefix_sum_dp", "min_of_opponent_dp")
    for slug in chosen:
        source = shipped_stubs if slug == "min_of_opponent_dp" else IMPLS["solutions"]  # committed stub
        target = source_file(folder, slug)
        target.parent.mkdir(parents=True)
        target.write_bytes(source_file(source, slug).read_bytes())
    args = ["--impl", str(folder), "--profile", "catalogue"]
    first = run_module("coinrow", "test", *args, "--formulation", ",".join(chosen))
    assert f"Solved 2 of {len(CORE)}" in first.stdout
    assert "(cached" not in first.stdout
    report = tmp_path / "results.json"
    again = run_module("coinrow", "test", *args, "--formulation", "difference_dp", "--report", str(report))
    shown = again.stdout[again.stdout.index("kata summary") :].splitlines()[1:]
    assert [line.split()[0] for line in shown if not line.startswith(" ")] == ["difference_dp", "Solved"]
    assert shown[-1] == (
        f"Solved 2 of {len(CORE)}, bonus katas solved 0 of {len(FORMULATIONS) - len(CORE)} "
        "(the others as last graded: make test lists them)"
    )
    limited = run_module("coinrow", "test", *args, "--formulation", "prefix_sum_dp", "--limit", "3")
    assert f"Solved 2 of {len(CORE)}, " in limited.stdout  # difference_dp as last graded, under another limit
    prefix = source_file(folder, "prefix_sum_dp")
    prefix.write_text(prefix.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    edited = run_module("coinrow", "test", *args, "--formulation", "difference_dp")
    assert f"Solved 1 of {len(CORE)}, " in edited.stdout  # an edited kata is not counted from its old result
    assert "difference_dp        solved (" in again.stdout  # graded again, as asked
    assert "difference_dp        solved (cached" not in again.stdout
    results = json.loads(report.read_text(encoding="utf-8"))
    assert results["version"] == 3
    assert results["status"] == "fail"  # min_of_opponent_dp is not attempted yet
    assert {t["status"] for t in results["tests"] if t["name"].startswith("tests/grade")} == {"pass"}
    unattempted = {"name": "min_of_opponent_dp: not attempted", "status": "fail", "message": "not attempted"}
    assert [{k: t[k] for k in unattempted} for t in results["tests"] if t["task_id"] == 2] == [unattempted]


def test_the_summary_names_the_next_kata() -> None:
    from coinrow.grader.records.results import Record, Result

    solved = {f.slug: Result(f.slug, [Record(f.slug, "t", "passed", 0.0)]) for f in FORMULATIONS}
    solved["min_of_opponent_dp"] = Result("min_of_opponent_dp", [Record("m", "t", "skipped", 0.0, True)])
    assert summary_lines(solved)[-1].startswith("Next: min_of_opponent_dp")


@pytest.mark.parametrize("bad", [["--limit", "abc"], ["--formulation", "nope"], ["--jobs", "0"]])
def test_bad_options_are_one_line_and_exit_2(bad: list[str]) -> None:
    run = run_module("coinrow", "test", *bad)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_kata_counts_as_solved_only_while_its_attempt_is_unchanged(tmp_path: Path) -> None:
    """What compare reveals: solved katas, as the progress cache remembers them."""
    from coinrow.grader.records.progress import Progress
    from coinrow.grader.run.grade import grade

    folder = _lay_out(tmp_path, {"difference_dp": _reference("difference_dp")})
    grade({folder: ["difference_dp"]}, call_limit=2.0, profile="catalogue", jobs=1)
    assert Progress(folder).solved() == {"difference_dp"}
    attempt = source_file(folder, "difference_dp")
    attempt.write_text(attempt.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert Progress(folder).solved() == set()


def test_next_names_the_first_kata_not_solved_as_last_graded(tmp_path: Path) -> None:
    """``make next``: difference_dp solved and unchanged, so the next kata is min_of_opponent_dp."""
    from coinrow.grader.run.grade import grade

    folder = _lay_out(tmp_path, {"difference_dp": _reference("difference_dp")})
    grade({folder: ["difference_dp"]}, call_limit=2.0, profile="catalogue", jobs=1)
    done = run_module("coinrow", "test", "--impl", str(folder), "--next")
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "Next: min_of_opponent_dp: the task is in problems/min_of_opponent_dp/README.md; grade it with "
        f"coinrow test --impl={folder} --formulation=min_of_opponent_dp\n"
    )


def test_a_hash_of_files_does_not_depend_on_where_the_folder_lies(tmp_path: Path) -> None:
    """So that a clone elsewhere (CI's) takes the outcomes another recorded (tests/catalogue/graded.json)."""
    from coinrow.grader.records.progress import attempt_hash

    here, there = (_lay_out(tmp_path / name, {"difference_dp": _reference("difference_dp")}) for name in "ab")
    assert attempt_hash(here, "difference_dp") == attempt_hash(there, "difference_dp")
    source_file(there, "difference_dp").write_text("def score_difference(coins):\n    return 0\n")
    assert attempt_hash(here, "difference_dp") != attempt_hash(there, "difference_dp")


def test_these_tests_are_kept_to_one_worker(request: pytest.FixtureRequest) -> None:
    """Under make check's --dist=loadgroup, pytest-xdist sends a group's tests to one worker by a mark in
    their node ids; with a pytest whose ids it cannot mark, the groups are silently ignored."""
    if getattr(request.config.option, "loadgroup", False):  # set in each pytest-xdist worker
        assert request.node.nodeid.endswith("@driver")


def test_the_warm_up_decorates_the_suite_under_the_kata_profile() -> None:
    """The driver imports the suite before forking: its hypothesis tests must be decorated under the
    profile the grading plugin registers (60 examples), not hypothesis's default (100)."""
    probe = (
        "from coinrow.grader.run.child import warm_up\n"
        "warm_up()\n"
        "import tests.grade.test_properties as suite\n"
        "print(suite.test_agrees_with_oracle._hypothesis_internal_use_settings.max_examples)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stdout.split() == ["60"], done.stderr


def test_an_early_exit_of_the_grading_run_is_said_to_be_the_graders_own(tmp_path: Path) -> None:
    """The grading run's own process exited with status 3 (pytest's internal error) in a check: graded code
    runs in executors of its own, so the reason names the run, never the attempt (no "os._exit?"), with
    the check and the run's last line."""
    log = tmp_path / "log"
    log.write_text("..F\nINTERNALERROR> ValueError: its own\n", encoding="utf-8")
    options = Options(tmp_path, 4.0)
    child = Child(Job("difference_dp", "difference_dp", options), 1, tmp_path / "results", log)
    test_id = "tests/grade/test_values.py::test_agrees_with_oracle[difference_dp]"
    said = reason(child, 3 << 8, records_complete=False, running=test_id)  # a wait status of exit code 3
    run = "the grading run itself (the grader's process) ended early with exit status 3"
    assert said == f'{run}, during the check "agrees with oracle": INTERNALERROR> ValueError: its own'


def test_a_cached_result_stands_for_every_file_the_attempt_can_read(tmp_path: Path) -> None:
    """The attempt imports a helper it keeps in backups/ and reads a data file: a change to either is a
    new attempt, graded again, never a cached "solved" of the old one."""
    folder = tmp_path / "difference_dp"
    (folder / "backups").mkdir(parents=True)
    (folder / "difference_dp.py").write_text("from backups.helper import score_difference\n", "utf-8")
    helper, data = folder / "backups" / "helper.py", folder / "table.txt"
    helper.write_text("def score_difference(coins):\n    return 1\n", "utf-8")
    data.write_text("1\n", "utf-8")
    first = attempt_hash(tmp_path, "difference_dp")
    helper.write_text("def score_difference(coins):\n    return 0\n", "utf-8")
    second = attempt_hash(tmp_path, "difference_dp")
    data.write_text("0\n", "utf-8")
    third = attempt_hash(tmp_path, "difference_dp")
    assert len({first, second, third}) == 3
