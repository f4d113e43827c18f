"""The one batching rule of every timing, the growth check's and the tools' (``make compare``, ``make
bench``): CPU time, short calls batched, the executor's round trip taken out.

One call; while the last batch took under ``SHORTEST_BATCH``, a batch of as many calls as its per-call time
says fill that, at most ``MOST_CALLS`` (``sized_batch``). The round trip, the fastest of ``ROUND_TRIPS``
readings of pings (requests the code takes no part in), is taken out of each call's time, never below
``FLOOR_SHARE`` of it (``without_round_trip``). Growth is read with ``fit.theil_sen``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

#: CPU seconds: a call shorter than this is timed in batches at least this long (or of ``MOST_CALLS``), so
#: the clock's readings around a batch and one interruption weigh little in it
SHORTEST_BATCH = 0.01
#: calls in one batch at most, however short each is: bounds the requests one size costs
MOST_CALLS = 100
#: readings of the round trip whose fastest is taken out (the grader: single pings; the tools: batches)
ROUND_TRIPS = 5
#: the share of a call's time kept however large the round trip taken out of it
FLOOR_SHARE = 0.01


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
