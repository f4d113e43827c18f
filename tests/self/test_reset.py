"""make reset: the attempt is backed up, the stub comes back, bad input is one line and exit 2."""

import subprocess
import time
from pathlib import Path

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.records.stubs import is_stub
from tests.self.commandline import run_module


def _run_reset(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_module("coinrow", "reset", *args, cwd=cwd)


def test_reset_backs_up_the_attempt_and_restores_the_stub(clone: Path) -> None:
    stub_path = clone / "problems" / "difference_dp" / "difference_dp.py"
    stub = stub_path.read_text(encoding="utf-8")
    attempt = stub.replace("raise NotImplementedError", "return 42  # my attempt")
    stub_path.write_text(attempt, encoding="utf-8")

    run = _run_reset(clone, "difference_dp")

    assert run.returncode == 0, run.stderr
    assert stub_path.read_text(encoding="utf-8") == stub
    backups = list((stub_path.parent / "backups").glob("difference_dp-*.py"))
    assert [b.read_text(encoding="utf-8") for b in backups] == [attempt]
    assert backups[0].name in run.stdout


def test_reset_finds_the_stub_behind_a_committed_attempt(clone: Path) -> None:
    stub_path = clone / "problems" / "top_down_memo" / "top_down_memo.py"
    stub = stub_path.read_text(encoding="utf-8")
    stub_path.write_text(stub.replace("raise NotImplementedError", "return 0"), encoding="utf-8")
    subprocess.run(
        [
            "git",
            "-c",
            "user.name=learner",
            "-c",
            "user.email=learner@example.invalid",
            "commit",
            "-qam",
            "attempt",
        ],
        cwd=clone,
        check=True,
    )

    assert _run_reset(clone, "top_down_memo").returncode == 0
    assert stub_path.read_text(encoding="utf-8") == stub


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no_such_kata"], "reset: unknown formulation 'no_such_kata'; known: difference_dp"),
        ([], "reset: name the kata: make reset F=<slug>, e.g. make reset F=difference_dp"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    run = _run_reset(REPO_ROOT, *args)
    assert run.returncode == 2
    assert run.stderr.startswith(message)
    assert len(run.stderr.strip().splitlines()) == 1


def test_is_stub() -> None:
    stub = 'def f(x: int) -> int:\n    """Doc."""\n    raise NotImplementedError\n'
    assert is_stub(stub)
    assert not is_stub(stub.replace("raise NotImplementedError", "return x"))
    assert not is_stub("def f(:\n")


def test_reset_never_writes_through_a_link(clone: Path) -> None:
    """An attempt linked to another file: that file is left alone, the link becomes the stub."""
    folder = clone / "problems"
    stub = (folder / "top_down_memo" / "top_down_memo.py").read_text(encoding="utf-8")
    other = folder / "difference_dp" / "difference_dp.py"
    attempt = "def score_difference(coins):\n    return 0  # my difference_dp attempt\n"
    other.write_text(attempt, encoding="utf-8")
    linked = folder / "top_down_memo" / "top_down_memo.py"
    linked.unlink()
    linked.symlink_to(other)
    done = _run_reset(clone, "top_down_memo")
    assert done.returncode == 0, done.stderr
    assert "my difference_dp attempt" in other.read_text(encoding="utf-8")
    assert not linked.is_symlink()
    assert linked.read_text(encoding="utf-8") == stub
    (backup,) = (folder / "top_down_memo" / "backups").iterdir()
    assert "my difference_dp attempt" in backup.read_text(encoding="utf-8")


def test_backups_are_ignored_by_git(clone: Path) -> None:
    backup = clone / "problems" / "difference_dp" / "backups" / "difference_dp-1.py"
    backup.parent.mkdir()
    backup.write_text("x = 1\n", encoding="utf-8")
    ignored = subprocess.run(["git", "check-ignore", "-q", str(backup)], cwd=clone, check=False)
    assert ignored.returncode == 0


def test_reset_never_writes_through_a_link_at_the_backup_name(clone: Path, tmp_path: Path) -> None:
    """Links planted where backups go: the backup gets another name, the link's target stays untouched."""
    attempt = clone / "problems" / "difference_dp" / "difference_dp.py"
    attempt.write_text("def score_difference(coins):\n    return 0\n", encoding="utf-8")
    backups = attempt.parent / "backups"
    backups.mkdir()
    for second in range(0, 60):  # every name a reset in the next minute could pick
        stamp = time.strftime("%Y%m%d-%H%M", time.localtime()) + f"{second:02d}"
        (backups / f"difference_dp-{stamp}.py").symlink_to(tmp_path / f"outside-{second}.py")
    done = _run_reset(clone, "difference_dp")
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("outside-*.py")) == []


def test_reset_refuses_a_backups_folder_that_is_a_link(clone: Path, tmp_path: Path) -> None:
    attempt = clone / "problems" / "difference_dp" / "difference_dp.py"
    attempt.write_text("def score_difference(coins):\n    return 0\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (attempt.parent / "backups").symlink_to(outside)
    done = _run_reset(clone, "difference_dp")
    assert done.returncode == 2
    assert "is a link" in done.stderr
    assert list(outside.iterdir()) == []


def test_reset_refuses_a_folder_at_the_attempts_name(clone: Path) -> None:
    """A folder where the attempt's file goes: one line, exit 2, and nothing in it moved or written."""
    attempt = clone / "problems" / "difference_dp" / "difference_dp.py"
    attempt.unlink()
    attempt.mkdir()
    (attempt / "mine.py").write_text("kept = True\n", encoding="utf-8")
    done = _run_reset(clone, "difference_dp")
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .endswith("problems/difference_dp/difference_dp.py is not a file: move it away, then reset")
    )
    assert [p.name for p in attempt.iterdir()] == ["mine.py"]
