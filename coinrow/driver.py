"""The grading driver: each formulation graded by the shared suite in a child process of its own.

Whatever an attempt does (start threads or processes, sleep, crash the
interpreter, exit early, print without end), it can only end its own child:
every other formulation is still graded, every process the child started is
killed when it ends, and the one summary and the exit status are computed
here from the records the suite wrote (``coinrow.results``), so they agree.

Each child gets a CPU cap of its own and a big C stack (so a recursion limit
up to ``sandbox.DEEP_RECURSION_CAP`` is safe); a child is ended for waiting
only when its whole process tree stops using the CPU, never because the
machine is busy. Results are cached by ``coinrow.progress``.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import resource
import signal
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from coinrow.registry import REPO_ROOT
from coinrow.results import Record, Result
from coinrow.sandbox import BIG_STACK
from coinrow.timeout import STALL_SHARE, demand

POLL = 0.05  # seconds between looks at the children
MIN_CPU_CAP = 60.0  # CPU seconds one formulation's whole process tree may use, at the least
STALL_GRACE = 10.0  # seconds of waiting allowed past the in-process limit before the driver steps in
WALL_CAP = 600.0  # seconds: the last resort, hundreds of times what grading a kata takes on a busy machine
OUTPUT_CAP = 256 << 20  # bytes any one file written by a child may reach (its log included)
MEMORY_CAP = 8 << 30  # bytes of address space per process: a table too big fails as MemoryError
_PR_SET_CHILD_SUBREAPER = 36


@dataclass(frozen=True)
class Options:
    """How to grade: the folder, the per-call CPU limit, the hypothesis profile."""

    impl_dir: Path
    call_limit: float
    profile: str = "kata"
    exit_first: bool = False  # stop at the first failure (mutation testing needs only a verdict)

    @property
    def cpu_cap(self) -> float:
        return max(MIN_CPU_CAP, 15 * self.call_limit)

    @property
    def stall_limit(self) -> float:
        return 3 * self.call_limit + 1 + STALL_GRACE

    def pytest_args(self, slug: str, results_file: Path) -> list[str]:
        """The one way a formulation is graded: the shared suite, for this slug, records to a file."""
        return [
            "tests/grade",
            "-q",
            "--tb=no",
            "-rN",
            "--no-header",
            f"--impl={self.impl_dir}",
            f"--formulation={slug}",
            f"--call-limit={self.call_limit:g}",
            f"--hypothesis-profile={self.profile}",
            f"--results-file={results_file}",
            *(["-x"] if self.exit_first else []),
        ]


@dataclass(frozen=True)
class Job:
    """One formulation of one folder to grade; ``key`` names its result."""

    key: str
    slug: str
    options: Options


@dataclass
class _Child:
    job: Job
    pid: int
    results_file: Path
    log_file: Path
    started: float = field(default_factory=time.monotonic)
    cpu: float = 0.0
    last_look: float = field(default_factory=time.monotonic)
    stalled: float = 0.0
    ended_by_us: str | None = None  # why the driver ended it


def big_stack_or_reexec(argv: list[str]) -> None:
    """Give this process (and so every child) a C stack of ``BIG_STACK`` bytes, re-executing if needed.

    The main thread's stack can only grow as far as the limit in force when the
    process started, so the limit is raised and the interpreter started anew.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    if soft == resource.RLIM_INFINITY or soft >= BIG_STACK or os.environ.get("KATA_STACK_RAISED"):
        return
    wanted = BIG_STACK if hard == resource.RLIM_INFINITY else min(BIG_STACK, hard)
    if wanted <= soft:
        return
    resource.setrlimit(resource.RLIMIT_STACK, (wanted, hard))
    os.environ["KATA_STACK_RAISED"] = "1"
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable, "-m", "coinrow.grade", *argv])


