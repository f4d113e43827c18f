"""Timing one function on rows of one size for the tools (``make compare``, ``make bench``): CPU seconds
per call with the executor's round trip taken out, peak traced memory, and the next size's guess.

Every call gets a fresh random row of its own (``FreshRows``), so a cache keyed by the row never hits; time
is CPU time, never wall time. A ``Subject`` says where the code runs: an attempt, or a reference timed
beside one, in its executor, whose CPU the judge reads from outside (``coinrow.grader.judge.calls.
Executed``); the project's own code (``InProcess``) here, the collector off, on ``time.thread_time``.

The batching rule, the grader's too (``coinrow.grader.growth.sampled``): one call; while the last batch
took under ``SHORTEST_BATCH``, a batch of as many calls as its per-call time says fill that, at most
``MOST_CALLS`` (``sized_batch``). That batch is repeated and the fastest per-call time kept, as ``timeit``
advises: other work slows a call, on CPU time too, and never speeds one up. The round trip is timed on
pings, requests the code takes no part in (``Subject.round_trip``): after each timed batch a batch of as
many pings, ``ROUND_TRIPS`` of them at least, so a slow spell weighs on both alike; the fastest per-ping
time is taken out of the call's, never below ``FLOOR_SHARE`` of it (``without_round_trip``). The grader
takes the fastest of ``ROUND_TRIPS`` single pings once per check, as its calls take milliseconds
(``growth.sampled.round_trip``). Growth is read with ``fit.theil_sen``.
"""

from __future__ import annotations

import gc
import math
import random
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from coinrow.game.rows import fresh_row
from coinrow.game.settings import SEED
from coinrow.grader.executor.time_limit import time_limit
from coinrow.grader.measure.fit import theil_sen

Call = Callable[[Sequence[int]], object]
Growth = Literal["power", "exponential"]

CLOCK = time.thread_time
#: CPU seconds: a call shorter than this is timed in batches at least this long (or of ``MOST_CALLS``), so
#: the clock's readings around a batch and one interruption weigh little in it
SHORTEST_BATCH = 0.01
#: calls in one batch at most, however short each is: bounds the requests one size costs
MOST_CALLS = 100
#: ping batches (the grader: single pings) whose fastest per-ping time is the round trip
ROUND_TRIPS = 5
#: the share of a call's time kept however large the round trip taken out of it
FLOOR_SHARE = 0.01
COIN_RANGE = (1, 1000)


def seeded_row(n: int) -> list[int]:
    """The row of ``n`` coins (1..1000) seeded by ``settings.SEED`` and ``n``: the same on every run (the C
    baseline's).

    >>> seeded_row(3) == seeded_row(3) and len(seeded_row(3)) == 3
    True
    """
    rng = random.Random(SEED * 100_003 + n)
    return [rng.randint(*COIN_RANGE) for _ in range(n)]


@dataclass
class FreshRows:
    """Fresh random rows of ``n`` coins, one for each call, drawn as the grader's are (``rows.fresh_row``,
    seeded from the system's randomness) as the timing runs: a cache keyed by the row never hits, and no
    code knows its rows ahead."""

    n: int
    rng: random.Random = field(default_factory=random.Random)

    def take(self, count: int) -> list[list[int]]:
        """The next ``count`` rows."""
        return [fresh_row(self.n, self.rng) for _ in range(count)]


class Subject(Protocol):
    """Code to time on rows of one size: where it runs is its own business, the clock is CPU time."""

    def run(self, number: int, limit: float) -> float:
        """Make ``number`` calls, each on a fresh row (``FreshRows``); their CPU seconds in all. Raises
        ``CallTimeout`` past ``limit`` seconds."""
        ...

    def round_trip(self, number: int) -> float:
        """CPU seconds of ``number`` requests where the code runs that the code takes no part in (the
        executor's request and reply: ``Caller.round_trip``); 0.0 in this process, where a call costs
        nothing beside."""
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
                started = CLOCK()
                for row in rows:
                    self.function(row)
                return CLOCK() - started
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
    """CPU seconds per call of one function on one row.

    ``fastest`` is the fastest of the repeats' per-call seconds less the round trip (at least
    ``FLOOR_SHARE`` of that fastest), ``longest`` the longest per-call time seen, round trip
    included (the first single call too), ``repeats`` how many were kept, ``number`` the calls in
    each, ``round_trip`` the seconds taken out of each call and ``spent`` the CPU seconds of every
    call made to time it, the batches that sized it included.
    """

    fastest: float
    longest: float
    repeats: int
    number: int
    spent: float = 0.0
    round_trip: float = 0.0


