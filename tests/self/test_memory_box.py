"""The kernel's cap on an attempt's memory (``coinrow.grader.executor.memory_box``): where a cgroup can be
made here, a tree of processes started in the box is held to its cap, the kernel killing within it, and
the box says so; where none can be made, nothing is started differently."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from coinrow.grader.executor import memory_box
from coinrow.grader.executor.memory_box import MemoryBox

CAP = 64 << 20  # bytes
# two processes (a fork), each touching 256 MiB: four times the cap each
TAKES_TOO_MUCH = "import os; os.fork(); held = bytearray(b'x') * (256 << 20); print('not stopped')"
TAKES_LITTLE = "held = bytearray(b'x') * (8 << 20); print('done')"


@pytest.fixture
def box() -> Iterator[MemoryBox]:
    made = memory_box._new_box(f"{memory_box.PREFIX}test-{os.getpid()}", CAP)
    if made is None:
        pytest.skip("no cgroup can be made here: the judge's looks alone cap an attempt's memory")
    yield made
    made.remove()


def _run(box: MemoryBox, code: str) -> subprocess.CompletedProcess[str]:
    command = box.join_command([sys.executable, "-c", code])
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_tree_past_its_cap_is_killed_by_the_kernel_and_the_box_says_so(box: MemoryBox) -> None:
    assert box.kills() == 0
    done = _run(box, TAKES_TOO_MUCH)
    assert done.returncode == -signal.SIGKILL, done
    assert "not stopped" not in done.stdout
    assert box.kills() >= 1


def test_a_tree_within_its_cap_runs_as_it_would_anywhere(box: MemoryBox) -> None:
    done = _run(box, TAKES_LITTLE)
    assert (done.returncode, done.stdout) == (0, "done\n")
    assert box.kills() == 0


MAKES_A_BOX = """
from coinrow.grader.executor.memory_box import executor_box
box = executor_box(64 << 20)
print(box.folder if box else "")
"""


def test_a_box_left_by_a_process_that_ended_is_removed(box: MemoryBox) -> None:
    """An executor's box is removed as it closes; one its process could not remove (ended first) is removed
    by the driver, by that process's id."""
    done = subprocess.run([sys.executable, "-c", MAKES_A_BOX], capture_output=True, text=True, check=True)
    folder = Path(done.stdout.strip())
    assert folder.is_dir()
    memory_box.remove_boxes_of(int(folder.name.removeprefix(memory_box.PREFIX).split("-")[0]))
    assert not folder.exists()
