"""A child of the grading driver: what it grades (``Options``, ``Job``) and how it is started.

Each child is forked from the driver once the suite is imported (``warm_up``),
in a session of its own, under caps of its own: CPU time, the size of any file
it writes, its memory. Its output goes to a log; the suite writes its records
to a file the driver reads back (``coinrow.grader.run.outcome``).
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.executor.inside.limits import cap_process, cpu_cap_for, cpu_seconds_in_all
from coinrow.grader.executor.processes import become_subreaper, kill_tree
from coinrow.grader.executor.time_limit import waiting_limit

STALL_GRACE = 10.0  # seconds of waiting allowed past the in-process limit before the driver steps in
NOT_TOLD = 75  # the exit status of a primed child never told to go (``Primed``): it removed its files


@dataclass(frozen=True)
class Options:
    """How to grade: the folder, the per-call CPU limit, the hypothesis profile."""

    impl_dir: Path
    call_limit: float
    profile: str = "kata"
    exit_first: bool = False  # stop at the first failure (mutation testing needs only a verdict)

    @property
    def cpu_cap(self) -> float:
        return cpu_seconds_in_all(self.call_limit)

    @property
    def stall_limit(self) -> float:
        """Seconds the driver lets a child wait without computing: a call's limit on waiting, and grace."""
        return waiting_limit(self.call_limit) + STALL_GRACE

    def pytest_args(
        self, slug: str, results_file: Path, growth_ahead: bool = False, wait_for: int | None = None
    ) -> list[str]:
        """The one way a formulation is graded: the shared suite, for this slug, records to a file;
        ``growth_ahead``: a core is spare, the growth check starts beside the rest
        (``coinrow.grader.growth.ahead``; never with ``exit_first``, whose run may end at once);
        ``wait_for``: a descriptor to read "go" from once the suite is collected (``Primed``)."""
        return [
            "tests/grade",
            "-q",
            "--tb=no",
            "-rN",
            "--no-header",
            "--assert=plain",  # the suite is imported before the fork (warm_up): nothing is left to rewrite
            f"--impl={self.impl_dir}",
            f"--formulation={slug}",
            f"--call-limit={self.call_limit:g}",
            f"--hypothesis-profile={self.profile}",
            f"--results-file={results_file}",
            *(["-x"] if self.exit_first else []),
            *(["--growth-ahead"] if growth_ahead and not self.exit_first else []),
            *([f"--wait-for-go={wait_for}"] if wait_for is not None else []),
        ]


@dataclass(frozen=True)
class Job:
    """One formulation of one folder to grade; ``key`` names its result."""

    key: str
    slug: str
    options: Options


@dataclass
class Child:
    """A started child, as the driver watches it: its job, its files, the CPU it used, why it was ended."""

    job: Job
    pid: int
    results_file: Path
    log_file: Path
    started: float = field(default_factory=time.monotonic)
    cpu: float = 0.0
    last_look: float = field(default_factory=time.monotonic)
    stalled: float = 0.0
    ended_by_us: str | None = None  # why the driver ended it


def warm_up() -> None:
    """Import the suite and what it needs before forking, so that no child pays for it again.

    The suite's root ``conftest`` comes first: it imports the grading plugin, which loads the
    hypothesis profile the suite's tests are decorated under. The objects that exist then are frozen
    (``gc.freeze``), once per process.
    """
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))  # where pytest puts it too, so it finds these modules loaded
    collecting = gc.isenabled()
    gc.disable()  # what an import makes lives as long as the process: a collection would find no garbage
    try:
        for name in (
            "pytest",
            "hypothesis",
            "numpy",
            "tests.conftest",
            "tests.strategies",
        ):
            importlib.import_module(name)
        for path in sorted((REPO_ROOT / "tests" / "grade").glob("test_*.py")):
            importlib.import_module(f"tests.grade.{path.stem}")
        # hypothesis reads the constants of the suite's own modules once per process, as it collects:
        # read here, every child has them already
        with contextlib.suppress(ImportError):  # a private name of hypothesis's: without it, each child reads
            from hypothesis.internal.conjecture.providers import _get_local_constants

            _get_local_constants()
    finally:
        if collecting:
            gc.enable()
    if not gc.get_freeze_count():
        # what is imported lives as long as the process: the children's collections pass it over (pytest
        # runs two full ones as it ends, 50 ms of CPU each time before this), and their pages stay shared
        gc.freeze()


