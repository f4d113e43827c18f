"""What passes between the judge and an executor besides the attempt's values: the request a call is
sent as, the environment the executor starts in, how one request ended (``Outcome``), and the count of
the bytes the attempt printed (``PrintedCount``)."""

from __future__ import annotations

import mmap
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from coinrow.grader.executor.processes import Cap
from coinrow.grader.executor.wire import encode

Stray = Literal["left", "answered"]  # a call left a process running; that process answered in its place
GiveUp = Callable[[], bool]  # asked while a call is slow to answer: True ends it (another caller knows)


@dataclass
class Outcome:
    """How one request ended: the reply, or why there was none, and the CPU seconds it took."""

    reply: dict[str, Any] | None  # None: ended by the judge (``ended``) or broke (``broken``)
    cpu: float  # CPU seconds of the executor's process tree during the request
    ended: str | None = None  # "cpu" (past its limit), "waiting" (waited past its limit), "given up"
    broken: str | None = None  # the executor died, or answered what is no reply
    status: int | None = None  # how a process that died ended: an exit status, or minus a signal's number
    stray: Stray | None = None  # the call left a process running ("left"), which answered ("answered")
    capped: Cap | None = None  # the executor's tree went past a cap (``processes.Census.over_cap``): ended
    printed_bytes: int = 0  # bytes the attempt printed during it (``unanswered.request_unless_vain``)


def command_env() -> dict[str, str]:
    """The executor's environment: nothing of the judge's but what Python needs to start."""
    keep = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp", "PYTHONHASHSEED": "0"}
    return keep


def call_request(
    function: str, args: tuple[object, ...], trace_seconds: float | None = None, traced: bool = True
) -> dict[str, Any]:
    """The request that calls ``function(*args)``; with ``trace_seconds``, a call that ends itself after that
    many CPU seconds, its memory traced unless not ``traced``."""
    return {
        "op": "call",
        "function": function,
        "args": [encode(a) for a in args],
        "trace_seconds": trace_seconds,
        "traced": traced,
    }


def judged_reply(reply: dict[str, Any], own: int | None, sent: int, used: float) -> Outcome:
    """What a reply says of request number ``sent`` to the loop whose pid is ``own``, the call having used
    ``used`` CPU seconds: a reply from another process, to another request, or from a call that left a
    process running is a stray (the executor must then be ended); a ``fresh`` call's copy that ended
    without a reply is broken (its executor lives on); any other is the call's."""
    if reply.get("pid") != own or reply.get("seq") != sent or reply.get("left_running"):
        stray: Stray = "left" if reply.get("pid") == own else "answered"
        return Outcome(None, used, broken="a process the call started was left behind", stray=stray)
    if "fresh_ended" in reply:
        status = reply["fresh_ended"]
        ended = "the copy of the executor ended without a reply"
        return Outcome(None, used, broken=ended, status=status if type(status) is int else None)
    return Outcome(reply, used)


class PrintedCount:
    """The memory file (8 bytes) an executor counts the bytes its attempt printed in, since it started
    (``inside/streams.Tally``): made here, read here after each request (``since_mark``, the mark set as
    the request began), even one the judge ended, which sent no reply. The count is the attempt's own to
    write: it says what the attempt printed, nothing more."""

    def __init__(self) -> None:
        if hasattr(os, "memfd_create"):
            self.fd = os.memfd_create("printed")
        else:  # macOS: an unlinked temporary file
            with tempfile.TemporaryFile() as made:
                self.fd = os.dup(made.fileno())
        os.ftruncate(self.fd, 8)
        self._count = memoryview(mmap.mmap(self.fd, 8)).cast("Q")
        self._mark = 0

    def close_fd(self) -> None:
        """Close the descriptor once the executor holds its copy; the count stays readable here."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def mark(self) -> None:
        self._mark = int(self._count[0])

    def since_mark(self) -> int:
        """Bytes printed since ``mark`` was last called (since the process started, if never)."""
        return max(0, int(self._count[0]) - self._mark)
