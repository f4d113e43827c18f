"""``make watch``: each save of an attempt graded once, with the right status, however the editor writes it.

One watcher runs on a copy of the stubs for the whole test; each step saves
``difference_dp`` one way and reads the watcher's output up to its next
"waiting" line. Every kata summary it printed is one grading, so counting them
counts gradings. No step depends on how fast anything runs: a bound on waiting
only turns a hang into a failure.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from coinrow.game.registry import IMPLS, REPO_ROOT, source_file
from coinrow.grader.run.child import NOT_TOLD
from coinrow.tools.watch.watcher import UNCHANGED, WAITING
from tests.self.commandline import environment
from tests.self.forks import FORK_IN_THREADS

SLUG = "difference_dp"
HANG = 300.0  # seconds without a line from the watcher after which it is taken to hang
RIGHT = source_file(IMPLS["solutions"], SLUG).read_text(encoding="utf-8")
WRONG = (REPO_ROOT / "tests" / "catalogue" / "wrong" / SLUG / "greedy.py").read_text(encoding="utf-8")


# python -m coinrow, with Ctrl+C raising KeyboardInterrupt whatever SIGINT's disposition was inherited as
INTERRUPTIBLE = (
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('coinrow', run_name='__main__', alter_sys=True)"
)


class Watching:
    """A running ``coinrow watch`` on ``folder``, its output read line by line."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.out: list[str] = []  # every line it printed, in order
        self.last: list[str] = []  # the lines the last ``until`` read
        self._unread = b""  # what it printed past the last line read
        # started with SIGINT ignored, as a background job (make check &, nohup, a CI runner) starts it:
        # INTERRUPTIBLE sets it as a terminal's foreground job has it, so the test holds however it is run
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", INTERRUPTIBLE, "watch", "--impl", str(folder), "--formulation", SLUG],
                cwd=REPO_ROOT,
                env=environment(),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,  # its own process group, as a terminal gives it: Ctrl+C reaches all
            )
        finally:
            signal.signal(signal.SIGINT, before)

    def until(self, last: str) -> list[str]:
        """The lines printed from now up to the first one that is ``last``, that one included."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        lines: list[str] = []
        while not lines or lines[-1] != last:
            while b"\n" not in self._unread:
                if not select.select([fd], [], [], HANG)[0]:
                    pytest.fail(f"the watcher said nothing for {HANG:g} s after: {lines}")
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    pytest.fail(f"the watcher ended: {lines}; {self.stop()[1]}")
                self._unread += chunk
            line, _, self._unread = self._unread.partition(b"\n")
            lines.append(line.decode("utf-8"))
        self.out += lines
        self.last = lines
        return lines

    def graded(self) -> list[str]:
        """The status of ``SLUG`` in each summary printed up to the next "waiting" line (its line there begins
        with the slug padded to 20 characters)."""
        lines = self.until(WAITING.format(impl=str(self.folder)))
        return [line[len(SLUG) :].strip().split(" (")[0] for line in lines if line.startswith(f"{SLUG:<20} ")]

    def stop(self) -> tuple[int, str]:
        """End it as Ctrl+C would (SIGTERM); its exit status and what it wrote on stderr."""
        self.process.terminate()
        _, err = self.process.communicate(timeout=HANG)
        return self.process.returncode, err.decode("utf-8", errors="replace")


@pytest.fixture
def watching(shipped_stubs: Path, tmp_path: Path) -> Iterator[Watching]:
    folder = tmp_path / "problems"
    shutil.copytree(shipped_stubs, folder)
    watcher = Watching(folder)
    yield watcher
    if watcher.process.poll() is None:
        watcher.stop()


def test_each_save_is_graded_once_however_it_is_written(watching: Watching) -> None:
    attempt = source_file(watching.folder, SLUG)
    assert watching.graded() == ["not attempted"]  # at the start, as make test: the stub, "not attempted"

    attempt.write_text(WRONG, encoding="utf-8")  # written in place
    assert watching.graded() == ["FAILING"]

    temporary = attempt.with_name(f".{attempt.name}.tmp")  # written beside it, then renamed over it
    temporary.write_text(RIGHT, encoding="utf-8")
    os.replace(temporary, attempt)
    assert watching.graded() == ["solved"]
    # the values' verdict comes first, on a line of its own, then the summary with the orders of growth
    values = [k for k, line in enumerate(watching.last) if line.startswith(f"{SLUG} values right (")]
    grown = [k for k, line in enumerate(watching.last) if line.startswith(f"{SLUG:<20} solved (")]
    assert len(values) == len(grown) == 1, watching.last
    assert values < grown, watching.last
    assert "time ~n" in watching.last[grown[0]], watching.last

    with attempt.open("w", encoding="utf-8") as file:  # written in several pieces, some time apart
        for start in range(0, len(WRONG), len(WRONG) // 3 + 1):
            file.write(WRONG[start : start + len(WRONG) // 3 + 1])
            file.flush()
            time.sleep(0.2)  # a slow writer: the watcher waits for the file to be closed, however long
    assert watching.graded() == ["FAILING"]

    attempt.write_text(WRONG, encoding="utf-8")  # saved again as it was: not graded again
    assert watching.until(UNCHANGED.format(slug=SLUG)) == [UNCHANGED.format(slug=SLUG)]

    lock = attempt.with_name(f".#{attempt.name}")  # Emacs's lock while a buffer is edited: no save at all
    lock.symlink_to("learner@host.1234")
    time.sleep(1.0)  # (were it taken for a save, its "unchanged" would be said before the next save)
    lock.unlink()

    temporary.write_text(RIGHT, encoding="utf-8")
    os.replace(temporary, attempt)
    assert watching.graded() == ["solved"]
    assert watching.out.count(UNCHANGED.format(slug=SLUG)) == 1

    code, err = watching.stop()
    assert code == 0, err
    assert sum(line.startswith("kata summary:") for line in watching.out) == 5  # one per save that changed
    assert FORK_IN_THREADS not in err
    assert "Traceback" not in err


@pytest.mark.parametrize("after", [0.05, 0.1, 0.3])
def test_ctrl_c_during_a_grading_ends_every_process_it_started(watching: Watching, after: float) -> None:
    """Ctrl+C reaches the watcher and its grading child (one process group); the watcher then sent the
    child SIGTERM, and that second interrupt stopped its clean-up half-way, leaving 7-10 processes (6 of 6
    tries). Interrupted ``after`` seconds into a save: before its grading starts, as it starts (where it
    had left 3 processes in 5 tries of 36 on a busy machine, and once waited on its child for good), or
    into it. Whatever the child does then, the watcher ends it and all below it within its graces."""
    assert watching.graded() == ["not attempted"]
    source_file(watching.folder, SLUG).write_text(RIGHT, encoding="utf-8")
    time.sleep(after)
    os.killpg(watching.process.pid, signal.SIGINT)
    assert watching.process.wait(timeout=HANG) == 0
    time.sleep(0.5)
    left = [
        p.info["cmdline"]
        for p in psutil.process_iter(["cmdline"])
        if str(watching.folder) in " ".join(p.info["cmdline"] or [])
    ]
    assert left == []


# A save as the watcher grades it: a child primed (pytest set up, the suite collected) while the file
# held a wrong answer, told to go once the right one is saved; then one primed for a kata not saved.
PRIMED = """
import os
import sys
from pathlib import Path
import psutil
from coinrow.grader.run import driver
from coinrow.grader.run.child import Job, Options, prime
from coinrow.grader.run.grade import grade