def calls_per_batch(seconds: float) -> int:
    """The calls in one batch when one call takes ``seconds`` of CPU: 1 from ``SHORTEST_BATCH`` on,
    else as many as fill ``SHORTEST_BATCH``, at most ``MOST_CALLS``.

    >>> calls_per_batch(0.02), calls_per_batch(0.003), calls_per_batch(0.0)
    (1, 4, 100)
    """
    if seconds >= SHORTEST_BATCH:
        return 1
    return min(MOST_CALLS, math.ceil(SHORTEST_BATCH / max(seconds, 1e-9)))


def without_round_trip(seconds: float, round_trip: float) -> float:
    """A call's ``seconds`` less the ``round_trip``, never below ``FLOOR_SHARE`` of ``seconds``.

    >>> without_round_trip(0.5, 0.25), without_round_trip(0.5, 0.75)
    (0.25, 0.005)
    """
    return max(seconds - round_trip, FLOOR_SHARE * seconds)


def time_calls(subject: Subject, *, limit: float, repeats: int, within: float | None = None) -> Timing:
    """Time ``subject`` as the module docstring says: batches sized by ``sized_batch``, then repeats of
    that batch, each followed by a batch of as many pings, ``ROUND_TRIPS`` ping batches at least; the
    fastest per-call time less the fastest per-ping time.

    Args:
        subject: the code under test and its row.
        limit: CPU seconds one call may take before ``CallTimeout`` (a batch gets ``limit`` times its calls).
        repeats: the timings to take the fastest of (at least 1); with ``within``, at most this many.
        within: if given, as many repeats as fit in these seconds (at least 1, at most ``repeats``).

    Returns:
        The per-call seconds as ``Timing`` has them.

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


def sized_batch(run: Callable[[int, float], float], limit: float) -> tuple[int, float, float, float]:
    """The batching rule: one call, then batches of ``calls_per_batch`` calls (from the last batch's
    per-call time) until one lasts ``SHORTEST_BATCH`` or holds ``MOST_CALLS``.

    Args:
        run: makes that many calls, given the CPU seconds they may take in all; their CPU seconds.
        limit: CPU seconds one call may take (a batch gets ``limit`` times its calls).

    Returns:
        ``(calls, that batch's seconds, the first call's seconds, every call's seconds)``.

    Raises:
        CallTimeout: as ``run`` raises it.

    >>> sized_batch(lambda number, limit: 0.004 * number, 1.0)[:2]  # 4 ms, then 3 x 4 ms
    (3, 0.012)
    """
    first = spent = batch = run(1, limit)
    number = 1
    while batch < SHORTEST_BATCH and number < MOST_CALLS:
        number = calls_per_batch(batch / number)  # more than before: the last batch was short
        batch = run(number, limit * number)
        spent += batch
    return number, batch, first, spent


def fitted_per_coin(seconds: Mapping[int, float]) -> float | None:
    """The growth factor per extra coin of time ~ c**n (``fit.theil_sen`` per coin); None with fewer than
    two sizes."""
    slope = theil_sen(seconds, per_coin=True)
    return None if slope is None else math.exp(slope)


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
        exponent = min(max(theil_sen(seconds) or 2.0, 1.0), 3.0)
        return seconds[last] * float((n / last) ** exponent)
    return seconds[last] * float(max(fitted_per_coin(seconds) or 2.0, 1.0) ** (n - last))
