"""The portable path: the learner's loop where Linux's extras are missing, as on macOS.

``make test F=difference_dp FRESH=1`` grades a right, a wrong and an endless answer inside a bubblewrap of
the test's own (``tests/self/portable.py`` says what it takes away and what it simulates): no ``/proc``, no
bubblewrap for the grader, no pidfd, no RLIMIT_AS. The grader must fall back on each by itself: the right
answer solved, the wrong one failing with the message it has everywhere, the endless one stopped as too
slow (its CPU time read through psutil), and the summary saying the work was not sandboxed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.registry import IMPLS, REPO_ROOT, source_file
from coinrow.grader.messages.stops import not_sandboxed
from tests.self.commandline import environment, make_command
from tests.self.portable import unsupported, without_linux_extras

pytestmark = pytest.mark.skipif(
    bool(unsupported()), reason=f"cannot hide Linux's extras here: {unsupported()}"
)

PROBE = """import os, resource, shutil
try:
    os.close(os.pidfd_open(os.getpid()))
    pidfd = "opened"
except OSError as error:
    pidfd = error.strerror
try:
    resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30))
    address_space = "set"
except ValueError as error:
    address_space = str(error)
resource.setrlimit(resource.RLIMIT_CPU, (100, 100))
cpu = resource.getrlimit(resource.RLIMIT_CPU)
print(os.path.exists("/proc"), shutil.which("bwrap"), pidfd, address_space, cpu)
"""


def _run(command: list[str], folder: Path, problems: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``command`` run without Linux's extras (``folder`` for the wrapper's file), ``problems`` as the
    learner's folder."""
    wrapped, seccomp = without_linux_extras(command, folder)
    try:
        return subprocess.run(
            wrapped,
            cwd=REPO_ROOT,
            env=environment(REPO_ROOT, {"COINROW_PROBLEMS": str(problems)} if problems else None),
            pass_fds=[seccomp],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    finally:
        os.close(seccomp)


def _make_test(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """``source`` as the learner's difference_dp, graded by ``make test F=difference_dp FRESH=1 LIMIT=1``."""
    problems = tmp_path / "problems"
    attempt = source_file(problems, "difference_dp")
    attempt.parent.mkdir(parents=True)
    attempt.write_text(source, encoding="utf-8")
    return _run(make_command("test", "F=difference_dp", "FRESH=1", "LIMIT=1"), tmp_path, problems)


def _summary(done: subprocess.CompletedProcess[str]) -> tuple[str, list[str], str]:
    """The kata's status line (after its name), its failure lines, and the summary's last line."""
    lines = done.stdout.splitlines()
    status = next((x[len("difference_dp ") :].strip() for x in lines if x.startswith("difference_dp ")), "")
    failures = [x.strip() for x in lines if x.strip().startswith("difference_dp: ")]
    return status, failures, lines[-1] if lines else ""


NOT_SANDBOXED = not_sandboxed("bubblewrap (bwrap) is not installed")


def test_the_machine_made_lacks_what_macos_lacks(tmp_path: Path) -> None:
    """What the grader meets there, as a process of its finds it: the simulation itself checked."""
    done = _run([sys.executable, "-c", PROBE], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(maxsplit=3)[:3] == ["False", "None", "Function"]  # "Function not implemented"
    assert "current limit exceeds maximum limit (100, 100)" in done.stdout  # RLIMIT_AS refused, CPU set


def test_a_right_answer_is_solved_without_linuxs_extras(tmp_path: Path) -> None:
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    done = _make_test(tmp_path, reference)
    status, failures, last = _summary(done)
    assert status.startswith("solved ("), done.stdout + done.stderr
    assert (failures, last, done.returncode) == ([], NOT_SANDBOXED, 0)


def test_a_wrong_answer_fails_with_its_message_without_linuxs_extras(tmp_path: Path) -> None:
    done = _make_test(tmp_path, "def score_difference(coins):\n    return 42\n")
    status, failures, last = _summary(done)
    assert status.startswith("FAILING ("), done.stdout + done.stderr
    assert failures[0] == "difference_dp: score_difference(()) returned 42, expected 0"
    assert last == NOT_SANDBOXED
    assert done.returncode != 0  # make's quiet end: 141 (``ends_make_quietly`` in the Makefile)


def test_an_endless_answer_is_stopped_as_too_slow_without_linuxs_extras(tmp_path: Path) -> None:
    """Its CPU time is read through psutil (no ``/proc/<pid>/stat``), and the call is killed past LIMIT."""
    done = _make_test(tmp_path, "def score_difference(coins):\n    while True:\n        pass\n")
    status, failures, last = _summary(done)
    assert status.startswith("FAILING ("), done.stdout + done.stderr
    assert failures[0] == "difference_dp: too slow: score_difference(()) did not finish in 1 s of CPU time."
    assert last == NOT_SANDBOXED
