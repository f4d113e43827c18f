"""Run learner code so that it always comes back: CPU-time limit, a limit on waiting, capped recursion.

A learner's code may loop forever, recurse without end, catch every exception
(a bare ``except:`` swallows the time-out itself) or lift the recursion limit
past what the C stack holds. ``time_limit`` and ``capped_recursion_limit`` turn
each of these into an exception the grader reports, or, for code that swallows
every time-out, into a one-line stop: never a hang, never a crash without a
reason. Main thread only (they use signals).
"""

from __future__ import annotations

import io
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

BIG_STACK = 1 << 30  # bytes of C stack the grading driver gives each child (RLIMIT_STACK)
DEEP_RECURSION_CAP = 120_000  # frames that fit in BIG_STACK, with room to spare (lru_cache levels included)
SHALLOW_RECURSION_CAP = 15_000  # frames that fit in the usual 8 MiB stack
STALL_SHARE = 0.05  # a call getting less than this share of a core is waiting, not computing
TICK = 0.25  # seconds between the wall-clock checks of a call


def demand(pid: int | str = "self") -> float:
    """Seconds a process's threads have run or waited to run: CPU time plus time on the run queue.

    A busy machine keeps a computing process on the run queue, so its demand keeps
    growing; a process that sleeps or waits for a lock demands nothing. Read from
    Linux's ``/proc/<pid>/task/*/schedstat``; elsewhere, the CPU time alone.
    """
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                ran, waited = (task / "schedstat").read_text().split()[:2]
            except (OSError, ValueError):
                continue  # a thread that ended meanwhile
            total += int(ran) + int(waited)
    except OSError:
        return time.process_time() if pid == "self" else 0.0
    return total / 1e9


def recursion_cap() -> int:
    """The highest recursion limit learner code may set here: deep when the C stack is big enough."""
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    big = soft == resource.RLIM_INFINITY or soft >= BIG_STACK
    return DEEP_RECURSION_CAP if big else SHALLOW_RECURSION_CAP


class CallTimeout(BaseException):
    """Raised inside learner code when its time is up (a BaseException, so ``except Exception`` misses it).

    ``waiting`` is True when the call was stopped for waiting (sleeping, blocked), not for computing.
    """

    def __init__(self, waiting: bool = False) -> None:
        super().__init__("waited too long" if waiting else "out of CPU time")
        self.waiting = waiting


@dataclass
class _Clock:
    """The state of one timed call, read by the signal handlers and the watchdog."""

    what: str
    wall_limit: float  # seconds a call may wait without using the CPU
    last_wall: float = field(default_factory=time.monotonic)
    last_demand: float = field(default_factory=demand)
    stalled: float = 0.0  # seconds spent waiting, in a row
    expired_cpu: float | None = None  # process CPU time when the time-out was first raised
    expired_wall: float | None = None

    def tick(self) -> bool:
        """Account for the last tick; True when the call has waited past its limit."""
        wall, wanted = time.monotonic(), demand()
        elapsed = wall - self.last_wall
        if wanted - self.last_demand < STALL_SHARE * elapsed:
            self.stalled += elapsed
        else:
            self.stalled = 0.0  # it computes, or waits its turn on a busy machine: the CPU limit judges it
        self.last_wall, self.last_demand = wall, wanted
        return self.stalled >= self.wall_limit

    def expire(self) -> None:
        if self.expired_cpu is None:
            self.expired_cpu, self.expired_wall = time.process_time(), time.monotonic()

    def ignored(self) -> bool:
        """True when the call went on well past its time-out: it swallows every time-out."""
        if self.expired_cpu is None or self.expired_wall is None:
            return False
        return time.process_time() - self.expired_cpu > 2.0 or self.stalled > self.wall_limit + 5.0


class _Watchdog:
    """The last resort: a thread that ends the process if a call ignores every time-out.

    Code that catches every exception (``except:`` or ``except BaseException:``)
    swallows ``CallTimeout`` however often it is raised. Once such a call has
    gone on for two more seconds of CPU time (or five more of waiting), the
    watchdog prints one line naming the call and exits with status 3: the run
    stops with a reason instead of hanging. It judges by CPU time, so a busy
    machine never sets it off.
    """

    def __init__(self) -> None:
        self.clock: _Clock | None = None
        self._thread: threading.Thread | None = None

    def arm(self, clock: _Clock) -> None:
        self.clock = clock
        if self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="call-watchdog", daemon=True)
            self._thread.start()

    def disarm(self) -> None:
        self.clock = None

    def _watch(self) -> None:
        while True:
            time.sleep(TICK)
            clock = self.clock
            if clock is not None and clock.ignored():
                message = (
                    f"\nstopped: {clock.what} did not stop when its time was up: it catches every "
                    "exception (a bare except: or except BaseException:), the time-out included; "
                    "catch only the exceptions you expect\n"
                )
                os.write(2, message.encode())  # file descriptor 2: not captured under --capture=sys
                os._exit(3)


_WATCHDOG = _Watchdog()