def _become_subreaper() -> None:
    """Adopt orphaned grandchildren (Linux), so that none escapes the final clean-up."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: children are still found through their session


def _warm_up() -> None:
    """Import the suite and what it needs before forking, so that no child pays for it again."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))  # where pytest puts it too, so it finds these modules loaded
    for name in ("pytest", "hypothesis", "numpy", "tests.conftest", "tests.strategies"):
        importlib.import_module(name)
    for path in sorted((REPO_ROOT / "tests" / "grade").glob("test_*.py")):
        importlib.import_module(f"tests.grade.{path.stem}")


def _start(job: Job, number: int, workspace: Path) -> _Child:
    import pytest

    options, slug = job.options, job.slug
    results_file, log_file = workspace / f"{number}-{slug}.jsonl", workspace / f"{number}-{slug}.log"
    results_file.touch()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        return _Child(job, pid, results_file, log_file)
    try:  # the child: never returns
        os.setsid()
        cap = int(options.cpu_cap) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
        resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_CAP, OUTPUT_CAP))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        null = os.open(os.devnull, os.O_RDONLY)
        log = os.open(log_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        # the suite reports on a copy of the log's descriptor: an attempt that closes fd 1 cannot silence it
        sys.stdout = sys.stderr = os.fdopen(os.dup(log), "w", buffering=1, encoding="utf-8", errors="replace")
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(REPO_ROOT)
        code = pytest.main(options.pytest_args(slug, results_file))
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(int(code))
    except BaseException:  # noqa: BLE001 - a child must never return into the driver's loop
        os._exit(70)


def _tree(child: _Child) -> list[psutil.Process]:
    """Every live process of the child's session or below it (the child itself included)."""
    found: dict[int, psutil.Process] = {}
    try:
        root = psutil.Process(child.pid)
        found[root.pid] = root
        found.update({p.pid: p for p in root.children(recursive=True)})
    except psutil.Error:
        pass
    for process in psutil.Process().children(recursive=True):
        try:
            if os.getsid(process.pid) == child.pid:
                found[process.pid] = process
        except OSError:
            continue
    return list(found.values())


def _cpu(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            continue
    return total


def _kill(processes: list[psutil.Process]) -> None:
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.suspend()  # stopped first, so that none can fork a new one meanwhile
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.kill()


def _kill_all_descendants() -> None:
    """Kill every process below the driver, again until none is left (a process may fork as it dies)."""
    for _ in range(100):
        left = psutil.Process().children(recursive=True)
        if not left:
            return
        _kill(left)
        _reap_orphans(set())
        time.sleep(0.01)


def _reap_orphans(ours: set[int]) -> dict[int, int]:
    """Reap every ended child: adopted orphans (their status is dropped) and ours (returned by pid)."""
    ended: dict[int, int] = {}
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return ended
        if pid == 0:
            return ended
        if pid in ours:
            ended[pid] = status


def _look(child: _Child) -> None:
    """End the child if its tree used up its CPU cap, or has waited without computing for too long."""
    options = child.job.options
    now = time.monotonic()
    tree = _tree(child)
    cpu = _cpu(tree)
    elapsed = now - child.last_look
    if elapsed > 0.5:  # judged over half a second at least: one look may fall between two time slices
        # demand = CPU time plus time waiting for a CPU: a busy machine never looks like waiting
        wanted = sum(demand(p.pid) for p in tree)
        child.stalled = child.stalled + elapsed if wanted - child.cpu < STALL_SHARE * elapsed else 0.0
        child.cpu, child.last_look = wanted, now
    if now - child.started > WALL_CAP:
        child.ended_by_us = f"did not end within {WALL_CAP:g} s"
    elif cpu > options.cpu_cap:
        child.ended_by_us = (
            f"used more than {options.cpu_cap:g} s of CPU time in all (the cap per formulation)"
        )
    elif child.stalled > options.stall_limit:
        child.ended_by_us = (
            f"stopped: it used almost no CPU for {child.stalled:.0f} s in a row (it sleeps, or waits for "
            "a thread, a process or a lock)"
        )
    if child.ended_by_us:
        _kill(tree)


def _reason(child: _Child, status: int, records_complete: bool, running: str | None) -> str | None:
    """Why the child ended without complete results, in words; None when it finished."""
    if records_complete:
        return None
    during = f", during {running.split('::')[-1]}" if running else ""
    if child.ended_by_us:
        return child.ended_by_us + during
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else f"signal {sig}"
        what = {
            "SIGSEGV": "crashed with SIGSEGV (a segmentation fault: the C stack overflowed, or ctypes)",
            "SIGXCPU": "used up its CPU cap",
            "SIGXFSZ": f"wrote more than {OUTPUT_CAP >> 20} MiB to one file (its output included)",
            "SIGINT": "was interrupted (SIGINT)",
            "SIGABRT": "aborted (SIGABRT)",
        }.get(name, f"was ended by {name}")
        return what + during
    code = os.WEXITSTATUS(status)
    last = _last_line(child.log_file)
    said = f": {last}" if last else ""
    return f"ended the interpreter early with exit status {code} (os._exit?){during}{said}"


def _last_line(log_file: Path) -> str:
    """The log's last non-empty line, read from its last 4 KiB (a log may be huge)."""
    try:
        with log_file.open("rb") as log:
            log.seek(max(0, log.seek(0, os.SEEK_END) - 4096))
            tail = log.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
    lines = [x.strip() for x in tail.splitlines() if x.strip()]
    return lines[-1][:300] if lines else ""


def _collect(child: _Child, status: int) -> Result:
    records: list[Record] = []
    ended, running, expected = False, None, -1
    try:
        text = child.results_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        try:
            data = json.loads(line)
            if data.get("event") == "running":
                running = data["test"]
            elif data.get("event") == "collected":
                expected = int(data["count"])
            elif data.get("event") == "end":
                ended = True
            else:
                records.append(Record.from_json(data))
                running = None
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # a line the child could not finish writing
    failed_first = any(r.outcome == "failed" for r in records)  # -x stops there
    if ended and len(records) < expected and running is None and not failed_first:
        last = _last_line(child.log_file)
        reason = f"the grading run broke after {len(records)} of {expected} checks: {last}"
        return Result(child.job.slug, records, reason)
    return Result(
        child.job.slug,
        records,
        _reason(child, status, ended and (len(records) >= expected or failed_first), running),
    )


def run_jobs(
    jobs: list[Job], workers: int, on_done: Callable[[str, Result], None] | None = None
) -> dict[str, Result]:
    """Grade each job in a child process of its own, ``workers`` at a time; kill all they left behind.

    Returns:
        Each job's result, by its key.
    """
    _become_subreaper()
    if jobs:
        _warm_up()
    pending = deque(enumerate(jobs))
    running: dict[int, _Child] = {}
    results: dict[str, Result] = {}
    main = threading.current_thread() is threading.main_thread()  # only there can handlers be set
    signals = (signal.SIGTERM, signal.SIGHUP) if main else ()
    previous = {sig: signal.signal(sig, _interrupted) for sig in signals}
    with tempfile.TemporaryDirectory(prefix="kata-") as workspace:
        try:
            while pending or running:
                while pending and len(running) < workers:
                    number, job = pending.popleft()
                    child = _start(job, number, Path(workspace))
                    running[child.pid] = child
                time.sleep(POLL)
                ended = _reap_orphans(set(running))
                for pid, child in list(running.items()):
                    if pid not in ended:
                        _look(child)
                        continue
                    _kill(_tree(child))  # what it left behind: threads died with it, processes die now
                    del running[pid]
                    results[child.job.key] = _collect(child, ended[pid])
                    if on_done is not None:
                        on_done(child.job.key, results[child.job.key])
        finally:
            for child in running.values():
                _kill(_tree(child))
            _kill_all_descendants()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    return results


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # ended from outside (a CI cancel, a closed terminal): clean up on the way out


def run_children(slugs: list[str], options: Options, workers: int) -> dict[str, Result]:
    """Grade each slug of one folder in a child process of its own (see ``run_jobs``)."""
    return run_jobs([Job(slug, slug, options) for slug in slugs], workers)
