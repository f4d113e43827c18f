"""The power line of the grader after a run that graded the catalogue; the stubs as committed."""

import subprocess
from pathlib import Path
from typing import Any

import pytest

from coinrow.catalogue import power_line
from coinrow.registry import REPO_ROOT
from coinrow.shipped import export_stubs


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    from tests.self.test_catalogue import GRADED_NOW, OUTCOMES

    if OUTCOMES:
        terminalreporter.write_line(power_line(list(OUTCOMES.values())))
        kept = len(OUTCOMES) - sum(GRADED_NOW)
        terminalreporter.write_line(
            f"catalogue: {sum(GRADED_NOW)} entries graded in this run, {kept} as graded before "
            "(tests/catalogue/graded.json: the same entry under the same grader and packages)"
        )


@pytest.fixture(scope="session")
def shipped_stubs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stubs as committed, laid out like problems/: the repository's checks never read attempts."""
    folder = tmp_path_factory.mktemp("shipped")
    export_stubs(folder)
    return folder


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A fresh git clone of the repository as committed, to change freely."""
    if not (REPO_ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    subprocess.run(["git", "clone", "-q", str(REPO_ROOT), str(tmp_path / "kata")], check=True)
    return tmp_path / "kata"
