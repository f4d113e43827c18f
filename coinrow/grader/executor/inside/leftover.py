"""Processes a call left running: what the executor's loop tells the judge about processes it started.
Standard library only (loaded by path, inside the sandbox).

A call that forks, or starts a process it does not wait for, leaves that process running after it
returns: a forked copy of this process would read the judge's next request and answer in its place.
The judge tells replies apart by the process that wrote them (``os.getpid`` at the time of writing:
a copy writes its own); this module lets the loop say that a call left a process behind at all.
"""

from __future__ import annotations

import os
from typing import Any


def running_children() -> set[int]:
    """The processes this process started (from any of its threads) that still run, as Linux's
    ``/proc/self/task/<tid>/children`` lists them; an empty set where it does not."""
    found: set[int] = set()
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/self/task/{task}/children", encoding="ascii") as listed:
                found.update(int(pid) for pid in listed.read().split())
        except (OSError, ValueError):
            continue  # a thread that ended meanwhile
    return {pid for pid in found if _running(pid)}


def _stat(pid: int) -> list[bytes]:
    """The fields of ``/proc/<pid>/stat`` after the command's name (state, parent, group, session, ...); an
    empty list for a process that is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()
    except OSError:
        return []


def _running(pid: int) -> bool:
    """False for a process that has ended and waits to be reaped (a zombie), or is gone."""
    fields = _stat(pid)
    return bool(fields) and fields[0] not in (b"Z", b"X")


def _started_by_the_call(pid: int, before: set[int]) -> bool:
    """Whether a child that was not there before a call is the call's: in this process's session, or in a
    session of its own; a child of a session whose leader was there before (a daemon an import started,
    adopted only now) is not."""
    fields = _stat(pid)
    if len(fields) < 4:
        return True
    session = int(fields[3])
    return session in (os.getsid(0), pid) or session not in before


def existing() -> set[int]:
    """Every process this one can see now (``/proc``: in a sandbox, its own namespace's), so that a process
    that existed before a call, though adopted as a child only during it, is not taken for one the call
    started; an empty set where there is no ``/proc``."""
    try:
        return {int(name) for name in os.listdir("/proc") if name.isdigit()}
    except OSError:
        return set()


def signed(reply: dict[str, Any], request: dict[str, Any], before: set[int]) -> dict[str, Any]:
    """``reply`` with who wrote it (``pid``, read as it is written), to which request (its ``seq``), and
    ``left_running`` when a call (not the import: a process it starts may run on) left a child running
    that ``before``, the processes that existed as the request came (``existing``), did not hold."""
    left = request.get("op") != "import" and any(
        _started_by_the_call(pid, before) for pid in running_children() - before
    )
    return {
        **reply,
        "pid": os.getpid(),
        "seq": request.get("seq"),
        **({"left_running": True} if left else {}),
    }


def adopt_orphans() -> None:
    """Make this process a child subreaper (Linux): a process the attempt starts and leaves (a double fork,
    ``setsid``) is adopted here, so it stays in the process tree whose CPU time the judge counts."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (ImportError, OSError, AttributeError):
        pass  # not Linux: the judge still finds such processes through their session


_PR_SET_CHILD_SUBREAPER = 36
