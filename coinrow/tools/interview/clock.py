"""The interview's one clock: wall time, as an interview's is. Every reading of the time goes through ``now``,
so a test replaces this one function (``monkeypatch.setattr(clock, "now", ...)``) to move time on."""

from __future__ import annotations

import time


def now() -> float:
    """Wall-clock time in seconds since the epoch (a float; only differences of it are ever shown)."""
    return time.time()


def minutes_seconds(seconds: float) -> str:
    """A duration as ``m:ss``, whole seconds rounded down; negative durations count as 0.

    >>> minutes_seconds(754.9), minutes_seconds(0), minutes_seconds(3600)
    ('12:34', '0:00', '60:00')
    """
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
