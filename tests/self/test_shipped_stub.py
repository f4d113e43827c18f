"""A stub as shipped is "not attempted" without being graded; without git every file is graded."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.registry import FORMULATIONS, REPO_ROOT, source_file
from coinrow.grader.records.stubs import (
    NoCommittedStub,
    committed_stub,
    is_shipped_stub,
    is_stub,
    shipped_stubs,
)
from tests.self.commandline import environment, run_module

SLUG = "difference_dp"
WRONG = "def score_difference(coins):\n    return 0\n"  # wrong on [1, 2]: the difference is 1
# `coinrow test` with os.fork replaced: a child started for grading ends the run with this line
NO_FORK = (
    "import os, sys\n"
    "os.fork = lambda: sys.exit('a child was started')\n"
    "from coinrow.cli.main import main\n"
    "raise SystemExit(main())\n"
)


def _test_without_fork(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``coinrow test *args`` in ``clone``, where starting a child ends the run (exit 1, one line)."""
    return subprocess.run(
        [sys.executable, "-c", NO_FORK, "test", *args],
        cwd=clone,
        # the stack already raised: no re-exec, which would start without the replaced os.fork
        env=environment(clone, {"KATA_STACK_RAISED": "1"}),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _line(stdout: str, slug: str) -> str:
    (line,) = [x for x in stdout.splitlines() if x.startswith(f"{slug} ")]
    return line[len(slug) :].strip()


def test_the_committed_stub_is_the_file_as_shipped() -> None:
    relative = source_file(REPO_ROOT / "problems", SLUG).relative_to(REPO_ROOT).as_posix()
    stub = committed_stub(relative)
    assert is_stub(stub)
    assert "def score_difference(coins: Sequence[int]) -> int:" in stub


def test_only_the_stub_byte_for_byte_is_shipped(tmp_path: Path) -> None:
    relative = source_file(REPO_ROOT / "problems", SLUG).relative_to(REPO_ROOT).as_posix()
    stub = committed_stub(relative)
    attempt = source_file(tmp_path, SLUG)
    attempt.parent.mkdir()
    attempt.write_text(stub, encoding="utf-8")
    assert is_shipped_stub(tmp_path, SLUG)
    attempt.write_text(stub + "# my notes\n", encoding="utf-8")
    assert is_stub(attempt.read_text(encoding="utf-8"))  # still a stub, but not the one shipped
    assert not is_shipped_stub(tmp_path, SLUG)
    attempt.write_text(WRONG, encoding="utf-8")
    assert not is_shipped_stub(tmp_path, SLUG)
    assert not is_shipped_stub(tmp_path, "brute_force")  # no file at all


def test_every_stub_is_told_in_one_read_even_one_committed_over(clone: Path) -> None:
    """HEAD's versions are read at once; a file whose HEAD version is an attempt has its history read."""
    problems = clone / "problems"
    committed = source_file(problems, "brute_force")
    stub = committed.read_text(encoding="utf-8")
    committed.write_text(WRONG.replace("score_difference", "brute_force_difference"), encoding="utf-8")
    git = ["git", "-c", "user.name=learner", "-c", "user.email=learner@example.com"]
    subprocess.run([*git, "commit", "-qam", "an attempt"], cwd=clone, check=True)
    committed.write_text(stub, encoding="utf-8")  # restored: the stub as shipped, HEAD holds the attempt
    source_file(problems, SLUG).write_text(WRONG, encoding="utf-8")  # an attempt, never committed
    everyone = [f.slug for f in FORMULATIONS]
    assert shipped_stubs(problems, everyone, root=clone) == set(everyone) - {SLUG}


def test_without_git_there_is_no_stub_to_compare_with(tmp_path: Path) -> None:
    """A folder that is no git checkout (a downloaded archive): no stub, so the file is graded."""
    relative = source_file(REPO_ROOT / "problems", SLUG).relative_to(REPO_ROOT).as_posix()
    stub = committed_stub(relative)
    archive = tmp_path / "archive"
    attempt = archive / relative
    attempt.parent.mkdir(parents=True)
    attempt.write_text(stub, encoding="utf-8")
    with pytest.raises(NoCommittedStub, match="not a git repository"):
        committed_stub(relative, root=archive)
    assert not is_shipped_stub(archive / "problems", SLUG, root=archive)


def test_a_stub_restored_after_an_attempt_is_not_attempted_without_a_child(clone: Path) -> None:
    attempt = source_file(clone / "problems", SLUG)
    attempt.write_text(WRONG, encoding="utf-8")
    graded = run_module("coinrow", "test", f"--formulation={SLUG}", "--profile=catalogue", cwd=clone)
    assert _line(graded.stdout, SLUG).startswith("FAILING"), graded.stdout + graded.stderr
    subprocess.run(["git", "checkout", "--", attempt.relative_to(clone).as_posix()], cwd=clone, check=True)

    other = _test_without_fork(clone, "--formulation=min_of_opponent_dp")
    assert (other.returncode, other.stderr) == (0, "")
    assert _line(other.stdout, "min_of_opponent_dp") == "not attempted"  # F= shows the katas it names
    every = _test_without_fork(clone)
    assert (every.returncode, every.stderr) == (0, "")
    assert [_line(every.stdout, f.slug) for f in FORMULATIONS] == ["not attempted"] * len(FORMULATIONS)


def test_the_guard_sees_a_child_started(clone: Path) -> None:
    """The check above can fail: a stub with a line added is graded, and the replaced fork ends the run."""
    attempt = source_file(clone / "problems", SLUG)
    attempt.write_text(attempt.read_text(encoding="utf-8") + "# my notes\n", encoding="utf-8")
    done = _test_without_fork(clone, f"--formulation={SLUG}")
    assert (done.returncode, done.stderr) == (1, "a child was started\n")


def test_without_git_the_stub_is_graded(clone: Path, tmp_path: Path) -> None:
    """A copy without .git (a zip download): the stub is graded in a child, and its checks reported."""
    archive = tmp_path / "archive"
    shutil.copytree(clone, archive, ignore=shutil.ignore_patterns(".git"))
    report = tmp_path / "results.json"
    done = run_module(
        "coinrow", "test", f"--formulation={SLUG}", "--profile=catalogue", f"--report={report}", cwd=archive
    )
    assert done.returncode == 0, done.stderr
    assert _line(done.stdout, SLUG) == "not attempted"
    tests = json.loads(report.read_text(encoding="utf-8"))["tests"]
    graded = [t for t in tests if t["name"].startswith("tests/grade/")]  # the suite's own test ids
    assert graded, f"no check of the suite was reported: the stub was not graded: {tests}"
    assert {t["message"] for t in graded} == {"not attempted"}
