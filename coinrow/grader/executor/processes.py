"""The driver's hold on the processes below it: find a child's whole tree, its CPU time, kill it, reap it.

The driver becomes a subreaper (Linux), so a grandchild whose parent ended is
adopted by the driver instead of escaping; every process is found through the
child's session too, and killed after being stopped, so that none forks anew.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import signal
import time
from dataclasses import dataclass
from typing import Literal

import psutil

from coinrow.grader.executor.inside.limits import OUTPUT_CAP, TASKS_CAP, WRITABLE_CAPS, tree_memory_cap
from coinrow.grader.messages import stops

_PR_SET_CHILD_SUBREAPER = 36
# seconds: where no pidfd tells of a child's end, ``wait_for_an_end`` looks this often
END_SEEN_WITHIN = 0.1
Cap = Literal["processes", "memory"]  # the cap on an attempt's whole process tree it went past


def become_subreaper() -> None:
    """Adopt orphaned grandchildren (Linux), so that none escapes the final clean-up."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: children are still found through their session


@dataclass(frozen=True)
class Census:
    """An executor's process tree at one look: its live processes' ids, how many processes and threads
    they run (``tasks``, each process counting one thread at least), the bytes they hold resident, summed,
    and each one's (``each``, in the order of ``pids``)."""

    pids: tuple[int, ...]
    tasks: int
    resident: int
    each: tuple[int, ...] = ()

    def over_cap(self) -> Cap | None:
        """The cap the tree is past: more than ``TASKS_CAP`` processes and threads ("processes"), more than
        ``tree_memory_cap()`` bytes resident ("memory"); None within both. Resident bytes summed count a
        page its processes share (after a fork) once for each: past the cap, the tree's proportional share
        of each page (Linux's PSS, summed) decides, where the kernel gives it."""
        if self.tasks > TASKS_CAP:
            return "processes"
        if self.resident <= tree_memory_cap():
            return None
        shared_once = proportional_bytes(self.pids)
        return "memory" if shared_once is None or shared_once > tree_memory_cap() else None


def proportional_bytes(pids: tuple[int, ...]) -> int | None:
    """The memory ``pids`` hold, each page shared by k processes counted 1/k in each (``Pss`` of
    ``/proc/<pid>/smaps_rollup``, Linux 4.14 on), summed; None where a live process's cannot be read."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup", encoding="ascii", errors="replace") as rollup:
                total += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:")) * 1024
        except FileNotFoundError:
            continue  # ended meanwhile
        except (OSError, ValueError, IndexError, StopIteration):
            return None
    return total


def tree(pid: int) -> list[psutil.Process]:
    """Every live process of the session the child ``pid`` leads, or below it (the child itself included)."""
    found = []
    for member in census(pid).pids:
        with contextlib.suppress(psutil.Error):
            found.append(psutil.Process(member))
    return found


def census(pid: int) -> Census:
    """The tree of the child ``pid`` (its session and what is below it), counted.

    On Linux one pass over ``/proc`` reads each process's parent, session, threads and resident pages
    (``/proc/<pid>/stat``, as ``ps`` does); elsewhere psutil walks the children of ``pid`` and of this
    process, and asks each for its threads and resident size.
    """
    try:
        stats = _stats()
    except OSError:
        return _census_by_psutil(pid)
    below = {pid}
    children: dict[int, list[int]] = {}
    for child, stat in stats.items():
        children.setdefault(stat[0], []).append(child)
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            if child not in below:
                below.add(child)
                waiting.append(child)
    # a process of the session the executor leads, started since it was: an older one is of a session whose
    # leader ended and whose id the kernel gave the executor again, none of the attempt's doing
    started = stats[pid][4] if pid in stats else 0
    below |= {p for p, stat in stats.items() if stat[1] == pid and stat[4] >= started}
    members = sorted(below & stats.keys())
    tasks = sum(max(1, stats[member][2]) for member in members)
    each = tuple(stats[member][3] * _PAGE for member in members)
    return Census(tuple(members), tasks, sum(each), each)


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _stats() -> dict[int, tuple[int, int, int, int, int]]:
    """Every process's parent, session, threads, resident pages and start time (clock ticks since boot),
    read from ``/proc/<pid>/stat`` (fields 4, 6, 20, 24 and 22; Linux); OSError elsewhere."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
            found[int(name)] = (
                int(fields[1]),
                int(fields[3]),
                int(fields[17]),
                int(fields[21]),
                int(fields[19]),
            )
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    return found


def _census_by_psutil(pid: int) -> Census:
    found: dict[int, psutil.Process] = {}
    try:
        root = psutil.Process(pid)
        found[root.pid] = root
        found.update({p.pid: p for p in root.children(recursive=True)})
    except psutil.Error:
        pass
    for process in psutil.Process().children(recursive=True):
        try:
            if os.getsid(process.pid) == pid:
                found[process.pid] = process
        except OSError:
            continue
    tasks, each = 0, []
    for process in found.values():
        rss = 0
        with contextlib.suppress(psutil.Error), process.oneshot():
            tasks, rss = tasks + process.num_threads(), process.memory_info().rss
        each.append(rss)
    return Census(tuple(found), tasks, sum(each), tuple(each))


def cpu(processes: list[psutil.Process]) -> float:
    """The CPU seconds the processes and their reaped children used, user and system (one already
    ended counts nothing)."""
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            continue
    return total


def kill(processes: list[psutil.Process]) -> None:
    """Stop every one of the processes, then kill them all (one already ended is passed over)."""
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.suspend()  # stopped first, so that none can fork a new one meanwhile
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.kill()


def kill_tree(pid: int) -> None:
    """Kill the process ``pid`` and every process below it (``tree``)."""
    kill(tree(pid))


def kill_all_descendants() -> None:
    """Kill every process below the driver, again until none is left (a process may fork as it dies)."""
    for _ in range(100):
        left = psutil.Process().children(recursive=True)
        if not left:
            return
        kill(left)
        reap_orphans(set())
        time.sleep(0.01)


def reap_orphans(ours: set[int]) -> dict[int, int]:
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


def wait_for_an_end(pids: list[int], timeout: float) -> None:
    """Return as soon as one of the child processes ``pids`` ends (it is not reaped), or after ``timeout``
    seconds. Linux tells at once, through a pidfd of each; elsewhere this sleeps ``END_SEEN_WITHIN``
    seconds at most, so that an end is seen that soon."""
    opened: list[int] = []
    try:
        for pid in pids:
            opened.append(os.pidfd_open(pid))
        select.select(opened, [], [], timeout)
    except AttributeError:  # no pidfd_open: not Linux
        time.sleep(min(timeout, END_SEEN_WITHIN))
    except OSError as error:
        if error.errno != errno.ESRCH:  # not a child reaped already (look now): a kernel without pidfds
            time.sleep(min(timeout, END_SEEN_WITHIN))
    finally:
        for fd in opened:
            os.close(fd)


def ended_in_words(code: int, during: str = "", last_line: str = "") -> str:
    """How a process ended early, in words: ``code`` is its exit status, or minus the signal's number
    that ended it (as ``os.waitstatus_to_exitcode`` gives it); ``during``, what it was doing; ``last_line``,
    the last line it wrote, for an exit."""
    if code < 0:
        known = -code in signal.Signals._value2member_map_
        name = signal.Signals(-code).name if known else None
        return stops.ended_by_signal(-code, name, OUTPUT_CAP >> 20, WRITABLE_CAPS) + during
    return stops.exited_early(code, during, last_line)
