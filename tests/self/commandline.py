"""Run the real command line, as a learner would: ``python -m coinrow …`` or ``make …`` in a subprocess."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.executor.sandbox import unprivileged_jail

# The tests that compare the references share one pytest-xdist worker: the first grades solutions/ and
# keeps its results in its progress cache, every later one reads them from there instead of grading again.
REFERENCES_COMPARED = pytest.mark.xdist_group("references-compared")


def environment(cwd: Path = REPO_ROOT, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The variables a command runs with: in a clone, its own problems/ (COINROW_PROBLEMS is dropped)."""
    env = {**os.environ, **(extra or {})}
    if cwd != REPO_ROOT:
        env.pop("COINROW_PROBLEMS", None)
    return env


def run_module(
    module: str,
    *args: str,
    cwd: Path = REPO_ROOT,
    keys: str | None = None,
    extra: dict[str, str] | None = None,
    wrapper: Sequence[str] = (),
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """``python -m <module> *args`` in ``cwd`` (the repository root by default), ``keys`` on stdin, ``extra``
    variables set, inside ``wrapper`` (a command prefix) if given."""
    return subprocess.run(
        [*wrapper, sys.executable, "-m", module, *args],
        cwd=cwd,
        env=environment(cwd, extra),
        input=keys,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def as_root_without_bubblewrap() -> list[str] | None:
    """A command prefix that runs what follows as root where bubblewrap cannot be found (a bubblewrap of the
    test's own binds an empty file over its executable), as in a container that refuses user namespaces:
    the grader then picks the unprivileged user by itself. None where that tier cannot run here (the user
    cannot run this interpreter, as with a Python in root's home folder that needs its own shared library):
    a hostile attempt is never graded unsandboxed by a test, where it could stop every process it sees."""
    bwrap = shutil.which("bwrap")
    if bwrap is None or unprivileged_jail()[0] is None:
        return None
    hides = ["--ro-bind", "/dev/null", os.path.realpath(bwrap)]
    return [
        bwrap,
        "--bind",
        "/",
        "/",
        "--dev-bind",
        "/dev",
        "/dev",
        "--proc",
        "/proc",
        *hides,
        "--die-with-parent",
        "--",
    ]


def coinrow(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m coinrow *args`` from the repository root, output captured as text."""
    return run_module("coinrow", *args)


def coinrow_json(*args: str) -> Any:
    """``python -m coinrow *args --json``, which must succeed, parsed."""
    done = coinrow(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# make's status, as a subprocess sees it, when a learner's target fails: its recipe ends make by SIGPIPE
# (the Makefile's ends_make_quietly), which a shell reports as 141
MAKE_FAILED = -signal.SIGPIPE


def make_command(*args: str) -> list[str]:
    """``make -s *args`` run with the environment these tests run in (``VENV``), whichever Python's it is."""
    return ["make", "-s", f"VENV={sys.prefix}", *args]


def make(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``make -s *args`` from the repository root, output captured as text; ``env`` adds variables."""
    return subprocess.run(
        make_command(*args),
        cwd=REPO_ROOT,
        env=environment(REPO_ROOT, env),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def own_stderr(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The stderr lines of the command itself, without make's ``make[1]: *** … Error 2`` after it."""
    return [line for line in done.stderr.splitlines() if not re.match(r"make(\[\d+\])?: \*\*\* ", line)]
