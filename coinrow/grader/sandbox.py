"""Run learner code so that it always comes back: capped recursion, captured output, no input.

A learner's code may lift the recursion limit past what the C stack holds, print
without end or ask for input. ``capped_recursion_limit`` keeps the limit within
what the stack holds (a RecursionError the grader reports, never a crash), and
``learner_io`` captures what a call prints and gives it no stdin. The time limit
of a call is ``coinrow.grader.timeout``'s.
"""

from __future__ import annotations

import io
import resource
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from coinrow.grader.messages.calls import NO_INPUT

BIG_STACK = 1 << 30  # bytes of C stack the grading driver gives each child (RLIMIT_STACK)
DEEP_RECURSION_CAP = 120_000  # frames that fit in BIG_STACK, with room to spare (lru_cache levels included)
SHALLOW_RECURSION_CAP = 15_000  # frames that fit in the usual 8 MiB stack


def recursion_cap() -> int:
    """The highest recursion limit learner code may set here: deep when the C stack is big enough."""
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    big = soft == resource.RLIM_INFINITY or soft >= BIG_STACK
    return DEEP_RECURSION_CAP if big else SHALLOW_RECURSION_CAP


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
        raise NoInput(NO_INPUT)

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
