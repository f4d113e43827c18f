"""Run the real command line, as a learner would: ``python -m coinrow …`` or ``make …`` in a subprocess."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from coinrow.game.registry import REPO_ROOT

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
    module: str, *args: str, cwd: Path = REPO_ROOT, keys: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m <module> *args`` in ``cwd`` (the repository root by default), ``keys`` on stdin."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=cwd,
        env=environment(cwd),
        input=keys,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def coinrow(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m coinrow *args`` from the repository root, output captured as text."""
    return run_module("coinrow", *args)


def coinrow_json(*args: str) -> Any:
    """``python -m coinrow *args --json``, which must succeed, parsed."""
    done = coinrow(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


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
