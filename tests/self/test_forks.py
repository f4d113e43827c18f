"""No child of the grader is forked from a process with threads, and a test that forks so fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from coinrow.game.registry import IMPLS, source_file
from coinrow.grader.records.results import Result
from coinrow.grader.run.child import Job, Options
from coinrow.grader.run.grade import grade
from coinrow.grader.run.spawned import has_other_threads, job_from_json, job_to_json
from tests.self.forks import FORK_IN_THREADS, refuse_forks_in_threads

WRONG = "def score_difference(coins):\n    return 0\n"  # [1, 2]: the mover takes 2, so the difference is 1


@contextmanager
def another_thread() -> Iterator[None]:
    """A second thread, waiting until the block ends."""
    done = threading.Event()
    thread = threading.Thread(target=done.wait, name="waiting")
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def _fork_and_wait() -> None:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)


def test_a_threaded_caller_is_graded_in_a_fresh_process_with_the_same_results(tmp_path: Path) -> None:
    """The autouse check (tests/self/forks.py) fails this test if the driver forked here."""
    for folder, source in (
        ("right", source_file(IMPLS["solutions"], "difference_dp").read_text()),
        ("wrong", WRONG),
    ):
        attempt = source_file(tmp_path / folder, "difference_dp")
        attempt.parent.mkdir(parents=True)
        attempt.write_text(source, encoding="utf-8")
    ended: list[tuple[str, str]] = []

    def on_done(folder: Path, result: Result) -> None:
        ended.append((folder.name, result.status))

    with another_thread():
        assert has_other_threads()
        results = grade(
            {tmp_path / "right": ["difference_dp"], tmp_path / "wrong": ["difference_dp"]},
            call_limit=2.0,
            profile="catalogue",
            jobs=2,
            cache="off",
            on_done=on_done,
        )
    statuses = {folder.name: found["difference_dp"].status for folder, found in results.items()}
    assert statuses == {"right": "solved", "wrong": "failing"}
    assert sorted(ended) == [("right", "solved"), ("wrong", "failing")]
    (failure,) = results[tmp_path / "wrong"]["difference_dp"].failures()[:1]
    assert failure.message.startswith("difference_dp: score_difference(")


def test_the_check_fails_a_test_that_was_warned_of_a_fork_in_threads() -> None:
    with (
        pytest.raises(pytest.fail.Exception, match="forked while another thread ran"),
        refuse_forks_in_threads(),
    ):
        warnings.warn(f"This process (pid=1) {FORK_IN_THREADS}.", DeprecationWarning, stacklevel=1)
    with refuse_forks_in_threads(), pytest.warns(UserWarning, match="passed on"):
        warnings.warn("passed on", UserWarning, stacklevel=1)


@pytest.mark.skipif(sys.version_info < (3, 12), reason="Python warns of a fork in threads from 3.12 on")
def test_the_check_sees_a_real_fork_in_threads() -> None:
    refused = pytest.raises(pytest.fail.Exception, match="forked while another thread ran")
    with refused, refuse_forks_in_threads(), another_thread():
        _fork_and_wait()


def test_a_job_crosses_to_the_fresh_process_unchanged() -> None:
    job = Job("3/difference_dp", "difference_dp", Options(Path("/tmp/kata"), 1.5, "catalogue", True))
    sent = json.dumps(job_to_json(job))
    assert json.loads(sent)["options"] == ["/tmp/kata", 1.5, "catalogue", True]
    assert job_from_json(json.loads(sent)) == job


def test_the_command_line_the_entry_point_and_the_warm_up_start_no_thread() -> None:
    """An import that starts a thread (NumPy's BLAS pool does) would send every later grading of the
    process through a fresh interpreter, and have the driver fork beside it: none is left running."""
    probe = (
        "import coinrow.cli.main, coinrow.grader.run.command, coinrow.grader.run.grade\n"
        "from coinrow.grader.run.child import warm_up\n"
        "from coinrow.grader.run.spawned import has_other_threads\n"
        "before = has_other_threads()\n"
        "warm_up()\n"
        "print(before, has_other_threads())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.stdout.split() == ["False", "False"], done.stderr
