"""What an executor's processes use, read from outside: CPU seconds and resident memory, per process.

Read by the judge (``process.Executor``), never by the attempt: on Linux from the kernel
(``/proc`` and the process CPU clocks), elsewhere through psutil.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterable

import psutil


def resident_kib(pid: int, field: str) -> int:
    """A process's ``VmRSS`` (resident now) or ``VmHWM`` (resident at its peak) in KiB; 0 if unknown."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def reset_peaks(pids: Iterable[int]) -> dict[int, int]:
    """Start a new peak of resident memory for each process ``pids`` names (Linux; nothing elsewhere);
    return the KiB each holds now (``resident_kib``'s ``VmRSS``), by pid."""
    resident = {pid: resident_kib(pid, "VmRSS") for pid in pids}
    for pid in resident:
        with contextlib.suppress(OSError), open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")  # the kernel's "reset the peak resident set size"
    return resident


def grown_most(at_reset: dict[int, int], pids: Iterable[int]) -> int:
    """Bytes the process of ``pids`` that grew most grew by at its peak since ``reset_peaks`` gave
    ``at_reset``; one not there then grows from the largest size there was (0 where /proc does not tell)."""
    start = max(at_reset.values(), default=0)
    grown = [resident_kib(pid, "VmHWM") - at_reset.get(pid, start) for pid in pids]
    return max([0, *grown]) * 1024


def cpu_seconds(pid: int) -> float:
    """CPU seconds a process has used: every thread it ran, ended ones too, and every child it reaped.

    On Linux, the process's CPU clock (to the nanosecond; it keeps the time of threads that have
    ended, which ``/proc/<pid>/task`` no longer lists) and its reaped children's time from
    ``/proc/<pid>/stat``: work done in short-lived threads or processes is counted like any
    other. Elsewhere, psutil's times, children's included.
    """
    try:
        own = time.clock_gettime(process_clock(pid))
        with open(f"/proc/{pid}/stat", "rb") as stat:  # read on every request: no pathlib on the way
            fields = stat.read().rpartition(b")")[2].split()
        children = (int(fields[13]) + int(fields[14])) / _TICKS  # cutime, cstime: fields 16 and 17
    except (OSError, ValueError, IndexError, AttributeError):
        try:
            times = psutil.Process(pid).cpu_times()
            return times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            return 0.0
    return own + children


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_clock(pid: int) -> int:
    """The clock id of process ``pid``'s CPU time (Linux's ``MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)``)."""
    return ((~pid) << 3) | 2