def start(
    job: Job, number: int, workspace: Path, spare_core: bool = False, go: tuple[int, int] | None = None
) -> Child:
    """Fork a child that grades ``job`` (its files in ``workspace``, named by ``number``; ``spare_core``:
    no other child will run beside it on a core; ``go``: a pipe's two ends, the child waits on the first
    once the suite is collected); the driver gets its ``Child`` back, the child itself never returns."""
    import pytest

    options, slug = job.options, job.slug
    results_file, log_file = workspace / f"{number}-{slug}.jsonl", workspace / f"{number}-{slug}.log"
    results_file.touch()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        return Child(job, pid, results_file, log_file)
    try:  # the child: never returns
        if go is not None:
            os.close(go[1])  # only its parent may tell it to go: with the parent gone it reads the end
        os.setsid()
        cap_process(cpu_cap_for(options.call_limit))  # the child's own caps: its log's size among them
        null = os.open(os.devnull, os.O_RDONLY)
        log = os.open(log_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        # the suite reports on a copy of the log's descriptor: an attempt that closes fd 1 cannot silence it
        sys.stdout = sys.stderr = os.fdopen(os.dup(log), "w", buffering=1, encoding="utf-8", errors="replace")
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(REPO_ROOT)
        wait_for = go[0] if go is not None else None
        code = pytest.main(options.pytest_args(slug, results_file, spare_core, wait_for))
        sys.stdout.flush()
        sys.stderr.flush()
        if code == NOT_TOLD:  # its parent is gone, or closed it: nothing else would remove its files
            for done_with in (results_file, log_file):
                done_with.unlink(missing_ok=True)
            with contextlib.suppress(OSError):
                workspace.rmdir()  # a primed child's own folder, if nothing else is in it
        os._exit(int(code))
    except BaseException:  # noqa: BLE001 - a child must never return into the driver's loop
        os._exit(70)


@dataclass
class Primed:
    """A child started before it is known that it will grade (``prime``): pytest configured, the suite
    collected and the kata's executor started, it waits. ``go`` has it grade the attempt as it is then;
    ``close`` ends it if it was never told to go, and removes its files."""

    child: Child
    spare_core: bool
    folder: Path  # the child's files
    _go: int  # the pipe's end the child waits on: closed unwritten, the child ends without grading

    def fits(self, job: Job, spare_core: bool) -> bool:
        """True when this child grades ``job`` as ``start`` would (the job's key aside)."""
        mine = (self.child.job.slug, self.child.job.options, self.spare_core)
        return self._go >= 0 and (job.slug, job.options, spare_core) == mine

    def go(self, job: Job) -> Child:
        """Tell the child to grade, as ``job``; the driver watches it from now on."""
        os.write(self._go, b"go")
        os.close(self._go)
        self._go = -1
        self.child.job = job
        self.child.started = self.child.last_look = time.monotonic()
        return self.child

    def close(self) -> None:
        """End the child if it was never told to go, then remove its files."""
        if self._go >= 0:
            os.close(self._go)
            self._go = -1
            kill_tree(self.child.pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.child.pid, 0)
        shutil.rmtree(self.folder, ignore_errors=True)


def prime(job: Job, spare_core: bool) -> Primed:
    """Start a child for ``job`` that waits, once its suite is collected, to be told to go (``Primed``):
    a save is graded without waiting for pytest's set-up."""
    become_subreaper()  # what the child leaves behind comes back here, as it does to the driver
    folder = Path(tempfile.mkdtemp(prefix="kata-primed-"))
    read_end, write_end = os.pipe()
    child = start(job, 0, folder, spare_core, go=(read_end, write_end))
    os.close(read_end)
    return Primed(child, spare_core, folder, write_end)
