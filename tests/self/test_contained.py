"""Contained writes: an attempt that fills the sandbox's ``/tmp`` or ``/dev/shm``, or makes a file bigger
than the file-size cap, fails with that cap named, and is not solved.

Each attempt is graded through the real command line (``make test F=difference_dp FRESH=1``'s command), in
the sandbox where bubblewrap works. Each writes 100 MiB at most, in 1 MiB pieces, per call. The ones that fill
the sandbox's folders leave their file there (the folder ends with its sandbox), so the executor finds the
folder full as it reports the error: an attempt that removes its file first is told both caps.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.registry import source_file
from coinrow.grader.executor.inside.limits import SHM_CAP, TMP_CAP
from coinrow.grader.executor.sandbox import find_jail
from tests.self.commandline import environment

pytestmark = pytest.mark.xdist_group("driver")  # one at a time: a grade's executors beside the others'

CAP_OF_ITS_FOLDER = "wrote more than {mib} MiB to {folder} (the sandbox's cap on files an attempt writes)"
SEALED = pytest.mark.skipif(find_jail()[0] is None, reason=f"no sandbox here: {find_jail()[1]}")

FILLS = """import os
import tempfile

FOLDER = {folder!r} or tempfile.gettempdir()
LEAVES_IT = bool({folder!r})  # in the sandbox's own folder; the temporary folder unsealed is the machine's


def score_difference(coins):
    path = os.path.join(FOLDER, f"table-{{os.getpid()}}.bin")
    try:
        with open(path, "wb") as table:
            for _ in range(100):
                table.write(bytes(1 << 20))
    finally:
        if not LEAVES_IT:
            os.remove(path)
    return 0
"""

SETS_FILE_CAP = """import os, resource, sys
cap = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))
os.execv(sys.argv[2], sys.argv[2:])
"""

FILE_CAP = 32 << 20  # the file-size cap the third test grades under: below the sandbox's /tmp


def _graded(folder: Path, source: str, file_cap: int | None = None) -> subprocess.CompletedProcess[str]:
    """``source`` as the difference_dp attempt in ``folder``, graded afresh, under a file-size cap of
    ``file_cap`` bytes (the grader's own where None)."""
    path = source_file(folder, "difference_dp")
    path.parent.mkdir(parents=True)
    path.write_text(source, encoding="utf-8")
    command = [sys.executable, "-m", "coinrow", "test", "--impl", str(folder), "--formulation=difference_dp"]
    command += ["--no-cache", "--profile", "catalogue"]
    if file_cap is not None:
        command = [sys.executable, "-c", SETS_FILE_CAP, str(file_cap), *command]
    return subprocess.run(
        command, env=environment(), capture_output=True, text=True, timeout=300, check=False
    )


def _assert_failed_naming(done: subprocess.CompletedProcess[str], cap: str) -> None:
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert line.split()[1] == "FAILING", done.stdout + done.stderr
    assert done.returncode == 1
    failures = [x.strip() for x in done.stdout.splitlines() if x.strip().startswith("difference_dp: ")]
    assert failures, done.stdout
    assert failures[0].startswith(f"difference_dp: score_difference(()) {cap}: keep the table in memory (at ")


@SEALED
def test_an_attempt_that_fills_the_sandboxs_tmp_fails_naming_its_cap(tmp_path: Path) -> None:
    done = _graded(tmp_path / "attempts", FILLS.format(folder="/tmp"))
    _assert_failed_naming(done, CAP_OF_ITS_FOLDER.format(mib=TMP_CAP >> 20, folder="/tmp"))


@SEALED
def test_an_attempt_that_fills_the_sandboxs_dev_shm_fails_naming_its_cap(tmp_path: Path) -> None:
    done = _graded(tmp_path / "attempts", FILLS.format(folder="/dev/shm"))
    _assert_failed_naming(done, CAP_OF_ITS_FOLDER.format(mib=SHM_CAP >> 20, folder="/dev/shm"))


def test_an_attempt_that_writes_a_file_past_the_file_size_cap_fails_naming_it(tmp_path: Path) -> None:
    """RLIMIT_FSIZE, sandboxed or not: Python ignores SIGXFSZ, so the write raises OSError (EFBIG)."""
    done = _graded(tmp_path / "attempts", FILLS.format(folder=""), FILE_CAP)
    _assert_failed_naming(
        done, f"wrote more than {FILE_CAP >> 20} MiB to one file (the cap on any file an attempt writes)"
    )


MAPS_SHARED_MEMORY = """from multiprocessing import shared_memory


def score_difference(coins):
    block = shared_memory.SharedMemory(create=True, size=100 << 20)
    for at in range(0, 100 << 20, 1 << 20):
        block.buf[at : at + (1 << 20)] = bytes(1 << 20)
    return 0
"""


@SEALED
def test_an_attempt_that_fills_dev_shm_through_shared_memory_is_told_the_caps(tmp_path: Path) -> None:
    """A mapped file's pages past its filesystem's cap end the process with SIGBUS: no error to catch."""
    done = _graded(tmp_path / "attempts", MAPS_SHARED_MEMORY)
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert line.split()[1] == "FAILING", done.stdout + done.stderr
    crashed = [x for x in done.stdout.splitlines() if "crashed with SIGBUS" in x]
    assert crashed, done.stdout
    assert f"{SHM_CAP >> 20} MiB to /dev/shm" in crashed[0]
    assert crashed[0].endswith("keep the table in memory")
