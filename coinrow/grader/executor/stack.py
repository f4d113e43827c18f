"""The C stack an executor starts with, and the recursion depth the loop reports after a ``RecursionError``.

The executor's loop (``inside/loop.py``) caps the recursion limit an attempt sets at what the stack
holds (``inside/limits.py``) and reports the limits in force when a ``RecursionError`` ends a call;
``RecursionLimits`` reads that report.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass

from coinrow.grader.executor.inside.limits import BIG_STACK


@dataclass
class RecursionLimits:
    """The recursion limits of a call that raised RecursionError: the one before it, the one in force (the
    last the attempt set, else the one before), whether one was capped."""

    original: int  # the limit before the call
    in_force: int
    capped: bool = False  # the attempt asked for more than the cap

    def allows_depth_of(self, n: int) -> bool:
        """True when a recursion about n calls deep fits: a RecursionError then means endless recursion."""
        return self.in_force >= 3 * n + 100


def raise_stack_limit() -> None:
    """Let this process's future children start with a C stack of ``BIG_STACK`` bytes (the hard limit
    allowing): the executor's deep recursion needs it, and an exec takes the limit as it is then."""
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    if soft == resource.RLIM_INFINITY or soft >= BIG_STACK:
        return
    wanted = BIG_STACK if hard == resource.RLIM_INFINITY else min(BIG_STACK, hard)
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_STACK, (wanted, hard))
