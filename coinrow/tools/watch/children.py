"""The watcher's grading children, ended: after Ctrl+C, on SIGTERM, or as the watcher ends. Every wait on
a child is bounded: it is given time to end by itself, then its whole tree is killed."""

from __future__ import annotations

import contextlib
import os
import signal
import time

from coinrow.grader import kill_tree

CTRL_C_GRACE = 10.0  # seconds a grading child interrupted by Ctrl+C has to end by itself
TERM_GRACE = 10.0  # and then, sent SIGTERM, to end what it started; past that its whole tree is killed


class Ended(KeyboardInterrupt):
    """SIGTERM reached the watcher (and it alone): it ends as on Ctrl+C, every process it started first."""


def interrupted(signum: int, frame: object) -> None:
    raise Ended


def end_after_ctrl_c(pid: int) -> None:
    """End the grading child ``pid`` after Ctrl+C, which reached it too (one process group): it is left
    to end by itself for ``CTRL_C_GRACE`` seconds, as a second interrupt could stop its clean-up half-way
    (that had left 7-10 processes behind); then it is sent SIGTERM (``end``)."""
    if not ended_within(pid, CTRL_C_GRACE):
        end(pid, signal.SIGTERM)


def end(pid: int, sent: signal.Signals | None = None) -> None:
    """End the child ``pid``: sent ``sent``, if any, it has ``TERM_GRACE`` seconds to end by itself; then
    it and every process below it are killed. Never waits longer: a child stuck in its clean-up must
    not keep the watcher from ending."""
    if sent is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sent)
    if not ended_within(pid, TERM_GRACE):
        kill_tree(pid)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def ended_within(pid: int, seconds: float) -> bool:
    """True once the child ``pid`` has ended (reaped here, or already), waiting ``seconds`` at most."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                return True
        except ChildProcessError:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