@contextmanager
def time_limit(cpu_seconds: float, what: str = "the call") -> Iterator[None]:
    """Raise ``CallTimeout`` in the block after ``cpu_seconds`` of CPU time, and again every 0.1 s.

    CPU time (``ITIMER_PROF``), not wall time, so a busy machine does not make a
    correct answer "too slow". Code that waits instead of computing (sleep,
    input, a lock) is stopped once it has used less than 5% of a core for
    three times the limit plus a second in a row: a call that computes, however
    slowly the machine lets it, is never stopped for waiting. A block that
    swallows the time-out and returns anyway still raises ``CallTimeout`` at
    its end; one that keeps swallowing it is ended by the watchdog.

    Args:
        cpu_seconds: the limit, > 0 and finite.
        what: the call, as the watchdog's last message names it.
    """
    clock = _Clock(what, wall_limit=3 * cpu_seconds + 1)
    waiting = False

    def out_of_cpu(signum: int, frame: FrameType | None) -> None:
        clock.expire()
        raise CallTimeout(waiting)

    def check_waiting(signum: int, frame: FrameType | None) -> None:
        nonlocal waiting
        if clock.tick() or clock.expired_cpu is not None:
            waiting = waiting or clock.expired_cpu is None
            clock.expire()
            raise CallTimeout(waiting)

    previous = {
        signal.SIGPROF: signal.signal(signal.SIGPROF, out_of_cpu),
        signal.SIGALRM: signal.signal(signal.SIGALRM, check_waiting),
    }
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds, 0.1)
    signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
    _WATCHDOG.arm(clock)
    try:
        yield
    finally:
        _WATCHDOG.disarm()
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if clock.expired_cpu is not None:
        raise CallTimeout(waiting)


@dataclass
class RecursionLimits:
    """The highest recursion limit learner code had in force during a ``capped_recursion_limit`` block."""

    original: int  # the limit before the block
    highest: int
    capped: bool = False  # learner code asked for more than the cap

    def allows_depth_of(self, n: int) -> bool:
        """True when a recursion about n calls deep fits: a RecursionError then means endless recursion."""
        return self.highest >= 3 * n + 100


@contextmanager
def capped_recursion_limit(start: int | None = None) -> Iterator[RecursionLimits]:
    """Let learner code raise the recursion limit, but not past ``recursion_cap()``, and restore it after.

    Wrap the import of learner code too: ``from sys import setrecursionlimit``
    executed inside then binds the capped function for good.

    Args:
        start: the limit to set on entry (the one the learner's file set when it was imported), or None.
    """
    original_limit = sys.getrecursionlimit()
    setter = sys.setrecursionlimit
    cap = recursion_cap()
    limits = RecursionLimits(original_limit, original_limit)

    def capped(limit: int) -> None:
        setter(limit)  # refuses what the real one refuses (OverflowError past a C int, ValueError below 1)
        setter(min(limit, cap))
        limits.highest = max(limits.highest, sys.getrecursionlimit())
        limits.capped = limits.capped or limit > cap

    if start is not None:
        capped(start)
    sys.setrecursionlimit = capped
    try:
        yield limits
    finally:
        sys.setrecursionlimit = setter
        setter(original_limit)


class NoInput(EOFError):
    """Raised when learner code asks for input: the grader gives none."""


class _NoStdin(io.TextIOBase):
    """``sys.stdin`` during a graded call: every read raises ``NoInput``."""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        raise NoInput(
            "the grader gives no input: the row comes as the argument, the answer goes back by return"
        )

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.read()


LINE_KEPT = 200  # characters kept of each printed line


class Printed(io.TextIOBase):
    """What learner code prints during a call: the first ``keep`` lines, and a count of the rest."""

    def __init__(self, keep: int = 20) -> None:
        self.keep = keep
        self.lines: list[str] = []
        self.more = 0
        self._partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if len(self.lines) >= self.keep:  # only counting now: cheap even for huge output
            self.more += text.count("\n")
            return len(text)
        if "\n" not in text:  # part of a line: kept short, so a line written a dot at a time stays cheap
            self._partial = (self._partial + text)[:LINE_KEPT]
            return len(text)
        *complete, rest = text.split("\n")
        complete[0] = self._partial + complete[0]
        self._partial = rest[:LINE_KEPT]
        for line in complete:
            if len(self.lines) < self.keep:
                self.lines.append(line[:LINE_KEPT])
            else:
                self.more += 1
        return len(text)

    def finish(self) -> None:
        if self._partial:
            self.write("\n")


@contextmanager
def learner_io() -> Iterator[Printed]:
    """Capture what a call prints (stdout and stderr) and give it no stdin."""
    printed = Printed()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = _NoStdin(), printed, printed
    try:
        yield printed
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        printed.finish()


def _forget_watchdog_thread() -> None:
    _WATCHDOG._thread = None  # a forked child has only the thread that forked: start a watchdog anew


os.register_at_fork(after_in_child=_forget_watchdog_thread)
