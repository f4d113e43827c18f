"""Timing one function on one row: CPU seconds per call, peak traced memory, and the next size's guess.

One rule for what is timed, the same for ``make bench`` and for the growth table of
``compare``: the row is the seeded row of ``n`` coins (``seeded_row``); garbage is
collected first, then the calls are timed as ``timeit`` times them, the garbage
collector off, with ``time.thread_time`` as the clock (CPU time of this thread:
other work on the machine does not count, and while the call's CPU limit is armed
the process clock only moves at scheduler ticks). A call shorter than
``MIN_BATCH`` seconds is timed in batches, sized by ``timeit.Timer.autorange``;
the per-call time kept is the median of the repeats. Peak memory is what
``tracemalloc`` traces in one more call, made separately because tracing slows
pure Python down some 10-40x.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
import timeit
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from coinrow.game.settings import SEED
from coinrow.grader.timeout import time_limit

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


class _LongEnough(Exception):
    """Ends ``Timer.autorange`` once a batch has taken ``target`` seconds (its own stop is 0.2 s)."""

    def __init__(self, number: int, seconds: float) -> None:
        super().__init__(number, seconds)
        self.number, self.seconds = number, seconds


def time_calls(
    function: Call,
    row: Sequence[int],
    *,
    limit: float,
    repeats: int,
    within: float | None = None,
    target: float = MIN_BATCH,
) -> Timing:
    """Time ``function(row)`` as the module docstring says.

    Args:
        function: the code under test; its return value is ignored.
        row: the coins it is called with.
        limit: CPU seconds one call may take before ``CallTimeout`` (a batch gets
            ``limit`` times its calls).
        repeats: the timings to take the median of (at least 1); with ``within``, at most this many.
        within: if given, as many repeats as fit in these seconds (at least 1, at most ``repeats``).
        target: the shortest batch, in seconds.

    Returns:
        The median and longest per-call seconds, with the repeats and the batch size used.

    Raises:
        CallTimeout: a call (or batch) ran past its limit.
        Exception: whatever ``function`` raises.
    """
    timer = timeit.Timer(lambda: function(row), timer=CLOCK)
    first: list[float] = []

    def long_enough(number: int, seconds: float) -> None:
        if number == 1:
            first.append(seconds)
        if seconds >= target:
            raise _LongEnough(number, seconds)

    gc.collect()
    try:
        with time_limit(limit):
            number, batch_seconds = timer.autorange(long_enough)  # a target over 0.2 s: autorange's own
    except _LongEnough as batch:
        number, batch_seconds = batch.number, batch.seconds
    wanted = repeats if within is None else min(repeats, int(within / max(batch_seconds, 1e-9)))
    wanted = max(1, wanted)
    samples = [batch_seconds] if number == 1 else []  # the single call autorange timed is a sample
    more = wanted - len(samples)
    if more > 0:
        with time_limit(limit * number * more):
            samples += [seconds / number for seconds in timer.repeat(repeat=more, number=number)]
    return Timing(statistics.median(samples), max(*samples, *first), len(samples), number)


def traced_peak(function: Call, row: Sequence[int], *, limit: float) -> int:
    """Peak bytes that ``tracemalloc`` traces during one call of ``function(row)``.

    Raises:
        CallTimeout: the call ran past ``limit`` CPU seconds.
    """
    gc.collect()
    tracemalloc.start()
    try:
        with time_limit(limit):
            function(row)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


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
