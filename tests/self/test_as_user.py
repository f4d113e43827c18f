"""The second sandbox: where bubblewrap cannot run and the grader is root, the executor runs as ``nobody``.

The tier is forced here (``find_jail`` answers with it) on a machine where the test runs as root; the
executor's interpreter is one ``nobody`` can run (the system's Python of the same minor version, when the
grader's own lives in a folder ``nobody`` cannot enter, as pyenv's below ``/root`` does), with no
packages' folder. An attempt graded this way answers as under bubblewrap; one that tampers is stopped
by the kernel: it cannot write the grader's files or the judge's, nor signal the judge.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.registry import IMPLS, REPO_ROOT, source_file
from coinrow.grader.executor import as_user, sandbox
from coinrow.grader.executor.sandbox import Jail
from coinrow.grader.judge import calls
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.records.results import Result
from coinrow.grader.run import command

USER = as_user.unprivileged_user()


def _interpreter_for(user: tuple[int, int]) -> str | None:
    """The grader's interpreter if ``user`` can run it, else the system's Python of the same version."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for candidate in (sandbox.interpreter(), shutil.which(version, path="/usr/bin:/bin")):
        if candidate and as_user.cannot_run_as(user, candidate, []) is None:
            return candidate
    return None


INTERPRETER = _interpreter_for(USER) if USER is not None else None
pytestmark = [
    pytest.mark.skipif(INTERPRETER is None, reason="needs root, setpriv, nobody and a Python it can run"),
    pytest.mark.xdist_group("driver"),  # one at a time with the sealed tests, which look for its leftovers
]

TAMPERS = """
import os, signal

TRIED = {}
for name, attempt in (
    ("write the suite", lambda: open(os.path.join(SUITE, "planted.py"), "w")),
    ("write the judge's files", lambda: open(os.path.join(JUDGE_FILES, "forged.json"), "w")),
    ("stop the judge", lambda: os.kill(JUDGE, signal.SIGSTOP)),
):
    try:
        attempt()
        TRIED[name] = "done"
    except OSError as error:
        TRIED[name] = type(error).__name__


def tried(coins):
    return sorted(TRIED.items())
"""


@pytest.fixture
def as_nobody(monkeypatch: pytest.MonkeyPatch) -> Jail:
    """The unprivileged user's tier, as ``find_jail`` would give it where bubblewrap cannot run."""
    assert USER is not None
    assert INTERPRETER is not None
    jail = Jail(user=USER)
    monkeypatch.setattr(calls, "find_jail", lambda: (jail, "bubblewrap cannot run here"))
    monkeypatch.setattr(sandbox, "interpreter", lambda: INTERPRETER)
    monkeypatch.setattr(sandbox, "package_paths", list)
    return jail


def _attempt(folder: Path, source: str) -> None:
    source_file(folder, "difference_dp").parent.mkdir(parents=True)
    source_file(folder, "difference_dp").write_text(source, encoding="utf-8")


def test_a_right_answer_answers_as_the_unprivileged_user(tmp_path: Path, as_nobody: Jail) -> None:
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    _attempt(
        tmp_path, reference + "\nimport os\n\ndef whoami(coins):\n    return [os.getuid(), os.getgid()]\n"
    )
    grader = Grader(tmp_path, call_limit=4.0)
    try:
        assert grader.call("difference_dp", "score_difference", [5, 3, 7, 10]) == 5  # 10 + 5 against 7 + 3
        assert grader.call("difference_dp", "whoami", []) == list(as_nobody.user or ())
    finally:
        grader.close()


def test_tampering_is_stopped_by_the_kernel(tmp_path: Path, as_nobody: Jail) -> None:
    """The suite (the repository's tests/), a folder of the judge's (made as the grading child makes its
    records' folder: root's, 0700) and the judge's process are all out of the user's reach."""
    judge_files = Path(subprocess.check_output(["mktemp", "-d"], text=True).strip())
    try:
        suite, judge = str(REPO_ROOT / "tests"), os.getpid()
        constants = f"SUITE = {suite!r}\nJUDGE_FILES = {str(judge_files)!r}\nJUDGE = {judge}\n"
        _attempt(tmp_path, constants + TAMPERS)
        grader = Grader(tmp_path, call_limit=4.0)
        try:
            tried = dict(grader.call("difference_dp", "tried", []))
        finally:
            grader.close()
        assert tried == {
            "write the suite": "PermissionError",
            "write the judge's files": "PermissionError",
            "stop the judge": "PermissionError",
        }
        assert not (REPO_ROOT / "tests" / "planted.py").exists()
        assert list(judge_files.iterdir()) == []
    finally:
        shutil.rmtree(judge_files, ignore_errors=True)


def test_the_copies_it_ran_are_removed(tmp_path: Path, as_nobody: Jail) -> None:
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    _attempt(tmp_path, reference + "\nimport os\n\ndef where(coins):\n    return os.getcwd()\n")
    grader = Grader(tmp_path, call_limit=4.0)
    try:
        ran_in = Path(grader.call("difference_dp", "where", []))
        assert ran_in.name == "difference_dp"
        assert ran_in != source_file(tmp_path, "difference_dp").parent  # a copy, not the learner's folder
    finally:
        grader.close()
    assert not ran_in.exists()


def test_the_summary_says_which_sandbox_graded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "find_jail", lambda: (Jail(user=(65534, 65534)), "bubblewrap cannot run"))
    lines = command.summary("problems", {"difference_dp": Result("difference_dp", [])})
    assert lines[-1] == (
        "sandboxed as the unprivileged user nobody (bubblewrap cannot run): each attempt ran apart from the "
        "checks and could not write the grader's files or signal it, but could read what any user can"
    )
