"""Run learner code so that it always comes back: CPU-time limit, wall-clock backstop, capped recursion.

A learner's code may loop forever, recurse without end, catch every exception
(a bare ``except:`` swallows the time-out itself) or lift the recursion limit
past what the C stack holds. ``time_limit`` and ``capped_recursion_limit`` turn
each of these into an exception the grader reports, or, for code that swallows
every time-out, into a one-line stop: never a hang, never a crash without a
reason. Main thread only (they use signals).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

RECURSION_CAP = 15_000  # frames; deep enough for n = 4000 top-down, shallow enough for the C stack


class CallTimeout(BaseException):
    """Raised inside learner code when its time is up (a BaseException, so ``except Exception`` misses it)."""


class _Watchdog:
    """The last resort: a thread that ends the process if a call ignores every time-out.

    Code that catches every exception (``except:`` or ``except BaseException:``)
    swallows ``CallTimeout`` however often it is raised. Past the hard deadline
    the watchdog prints one line naming the call and exits with status 3: the
    run stops with a reason instead of hanging.
    """

    def __init__(self) -> None:
        self.deadline: float | None = None
        self.what = ""
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float, what: str) -> None:
        self.deadline, self.what = time.monotonic() + seconds, what
        if self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="call-watchdog", daemon=True)
            self._thread.start()

    def disarm(self) -> None:
        self.deadline = None

    def _watch(self) -> None:
        while True:
            time.sleep(0.25)
            deadline = self.deadline
            if deadline is not None and time.monotonic() > deadline:
                message = (
                    f"\nstopped: {self.what} did not stop when its time was up: it catches every "
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
    correct answer "too slow"; a wall-clock alarm at three times the limit (plus
    a second) still ends code that sleeps or waits for input. A block that
    swallows the time-out and returns anyway still raises ``CallTimeout`` at its
    end; one that keeps swallowing it is ended by the watchdog.

    Args:
        cpu_seconds: the limit, > 0 and finite.
        what: the call, as the watchdog's last message names it.
    """
    expired = False

    def expire(signum: int, frame: FrameType | None) -> None:
        nonlocal expired
        expired = True
        raise CallTimeout

    previous = {sig: signal.signal(sig, expire) for sig in (signal.SIGPROF, signal.SIGALRM)}
    wall = 3 * cpu_seconds + 1
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds, 0.1)
    signal.setitimer(signal.ITIMER_REAL, wall, 0.1)
    _WATCHDOG.arm(wall + 2, what)
    try:
        yield
    finally:
        _WATCHDOG.disarm()
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if expired:
        raise CallTimeout


@dataclass
class RecursionLimits:
    """The highest recursion limit learner code had in force during a ``capped_recursion_limit`` block."""

    highest: int

    def allows_depth_of(self, n: int) -> bool:
        """True when a recursion about n calls deep fits: a RecursionError then means endless recursion."""
        return self.highest >= 3 * n + 100


@contextmanager
def capped_recursion_limit() -> Iterator[RecursionLimits]:
    """Let learner code raise the recursion limit, but not past ``RECURSION_CAP``, and restore it after.

    Wrap the import of learner code too: ``from sys import setrecursionlimit``
    executed inside then binds the capped function for good.
    """
    original_limit = sys.getrecursionlimit()
    setter = sys.setrecursionlimit
    limits = RecursionLimits(original_limit)

    def capped(limit: int) -> None:
        setter(limit)  # refuses what the real one refuses (OverflowError past a C int, ValueError below 1)
        setter(min(limit, RECURSION_CAP))
        limits.highest = max(limits.highest, sys.getrecursionlimit())

    sys.setrecursionlimit = capped
    try:
        yield limits
    finally:
        sys.setrecursionlimit = setter
        setter(original_limit)
