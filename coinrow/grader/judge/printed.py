"""What each kata's attempt printed in all, counted over every caller of this process (probes, timings and
a growth check's own graders among them): the line under a solved kata's status says it."""

from __future__ import annotations

import threading
from collections import Counter

_PRINTED: Counter[str] = Counter()  # bytes each kata's attempt printed in its calls, by every caller here
_LOCK = threading.Lock()  # a growth check started ahead calls from a thread of its own


def count_printed(slug: str, printed_bytes: int) -> None:
    """Add ``printed_bytes`` (>= 0), what one call of the attempt at ``slug`` printed."""
    if printed_bytes:
        with _LOCK:
            _PRINTED[slug] += printed_bytes


def take_printed(slug: str) -> int:
    """Bytes the attempt at ``slug`` printed during the calls made in this process since this was last
    asked, then counted anew from 0.

    >>> count_printed("brute_force", 6); count_printed("brute_force", 12)
    >>> take_printed("brute_force"), take_printed("brute_force")
    (18, 0)
    """
    with _LOCK:
        return _PRINTED.pop(slug, 0)