folder, right, stubs = Path(sys.argv[1]), Path(sys.argv[2]).read_text(encoding="utf-8"), Path(sys.argv[3])
options = Options(folder.resolve(), 2.0, "catalogue")
primed = prime(Job("0/difference_dp", "difference_dp", options), spare_core=True)
(folder / "difference_dp" / "difference_dp.py").write_text(right, encoding="utf-8")
started = []
driver.start = lambda *args, **kwargs: started.append(args) or sys.exit("a child was started")
graded = grade({folder: ["difference_dp"]}, call_limit=2.0, profile="catalogue", cache="off", primed=primed)
print(graded[folder]["difference_dp"].status, len(started))
unused = prime(Job("0/min_of_opponent_dp", "min_of_opponent_dp", options), spare_core=True)
driver.start = lambda *args, **kwargs: started.append(args) or sys.exit("a child was started")
grade({stubs: []}, call_limit=2.0, profile="catalogue", cache="off", primed=unused)  # stubs only: no child
print(psutil.pid_exists(unused.child.pid), unused.folder.exists())
orphan = prime(Job("0/min_of_opponent_dp", "min_of_opponent_dp", options), spare_core=True)
os.close(orphan._go)  # as when its parent dies: the pipe ends, never written to
_, status = os.waitpid(orphan.child.pid, 0)
print(os.waitstatus_to_exitcode(status), orphan.folder.exists())
"""


def test_a_primed_child_grades_the_file_as_saved_after_it_was_primed(
    shipped_stubs: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "problems"
    shutil.copytree(shipped_stubs, folder)
    source_file(folder, SLUG).write_text(WRONG, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            PRIMED,
            str(folder),
            str(source_file(IMPLS["solutions"], SLUG)),
            str(shipped_stubs),
        ],
        cwd=REPO_ROOT,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    # solved, and no child started but the primed one; the unused one ended, its files removed; one whose
    # parent is gone ends by itself (NOT_TOLD) and removes its files
    expected = ["solved 0", "False False", f"{NOT_TOLD} False"]
    assert done.stdout.splitlines() == expected, done.stdout + done.stderr
