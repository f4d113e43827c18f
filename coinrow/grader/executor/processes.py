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

import psutil

from coinrow.grader.executor.inside.limits import OUTPUT_CAP, WRITABLE_CAPS
from coinrow.grader.messages import stops

_PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    """Adopt orphaned grandchildren (Linux), so that none escapes the final clean-up."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: children are still found through their session


def tree(pid: int) -> list[psutil.Process]:
    """Every live process of the session the child ``pid`` leads, or below it (the child itself included).

    On Linux one pass over ``/proc`` reads each process's parent and session; elsewhere psutil walks
    the children of ``pid`` and of this process.
    """
    try:
        parents_and_sessions = _parents_and_sessions()
    except OSError:
        return _tree_by_psutil(pid)
    below = {pid}
    children: dict[int, list[int]] = {}
    for child, (parent, _) in parents_and_sessions.items():
        children.setdefault(parent, []).append(child)
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            if child not in below:
                below.add(child)
                waiting.append(child)
    below |= {p for p, (_, session) in parents_and_sessions.items() if session == pid}
    found = []
    for member in sorted(below & parents_and_sessions.keys()):
        with contextlib.suppress(psutil.Error):
            found.append(psutil.Process(member))
    return found


def _parents_and_sessions() -> dict[int, tuple[int, int]]:
    """Every process's parent and session, read from ``/proc/<pid>/stat`` (Linux); OSError elsewhere."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
            found[int(name)] = (int(fields[1]), int(fields[3]))  # ppid, session: fields 4 and 6
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    return found


def _tree_by_psutil(pid: int) -> list[psutil.Process]:
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
    return list(found.values())


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
    seconds. Linux tells at once, through a pidfd of each; elsewhere this sleeps ``timeout``."""
    opened: list[int] = []
    try:
        for pid in pids:
            opened.append(os.pidfd_open(pid))
        select.select(opened, [], [], timeout)
    except AttributeError:  # no pidfd_open: not Linux
        time.sleep(timeout)
    except OSError as error:
        if error.errno != errno.ESRCH:  # not a child reaped already (look now): a kernel without pidfds
            time.sleep(timeout)
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
