"""How ``make compare`` and ``make bench`` time one function on rows of one size: the grader's batching rule
and round trip (``coinrow.grader``'s ``sized_batch`` and ``without_round_trip``), repeated.

A ``Subject`` says where the code runs: an attempt, or a reference timed beside one, in its executor, whose
CPU the judge reads from outside; the project's own code (``InProcess``) here, the collector off, on
``time.thread_time``. The batch ``sized_batch`` settles on is repeated and the fastest per-call time kept,
as ``timeit`` advises (other work slows a call, on CPU time too, and never speeds one up). After each
timed batch a batch of as many pings, requests the code takes no part in, ``ROUND_TRIPS`` of them at
least, so a slow spell weighs on both alike: the fastest per-ping time is taken out of the call's.
"""

from __future__ import annotations

import gc
import math
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from coinrow.game.rows import FreshRows
from coinrow.grader import ROUND_TRIPS, sized_batch, theil_sen, time_limit, without_round_trip

Call = Callable[[Sequence[int]], object]
Growth = Literal["power", "exponential"]


class Subject(Protocol):
    """Code to time on rows of one size: where it runs is its own business, the clock is CPU time."""

    def run(self, number: int, limit: float) -> float:
        """Make ``number`` calls, each on a fresh row (``FreshRows``); their CPU seconds in all. Raises
        ``CallTimeout`` past ``limit`` seconds."""
        ...

    def round_trip(self, number: int) -> float:
        """CPU seconds of ``number`` requests the code takes no part in; 0.0 in this process."""
        ...

    def peak(self, limit: float) -> int:
        """Peak bytes ``tracemalloc`` traces in one call on a fresh row. Raises ``CallTimeout`` past
        ``limit`` seconds."""
        ...


@dataclass(frozen=True)
class InProcess:
    """The project's own code (the oracle, a reference), timed in this process on ``time.thread_time``."""

    function: Call
    rows: FreshRows

    def run(self, number: int, limit: float) -> float:
        rows = self.rows.take(number)  # made before the clock starts
        enabled = gc.isenabled()
        gc.disable()
        try:
            with time_limit(limit):
                started = time.thread_time()
                for row in rows:
                    self.function(row)
                return time.thread_time() - started
        finally:
            if enabled:
                gc.enable()

    def round_trip(self, number: int) -> float:
        return 0.0  # a plain call in this process: no request, no reply

    def peak(self, limit: float) -> int:
        (row,) = self.rows.take(1)
        gc.collect()
        tracemalloc.start()
        try:
            with time_limit(limit):
                self.function(row)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


@dataclass(frozen=True)
class Timing:
    """CPU seconds per call of one function on one size: ``fastest`` of the repeats less the round trip,
    ``longest`` seen (round trip and the first single call included), ``repeats`` kept of ``number`` calls
    each, ``spent`` by every call made (the sizing batches too), ``round_trip`` taken out of each call."""

    fastest: float
    longest: float
    repeats: int
    number: int
    spent: float = 0.0
    round_trip: float = 0.0


def time_calls(subject: Subject, *, limit: float, repeats: int, within: float | None = None) -> Timing:
    """Time ``subject`` as the module says.

    Args:
        subject: the code under test and its rows.
        limit: CPU seconds one call may take before ``CallTimeout`` (a batch gets ``limit`` times its calls).
        repeats: the timings to take the fastest of (at least 1); with ``within``, at most this many.
        within: if given, as many repeats as fit in these seconds (at least 1, at most ``repeats``).

    Raises:
        CallTimeout: a call (or batch) ran past its limit.
        Exception: whatever the code under test raises (through an executor: ``WrongAnswer``).
    """
    gc.collect()  # once: garbage from before is not this code's to collect
    number, batch, first, spent = sized_batch(subject.run, limit)
    wanted = repeats if within is None else min(repeats, int(within / max(batch, 1e-9)))
    samples, trips = [batch / number], [subject.round_trip(number) / number]
    for _ in range(max(1, wanted) - 1):
        seconds = subject.run(number, limit * number)
        spent += seconds
        samples.append(seconds / number)
        trips.append(subject.round_trip(number) / number)
    trips += [subject.round_trip(number) / number for _ in range(ROUND_TRIPS - len(trips))]
    fastest, longest, trip = min(samples), max(*samples, first), min(trips)
    return Timing(without_round_trip(fastest, trip), longest, len(samples), number, spent, trip)


def fitted_per_coin(seconds: Mapping[int, float]) -> float | None:
    """The growth factor per extra coin of time ~ c**n (``theil_sen`` per coin); None with fewer than two
    sizes."""
    slope = theil_sen(seconds, per_coin=True)
    return None if slope is None else math.exp(slope)


def predicted_seconds(seconds: Mapping[int, float], n: int, growth: Growth = "power") -> float:
    """A guess at one call's seconds at size ``n`` from the sizes measured so far (0 before any): power
    growth at the fitted exponent kept within 1..3 (2 from a single point), so one disturbed run does not
    dominate; exponential growth at the fitted factor per coin, at least 1 (2 from a single point).

    >>> predicted_seconds({100: 1.0, 200: 64.0}, 400)  # n**6 capped at n**3
    512.0
    """
    if not seconds:
        return 0.0
    last = max(seconds)
    if growth == "power":
        exponent = min(max(theil_sen(seconds) or 2.0, 1.0), 3.0)
        return seconds[last] * float((n / last) ** exponent)
    return seconds[last] * float(max(fitted_per_coin(seconds) or 2.0, 1.0) ** (n - last))
