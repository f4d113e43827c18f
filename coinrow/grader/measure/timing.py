"""Timing one function on one row: CPU seconds per call, peak traced memory, and the next size's guess.

One rule for what is timed, the same for ``make bench``, the growth table of ``compare``
and the grader: the row is the seeded row of ``n`` coins (``seeded_row``), and the clock
is CPU time, never wall time (other work on the machine does not count). A ``Subject``
says where the code runs: an attempt or a reference runs in its executor, whose CPU time
the judge reads from outside (``coinrow.grader.judge.calls``); the project's own code
(``InProcess``: the oracle, a baseline) runs here, garbage collected first and the
collector off, on ``time.thread_time``. A call shorter than ``MIN_BATCH`` seconds is
timed in batches of 1, 2, 5, 10, … calls, as ``timeit``'s autorange sizes them; the
per-call time kept is the median of the repeats. Peak memory is what ``tracemalloc``
traces in one more call, made separately because tracing slows pure Python down some
10-40x.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from coinrow.game.settings import SEED
from coinrow.grader.executor.time_limit import time_limit

Call = Callable[[Sequence[int]], object]
Growth = Literal["power", "exponential"]

CLOCK = time.thread_time
MIN_BATCH = 0.002  # seconds: calls shorter than this are timed in batches of at least this long
COIN_RANGE = (1, 1000)


def seeded_row(n: int) -> list[int]:
    """The row of ``n`` coins (1..1000, seeded by ``settings.SEED`` and ``n``) that every timing uses.

    >>> seeded_row(3) == seeded_row(3) and len(seeded_row(3)) == 3
    True
    """
    rng = random.Random(SEED * 100_003 + n)
    return [rng.randint(*COIN_RANGE) for _ in range(n)]


class Subject(Protocol):
    """Code to time on one row: where it runs is its own business, the clock is CPU time."""

    def run(self, number: int, limit: float) -> float:
        """Make ``number`` calls; their CPU seconds in all. Raises ``CallTimeout`` past ``limit`` seconds."""
        ...

    def peak(self, limit: float) -> int:
        """Peak bytes ``tracemalloc`` traces in one call. Raises ``CallTimeout`` past ``limit`` seconds."""
        ...


@dataclass(frozen=True)
class InProcess:
    """The project's own code (the oracle, a baseline), timed in this process on ``time.thread_time``."""

    function: Call
    row: Sequence[int]

    def run(self, number: int, limit: float) -> float:
        enabled = gc.isenabled()
        gc.disable()
        try:
            with time_limit(limit):
                started = CLOCK()
                for _ in range(number):
                    self.function(self.row)
                return CLOCK() - started
        finally:
            if enabled:
                gc.enable()

    def peak(self, limit: float) -> int:
        gc.collect()
        tracemalloc.start()
        try:
            with time_limit(limit):
                self.function(self.row)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


@dataclass(frozen=True)
class Timing:
    """CPU seconds per call of one function on one row.

    ``median`` is the median of the repeats, ``longest`` the longest per-call time
    seen (the first single call included), ``repeats`` how many were kept and
    ``number`` the calls in each.
    """

    median: float
    longest: float
    repeats: int
    number: int
    spent: float = 0.0  # CPU seconds of every call made to time it, the batches that sized it included


def time_calls(
    subject: Subject,
    *,
    limit: float,
    repeats: int,
    within: float | None = None,
    target: float = MIN_BATCH,
) -> Timing:
    """Time ``subject`` as the module docstring says: batches of 1, 2, 5, 10, 20, … calls until one takes
    ``target`` seconds (``timeit``'s autorange), then repeats of that batch.

    Args:
        subject: the code under test and its row.
        limit: CPU seconds one call may take before ``CallTimeout`` (a batch gets ``limit`` times its calls).
        repeats: the timings to take the median of (at least 1); with ``within``, at most this many.
        within: if given, as many repeats as fit in these seconds (at least 1, at most ``repeats``).
        target: the shortest batch, in seconds.

    Returns:
        The median and longest per-call seconds, with the repeats and the batch size used.

    Raises:
        CallTimeout: a call (or batch) ran past its limit.
        Exception: whatever the code under test raises.
    """
    gc.collect()  # once: garbage from before is not this code's to collect
    first = spent = subject.run(1, limit)
    number, batch_seconds = 1, first
    while batch_seconds < target:
        number = _next_batch(number)
        batch_seconds = subject.run(number, limit * number)
        spent += batch_seconds
    wanted = repeats if within is None else min(repeats, int(within / max(batch_seconds, 1e-9)))
    samples = [batch_seconds / number]
    for _ in range(max(1, wanted) - 1):
        seconds = subject.run(number, limit * number)
        spent += seconds
        samples.append(seconds / number)
    return Timing(statistics.median(samples), max(*samples, first), len(samples), number, spent)


def _next_batch(number: int) -> int:
    """The next batch size of 1, 2, 5, 10, 20, 50, … (``timeit``'s autorange steps)."""
    scale = 1
    while True:
        for step in (1, 2, 5):
            if step * scale > number:
                return step * scale
        scale *= 10


def fitted_exponent(seconds: Mapping[int, float]) -> float | None:
    """The log-log slope of seconds against n (time ~ n**exponent); None with fewer than two sizes.

    >>> round(fitted_exponent({100: 1.0, 200: 4.0, 400: 16.0}), 9)
    2.0
    """
    return _log_time_slope(seconds, math.log)


def fitted_per_coin(seconds: Mapping[int, float]) -> float | None:
    """The growth factor per extra coin (time ~ c**n); None with fewer than two sizes.

    >>> round(fitted_per_coin({10: 1.0, 12: 4.0}), 9)
    2.0
    """
    slope = _log_time_slope(seconds, lambda n: n)
    return None if slope is None else math.exp(slope)


def _log_time_slope(seconds: Mapping[int, float], x: Callable[[int], float]) -> float | None:
    """The least-squares slope of log(seconds) against ``x(n)``; None with fewer than two sizes."""
    if len(seconds) < 2:
        return None
    sizes = sorted(seconds)
    return statistics.linear_regression([x(n) for n in sizes], [math.log(seconds[n]) for n in sizes]).slope


def predicted_seconds(seconds: Mapping[int, float], n: int, growth: Growth = "power") -> float:
    """A guess at one call's seconds at size ``n`` from the sizes measured so far (0 before any).

    Power growth: the fitted exponent, kept within 1..3 so one disturbed run does not
    dominate (2 with a single point). Exponential growth: the fitted factor per coin
    (at least 1; 2 with a single point).

    >>> predicted_seconds({100: 1.0, 200: 64.0}, 400)  # n**6 capped at n**3
    512.0
    """
    if not seconds:
        return 0.0
    last = max(seconds)
    if growth == "power":
        exponent = min(max(fitted_exponent(seconds) or 2.0, 1.0), 3.0)
        return seconds[last] * float((n / last) ** exponent)
    return seconds[last] * float(max(fitted_per_coin(seconds) or 2.0, 1.0) ** (n - last))
