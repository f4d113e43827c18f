"""Fixtures of the repository's own tests: the stubs as committed, a fresh clone, a copy of the documents."""

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from coinrow.dev.docs import documents
from coinrow.dev.shipped import export_stubs
from coinrow.game.registry import REPO_ROOT
from tests.self.forks import refuse_forks_in_threads


@pytest.fixture(scope="session")
def shipped_stubs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stubs as committed, laid out like problems/: the repository's checks never read attempts."""
    folder = tmp_path_factory.mktemp("shipped")
    export_stubs(folder)
    return folder


@pytest.fixture(scope="session", autouse=True)
def problems_are_the_stubs_as_committed(shipped_stubs: Path) -> Iterator[None]:
    """Every command the checks run reads ``problems`` as the stubs as committed: never an attempt."""
    before = os.environ.get("COINROW_PROBLEMS")
    os.environ["COINROW_PROBLEMS"] = str(shipped_stubs)
    yield
    if before is None:
        os.environ.pop("COINROW_PROBLEMS", None)
    else:
        os.environ["COINROW_PROBLEMS"] = before


@pytest.fixture(autouse=True)
def no_fork_from_a_threaded_process() -> Iterator[None]:
    """Fail a test in whose process something forked while another thread ran (Python 3.12+)."""
    with refuse_forks_in_threads():
        yield


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A fresh git clone of the repository as committed, to change freely."""
    if not (REPO_ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    subprocess.run(["git", "clone", "-q", str(REPO_ROOT), str(tmp_path / "kata")], check=True)
    return tmp_path / "kata"


@pytest.fixture
def documents_copy(tmp_path: Path) -> Path:
    """A copy of the documents ``coinrow dev docs`` rewrites, laid out as in the repository."""
    root = tmp_path / "repo"
    for document in documents():
        copy = root / document.relative_to(REPO_ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(document, copy)
    return root
