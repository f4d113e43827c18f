"""The kernel's cap on an executor's memory (``coinrow.grader.executor.memory_box``): where a cgroup can be
made here, a tree of processes started in the box is held to its cap, the kernel killing within it, and
the box says so, also when the kill falls between two calls; where none can be made, nothing is started
differently."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from coinrow.game.registry import IMPLS, source_file
from coinrow.grader.executor import memory_box
from coinrow.grader.executor.memory_box import MemoryBox, executor_box
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader

CAP = 64 << 20  # bytes
# two processes (a fork), each touching 256 MiB: four times the cap each
TAKES_TOO_MUCH = "import os; os.fork(); held = bytearray(b'x') * (256 << 20); print('not stopped')"
TAKES_LITTLE = "held = bytearray(b'x') * (8 << 20); print('done')"
NO_BOX = "no cgroup can be made here: the judge's looks alone cap an executor's memory"


@pytest.fixture
def box() -> Iterator[MemoryBox]:
    made = executor_box(CAP)
    if made is None:
        pytest.skip(NO_BOX)
    yield made
    made.remove()


def _run(box: MemoryBox, code: str) -> subprocess.CompletedProcess[str]:
    command = box.join_command([sys.executable, "-c", code])
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_tree_past_its_cap_is_killed_by_the_kernel_and_the_box_says_so(box: MemoryBox) -> None:
    assert not box.met_its_cap()
    done = _run(box, TAKES_TOO_MUCH)
    assert done.returncode == -signal.SIGKILL, done
    assert "not stopped" not in done.stdout
    assert box.met_its_cap()


def test_a_tree_within_its_cap_runs_as_it_would_anywhere(box: MemoryBox) -> None:
    done = _run(box, TAKES_LITTLE)
    assert (done.returncode, done.stdout) == (0, "done\n")
    assert not box.met_its_cap()


MAKES_A_BOX = """
from coinrow.grader.executor.memory_box import executor_box
box = executor_box(64 << 20)
print(box.folder if box else "")
"""


def test_a_box_left_by_a_process_that_ended_is_removed(box: MemoryBox) -> None:
    """An executor's box is removed as it closes; one its process could not remove (ended first) is removed
    by the driver, by that process's id, and is made below the judge's own group, as this one is."""
    done = subprocess.run([sys.executable, "-c", MAKES_A_BOX], capture_output=True, text=True, check=True)
    folder = Path(done.stdout.strip())
    assert folder.is_dir()
    assert folder.parent == box.folder.parent
    memory_box.remove_boxes_of(int(folder.name.removeprefix(memory_box.PREFIX).split("-")[0]))
    assert not folder.exists()


# The reference, and a thread started at import that takes 200 MiB a moment later, between two calls.
TAKES_IT_BETWEEN_CALLS = """
import threading, time


def _later():
    time.sleep(0.3)
    global _held
    _held = bytearray(b"x") * (200 << 20)


threading.Thread(target=_later, daemon=True).start()
"""


def test_a_kill_between_two_calls_fails_the_next_one_naming_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first version started a fresh executor for the next call and never said the cap."""
    monkeypatch.setenv("COINROW_TREE_MEMORY_MIB", "96")
    probe = executor_box(CAP)
    if probe is None:
        pytest.skip(NO_BOX)
    probe.remove()
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    attempt = source_file(tmp_path, "difference_dp")
    attempt.parent.mkdir(parents=True)
    attempt.write_text(reference + TAKES_IT_BETWEEN_CALLS, encoding="utf-8")
    mine = f"{memory_box.PREFIX}{os.getpid()}-*"
    before = set(probe.folder.parent.glob(mine))  # other tests' executors in this process have theirs
    grader = Grader(tmp_path, call_limit=4.0)
    try:
        assert grader.call("difference_dp", "score_difference", [5, 3, 7, 10]) == 5  # 10 + 5 against 7 + 3
        time.sleep(1.5)
        with pytest.raises(WrongAnswer) as stopped:
            grader.call("difference_dp", "score_difference", [5, 3, 7, 10])
        assert "held more than 96 MiB across its processes" in str(stopped.value)
    finally:
        grader.close()
    assert set(probe.folder.parent.glob(mine)) <= before  # each of its executors' boxes removed
